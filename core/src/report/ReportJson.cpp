#include "detbench/report/ReportJson.hpp"

#include <cmath>

#include "detbench/report/Format.hpp"
#include "detbench/settings/SettingsJson.hpp"

namespace detbench {

nlohmann::ordered_json jsonNumber(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}

namespace {

using json = nlohmann::ordered_json;

json number(double v) {
  return jsonNumber(v);
}

}  // namespace

nlohmann::ordered_json environmentToJson(const Environment& env) {
  json c;
  c["tool"] = "detbench";
  c["tool_version"] = env.toolVersion;
  c["git_revision"] = env.gitRevision;
  c["build_type"] = env.buildType;
  c["compiler"] = env.compiler;
  c["host"] = env.host;
  c["os"] = env.os;
  c["cpu"] = env.cpu;
  c["logical_cores"] = env.logicalCores;
  c["cublas_workspace_config"] =
      env.cublasWorkspaceConfigEnv.empty() ? json(nullptr) : json(env.cublasWorkspaceConfigEnv);
  if (!env.pytorchFound.empty()) c["pytorch_found"] = env.pytorchFound;
  if (!env.python.empty()) c["python"] = env.python;
  if (!env.pytorchVersion.empty()) c["pytorch_version"] = env.pytorchVersion;
  json libs = json::object();
  for (const auto& [k, v] : env.libraries) libs[k] = v;
  c["libraries"] = libs;
  json devices = json::array();
  for (const auto& d : env.devices) {
    json dj;
    dj["id"] = d.id;
    dj["available"] = d.available;
    dj["reason"] = d.available ? json(nullptr) : json(d.reason);
    json info = json::object();
    for (const auto& [k, v] : d.info) info[k] = v;
    dj["info"] = info;
    devices.push_back(dj);
  }
  c["devices"] = devices;
  if (!env.slurm.empty()) {
    json slurm = json::object();
    for (const auto& [k, v] : env.slurm) slurm[k] = v;
    c["slurm"] = slurm;
  }
  return c;
}

namespace {

json contextJson(const Environment& env) {
  return environmentToJson(env);
}

json settingsJson(const RunResult& r) {
  // The settings as the user gave them, with the seed in force after the seed.
  json j;
  const json given = settingsToJson(r.settings);
  for (const auto& [key, value] : given.items()) {
    j[key] = value;
    if (key == "seed") j["seed_in_force"] = r.seed;
  }
  return j;
}

json tensorSpecJson(const TensorSpec& t) {
  json j;
  j["name"] = t.name;
  j["shape"] = t.shape;
  j["dtype"] = std::string(toString(t.dtype));
  return j;
}

json opJson(const RunResult& r) {
  json j;
  j["name"] = r.op;
  json params = json::object();
  for (const auto& [k, v] : r.params) params[k] = v;
  j["parameters"] = params;
  json inputs = json::array();
  for (const auto& t : r.inputs) inputs.push_back(tensorSpecJson(t));
  j["inputs"] = inputs;
  j["output"] = tensorSpecJson(r.output);
  j["dtype"] = std::string(toString(r.output.dtype));
  j["device"] = r.device;
  j["threads"] = r.threads;
  j["data_seed"] = r.dataSeed;
  j["input_fingerprint"] = formatDigest(r.inputFingerprint);
  return j;
}

json dispatchJson(const RunResult& r) {
  if (!r.dispatched) return nullptr;
  json j;
  j["form"] = std::string(toString(r.dispatch.form));
  j["detbench_extension"] = r.dispatch.extension;
  j["contrast"] = r.dispatch.contrast;
  j["catalog_expects_reproducible"] = r.dispatch.deterministicExpected;
  if (r.dispatch.library) j["library"] = true;  // written only where true: older readers agree
  return j;
}

json libraryCheckJson(const LibraryCheck& c) {
  json j;
  j["library"] = c.library;
  j["catalog_release"] = toString(c.catalogRelease);
  j["predicted"] = std::string(toString(c.predicted));
  j["observed"] = std::string(toString(c.observed));
  j["catalog_expects_reproducible"] = c.deterministicExpected;
  j["varied"] = c.varied;
  j["agrees"] = c.agrees();
  return j;
}

json trialJson(const TrialRecord& t) {
  json j;
  j["index"] = t.index;
  j["time_ns"] = t.timeNs;
  j["digest"] = formatDigest(t.digest);
  j["max_abs_diff"] = number(t.maxAbsDiff);
  j["max_ulp"] = t.maxUlp;
  j["n_diff"] = t.nDiff;
  j["ulp_histogram"] = t.ulpHistogram;
  j["ref_max_abs_err"] = number(t.refMaxAbsErr);
  j["algorithm"] = t.algorithm.empty() ? json(nullptr) : json(t.algorithm);
  return j;
}

json trialsJson(const RunResult& r) {
  json trials = json::array();
  for (const auto& t : r.trials) trials.push_back(trialJson(t));
  return trials;
}

// In the report text, a trial set's trials stand in as this marker (followed by the set's
// index) until they are rendered one at a time (reportJsonText). U+001F cannot appear unescaped
// in JSON text, so no other string of the report can match it.
constexpr std::string_view kTrialsMarker =
    "\x1f"
    "detbench-trials-";

json summaryJson(const RunResult& r) {
  const RunSummary& s = r.summary;
  json j;
  j["trials"] = s.trials;
  j["requested_trials"] = r.requestedTrials;
  j["warmup"] = r.warmup;
  j["cancelled"] = r.cancelled;
  j["distinct_digests"] = s.distinctDigests;
  j["reproducible"] = s.reproducible;
  j["trials_differing_from_first"] = s.trialsDifferingFromFirst;
  j["max_abs_diff"] = number(s.maxAbsDiff);
  j["max_ulp"] = s.maxUlp;
  j["max_n_diff"] = s.maxNDiff;
  j["ref_max_abs_err"] = number(s.refMaxAbsErr);
  j["ref_max_err_over_magnitude"] = number(s.refMaxErrOverMagnitude);
  json t;
  t["min"] = number(s.time.min);
  t["median"] = number(s.time.median);
  t["mean"] = number(s.time.mean);
  t["p95"] = number(s.time.p95);
  t["max"] = number(s.time.max);
  t["stddev"] = number(s.time.stddev);
  j["time_ns"] = t;
  json digests = json::array();
  for (const auto& d : s.digests) {
    digests.push_back(
        {{"digest", formatDigest(d.digest)}, {"count", d.count}, {"first_trial", d.firstTrial}});
  }
  j["digests"] = digests;
  return j;
}

json alertsJson(const RunResult& r) {
  json a = json::array();
  for (const auto& w : r.warnings) {
    a.push_back(
        {{"code", std::string(toString(w.code))}, {"caller", w.caller}, {"message", w.message}});
  }
  return a;
}

json errorsJson(const RunResult& r) {
  json a = json::array();
  for (const auto& e : r.errors)
    a.push_back({{"kind", e.kind}, {"message", e.message}, {"where", e.where}});
  return a;
}

// The fields that describe one trial set, shared by runs and sweep configurations. With a
// `marker` index, the trials are left as a marker for reportJsonText to fill in.
void putTrialSet(json& j, const RunResult& r, int marker) {
  j["settings"] = settingsJson(r);
  j["dispatch"] = dispatchJson(r);
  // Only on the devices that run a library's own dispatch (older readers never see it).
  if (r.libraryCheck) j["library_check"] = libraryCheckJson(*r.libraryCheck);
  j["trials"] =
      marker < 0 ? trialsJson(r) : json(std::string(kTrialsMarker) + std::to_string(marker));
  j["summary"] = summaryJson(r);
  j["warnings"] = alertsJson(r);
  j["errors"] = errorsJson(r);
}

json reportDocument(const ReportDocument& report, bool markTrials) {
  json j;
  j["schema_version"] = kReportSchemaVersion;
  j["kind"] = report.kind == ReportKind::Run ? "run" : "sweep";
  j["context"] = contextJson(report.context);
  if (report.viewer) {
    j["viewer"] = {{"host", report.viewer->host},
                   {"tool_version", report.viewer->toolVersion},
                   {"remote", report.viewer->remote}};
  }
  if (report.runs.empty()) return j;
  j["op"] = opJson(report.runs.front());
  if (report.kind == ReportKind::Run) {
    putTrialSet(j, report.runs.front(), markTrials ? 0 : -1);
    return j;
  }
  json configs = json::array();
  const RunResult* baseline = nullptr;
  for (const auto& r : report.runs) {
    if (!r.failed() && r.summary.trials > 0) {
      baseline = &r;
      break;
    }
  }
  for (std::size_t k = 0; k < report.runs.size(); ++k) {
    const RunResult& r = report.runs[k];
    json c;
    c["name"] = r.label;
    putTrialSet(c, r, markTrials ? static_cast<int>(k) : -1);
    c["mean_time_relative_to_baseline"] =
        (baseline && !r.failed() && r.summary.trials > 0 && baseline->summary.time.mean > 0)
            ? json(r.summary.time.mean / baseline->summary.time.mean)
            : json(nullptr);
    configs.push_back(c);
  }
  j["baseline"] = baseline ? json(baseline->label) : json(nullptr);
  j["configurations"] = configs;
  return j;
}

// `text` with a newline and `indent` after every newline in it.
void appendIndented(std::string& out, std::string_view text, std::string_view indent) {
  std::size_t from = 0;
  for (std::size_t nl; (nl = text.find('\n', from)) != std::string_view::npos; from = nl + 1) {
    out.append(text.substr(from, nl + 1 - from)).append(indent);
  }
  out.append(text.substr(from));
}

}  // namespace

json reportToJson(const ReportDocument& report) {
  return reportDocument(report, false);
}

namespace {

// The same text as reportToJson(report).dump(2) (pretty) or .dump() (one line), but the trials,
// the bulk of a report, are rendered one at a time into the text rather than held as a
// document first (about 1.5 KB a trial as nlohmann nodes, about 250 bytes as text).
std::string renderReport(const ReportDocument& report, bool pretty) {
  const json document = reportDocument(report, true);
  const std::string skeleton = pretty ? document.dump(2) : document.dump();
  std::size_t trials = 0;
  for (const auto& r : report.runs) trials += r.trials.size();
  std::string out;
  out.reserve(skeleton.size() + trials * (pretty ? 280 : 200) + 1);
  std::size_t from = 0;
  for (std::size_t k = 0; k < report.runs.size() && (report.kind == ReportKind::Sweep || k == 0);
       ++k) {
    // The marker as dump() writes it: quoted, with U+001F escaped.
    std::string quoted("\"\\u001f");  // appended: GCC 12 warns falsely on operator+ here
    quoted.append(kTrialsMarker.substr(1)).append(std::to_string(k)).append("\"");
    const std::size_t at = skeleton.find(quoted, from);
    if (at == std::string::npos) break;
    out.append(skeleton, from, at - from);
    const auto& records = report.runs[k].trials;
    if (records.empty()) {
      out += "[]";
    } else if (!pretty) {
      out += "[";
      for (std::size_t i = 0; i < records.size(); ++i) {
        out += trialJson(records[i]).dump();
        if (i + 1 < records.size()) out += ",";
      }
      out += "]";
    } else {
      const std::size_t lineStart = skeleton.rfind('\n', at) + 1;
      const std::string indent(skeleton.find_first_not_of(' ', lineStart) - lineStart, ' ');
      const std::string inner = indent + "  ";
      out += "[\n";
      for (std::size_t i = 0; i < records.size(); ++i) {
        out += inner;
        appendIndented(out, trialJson(records[i]).dump(2), inner);
        out += i + 1 < records.size() ? ",\n" : "\n";
      }
      out += indent + "]";
    }
    from = at + quoted.size();
  }
  out.append(skeleton, from, std::string::npos);
  if (pretty) out += "\n";
  return out;
}

}  // namespace

std::string reportJsonText(const ReportDocument& report) {
  return renderReport(report, true);
}

std::string reportJsonLine(const ReportDocument& report) {
  return renderReport(report, false);
}

}  // namespace detbench
