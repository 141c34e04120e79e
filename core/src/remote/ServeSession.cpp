#include "detbench/remote/ServeSession.hpp"

#include <chrono>
#include <nlohmann/json.hpp>
#include <vector>

#include "detbench/BuildInfo.hpp"
#include "detbench/Environment.hpp"
#include "detbench/Error.hpp"
#include "detbench/Format.hpp"
#include "detbench/OpDefinition.hpp"
#include "detbench/ReportJson.hpp"
#include "detbench/SettingsJson.hpp"
#include "detbench/TrialRunner.hpp"

namespace detbench::remote {

namespace {

using json = nlohmann::ordered_json;

// The request of a "run" message, strictly: unknown fields are refused.
RunRequest requestFromJson(const json& j) {
  DETBENCH_CHECK_ARG(j.is_object(), "the request is not an object");
  RunRequest r;
  for (const auto& [key, value] : j.items()) {
    if (key == "op") {
      r.op = value.get<std::string>();
    } else if (key == "params") {
      DETBENCH_CHECK_ARG(value.is_object(), "params is not an object");
      for (const auto& [name, v] : value.items()) {
        DETBENCH_CHECK_ARG(v.is_number_integer(), "parameter " + name + " is not an integer");
        r.params[name] = v.get<std::int64_t>();
      }
    } else if (key == "device") {
      r.device = value.get<std::string>();
    } else if (key == "settings") {
      // Over the defaults, as a report writes them: a request names what it changes.
      DETBENCH_CHECK_ARG(value.is_object(), "settings is not an object");
      json merged = settingsToJson(Settings{});
      for (const auto& [name, v] : value.items()) {
        DETBENCH_CHECK_ARG(merged.contains(name), "unknown setting " + name);
        merged[name] = v;
      }
      r.settings = settingsFromJson(merged);
    } else if (key == "trials") {
      r.trials = value.get<int>();
    } else if (key == "warmup") {
      r.warmup = value.get<int>();
    } else if (key == "data_seed") {
      r.dataSeed = value.get<std::uint64_t>();
    } else if (key == "label") {
      r.label = value.get<std::string>();
    } else {
      DETBENCH_THROW(InvalidArgument, "unknown request field " + key);
    }
  }
  DETBENCH_CHECK_ARG(!r.op.empty(), "the request names no op");
  return r;
}

json recordJson(const TrialRecord& t) {
  return {{"index", t.index},
          {"time_ns", t.timeNs},
          {"digest", formatDigest(t.digest)},
          {"max_abs_diff", jsonNumber(t.maxAbsDiff)},
          {"max_ulp", t.maxUlp},
          {"n_diff", t.nDiff}};
}

json idJson(const std::string* id) {
  return id ? json::parse(*id) : json();
}

}  // namespace

ServeSession::ServeSession(const BackendRegistry& registry,
                           std::function<bool(const std::string&)> writeLine)
    : registry_(registry), writeLine_(std::move(writeLine)) {}

ServeSession::~ServeSession() {
  cancel_.cancel();
  join();
}

void ServeSession::send(const std::string& text) {
  std::lock_guard lock(writeMutex_);
  if (!writeLine_(text)) cancel_.cancel();  // nobody reads: stop the work
}

void ServeSession::sendError(const std::string* id, const std::string& kind,
                             const std::string& message) {
  send(json{{"id", idJson(id)}, {"type", "error"}, {"kind", kind}, {"message", message}}.dump());
}

void ServeSession::hello() {
  const Environment env = collectEnvironment(registry_);
  json devices = json::array();
  for (const auto& d : env.devices) {
    devices.push_back({{"id", d.id}, {"available", d.available}, {"reason", d.reason}});
  }
  send(json{{"type", "hello"},
            {"protocol", kProtocolVersion},
            {"detbench", kToolVersion},
            {"devices", devices}}
           .dump());
}

void ServeSession::lineTooLong() {
  // Built step by step: GCC 12 at -O3 warns (falsely) on one expression of three temporaries.
  std::string message("a line longer than ");
  message += std::to_string(kMaxLineBytes);
  message += " bytes was dropped";
  sendError(nullptr, "InvalidArgument", message);
}

bool ServeSession::handleLine(const std::string& line) {
  if (line.empty()) return true;
  json msg;
  try {
    msg = json::parse(line);
  } catch (const json::exception&) {
    sendError(nullptr, "InvalidArgument", "not a JSON message");
    return true;
  }
  if (!msg.is_object() || !msg.contains("type") || !msg["type"].is_string()) {
    sendError(nullptr, "InvalidArgument", "a message is an object with a type");
    return true;
  }
  std::string idText;
  const std::string* id = nullptr;
  if (msg.contains("id")) {
    if (!msg["id"].is_number_integer() && !msg["id"].is_string()) {
      sendError(nullptr, "InvalidArgument", "an id is an integer or a string");
      return true;
    }
    idText = msg["id"].dump();
    id = &idText;
  }
  const std::string type = msg["type"].get<std::string>();
  if (type == "bye") {
    finish();
    return false;
  }
  if (type == "env") {
    ReportDocument doc;
    doc.context = collectEnvironment(registry_);
    send(json{{"id", idJson(id)}, {"type", "env"}, {"environment", reportToJson(doc)["context"]}}
             .dump());
    return true;
  }
  if (type == "cancel") {
    if (!id || !running_.load() || runningId_ != *id) {
      sendError(id, "InvalidArgument", "no run with this id is in progress");
    } else {
      cancel_.cancel();
      send(json{{"id", idJson(id)}, {"type", "cancelling"}}.dump());
    }
    return true;
  }
  if (type == "run") {
    if (!id) {
      sendError(nullptr, "InvalidArgument", "a run needs an id");
    } else if (running_.load()) {
      sendError(id, "InvalidArgument", "a run is in progress (one at a time)");
    } else if (!msg.contains("request")) {
      sendError(id, "InvalidArgument", "a run needs a request");
    } else {
      startRun(*id, msg["request"].dump());
    }
    return true;
  }
  sendError(id, "InvalidArgument", "unknown message type " + type);
  return true;
}

void ServeSession::startRun(const std::string& id, const std::string& requestJson) {
  RunRequest request;
  try {
    request = requestFromJson(json::parse(requestJson));
    validateRequest(request);
    opDefinition(request.op);                     // an unknown op: the known ones listed
    TrialRunner(registry_).checkDevice(request);  // a device that is not here
  } catch (const Error& e) {
    sendError(&id, e.kindName(), e.message());
    return;
  } catch (const json::exception& e) {
    sendError(&id, "InvalidArgument", std::string("malformed request: ") + e.what());
    return;
  }
  join();
  cancel_.reset();
  runningId_ = id;
  running_ = true;
  send(json{{"id", json::parse(id)}, {"type", "started"}, {"trials", request.trials}}.dump());
  worker_ = std::thread([this, id, request] {
    const json jid = json::parse(id);
    std::string last;
    try {
      const TrialRunner runner(registry_);
      std::vector<TrialRecord> batch;
      auto lastFlush = std::chrono::steady_clock::now();
      auto flush = [&](int done, int total) {
        if (batch.empty()) return;
        json records = json::array();
        for (const auto& r : batch) records.push_back(recordJson(r));
        send(json{{"id", jid}, {"type", "trials"}, {"records", records}}.dump());
        send(json{{"id", jid}, {"type", "progress"}, {"done", done}, {"total", total}}.dump());
        batch.clear();
        lastFlush = std::chrono::steady_clock::now();
      };
      RunCallbacks callbacks;
      int lastDone = 0;
      int lastTotal = request.trials;
      callbacks.onTrial = [&](const TrialRecord& r, int done, int total) {
        batch.push_back(r);
        lastDone = done;
        lastTotal = total;
        if (batch.size() >= kTrialsPerMessage ||
            std::chrono::steady_clock::now() - lastFlush > std::chrono::milliseconds(100)) {
          flush(done, total);
        }
      };
      RunResult result = runner.run(request, callbacks, &cancel_);
      flush(lastDone, lastTotal);
      ReportDocument doc;
      doc.kind = ReportKind::Run;
      doc.context = collectEnvironment(registry_);
      doc.runs.push_back(std::move(result));
      last = json{{"id", jid}, {"type", "report"}, {"report", reportToJson(doc)}}.dump();
    } catch (const Error& e) {
      last = json{{"id", jid}, {"type", "error"}, {"kind", e.kindName()}, {"message", e.message()}}
                 .dump();
    } catch (const std::exception& e) {
      last =
          json{{"id", jid}, {"type", "error"}, {"kind", "Internal"}, {"message", e.what()}}.dump();
    }
    // Free before the last message goes out: a client that reads the report may start the
    // next run at once (startRun joins this thread, which has only the send left).
    running_ = false;
    send(last);
  });
}

void ServeSession::join() {
  if (worker_.joinable()) worker_.join();
}

void ServeSession::finish() {
  join();
}

}  // namespace detbench::remote
