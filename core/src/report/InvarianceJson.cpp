#include "detbench/report/InvarianceJson.hpp"

#include "detbench/report/Format.hpp"
#include "detbench/report/ReportJson.hpp"

namespace detbench {

using json = nlohmann::ordered_json;

json invarianceToJson(const InvarianceResult& result, const Environment& context,
                      const std::optional<ReportViewer>& viewer) {
  json j;
  j["format"] = "detbench-invariance";
  j["schema_version"] = kInvarianceSchemaVersion;
  j["axis"] = toString(result.axis);
  j["measured"] = toString(result.measured);
  j["run_to_run"] = result.runToRun;
  j["invariant"] = result.invariant;
  j["cancelled"] = result.cancelled;
  json points = json::array();
  for (const auto& p : result.points) {
    json q;
    q["label"] = p.label;
    q["device"] = p.run.device;
    q["threads"] = p.run.threads;
    q["distinct_outputs"] = p.run.summary.distinctDigests;
    q["reproducible"] = p.run.summary.reproducible;
    q["digest_trial0"] = p.run.trials.empty() ? json() : json(formatDigest(p.run.trials[0].digest));
    q["compared"] = p.compared;
    q["equal_to_first"] = p.equalToFirst;
    q["max_abs_diff"] = jsonNumber(p.diff.maxAbsDiff);
    q["max_ulp"] = p.diff.maxUlp;
    q["n_diff"] = p.diff.nDiff;
    q["median_time_ns"] = jsonNumber(p.run.summary.time.median);
    if (result.axis == InvarianceAxis::Batches) {
      q["rows"] = p.rows;
      q["median_time_per_row_ns"] =
          jsonNumber(p.run.summary.time.median / static_cast<double>(p.rows));
      q["compared_to_one"] = p.comparedToOne;
      q["equal_to_one"] = p.equalToOne;
      q["max_ulp_to_one"] = p.diffToOne.maxUlp;
      q["max_abs_diff_to_one"] = jsonNumber(p.diffToOne.maxAbsDiff);
      q["n_diff_to_one"] = p.diffToOne.nDiff;
      q["compared_among_others"] = p.comparedAmongOthers;
      q["equal_among_others"] = p.equalAmongOthers;
      q["max_ulp_among_others"] = p.diffAmongOthers.maxUlp;
      q["max_abs_diff_among_others"] = jsonNumber(p.diffAmongOthers.maxAbsDiff);
      q["n_diff_among_others"] = p.diffAmongOthers.nDiff;
    }
    points.push_back(std::move(q));
  }
  j["points"] = std::move(points);
  ReportDocument doc;
  doc.kind = ReportKind::Sweep;
  doc.context = context;
  doc.viewer = viewer;
  for (const auto& p : result.points) doc.runs.push_back(p.run);
  j["report"] = reportToJson(doc);
  return j;
}

}  // namespace detbench
