#include "detbench/ReportJsonReader.hpp"

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

#include "detbench/Error.hpp"
#include "detbench/Format.hpp"
#include "detbench/SettingsJson.hpp"

namespace detbench {

namespace {

using json = nlohmann::ordered_json;

[[noreturn]] void bad(const std::string& what) {
  DETBENCH_THROW(InvalidArgument, "not a detbench report: " + what);
}

// The inverse of ReportJson's number(): infinities and NaN are written as strings.
double number(const json& j) {
  if (j.is_number()) return j.get<double>();
  if (j.is_string()) {
    const auto s = j.get<std::string>();
    if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    if (s == "inf") return std::numeric_limits<double>::infinity();
    if (s == "-inf") return -std::numeric_limits<double>::infinity();
  }
  bad("expected a number, found " + j.dump());
}

std::uint64_t digest(const json& j) {
  std::uint64_t d = 0;
  if (!j.is_string() || !parseDigest(j.get<std::string>(), d)) bad("malformed digest " + j.dump());
  return d;
}

std::string stringOr(const json& j, const char* key) {
  return j.contains(key) && j.at(key).is_string() ? j.at(key).get<std::string>() : std::string();
}

DType parseDType(const std::string& s) {
  if (s == "float32") return DType::Float32;
  if (s == "float64") return DType::Float64;
  if (s == "int64") return DType::Int64;
  bad("unknown dtype '" + s + "'");
}

Form parseForm(const std::string& s) {
  if (s == "sequential") return Form::Sequential;
  if (s == "atomic") return Form::Atomic;
  if (s == "deterministic") return Form::Deterministic;
  bad("unknown form '" + s + "'");
}

Environment readContext(const json& c) {
  Environment e;
  e.toolVersion = stringOr(c, "tool_version");
  e.gitRevision = stringOr(c, "git_revision");
  e.buildType = stringOr(c, "build_type");
  e.compiler = stringOr(c, "compiler");
  e.host = stringOr(c, "host");
  e.os = stringOr(c, "os");
  e.cpu = stringOr(c, "cpu");
  e.logicalCores = c.value("logical_cores", 0);
  e.cublasWorkspaceConfigEnv = stringOr(c, "cublas_workspace_config");
  if (c.contains("libraries")) {
    for (const auto& [k, v] : c.at("libraries").items())
      e.libraries.emplace_back(k, v.get<std::string>());
  }
  if (c.contains("devices")) {
    for (const auto& d : c.at("devices")) {
      DeviceSummary s;
      s.id = d.at("id").get<std::string>();
      s.available = d.at("available").get<bool>();
      s.reason = stringOr(d, "reason");
      if (d.contains("info")) {
        for (const auto& [k, v] : d.at("info").items())
          s.info.emplace_back(k, v.get<std::string>());
      }
      e.devices.push_back(std::move(s));
    }
  }
  return e;
}

TensorSpec readTensorSpec(const json& j) {
  return TensorSpec{j.at("name").get<std::string>(), j.at("shape").get<Shape>(),
                    parseDType(j.at("dtype").get<std::string>())};
}

void readOp(const json& j, RunResult& r) {
  r.op = j.at("name").get<std::string>();
  for (const auto& [k, v] : j.at("parameters").items()) r.params[k] = v.get<std::int64_t>();
  for (const auto& t : j.at("inputs")) r.inputs.push_back(readTensorSpec(t));
  r.output = readTensorSpec(j.at("output"));
  r.device = j.at("device").get<std::string>();
  r.threads = j.at("threads").get<int>();
  r.dataSeed = j.at("data_seed").get<std::uint64_t>();
  r.inputFingerprint = digest(j.at("input_fingerprint"));
}

void readSettings(const json& j, RunResult& r) {
  r.settings = settingsFromJson(j);
  r.seed = j.at("seed_in_force").get<std::uint64_t>();
  r.seedWasSet = r.settings.seed.has_value();
}

void readTrialSet(const json& j, RunResult& r) {
  readSettings(j.at("settings"), r);
  const json& d = j.at("dispatch");
  r.dispatched = !d.is_null();
  if (r.dispatched) {
    r.dispatch.form = parseForm(d.at("form").get<std::string>());
    r.dispatch.extension = d.at("detbench_extension").get<bool>();
    r.dispatch.contrast = d.at("contrast").get<bool>();
    r.dispatch.deterministicExpected = d.at("catalog_expects_reproducible").get<bool>();
  }
  for (const auto& t : j.at("trials")) {
    TrialRecord rec;
    rec.index = t.at("index").get<int>();
    rec.timeNs = t.at("time_ns").get<std::int64_t>();
    rec.digest = digest(t.at("digest"));
    rec.maxAbsDiff = number(t.at("max_abs_diff"));
    rec.maxUlp = t.at("max_ulp").get<std::uint64_t>();
    rec.nDiff = t.at("n_diff").get<std::int64_t>();
    if (t.contains("ulp_histogram"))
      rec.ulpHistogram = t.at("ulp_histogram").get<std::vector<std::int64_t>>();
    rec.refMaxAbsErr = number(t.at("ref_max_abs_err"));
    if (!t.at("algorithm").is_null()) rec.algorithm = t.at("algorithm").get<std::string>();
    r.trials.push_back(std::move(rec));
  }
  const json& s = j.at("summary");
  r.requestedTrials = s.at("requested_trials").get<int>();
  r.warmup = s.at("warmup").get<int>();
  r.cancelled = s.at("cancelled").get<bool>();
  // The summary is a function of the trials; it is recomputed, and the one the file carries
  // only has to agree with it (a hand-edited file that does not is refused).
  r.summary = summarize(r.trials);
  r.summary.refMaxErrOverMagnitude = number(s.at("ref_max_err_over_magnitude"));
  if (s.at("distinct_digests").get<int>() != r.summary.distinctDigests ||
      s.at("trials").get<int>() != r.summary.trials) {
    bad("its summary does not match its trials");
  }
  for (const auto& w : j.at("warnings")) {
    const auto code = w.at("code").get<std::string>();
    r.warnings.push_back(
        Alert{code == "cublas_workspace_config" ? AlertCode::CublasWorkspaceConfig
                                                : AlertCode::NoDeterministicImplementation,
              w.at("caller").get<std::string>(), w.at("message").get<std::string>()});
  }
  for (const auto& e : j.at("errors")) {
    r.errors.push_back(ErrorRecord{e.at("kind").get<std::string>(),
                                   e.at("message").get<std::string>(), stringOr(e, "where")});
  }
}

}  // namespace

ReportDocument reportFromJson(const json& j) {
  try {
    if (!j.is_object() || !j.contains("schema_version")) bad("no schema_version");
    const int version = j.at("schema_version").get<int>();
    if (version != kReportSchemaVersion) {
      bad("schema version " + std::to_string(version) + " is not supported (expected " +
          std::to_string(kReportSchemaVersion) + ")");
    }
    ReportDocument doc;
    const auto kind = j.at("kind").get<std::string>();
    if (kind != "run" && kind != "sweep") bad("unknown kind '" + kind + "'");
    doc.kind = kind == "run" ? ReportKind::Run : ReportKind::Sweep;
    doc.context = readContext(j.at("context"));
    if (!j.contains("op")) return doc;
    RunResult base;
    readOp(j.at("op"), base);
    if (doc.kind == ReportKind::Run) {
      base.label = "run";
      readTrialSet(j, base);
      doc.runs.push_back(std::move(base));
      return doc;
    }
    for (const auto& c : j.at("configurations")) {
      RunResult r;
      readOp(j.at("op"), r);
      r.label = c.at("name").get<std::string>();
      readTrialSet(c, r);
      doc.runs.push_back(std::move(r));
    }
    return doc;
  } catch (const json::exception& ex) {
    bad(std::string("missing or mistyped field (") + ex.what() + ")");
  }
}

ReportDocument readReportFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) DETBENCH_THROW(IoError, "cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  json j;
  try {
    j = json::parse(text.str());
  } catch (const json::exception& ex) {
    DETBENCH_THROW(InvalidArgument,
                   path + ": not a detbench report: invalid JSON (" + ex.what() + ")");
  }
  try {
    return reportFromJson(j);
  } catch (const InvalidArgument& e) {
    DETBENCH_THROW(InvalidArgument, path + ": " + e.message());
  }
}

}  // namespace detbench
