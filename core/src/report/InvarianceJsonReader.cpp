#include "detbench/report/InvarianceJsonReader.hpp"

#include <limits>
#include <string>

#include "detbench/base/Error.hpp"
#include "detbench/report/InvarianceJson.hpp"
#include "detbench/report/ReportJsonReader.hpp"

namespace detbench {

namespace {

using json = nlohmann::ordered_json;

[[noreturn]] void bad(const std::string& what) {
  DETBENCH_THROW(InvalidArgument, "not a detbench invariance run: " + what);
}

const json& field(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) bad(std::string("no \"") + key + "\"");
  return j.at(key);
}

bool flag(const json& j, const char* key) {
  const json& v = field(j, key);
  if (!v.is_boolean()) bad(std::string("\"") + key + "\" is not true or false");
  return v.get<bool>();
}

template <typename T>
T integer(const json& j, const char* key) {
  const json& v = field(j, key);
  if (!v.is_number_integer()) bad(std::string("\"") + key + "\" is not an integer");
  if (!v.is_number_unsigned() && v.get<std::int64_t>() < 0) {
    bad(std::string("\"") + key + "\" is negative");
  }
  if (v.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) {
    bad(std::string("\"") + key + "\" is out of range");
  }
  return v.get<T>();
}

// jsonNumber's inverse: a number, or "inf" / "nan" for what JSON cannot hold. Absent: 0 (a
// field written by a later version of the writer).
double magnitude(const json& j, const char* key) {
  if (!j.contains(key)) return 0;
  const json& v = j.at(key);
  if (v.is_number()) return v.get<double>();
  if (v == "inf") return std::numeric_limits<double>::infinity();
  if (v == "nan") return std::numeric_limits<double>::quiet_NaN();
  bad(std::string("\"") + key + "\" is not a number");
}

InvarianceAxis axisOf(const std::string& s) {
  for (const auto a : {InvarianceAxis::Threads, InvarianceAxis::Devices, InvarianceAxis::Batches}) {
    if (toString(a) == s) return a;
  }
  bad("unknown axis \"" + s + "\"");
}

GuaranteeLevel levelOf(const std::string& s) {
  for (const auto l :
       {GuaranteeLevel::NotGuaranteed, GuaranteeLevel::RunToRun, GuaranteeLevel::BatchInvariant,
        GuaranteeLevel::ThreadCountInvariant, GuaranteeLevel::DeviceInvariant}) {
    if (toString(l) == s) return l;
  }
  bad("unknown guarantee level \"" + s + "\"");
}

std::string text(const json& j, const char* key) {
  const json& v = field(j, key);
  if (!v.is_string()) bad(std::string("\"") + key + "\" is not a string");
  return v.get<std::string>();
}

}  // namespace

InvarianceDocument invarianceFromJson(const json& j) {
  if (!j.is_object() || j.value("format", json()) != "detbench-invariance") {
    bad("its \"format\" is not \"detbench-invariance\"");
  }
  const int version = integer<int>(j, "schema_version");
  if (version != kInvarianceSchemaVersion) {
    bad("schema version " + std::to_string(version) + " (this detbench reads " +
        std::to_string(kInvarianceSchemaVersion) + ")");
  }
  InvarianceDocument doc;
  InvarianceResult& r = doc.result;
  r.axis = axisOf(text(j, "axis"));
  r.measured = levelOf(text(j, "measured"));
  r.runToRun = flag(j, "run_to_run");
  r.invariant = flag(j, "invariant");
  r.cancelled = flag(j, "cancelled");
  ReportDocument report = reportFromJson(field(j, "report"));
  const json& points = field(j, "points");
  if (!points.is_array()) bad("\"points\" is not an array");
  if (points.size() != report.runs.size()) {
    bad(std::to_string(points.size()) + " points but " + std::to_string(report.runs.size()) +
        " runs");
  }
  for (std::size_t i = 0; i < points.size(); ++i) {
    const json& q = points[i];
    InvariancePoint p;
    p.label = text(q, "label");
    p.run = std::move(report.runs[i]);
    // A sweep report names one device and thread count for all its runs; the points name each
    // configuration's own.
    p.run.device = text(q, "device");
    p.run.threads = integer<int>(q, "threads");
    p.compared = flag(q, "compared");
    p.equalToFirst = flag(q, "equal_to_first");
    p.diff.maxAbsDiff = magnitude(q, "max_abs_diff");
    p.diff.maxUlp = integer<std::uint64_t>(q, "max_ulp");
    p.diff.nDiff = integer<std::int64_t>(q, "n_diff");
    if (r.axis == InvarianceAxis::Batches) {
      p.rows = integer<std::int64_t>(q, "rows");
      p.comparedToOne = flag(q, "compared_to_one");
      p.equalToOne = flag(q, "equal_to_one");
      p.diffToOne.maxUlp = integer<std::uint64_t>(q, "max_ulp_to_one");
      p.diffToOne.maxAbsDiff = magnitude(q, "max_abs_diff_to_one");
      if (q.contains("n_diff_to_one"))
        p.diffToOne.nDiff = integer<std::int64_t>(q, "n_diff_to_one");
      p.comparedAmongOthers = flag(q, "compared_among_others");
      p.equalAmongOthers = flag(q, "equal_among_others");
      p.diffAmongOthers.maxUlp = integer<std::uint64_t>(q, "max_ulp_among_others");
      p.diffAmongOthers.maxAbsDiff = magnitude(q, "max_abs_diff_among_others");
      if (q.contains("n_diff_among_others")) {
        p.diffAmongOthers.nDiff = integer<std::int64_t>(q, "n_diff_among_others");
      }
    }
    r.points.push_back(std::move(p));
  }
  doc.context = std::move(report.context);
  return doc;
}

}  // namespace detbench
