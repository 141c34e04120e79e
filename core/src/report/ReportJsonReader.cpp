#include "detbench/report/ReportJsonReader.hpp"

#include <cmath>
#include <limits>

#include "detbench/base/Error.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/io/JsonFields.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/run/TrialRunner.hpp"
#include "detbench/settings/SettingsJson.hpp"

namespace detbench {

namespace {

using json = nlohmann::ordered_json;

// The largest shape dimension a report may state (far beyond any memory).
constexpr std::int64_t kMaxDim = std::int64_t{1} << 40;

[[noreturn]] void bad(const std::string& what) {
  DETBENCH_THROW(InvalidArgument, "not a detbench report: " + what);
}

const json& field(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) bad(std::string("missing field \"") + key + "\"");
  return j.at(key);
}

const json& arrayField(const json& j, const char* key) {
  const json& a = field(j, key);
  if (!a.is_array()) bad(std::string("\"") + key + "\" is not an array");
  return a;
}

std::string stringField(const json& j, const char* key) {
  const json& s = field(j, key);
  if (!s.is_string()) bad(std::string("\"") + key + "\" is not a string");
  return s.get<std::string>();
}

bool boolField(const json& j, const char* key) {
  const json& b = field(j, key);
  if (!b.is_boolean()) bad(std::string("\"") + key + "\" is not true or false");
  return b.get<bool>();
}

template <std::integral T>
T intField(const json& j, const char* key, T lo = std::numeric_limits<T>::min(),
           T hi = std::numeric_limits<T>::max()) {
  return integerOf<T>(field(j, key), key, lo, hi);
}

// The inverse of ReportJson's number(): infinities and NaN are written as strings. Errors and
// differences are magnitudes: never negative.
double magnitude(const json& j, const char* key) {
  const json& v = field(j, key);
  double d = 0;
  if (v.is_number()) {
    d = v.get<double>();
  } else if (v.is_string() && v.get<std::string>() == "nan") {
    return std::numeric_limits<double>::quiet_NaN();
  } else if (v.is_string() && v.get<std::string>() == "inf") {
    return std::numeric_limits<double>::infinity();
  } else {
    bad(std::string("\"") + key + "\" is not a number: " + jsonSnippet(v));
  }
  if (d < 0) bad(std::string("\"") + key + "\" is negative: " + jsonSnippet(v));
  return d;
}

std::uint64_t digest(const json& j) {
  std::uint64_t d = 0;
  if (!j.is_string() || !parseDigest(j.get<std::string>(), d)) {
    bad("malformed digest " + jsonSnippet(j));
  }
  return d;
}

std::string stringOr(const json& j, const char* key) {
  return j.contains(key) && j.at(key).is_string() ? j.at(key).get<std::string>() : std::string();
}

std::vector<std::pair<std::string, std::string>> stringPairs(const json& j, const char* key) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!j.contains(key)) return out;
  const json& o = j.at(key);
  if (!o.is_object()) bad(std::string("\"") + key + "\" is not an object");
  for (const auto& [k, v] : o.items()) {
    if (!v.is_string()) bad("\"" + k + "\" in \"" + key + "\" is not a string");
    out.emplace_back(k, v.get<std::string>());
  }
  return out;
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
  if (!c.is_object()) bad("\"context\" is not an object");
  Environment e;
  e.toolVersion = stringOr(c, "tool_version");
  e.gitRevision = stringOr(c, "git_revision");
  e.buildType = stringOr(c, "build_type");
  e.compiler = stringOr(c, "compiler");
  e.host = stringOr(c, "host");
  e.os = stringOr(c, "os");
  e.cpu = stringOr(c, "cpu");
  if (c.contains("logical_cores")) e.logicalCores = intField<int>(c, "logical_cores", 0, 1 << 20);
  e.cublasWorkspaceConfigEnv = stringOr(c, "cublas_workspace_config");
  e.pytorchFound = stringOr(c, "pytorch_found");
  e.python = stringOr(c, "python");
  e.pytorchVersion = stringOr(c, "pytorch_version");
  e.libraries = stringPairs(c, "libraries");
  e.slurm = stringPairs(c, "slurm");
  if (c.contains("devices")) {
    for (const auto& d : arrayField(c, "devices")) {
      DeviceSummary s;
      s.id = stringField(d, "id");
      s.available = boolField(d, "available");
      s.reason = stringOr(d, "reason");
      s.info = stringPairs(d, "info");
      e.devices.push_back(std::move(s));
    }
  }
  return e;
}

