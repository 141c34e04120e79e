#include "detbench/trace/TraceFindings.hpp"

#include <set>
#include <string_view>
#include <tuple>

namespace detbench::trace {

std::string confirmingConfig(TraceFix fix) {
  switch (fix) {
    case TraceFix::Seed:
    case TraceFix::SeedDataLoader:
    case TraceFix::SeedPythonRandom:
    case TraceFix::SeedNumpyRandom:
    case TraceFix::SeedDrawnNumber:
    case TraceFix::SeedSpawnedProcess:
      return "seeded";
    case TraceFix::Deterministic:
    case TraceFix::InitializeMemory:
      return "deterministic";
    case TraceFix::CudnnDeterministic:
      return "cudnn-deterministic";
    case TraceFix::NoDeterministicForm:
      return "warn";
    case TraceFix::NoCudnnBenchmark:
    case TraceFix::SeedFixedNumber:
    case TraceFix::OtherDraws:
    case TraceFix::SameNumber:
    case TraceFix::InductorDeterministic:
    case TraceFix::CompileEager:
    case TraceFix::CollectiveSettings:
    case TraceFix::FromWorkerProcess:
    case TraceFix::SharedMemory:
    case TraceFix::None:
      return "";
  }
  return "";
}

namespace {

// Whether the comma-separated names hold `name` ("random,numpy" holds "numpy").
bool names(std::string_view list, std::string_view name) {
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    if (list.substr(0, comma) == name) return true;
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return false;
}

}  // namespace

std::vector<TraceFinding> groupCauses(const TraceAlignment& alignment, PyTorchRelease release) {
  std::vector<CauseExplanation> explained;
  explained.reserve(alignment.causes.size());
  for (const auto& cause : alignment.causes) {
    explained.push_back(explainCause(cause, release, alignment.unseededGenerators));
  }
  // A generator the script seeded with a number drawn from Python's random (NumPy's global
  // generator) while nothing seeded it, and data drawn from that module unseeded: seeding the
  // module (--seed) answers both, so they are one fix, the drawn seed's.
  std::string drawn;
  for (const auto& e : explained) {
    if (e.fix == TraceFix::SeedDrawnNumber) drawn += "," + e.drawnFrom;
  }
  const auto answeredByDrawnSeed = [&drawn](TraceFix fix) {
    return (fix == TraceFix::SeedPythonRandom && names(drawn, "random")) ||
           (fix == TraceFix::SeedNumpyRandom && names(drawn, "numpy"));
  };

  std::vector<TraceFinding> findings;
  std::vector<std::set<std::tuple<std::string, std::int64_t, std::string>>> sites;
  for (std::size_t c = 0; c < alignment.causes.size(); ++c) {
    const TraceCause& cause = alignment.causes[c];
    CauseKind kind = explained[c].kind;
    TraceFix fix = explained[c].fix;
    if (answeredByDrawnSeed(fix)) {
      kind = CauseKind::RandomNumbers;
      fix = TraceFix::SeedDrawnNumber;
    }
    std::size_t i = 0;
    while (i < findings.size() && !(findings[i].kind == kind && findings[i].fix == fix)) ++i;
    if (i == findings.size()) {
      TraceFinding f;
      f.kind = kind;
      f.fix = fix;
      f.firstSeq = cause.seq;
      f.firstThread = cause.thread;
      f.firstName = cause.op.name;
      f.firstSite = cause.site;
      f.confirmWith = confirmingConfig(fix);
      findings.push_back(std::move(f));
      sites.emplace_back();
    }
    ++findings[i].count;
    if (cause.site) sites[i].emplace(cause.site->file, cause.site->line, cause.site->function);
  }
  for (std::size_t i = 0; i < findings.size(); ++i) findings[i].sites = sites[i].size();
  return findings;
}

}  // namespace detbench::trace
