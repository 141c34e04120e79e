#include "detbench/remote/ServeSession.hpp"

#include <chrono>
#include <nlohmann/json.hpp>
#include <vector>

#include "detbench/base/BuildInfo.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/demo/ScenarioReport.hpp"
#include "detbench/demo/ScenarioRunner.hpp"
#include "detbench/demo/ScenarioText.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/remote/ProtocolMessages.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/report/InvarianceJson.hpp"
#include "detbench/report/ReportJson.hpp"
#include "detbench/run/HostMemory.hpp"
#include "detbench/run/Invariance.hpp"
#include "detbench/run/Sweep.hpp"
#include "detbench/run/TrialRunner.hpp"

namespace detbench::remote {

namespace {

using json = nlohmann::ordered_json;

json idJson(const std::string* id) {
  return id ? json::parse(*id) : json();
}

// Trial records on their way out: in batches of at most kTrialsPerMessage, at least every
// 100 ms while trials finish, each batch followed by the progress over the whole job.
class TrialStream {
 public:
  TrialStream(std::function<void(const std::string&)> send, json id, std::int64_t total)
      : send_(std::move(send)), id_(std::move(id)), total_(total) {}

  // The configuration the next records belong to (sweeps and invariance runs).
  void configuration(int index) {
    flush();
    config_ = index;
  }
  void add(const TrialRecord& r) {
    batch_.push_back(r);
    ++done_;
    if (batch_.size() >= kTrialsPerMessage ||
        std::chrono::steady_clock::now() - lastFlush_ > std::chrono::milliseconds(100)) {
      flush();
    }
  }
  void flush() {
    if (batch_.empty()) return;
    json records = json::array();
    for (const auto& r : batch_) records.push_back(recordToJson(r));
    json msg{{"id", id_}, {"type", "trials"}};
    if (config_ >= 0) msg["config"] = config_;
    msg["records"] = std::move(records);
    send_(msg.dump());
    // An invariance run's extra runs (rows among others) may pass the planned total.
    send_(
        json{{"id", id_}, {"type", "progress"}, {"done", done_}, {"total", std::max(total_, done_)}}
            .dump());
    batch_.clear();
    lastFlush_ = std::chrono::steady_clock::now();
  }