TensorSpec readTensorSpec(const json& j) {
  TensorSpec t{stringField(j, "name"), {}, parseDType(stringField(j, "dtype"))};
  for (const auto& d : arrayField(j, "shape")) {
    t.shape.push_back(integerOf<std::int64_t>(d, "a shape dimension", 0, kMaxDim));
  }
  return t;
}

void readOp(const json& j, RunResult& r) {
  if (!j.is_object()) bad("\"op\" is not an object");
  r.op = stringField(j, "name");
  const json& params = field(j, "parameters");
  if (!params.is_object()) bad("\"parameters\" is not an object");
  for (const auto& [k, v] : params.items()) r.params[k] = integerOf<std::int64_t>(v, k);
  for (const auto& t : arrayField(j, "inputs")) r.inputs.push_back(readTensorSpec(t));
  r.output = readTensorSpec(field(j, "output"));
  r.device = stringField(j, "device");
  r.threads = intField<int>(j, "threads", 1, kMaxThreads);
  r.dataSeed = intField<std::uint64_t>(j, "data_seed");
  r.inputFingerprint = digest(field(j, "input_fingerprint"));
}

void readSettings(const json& j, RunResult& r) {
  r.settings = settingsFromJson(j);
  r.seed = intField<std::uint64_t>(j, "seed_in_force");
  r.seedWasSet = r.settings.seed.has_value();
  if (r.seedWasSet && *r.settings.seed != r.seed) bad("seed_in_force differs from the seed set");
}

TrialRecord readTrial(const json& t, int expectedIndex) {
  TrialRecord rec;
  rec.index = intField<int>(t, "index", 0, kMaxTrials);
  if (rec.index != expectedIndex) {
    bad("trial " + std::to_string(expectedIndex) + " has index " + std::to_string(rec.index));
  }
  rec.timeNs = intField<std::int64_t>(t, "time_ns", 0);
  rec.digest = digest(field(t, "digest"));
  rec.maxAbsDiff = magnitude(t, "max_abs_diff");
  rec.maxUlp = intField<std::uint64_t>(t, "max_ulp");
  rec.nDiff = intField<std::int64_t>(t, "n_diff", 0);
  if (t.contains("ulp_histogram")) {
    for (const auto& n : arrayField(t, "ulp_histogram")) {
      rec.ulpHistogram.push_back(integerOf<std::int64_t>(n, "a ULP histogram count", 0));
    }
  }
  rec.refMaxAbsErr = magnitude(t, "ref_max_abs_err");
  const json& algorithm = field(t, "algorithm");
  if (!algorithm.is_null() && !algorithm.is_string()) bad("\"algorithm\" is not a string");
  if (algorithm.is_string()) rec.algorithm = algorithm.get<std::string>();
  return rec;
}

