#include "detbench/report/InvarianceMarkdown.hpp"

#include <algorithm>
#include <sstream>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/report/Format.hpp"

namespace detbench {

namespace {

std::string against(bool compared, bool equal, const OutputDiff& d) {
  if (!compared) return "-";
  if (equal) return "identical";
  return std::to_string(d.nDiff) + " elements differ, max " + std::to_string(d.maxUlp) +
         " ULP, max \\|diff\\| " + formatFloat(d.maxAbsDiff);
}

std::string measuredText(const InvarianceResult& r) {
  switch (r.measured) {
    case GuaranteeLevel::NotGuaranteed:
      return "not guaranteed: some configuration does not repeat its own output, or did not run";
    case GuaranteeLevel::RunToRun:
      return r.axis == InvarianceAxis::Batches
                 ? "run to run only: each batch size repeats, but a row's bits change with the "
                   "batch it is in"
                 : "run to run only: each configuration repeats, but the bits change between them";
    case GuaranteeLevel::BatchInvariant:
      return "batch invariant: every row has the same bits at every batch size tried";
    case GuaranteeLevel::ThreadCountInvariant:
      return "thread-count invariant: the same bits at every thread count tried";
    case GuaranteeLevel::DeviceInvariant:
      return "device invariant: the same bits on every device tried";
  }
  return "?";
}

}  // namespace

std::string invarianceToMarkdown(const RunRequest& base, const InvarianceResult& r,
                                 const std::string& heading) {
  std::ostringstream md;
  const bool batches = r.axis == InvarianceAxis::Batches;
  md << "## " << (heading.empty() ? "Invariance of " + base.op : heading) << "\n\n";
  md << "- op: `" << base.op << "`";
  const OpDefinition* def = findOpDefinition(base.op);
  const OpParams params = def ? resolveParams(base.op, def->params(), base.params) : base.params;
  for (const auto& [name, value] : params) md << " " << name << "=" << value;
  md << "\n- axis: " << toString(r.axis)
     << (r.axis == InvarianceAxis::Devices ? "" : " (device " + base.device + ")") << ", "
     << base.trials << " trials per configuration, the same inputs (data seed " << base.dataSeed
     << ")\n";
  md << "- measured: **" << toString(r.measured) << "** (" << measuredText(r) << ")\n";
  if (r.cancelled) md << "- cancelled: the configurations that ran are shown\n";
  const bool others = std::any_of(r.points.begin(), r.points.end(),
                                  [](const InvariancePoint& p) { return p.comparedAmongOthers; });
  md << "\n| configuration | run to run | median time |" << (batches ? " per row |" : "")
     << " against the first |" << (batches ? " row 0 against the row alone |" : "")
     << (others ? " row 0 among other rows |" : "") << "\n";
  md << "|---|---|---|" << (batches ? "---|" : "") << "---|" << (batches ? "---|" : "")
     << (others ? "---|" : "") << "\n";
  for (const auto& p : r.points) {
    md << "| " << p.label << " | ";
    if (p.run.failed()) {
      md << p.run.errors.front().kind << " | - |" << (batches ? " - |" : "") << " - |"
         << (batches ? " - |" : "") << (others ? " - |" : "") << "\n";
      continue;
    }
    const RunSummary& s = p.run.summary;
    md << (s.reproducible
               ? "repeats"
               : std::to_string(s.distinctDigests) + " outputs in " + std::to_string(s.trials))
       << " | " << formatDuration(s.time.median) << " |";
    if (batches) md << " " << formatDuration(s.time.median / static_cast<double>(p.rows)) << " |";
    md << " "
       << (&p == &r.points.front() ? std::string("(the reference)")
                                   : against(p.compared, p.equalToFirst, p.diff))
       << " |";
    if (batches)
      md << " " << against(p.comparedToOne && p.rows != 1, p.equalToOne, p.diffToOne) << " |";
    md << "\n";
  }
  md << "\n";
  return md.str();
}

}  // namespace detbench