 private:
  std::function<void(const std::string&)> send_;
  json id_;
  std::int64_t total_;
  std::int64_t done_ = 0;
  int config_ = -1;
  std::vector<TrialRecord> batch_;
  std::chrono::steady_clock::time_point lastFlush_ = std::chrono::steady_clock::now();
};

// One tensor for --save-io, in "io" messages of at most kIoChunkBytes of data each.
void sendTensor(const std::function<void(const std::string&)>& send, const json& id,
                const std::string& name, const char* role, const HostTensor& t) {
  std::size_t offset = 0;
  do {
    send(ioToJson(id, name, role, t, offset).dump());
    offset += std::min(kIoChunkBytes, t.bytes() - offset);
  } while (offset < t.bytes());
}

// The inputs, each by its name, and trial 0's output as NAME_trial0: what --save-io writes.
void sendIo(const std::function<void(const std::string&)>& send, const json& id,
            const OpInputs& inputs, const HostTensor& firstOutput) {
  for (std::size_t i = 0; i < inputs.tensors.size(); ++i) {
    sendTensor(send, id, inputs.specs[i].name, "input", inputs.tensors[i]);
  }
  sendTensor(send, id, inputs.output.name + "_trial0", "output", firstOutput);
}

// A one-run report: how a finished configuration of a sweep or invariance run goes out.
json oneRunReport(const RunResult& r, const Environment& context) {
  ReportDocument doc;
  doc.kind = ReportKind::Run;
  doc.context = context;
  doc.runs.push_back(r);
  return reportToJson(doc);
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
  // At most 2 KiB of message (it may name what it refuses), cut at a character's start; a byte
  // that is not UTF-8 is replaced rather than refused by dump().
  constexpr std::size_t kMost = 2048;
  std::string text = message;
  if (text.size() > kMost) {
    std::size_t cut = kMost;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    text.resize(cut);
    text += "...";
  }
  send(errorToJson(idJson(id), kind, text).dump(-1, ' ', false, json::error_handler_t::replace));
}

void ServeSession::hello() {
  registry_.loadAll();  // the torch devices too: the client lists what this machine offers
  const Environment env = collectEnvironment(registry_);
  json devices = json::array();
  for (const auto& d : env.devices) {
    devices.push_back({{"id", d.id}, {"available", d.available}, {"reason", d.reason}});
  }
  send(json{{"type", "hello"},
            {"protocol", kProtocolVersion},
            {"detbench", kToolVersion},
            {"devices", devices},
            {"offers", {"env", "run", "sweep", "invariance", "save_io", "demo", "cancel"}}}
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
    msg = parseMessage(line);
  } catch (const Error& e) {
    sendError(nullptr, e.kindName(), e.message());
    return true;
  }
  if (msg.is_discarded()) {
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
    // The last job started, running or just finished: a cancel that crosses its last message
    // is answered as any other (the job's own last message says whether it was cancelled).
    if (!id || runningId_ != *id) {
      sendError(id, "InvalidArgument", "no run with this id is in progress");
    } else {
      cancel_.cancel();
      send(json{{"id", idJson(id)}, {"type", "cancelling"}}.dump());
    }
    return true;
  }
  if (type == "run" || type == "sweep" || type == "invariance" || type == "demo") {
    if (!id) {
      sendError(nullptr, "InvalidArgument", "a " + type + " needs an id");
    } else if (running_.load()) {
      sendError(id, "InvalidArgument", "a run is in progress (one at a time)");
    } else if (type != "demo" && !msg.contains("request")) {
      sendError(id, "InvalidArgument", "a " + type + " needs a request");
    } else {
      startJob(*id, msg);
    }
    return true;
  }
  sendError(id, "InvalidArgument", "unknown message type " + type);
  return true;
}

void ServeSession::startJob(const std::string& id, const json& msg) {
  Job job;
  try {
    job.kind = msg.at("type").get<std::string>();
    for (const auto& [key, value] : msg.items()) {
      if (key == "id" || key == "type" || (key == "request" && job.kind != "demo")) continue;
      if (job.kind == "demo" && key == "name") {
        job.demo = value.get<std::string>();
      } else if (job.kind == "demo" && key == "language") {
        job.language = value.get<std::string>();
      } else if (key == "save_io" && job.kind != "invariance" && job.kind != "demo") {
        job.saveIo = value.get<bool>();
      } else if (key == "configs" && job.kind == "sweep") {
        job.configs = configsFromJson(value);
      } else if (key == "plan" && job.kind == "invariance") {
        job.plan = planFromJson(value);
      } else {
        DETBENCH_THROW(InvalidArgument, "unknown " + job.kind + " field " + key);
      }
    }
    if (job.kind == "demo") {
      DETBENCH_CHECK_ARG(demo::findScenario(job.demo) != nullptr, "unknown demo " + job.demo);
      DETBENCH_CHECK_ARG(job.language == "en" || job.language == "zh_CN",
                         "unknown language " + job.language + " (en, zh_CN)");
    } else {
      DETBENCH_CHECK_ARG(job.kind != "invariance" || msg.contains("plan"),
                         "an invariance run needs its plan");
      job.request = requestFromJson(msg.at("request"));
    }
  } catch (const Error& e) {
    sendError(&id, e.kindName(), e.message());
    return;
  } catch (const json::exception& e) {
    sendError(&id, "InvalidArgument", std::string("malformed request: ") + e.what());
    return;
  }
  if (job.kind == "demo") {
    launch(id, std::move(job));
  } else {
    checkJob(id, job);
  }
}

void ServeSession::checkJob(const std::string& id, Job& job) {
  try {
    validateRequest(job.request);
    const OpDefinition& op = opDefinition(job.request.op);  // an unknown op: the known ones listed
    if (job.kind == "sweep") {
      DETBENCH_CHECK_ARG(!job.configs.empty(), "a sweep needs its configs");
      job.configurations = static_cast<int>(job.configs.size());
    } else if (job.kind == "invariance") {
      validateInvariancePlan(job.request, job.plan);
      job.configurations = invarianceConfigurations(job.request, job.plan);
    }
    // A device that is not here (an invariance run over devices names its own).
    if (!(job.kind == "invariance" && job.plan.axis == InvarianceAxis::Devices)) {
      TrialRunner(registry_).checkDevice(job.request);
    }
    // What the device cannot do with these settings (on a torch device, what only detbench's
    // kernels have): refused before `started`, as the protocol says.
    if (job.kind == "run") {
      registry_.get(job.request.device)
          .checkRequest(op, resolveParams(job.request.op, op.params(), job.request.params),
                        job.request.settings);
    }
    // The memory this process can have, and what a trial costs it: every configuration's
    // records and the inputs, admitted before `started` (the runner checks again as it
    // prepares).
    job.request.memoryLimitBytes = availableMemoryBytes();
    job.request.bytesPerTrial =
        job.kind == "invariance" ? kServeInvarianceBytesPerTrial : kServeBytesPerTrial;
    admitHostMemory(job.request, resolveParams(job.request.op, op.params(), job.request.params),
                    job.configurations);
  } catch (const Error& e) {
    sendError(&id, e.kindName(), e.message());
    return;
  }
  launch(id, std::move(job));
}

void ServeSession::launch(const std::string& id, Job job) {
  join();
  cancel_.reset();
  runningId_ = id;
  running_ = true;
  json started{{"id", json::parse(id)}, {"type", "started"}};
  if (job.kind != "demo") {
    started["trials"] = job.request.trials;
    started["configurations"] = job.configurations;
  }
  send(started.dump());
  worker_ = std::thread([this, id, job = std::move(job)] {
    const json jid = json::parse(id);
    std::string last;
    try {
      last = job.kind == "demo" ? runDemo(jid, job) : runJob(jid, job);
    } catch (const Error& e) {
      last = errorToJson(jid, e.kindName(), e.message()).dump();
    } catch (const std::bad_alloc&) {
      last = errorToJson(jid, "NotAvailable", "out of memory").dump();
    } catch (const std::exception& e) {
      last = errorToJson(jid, "Internal", e.what()).dump();
    }
    // Free before the last message goes out: a client that reads the report may start the
    // next run at once (startJob joins this thread, which has only the send left).
    running_ = false;
    send(last);
  });
}

std::string ServeSession::runJob(const json& jid, const Job& job) {
  const TrialRunner runner(registry_);
  const auto sendLine = [this](const std::string& text) { send(text); };
  TrialStream stream(sendLine, jid, std::int64_t{job.configurations} * job.request.trials);
  const Environment context = collectEnvironment(registry_);
  // Trial 0's output of the first trial set that ran without an error (as a local --save-io).
  std::optional<HostTensor> first;
  std::optional<HostTensor> candidate;
  RunCallbacks trial;
  trial.onTrial = [&stream](const TrialRecord& r, int, int) { stream.add(r); };
  if (job.saveIo) {
    trial.onFirstOutput = [&](const HostTensor& t) {
      if (!first) candidate = t.clone();
    };
  }
  const auto settle = [&](const RunResult& r) {
    if (candidate && !r.failed() && !first) first = std::move(candidate);
    candidate.reset();
  };
  const auto configurationStarted = [&](int index, const std::string& name) {
    stream.configuration(index);
    send(json{{"id", jid}, {"type", "configuration"}, {"index", index}, {"name", name}}.dump());
  };
  // `rows`: an invariance run's batch size (0 elsewhere).
  const auto configurationFinished = [&](int index, const RunResult& r, std::int64_t rows) {
    stream.flush();
    json msg{{"id", jid}, {"type", "configuration_finished"}, {"index", index}};
    if (rows > 0) msg["rows"] = rows;
    msg["report"] = oneRunReport(r, context);
    send(msg.dump());
  };

  if (job.kind == "invariance") {
    InvarianceCallbacks callbacks;
    callbacks.onPointStarted = configurationStarted;
    callbacks.trial.onTrial = trial.onTrial;
    callbacks.onPointFinished = [&](int index, const InvariancePoint& p) {
      configurationFinished(index, p.run, p.rows);
    };
    const InvarianceResult result =
        runInvariance(runner, job.request, job.plan, callbacks, &cancel_);
    stream.flush();
    return json{
        {"id", jid}, {"type", "invariance"}, {"invariance", invarianceToJson(result, context)}}
        .dump();
  }

  ReportDocument doc;
  doc.context = context;
  if (job.kind == "sweep") {
    const PreparedInputs prepared = runner.prepare(job.request, job.configurations);
    SweepCallbacks callbacks;
    callbacks.onConfigurationStarted = [&](int index, const SweepConfig& c) {
      configurationStarted(index, c.name);
    };
    callbacks.trial = trial;
    callbacks.onConfigurationFinished = [&](int index, const RunResult& r) {
      settle(r);
      configurationFinished(index, r, 0);
    };
    doc.kind = ReportKind::Sweep;
    doc.runs = runSweep(runner, job.request, prepared, job.configs, callbacks, &cancel_).runs;
    stream.flush();
    if (first) sendIo(sendLine, jid, prepared.inputs, *first);
  } else {
    const PreparedInputs prepared = runner.prepare(job.request);
    doc.kind = ReportKind::Run;
    doc.runs.push_back(runner.run(job.request, prepared, trial, &cancel_));
    stream.flush();
    settle(doc.runs.front());
    if (first) sendIo(sendLine, jid, prepared.inputs, *first);
  }
  // The report rendered a trial at a time into the line, not held as a document first.
  std::string message = json{{"id", jid}, {"type", "report"}, {"report", nullptr}}.dump();
  message.resize(message.size() - std::string_view("null}").size());
  return message + reportJsonLine(doc) + "}";
}

std::string ServeSession::runDemo(const json& jid, const Job& job) {
  const demo::Scenario& scenario = *demo::findScenario(job.demo);
  const demo::ScenarioOutcome outcome = demo::runScenario(
      scenario, registry_,
      [this, &jid](const std::string& what, int done, int total) {
        send(json{
            {"id", jid}, {"type", "progress"}, {"done", done}, {"total", total}, {"what", what}}
                 .dump());
      },
      &cancel_);
  DemoMessage d;
  d.name = scenario.name;
  d.asExpected = outcome.asExpected();
  d.cancelled = outcome.cancelled;
  d.text = demo::scenarioOutcomeText(scenario, outcome, job.language);
  d.report = demo::scenarioReportJson(scenario, outcome);
  d.markdown = demo::scenarioReportMarkdown(scenario, outcome, job.language);
  return demoToJson(jid, d).dump();
}

void ServeSession::join() {
  if (worker_.joinable()) worker_.join();
}

void ServeSession::finish() {
  join();
}

}  // namespace detbench::remote