void readTrialSet(const json& j, RunResult& r) {
  if (!j.is_object()) bad("a trial set is not an object");
  readSettings(field(j, "settings"), r);
  const json& d = field(j, "dispatch");
  r.dispatched = !d.is_null();
  if (r.dispatched) {
    r.dispatch.form = parseForm(stringField(d, "form"));
    r.dispatch.extension = boolField(d, "detbench_extension");
    r.dispatch.contrast = boolField(d, "contrast");
    r.dispatch.deterministicExpected = boolField(d, "catalog_expects_reproducible");
    r.dispatch.library = d.contains("library") && boolField(d, "library");
  }
  if (j.contains("library_check") && !j.at("library_check").is_null()) {
    const json& c = j.at("library_check");
    LibraryCheck check;
    check.library = stringField(c, "library");
    const auto release = parsePyTorchRelease(stringField(c, "catalog_release"));
    const auto predicted = parseLibraryOutcome(stringField(c, "predicted"));
    const auto observed = parseLibraryOutcome(stringField(c, "observed"));
    if (!release || !predicted || !observed) bad("a library_check it cannot read");
    check.catalogRelease = *release;
    check.predicted = *predicted;
    check.observed = *observed;
    check.deterministicExpected = boolField(c, "catalog_expects_reproducible");
    check.varied = boolField(c, "varied");
    // Written from the rest: where present it is a boolean that says the same.
    if (c.contains("agrees") &&
        (!c.at("agrees").is_boolean() || c.at("agrees").get<bool>() != check.agrees())) {
      bad("a library_check whose agrees is not what its predicted and observed say");
    }
    r.libraryCheck = check;
  }
  const json& trials = arrayField(j, "trials");
  if (trials.size() > static_cast<std::size_t>(kMaxTrials)) bad("too many trials");
  r.trials.reserve(trials.size());
  for (const auto& t : trials) r.trials.push_back(readTrial(t, static_cast<int>(r.trials.size())));
  const json& s = field(j, "summary");
  r.requestedTrials = intField<int>(s, "requested_trials", 0, kMaxTrials);
  r.warmup = intField<int>(s, "warmup", 0, kMaxWarmup);
  r.cancelled = boolField(s, "cancelled");
  // The summary is a function of the trials; it is recomputed, and the one the file carries
  // only has to agree with it (a hand-edited file that does not is refused).
  r.summary = summarize(r.trials);
  r.summary.refMaxErrOverMagnitude = magnitude(s, "ref_max_err_over_magnitude");
  if (intField<int>(s, "distinct_digests", 0) != r.summary.distinctDigests ||
      intField<int>(s, "trials", 0) != r.summary.trials) {
    bad("its summary does not match its trials");
  }
  for (const auto& w : arrayField(j, "warnings")) {
    const auto code = stringField(w, "code");
    const auto parsed = parseAlertCode(code);
    if (!parsed) bad("unknown warning code '" + code + "'");
    r.warnings.push_back(Alert{*parsed, stringField(w, "caller"), stringField(w, "message")});
  }
  for (const auto& e : arrayField(j, "errors")) {
    r.errors.push_back(
        ErrorRecord{stringField(e, "kind"), stringField(e, "message"), stringOr(e, "where")});
  }
}

}  // namespace

Environment environmentFromJson(const json& context) {
  return readContext(context);
}

ReportDocument reportFromJson(const json& j) {
  try {
    if (!j.is_object() || !j.contains("schema_version")) bad("no schema_version");
    const json& version = j.at("schema_version");
    if (!version.is_number_integer() || version.get<std::int64_t>() != kReportSchemaVersion) {
      bad("schema version " + jsonSnippet(version) + " is not supported (expected " +
          std::to_string(kReportSchemaVersion) + ")");
    }
    ReportDocument doc;
    const auto kind = stringField(j, "kind");
    if (kind != "run" && kind != "sweep") bad("unknown kind '" + kind + "'");
    doc.kind = kind == "run" ? ReportKind::Run : ReportKind::Sweep;
    doc.context = readContext(field(j, "context"));
    if (j.contains("viewer")) {
      const json& v = j.at("viewer");
      doc.viewer = ReportViewer{stringField(v, "host"), stringField(v, "tool_version"),
                                stringField(v, "remote")};
    }
    if (!j.contains("op")) return doc;
    RunResult base;
    readOp(j.at("op"), base);
    if (doc.kind == ReportKind::Run) {
      base.label = "run";
      readTrialSet(j, base);
      doc.runs.push_back(std::move(base));
      return doc;
    }
    for (const auto& c : arrayField(j, "configurations")) {
      RunResult r = base;
      r.label = stringField(c, "name");
      readTrialSet(c, r);
      doc.runs.push_back(std::move(r));
    }
    return doc;
  } catch (const json::exception& ex) {
    bad(std::string("missing or mistyped field (") + ex.what() + ")");
  } catch (const InvalidArgument& e) {
    // Messages of the shared field readers (JsonFields.hpp, SettingsJson) say what, not where.
    if (e.message().rfind("not a detbench report", 0) == 0) throw;
    bad(e.message());
  }
}

ReportDocument readReportFile(const std::string& path) {
  const json j = readJsonFile(path, "not a detbench report");
  try {
    return reportFromJson(j);
  } catch (const InvalidArgument& e) {
    DETBENCH_THROW(InvalidArgument, path + ": " + e.message());
  }
}

}  // namespace detbench
