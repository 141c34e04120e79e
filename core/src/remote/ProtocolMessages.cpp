#include "detbench/remote/ProtocolMessages.hpp"

#include "detbench/run/Statistics.hpp"

#include <algorithm>
#include <limits>
#include <span>

#include "detbench/base/Error.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/io/JsonFields.hpp"
#include "detbench/remote/Base64.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/report/ReportJson.hpp"
#include "detbench/settings/SettingsJson.hpp"

namespace detbench::remote {

namespace {

using json = nlohmann::ordered_json;

// A name from a message, as a message names it back: cut, so that an error never carries
// more than a little of what it refuses.
std::string shown(const std::string& name) {
  return name.size() <= 64 ? name : name.substr(0, 61) + "...";
}

// A settings object over the defaults, as a report writes them: a message names what it
// changes.
Settings settingsOver(const json& value) {
  DETBENCH_CHECK_ARG(value.is_object(), "settings is not an object");
  json merged = settingsToJson(Settings{});
  for (const auto& [name, v] : value.items()) {
    DETBENCH_CHECK_ARG(merged.contains(name), "unknown setting " + shown(name));
    merged[name] = v;
  }
  return settingsFromJson(merged);
}

DType dtypeNamed(const std::string& s) {
  for (const DType d : {DType::Float32, DType::Float64, DType::Int64}) {
    if (toString(d) == s) return d;
  }
  DETBENCH_THROW(InvalidArgument, "an io message with an unknown dtype " + s);
}

bool fileStem(const std::string& name) {
  return !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
}

}  // namespace

// ---- any message -------------------------------------------------------------------------

json parseMessage(std::string_view line) {
  if (jsonNestingDepth(line) > kMaxJsonDepth) {
    DETBENCH_THROW(InvalidArgument, "a message nested deeper than " +
                                        std::to_string(kMaxJsonDepth) + " levels (none is)");
  }
  return json::parse(line, nullptr, false);
}

// ---- request -------------------------------------------------------------------------------

json requestToJson(const RunRequest& r) {
  json params = json::object();
  for (const auto& [k, v] : r.params) params[k] = v;
  return {{"op", r.op},
          {"params", params},
          {"device", r.device},
          {"settings", settingsToJson(r.settings)},
          {"trials", r.trials},
          {"warmup", r.warmup},
          {"data_seed", r.dataSeed},
          {"label", r.label}};
}

RunRequest requestFromJson(const json& j) {
  DETBENCH_CHECK_ARG(j.is_object(), "the request is not an object");
  RunRequest r;
  for (const auto& [key, value] : j.items()) {
    if (key == "op") {
      r.op = value.get<std::string>();
    } else if (key == "params") {
      DETBENCH_CHECK_ARG(value.is_object(), "params is not an object");
      for (const auto& [name, v] : value.items()) {
        r.params[name] = integerOf<std::int64_t>(v, "parameter " + shown(name));
      }
    } else if (key == "device") {
      r.device = value.get<std::string>();
    } else if (key == "settings") {
      r.settings = settingsOver(value);
    } else if (key == "trials") {
      r.trials = integerOf<int>(value, "trials", 1, kMaxTrials);
    } else if (key == "warmup") {
      r.warmup = integerOf<int>(value, "warmup", 0, kMaxWarmup);
    } else if (key == "data_seed") {
      r.dataSeed = integerOf<std::uint64_t>(value, "data_seed");
    } else if (key == "label") {
      r.label = value.get<std::string>();
    } else {
      DETBENCH_THROW(InvalidArgument, "unknown request field " + shown(key));
    }
  }
  DETBENCH_CHECK_ARG(!r.op.empty(), "the request names no op");
  return r;
}

// ---- a sweep's configurations --------------------------------------------------------------

json configsToJson(const std::vector<SweepConfig>& configs) {
  json list = json::array();
  for (const auto& c : configs) {
    list.push_back({{"name", c.name}, {"settings", settingsToJson(c.settings)}});
  }
  return list;
}

std::vector<SweepConfig> configsFromJson(const json& j) {
  DETBENCH_CHECK_ARG(j.is_array() && !j.empty(), "configs is not a non-empty array");
  DETBENCH_CHECK_ARG(j.size() <= kMaxConfigurations,
                     "more than " + std::to_string(kMaxConfigurations) + " configurations");
  std::vector<SweepConfig> configs;
  for (const json& c : j) {
    DETBENCH_CHECK_ARG(c.is_object(), "a configuration is not an object");
    SweepConfig config;
    for (const auto& [key, value] : c.items()) {
      if (key == "name") {
        config.name = value.get<std::string>();
      } else if (key == "settings") {
        config.settings = settingsOver(value);
      } else {
        DETBENCH_THROW(InvalidArgument, "unknown configuration field " + shown(key));
      }
    }
    DETBENCH_CHECK_ARG(!config.name.empty(), "a configuration has no name");
    configs.push_back(std::move(config));
  }
  return configs;
}

// ---- an invariance plan --------------------------------------------------------------------

json planToJson(const InvariancePlan& plan) {
  json j{{"axis", toString(plan.axis)}};
  switch (plan.axis) {
    case InvarianceAxis::Threads:
      j["threads"] = plan.threads;
      break;
    case InvarianceAxis::Devices:
      j["devices"] = plan.devices;
      break;
    case InvarianceAxis::Batches:
      j["batches"] = plan.batches;
      j["other_rows"] = plan.otherRows;
      break;
  }
  return j;
}

InvariancePlan planFromJson(const json& j) {
  DETBENCH_CHECK_ARG(j.is_object(), "the plan is not an object");
  InvariancePlan plan;
  bool axis = false;
  for (const auto& [key, value] : j.items()) {
    if (key == "axis") {
      const std::string a = value.get<std::string>();
      if (a == "threads") {
        plan.axis = InvarianceAxis::Threads;
      } else if (a == "devices") {
        plan.axis = InvarianceAxis::Devices;
      } else if (a == "batches") {
        plan.axis = InvarianceAxis::Batches;
      } else {
        DETBENCH_THROW(InvalidArgument, "unknown invariance axis " + shown(a));
      }
      axis = true;
    } else if (key == "threads") {
      DETBENCH_CHECK_ARG(value.is_array(), "threads is not an array");
      for (const json& t : value)
        plan.threads.push_back(integerOf<int>(t, "a thread count", 1, kMaxThreads));
    } else if (key == "devices") {
      plan.devices = value.get<std::vector<std::string>>();
    } else if (key == "batches") {
      DETBENCH_CHECK_ARG(value.is_array(), "batches is not an array");
      for (const json& b : value) {
        plan.batches.push_back(integerOf<std::int64_t>(b, "a batch size", 1, kMaxBatchSize));
      }
    } else if (key == "other_rows") {
      plan.otherRows = value.get<bool>();
    } else {
      DETBENCH_THROW(InvalidArgument, "unknown plan field " + shown(key));
    }
  }
  DETBENCH_CHECK_ARG(axis, "the plan names no axis");
  return plan;
}

// ---- a trial record ------------------------------------------------------------------------

json recordToJson(const TrialRecord& t) {
  json r{{"index", t.index},
         {"time_ns", t.timeNs},
         {"digest", formatDigest(t.digest)},
         {"max_abs_diff", jsonNumber(t.maxAbsDiff)},
         {"max_ulp", t.maxUlp},
         {"n_diff", t.nDiff}};
  // Where the output differs from trial 0: how far its elements are, as the report has it.
  if (!t.ulpHistogram.empty()) r["ulp_histogram"] = t.ulpHistogram;
  return r;
}

TrialRecord recordFromJson(const json& r) {
  TrialRecord t;
  t.index = r.at("index").get<int>();
  t.timeNs = r.at("time_ns").get<std::int64_t>();
  DETBENCH_CHECK_ARG(parseDigest(r.at("digest").get<std::string>(), t.digest),
                     "a malformed digest in a trial record");
  // jsonNumber writes infinity and NaN as strings.
  const json& diff = r.at("max_abs_diff");
  t.maxAbsDiff = diff.is_number() ? diff.get<double>()
                 : diff == "inf"  ? std::numeric_limits<double>::infinity()
                 : diff == "nan"  ? std::numeric_limits<double>::quiet_NaN()
                                  : 0.0;
  t.maxUlp = r.at("max_ulp").get<std::uint64_t>();
  t.nDiff = r.at("n_diff").get<std::int64_t>();
  if (const auto h = r.find("ulp_histogram"); h != r.end()) {
    DETBENCH_CHECK_ARG(h->is_array() && h->size() <= std::size_t{kUlpHistogramBuckets},
                       "a malformed ulp_histogram in a trial record");
    for (const auto& n : *h) t.ulpHistogram.push_back(n.get<std::int64_t>());
  }
  return t;
}

// ---- a piece of a tensor (--save-io) -------------------------------------------------------

json ioToJson(const json& id, const std::string& name, const char* role, const HostTensor& t,
              std::size_t offset) {
  const std::size_t total = t.bytes();
  const std::size_t n = std::min(kIoChunkBytes, total - offset);
  return {{"id", id},
          {"type", "io"},
          {"name", name},
          {"role", role},
          {"dtype", toString(t.dtype())},
          {"shape", t.shape()},
          {"bytes", total},
          {"offset", offset},
          {"data", base64Encode(std::span<const std::byte>(t.raw() + offset, n))}};
}

IoMessage ioFromJson(const json& j) {
  IoMessage m;
  m.name = j.at("name").get<std::string>();
  DETBENCH_CHECK_ARG(fileStem(m.name), "a tensor whose name cannot name a file");
  m.bytes = j.at("bytes").get<std::size_t>();
  m.role = j.at("role").get<std::string>();
  m.dtype = dtypeNamed(j.at("dtype").get<std::string>());
  m.shape = j.at("shape").get<Shape>();
  auto data = base64Decode(j.at("data").get<std::string>());
  DETBENCH_CHECK_ARG(data.has_value(), "a tensor that is not base64");
  m.data = std::move(*data);
  m.offset = j.at("offset").get<std::size_t>();
  return m;
}

// ---- the end of a demo ---------------------------------------------------------------------

json demoToJson(const json& id, const DemoMessage& d) {
  return {{"id", id},
          {"type", "demo"},
          {"name", d.name},
          {"as_expected", d.asExpected},
          {"cancelled", d.cancelled},
          {"text", d.text},
          {"report", d.report},
          {"markdown", d.markdown}};
}

DemoMessage demoFromJson(const json& j) {
  DemoMessage d;
  d.name = j.value("name", std::string());
  d.asExpected = j.at("as_expected").get<bool>();
  d.cancelled = j.value("cancelled", false);
  d.text = j.at("text").get<std::string>();
  d.report = j.at("report");
  d.markdown = j.at("markdown").get<std::string>();
  return d;
}

// ---- an error ------------------------------------------------------------------------------

json errorToJson(const json& id, const std::string& kind, const std::string& message) {
  return {{"id", id}, {"type", "error"}, {"kind", kind}, {"message", message}};
}

}  // namespace detbench::remote
