#include "detbench/remote/RemoteClient.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>

#include "detbench/base/Error.hpp"
#include "detbench/base/Utf8Text.hpp"
#include "detbench/io/JsonFields.hpp"
#include "detbench/remote/ProtocolMessages.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/report/ReportJsonReader.hpp"

namespace detbench::remote {

namespace {

using json = nlohmann::ordered_json;
using std::chrono::milliseconds;

// How often a running run looks at the cancel token while it waits.
constexpr milliseconds kCancelPoll{100};

// The string field `key` of `j`, or `fallback` when it is missing or not a string.
std::string stringOr(const json& j, const char* key, std::string fallback) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

// A text from the remote for a message or the terminal: its control characters dropped, cut at
// 1,000 bytes.
std::string remoteText(const std::string& text) {
  return printable(text.size() <= 1000 ? text : text.substr(0, 1000) + "...");
}

std::string seconds(milliseconds ms) {
  return std::to_string((ms.count() + 999) / 1000) + " s";
}

// What a job's last message holds, read by `read`, or nothing when the job ended without it or
// with one this detbench cannot read: then `why` says so, and the job ends as a lost connection
// would, with what had come.
template <typename T, typename Read>
std::optional<T> readLast(const json& last, const std::string& where, std::string& why,
                          const Read& read) {
  if (last.is_null()) return std::nullopt;
  try {
    return read(last);
  } catch (const std::exception& e) {  // json's exceptions, and InvalidArgument
    why = where + " sent a last message this detbench cannot read (" +
          remoteText(stringOr(last, "type", "")) + "): " + printable(e.what());
    return std::nullopt;
  }
}

// A run whose own report never came: what the request said, and the trials that arrived,
// marked cancelled with a RemoteError saying why.
RunResult incompleteRun(const RunRequest& request, std::vector<TrialRecord> records,
                        const std::string& why) {
  RunResult r;
  r.label = request.label;
  r.settings = request.settings;
  r.seedWasSet = request.settings.seed.has_value();
  r.seed = request.settings.seed.value_or(0);
  r.device = request.device;
  r.op = request.op;
  r.params = request.params;
  r.dataSeed = request.dataSeed;
  r.warmup = request.warmup;
  r.requestedTrials = request.trials;
  r.trials = std::move(records);
  r.summary = summarize(r.trials);
  r.cancelled = true;
  r.errors.push_back({"RemoteError", why, ""});
  return r;
}

// A tensor of --save-io, arriving in pieces.
struct IoPiece {
  std::string role;
  DType dtype = DType::Float32;
  Shape shape;
  std::size_t total = 0;         // what its shape says
  std::vector<std::byte> bytes;  // what has come, grown as it comes
};

// A tensor's size from its shape, or nullopt for a negative dimension or a size past `limit`.
std::optional<std::size_t> tensorBytes(const Shape& shape, DType dtype, std::size_t limit) {
  std::size_t n = dtypeSize(dtype);
  for (const std::int64_t d : shape) {
    if (d < 0) return std::nullopt;
    if (d != 0 && n > limit / static_cast<std::size_t>(d)) return std::nullopt;
    n *= static_cast<std::size_t>(d);
  }
  if (n > limit) return std::nullopt;
  return n;
}

}  // namespace

std::string printable(std::string_view text) {
  return printableText(text);
}

RemoteClient::RemoteClient(std::unique_ptr<ServeConnection> connection, std::string where,
                           RemoteTimeouts timeouts, const CancelToken* cancel)
    : connection_(std::move(connection)),
      where_(std::move(where)),
      timeouts_(timeouts),
      cancel_(cancel) {
  json hello;
  try {
    hello = next(timeouts_.hello, "its hello");
  } catch (const ConnectionEnded& e) {
    DETBENCH_THROW(NotAvailable, "could not start detbench on " + where_ + ": " + e.message());
  }
  if (stringOr(hello, "type", "") != "hello") {
    DETBENCH_THROW(NotAvailable, where_ + " did not start with a detbench hello (got " +
                                     printable(jsonSnippet(hello.value("type", json()))) + ")");
  }
  const json protocol = hello.value("protocol", json());
  remoteVersion_ = printable(stringOr(hello, "detbench", "?").substr(0, 64));
  if (!protocol.is_number_integer() || protocol.get<std::int64_t>() != kProtocolVersion) {
    DETBENCH_THROW(NotAvailable,
                   "detbench " + remoteVersion_ + " on " + where_ + " speaks protocol " +
                       (protocol.is_null() ? std::string("?") : printable(jsonSnippet(protocol))) +
                       ", this detbench " + std::to_string(kProtocolVersion) +
                       ": install the same detbench version on both sides");
  }
  hello_ = std::move(hello);
}

RemoteClient::~RemoteClient() {
  if (connection_) connection_->writeLine(R"({"type":"bye"})");
}

json RemoteClient::next(milliseconds timeout, const char* waitingFor) {
  std::optional<std::string> line;
  try {
    // In slices, so that a cancel ends the wait.
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!line) {
      const auto left =
          std::chrono::duration_cast<milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) break;
      if (cancel_ != nullptr && cancel_->cancelled()) {
        DETBENCH_THROW(NotAvailable, "cancelled while waiting for " + where_);
      }
      line = connection_->readLine(cancel_ != nullptr ? std::min(left, kCancelPoll) : left);
    }
  } catch (const ConnectionEnded& e) {
    // The hello's caller says "could not start"; later, the connection ended.
    if (hello_.is_null()) throw;
    DETBENCH_THROW(NotAvailable, "the connection to " + where_ + " ended (waiting for " +
                                     waitingFor + "): " + e.message());
  }
  if (!line) {
    DETBENCH_THROW(NotAvailable, "no answer from " + where_ + " within " + seconds(timeout) +
                                     " (waiting for " + waitingFor + ")");
  }
  json msg;
  try {
    msg = parseMessage(*line);
  } catch (const InvalidArgument& e) {
    DETBENCH_THROW(NotAvailable,
                   where_ + " sent " + e.message() + " (waiting for " + waitingFor + ")");
  }
  if (msg.is_discarded() || !msg.is_object()) {
    std::string shown = line->substr(0, 120);
    DETBENCH_THROW(NotAvailable, where_ + " sent something that is not a protocol message: '" +
                                     shown + "' (is the remote detbench path right?)");
  }
  return msg;
}

void RemoteClient::raiseRemoteError(const json& message) const {
  const std::string kind = stringOr(message, "kind", "");
  const std::string text = where_ + ": " + remoteText(stringOr(message, "message", "an error"));
  if (kind == "InvalidArgument") DETBENCH_THROW(InvalidArgument, text);
  DETBENCH_THROW(NotAvailable, text);
}

Environment RemoteClient::environment() {
  const int id = nextId_++;
  if (!connection_->writeLine(json{{"id", id}, {"type", "env"}}.dump())) {
    DETBENCH_THROW(NotAvailable, "the connection to " + where_ + " has closed");
  }
  for (;;) {
    const json msg = next(timeouts_.answer, "its environment");
    if (msg.value("id", json()) != json(id)) continue;
    if (stringOr(msg, "type", "") == "error") raiseRemoteError(msg);
    if (stringOr(msg, "type", "") != "env") continue;
    try {
      return environmentFromJson(msg.at("environment"));
    } catch (const json::exception& e) {
      DETBENCH_THROW(NotAvailable, where_ + " sent an environment this detbench cannot read: " +
                                       printable(e.what()));
    }
  }
}

// What a job has received so far.
struct RemoteClient::Job {
  int id = 0;
  int configurations = 1;  // what the request asks for (not what the server says)
  std::int64_t total = 0;  // trials over all configurations
  bool started = false;
  int current = -1;                  // the configuration running (sweeps, invariance runs)
  std::vector<TrialRecord> records;  // of the run, or of the configuration running
  std::int64_t done = 0;
  std::size_t ioBytes = 0;            // all the tensors' bytes, against kMaxIoBytes
  std::map<int, RunResult> finished;  // configurations that finished
  std::map<int, std::int64_t> rows;   // their batch sizes (invariance runs over batch sizes)
  std::map<int, std::string> names;   // each configuration's name, as it started
  std::map<std::string, IoPiece> io;
  std::vector<std::string> ioOrder;
  std::string why;  // set when the job ended without its final message
};

bool RemoteClient::offers(const std::string& what) const {
  if (what == "env" || what == "run") return true;
  const json list = hello_.value("offers", json::array());
  return list.is_array() && std::find(list.begin(), list.end(), json(what)) != list.end();
}

void RemoteClient::require(const std::string& what, const std::string& words) const {
  if (offers(what)) return;
  DETBENCH_THROW(NotAvailable, "detbench " + remoteVersion_ + " on " + where_ + " does not offer " +
                                   words + " (it is older than this one): install the same " +
                                   "detbench version on both sides");
}

json RemoteClient::exchange(Job& job, json message, const std::string& finalType,
                            const RemoteRunCallbacks& callbacks, const CancelToken* cancel) {
  job.id = nextId_++;
  message["id"] = job.id;
  if (!connection_->writeLine(message.dump())) {
    DETBENCH_THROW(NotAvailable, "the connection to " + where_ + " has closed");
  }
  // Until the job has started a failure is a refusal (nothing ran); after, what came is kept.
  const auto progressWords = [&job] {
    return std::to_string(job.done) + " of " + std::to_string(job.total) + " trials";
  };
  // The last message holds every record again (about 120 bytes each in JSON).
  const std::size_t maxLine =
      (std::size_t{64} << 20) +
      static_cast<std::size_t>(std::min<std::int64_t>(job.total, std::int64_t{1} << 26)) * 512;
  bool cancelSent = false;
  auto lastMessage = std::chrono::steady_clock::now();
  for (;;) {
    if (cancel != nullptr && cancel->cancelled() && !cancelSent) {
      connection_->writeLine(json{{"id", job.id}, {"type", "cancel"}}.dump());
      cancelSent = true;
      // Not started yet: nothing ran that is worth waiting for.
      if (!job.started) DETBENCH_THROW(NotAvailable, "cancelled while waiting for " + where_);
    }
    const milliseconds limit = job.started ? timeouts_.silence : timeouts_.answer;
    std::optional<std::string> line;
    try {
      line =
          connection_->readLine(cancel != nullptr ? std::min(kCancelPoll, limit) : limit, maxLine);
    } catch (const ConnectionEnded& e) {
      if (!job.started) {
        DETBENCH_THROW(NotAvailable, "the connection to " + where_ + " ended: " + e.message());
      }
      job.why =
          "the connection to " + where_ + " ended after " + progressWords() + ": " + e.message();
      return json();
    } catch (const NotAvailable& e) {  // a line too long
      if (!job.started) throw;
      connection_->terminate();
      job.why =
          where_ + ": " + e.message() + "; the connection was closed after " + progressWords();
      return json();
    }
    const auto now = std::chrono::steady_clock::now();
    if (!line) {
      if (now - lastMessage < limit) continue;
      connection_->terminate();
      if (!job.started) {
        DETBENCH_THROW(NotAvailable, "no answer from " + where_ + " within " + seconds(limit) +
                                         " (waiting for the run to start)");
      }
      job.why = "no message from " + where_ + " for " + seconds(limit) +
                " during the run; the connection was closed after " + progressWords();
      return json();
    }
    lastMessage = now;
    json msg;
    try {
      msg = parseMessage(*line);
    } catch (const InvalidArgument& e) {
      // Nothing walks it, whatever its id: the server never sends one.
      const std::string why = where_ + " sent " + e.message();
      connection_->terminate();
      if (!job.started) DETBENCH_THROW(NotAvailable, why);
      job.why = why + "; the connection was closed after " + progressWords();
      return json();
    }
    if (msg.is_discarded() || !msg.is_object() || msg.value("id", json()) != json(job.id)) continue;
    const std::string type = stringOr(msg, "type", "");
    // An older server answers a cancel that crossed the job's last message with this error;
    // the last message follows.
    if (type == "error" && cancelSent &&
        stringOr(msg, "message", "") == "no run with this id is in progress") {
      continue;
    }
    if (type == "error") {
      // The job could not be made (the server may have said `started` first): a refusal when
      // no trial came; otherwise the trials are kept.
      if (job.done == 0 && job.finished.empty()) raiseRemoteError(msg);
      job.why = where_ + ": " + remoteText(stringOr(msg, "message", "an error"));
      return json();
    }
    if (type == finalType) return msg;
    // A message the client cannot use is the server's fault: before the start a refusal, after
    // it the end of the job, with what had come.
    try {
      take(job, msg, type, callbacks);
    } catch (const std::exception& e) {  // json's exceptions, and InvalidArgument
      const std::string why = where_ + " sent a message this detbench cannot read (" + type +
                              "): " + printable(e.what());
      connection_->terminate();
      if (!job.started) DETBENCH_THROW(NotAvailable, why);
      job.why = why;
      return json();
    }
  }
}

void RemoteClient::take(Job& job, const json& msg, const std::string& type,
                        const RemoteRunCallbacks& callbacks) {
  const auto configurationIndex = [&](const json& m) {
    const int index = m.at("index").get<int>();
    DETBENCH_CHECK_ARG(
        index >= 0 && index < job.configurations,
        "configuration " + std::to_string(index) + " of " + std::to_string(job.configurations));
    return index;
  };
  if (type == "started") {
    job.started = true;
  } else if (type == "configuration") {
    job.current = configurationIndex(msg);
    const std::string name = remoteText(stringOr(msg, "name", ""));
    job.names[job.current] = name;
    job.records.clear();
    if (callbacks.onConfigurationStarted) callbacks.onConfigurationStarted(job.current, name);
  } else if (type == "configuration_finished") {
    const int index = configurationIndex(msg);
    ReportDocument one = reportFromJson(msg.at("report"));
    DETBENCH_CHECK_ARG(one.runs.size() == 1, "a configuration without its run");
    job.records.clear();
    if (msg.contains("rows")) job.rows[index] = msg.at("rows").get<std::int64_t>();
    auto& kept = job.finished[index] = std::move(one.runs.front());
    // A one-run report carries no label: the configuration's name is its label.
    if (job.names.contains(index)) kept.label = job.names.at(index);
    if (callbacks.onConfigurationFinished) callbacks.onConfigurationFinished(index, kept);
  } else if (type == "trials") {
    for (const auto& r : msg.at("records")) {
      job.records.push_back(recordFromJson(r));
      ++job.done;
      job.total = std::max(job.total, job.done);
      if (callbacks.onTrial) {
        callbacks.onTrial(
            job.records.back(),
            static_cast<int>(std::min<std::int64_t>(job.done, std::numeric_limits<int>::max())),
            static_cast<int>(std::min<std::int64_t>(job.total, std::numeric_limits<int>::max())));
      }
    }
  } else if (type == "progress") {
    if (callbacks.onProgress && msg.contains("what")) {
      callbacks.onProgress(remoteText(stringOr(msg, "what", "")), msg.value("done", 0),
                           msg.value("total", 0));
    }
  } else if (type == "io") {
    IoMessage m = ioFromJson(msg);
    auto [it, isNew] = job.io.try_emplace(m.name);
    IoPiece& piece = it->second;
    if (isNew) {
      DETBENCH_CHECK_ARG(job.io.size() <= 64, "more than 64 tensors");
      job.ioOrder.push_back(m.name);
      piece.role = m.role;
      piece.dtype = m.dtype;
      piece.shape = m.shape;
      const auto size = tensorBytes(piece.shape, piece.dtype, kMaxIoBytes);
      DETBENCH_CHECK_ARG(size && *size == m.bytes,
                         "a tensor whose size does not match its shape, or of more than 16 GiB");
      DETBENCH_CHECK_ARG(job.ioBytes + m.bytes <= kMaxIoBytes,
                         "tensors of more than " + std::to_string(kMaxIoBytes >> 30) + " GiB");
      job.ioBytes += m.bytes;
      piece.total = m.bytes;
    }
    DETBENCH_CHECK_ARG(m.offset == piece.bytes.size() && m.bytes == piece.total &&
                           m.data.size() <= m.bytes - piece.bytes.size(),
                       "a tensor's pieces out of order");
    piece.bytes.insert(piece.bytes.end(), m.data.begin(), m.data.end());
  }
}

namespace {

std::vector<RemoteTensor> takeIo(std::map<std::string, IoPiece>& pieces,
                                 const std::vector<std::string>& order, const std::string& where) {
  std::vector<RemoteTensor> out;
  for (const std::string& name : order) {
    IoPiece& p = pieces.at(name);
    DETBENCH_CHECK_ARG(p.bytes.size() == p.total, where + " sent a tensor in part only");
    RemoteTensor t{name, p.role, HostTensor(p.shape, p.dtype)};
    std::copy(p.bytes.begin(), p.bytes.end(), t.tensor.raw());
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace

ReportDocument RemoteClient::run(const RunRequest& request, const RemoteRunCallbacks& callbacks,
                                 const CancelToken* cancel, std::vector<RemoteTensor>* io) {
  if (io != nullptr) require("save_io", "--save-io");
  const Environment context = environment();
  Job job;
  job.total = request.trials;
  json message{{"type", "run"}, {"request", requestToJson(request)}};
  if (io != nullptr) message["save_io"] = true;
  const json final = exchange(job, std::move(message), "report", callbacks, cancel);
  auto done = readLast<ReportDocument>(
      final, where_, job.why, [](const json& m) { return reportFromJson(m.at("report")); });
  if (!done) {
    ReportDocument doc;
    doc.kind = ReportKind::Run;
    doc.context = context;
    doc.runs.push_back(incompleteRun(request, std::move(job.records), job.why));
    return doc;
  }
  if (io != nullptr) *io = takeIo(job.io, job.ioOrder, where_);
  return std::move(*done);
}

ReportDocument RemoteClient::sweep(const RunRequest& base, const std::vector<SweepConfig>& configs,
                                   const RemoteRunCallbacks& callbacks, const CancelToken* cancel,
                                   std::vector<RemoteTensor>* io) {
  require("sweep", "sweeps");
  if (io != nullptr) require("save_io", "--save-io");
  const Environment context = environment();
  Job job;
  job.configurations = static_cast<int>(configs.size());
  job.total = std::int64_t{base.trials} * job.configurations;
  json message{
      {"type", "sweep"}, {"request", requestToJson(base)}, {"configs", configsToJson(configs)}};
  if (io != nullptr) message["save_io"] = true;
  const json final = exchange(job, std::move(message), "report", callbacks, cancel);
  auto done = readLast<ReportDocument>(
      final, where_, job.why, [](const json& m) { return reportFromJson(m.at("report")); });
  if (!done) {
    // The configurations that finished, then the one that was running with its trials.
    ReportDocument doc;
    doc.kind = ReportKind::Sweep;
    doc.context = context;
    for (auto& [index, run] : job.finished) doc.runs.push_back(std::move(run));
    // The configuration that was running, or the next one to run, with what it had done;
    // after the last, the error goes with the last run.
    int next = job.current >= 0 && !job.finished.contains(job.current) ? job.current
               : job.finished.empty()                                  ? 0
                                      : job.finished.rbegin()->first + 1;
    if (next < job.configurations) {
      RunRequest request = base;
      request.settings = configs[static_cast<std::size_t>(next)].settings;
      request.label = configs[static_cast<std::size_t>(next)].name;
      doc.runs.push_back(incompleteRun(request, std::move(job.records), job.why));
    } else {
      doc.runs.back().cancelled = true;
      doc.runs.back().errors.push_back({"RemoteError", job.why, ""});
    }
    return doc;
  }
  if (io != nullptr) *io = takeIo(job.io, job.ioOrder, where_);
  return std::move(*done);
}

InvarianceDocument RemoteClient::invariance(const RunRequest& base, const InvariancePlan& plan,
                                            const RemoteRunCallbacks& callbacks,
                                            const CancelToken* cancel) {
  require("invariance", "invariance runs");
  const Environment context = environment();
  Job job;
  job.configurations = invarianceConfigurations(base, plan);
  job.total = std::int64_t{base.trials} * job.configurations;
  json message{
      {"type", "invariance"}, {"request", requestToJson(base)}, {"plan", planToJson(plan)}};
  std::vector<std::string> labels;
  RemoteRunCallbacks own = callbacks;
  labels.resize(static_cast<std::size_t>(job.configurations));
  // The index is one of the plan's configurations (exchange checks it).
  own.onConfigurationStarted = [&labels, &callbacks](int index, const std::string& label) {
    labels[static_cast<std::size_t>(index)] = label;
    if (callbacks.onConfigurationStarted) callbacks.onConfigurationStarted(index, label);
  };
  const json final = exchange(job, std::move(message), "invariance", own, cancel);
  if (auto done = readLast<InvarianceDocument>(final, where_, job.why, [](const json& m) {
        return invarianceFromJson(m.at("invariance"));
      })) {
    return std::move(*done);
  }
  // The runs that finished, and the one that was running: not compared (the outputs stayed
  // there), the result incomplete.
  InvarianceDocument doc;
  doc.context = context;
  doc.result.axis = plan.axis;
  doc.result.cancelled = true;
  const auto labelOf = [&labels](int index) {
    return index >= 0 && static_cast<std::size_t>(index) < labels.size()
               ? labels[static_cast<std::size_t>(index)]
               : std::string("?");
  };
  for (auto& [index, run] : job.finished) {
    InvariancePoint p;
    p.label = labelOf(index);
    p.rows = job.rows.contains(index) ? job.rows.at(index) : 0;
    p.run = std::move(run);
    doc.result.points.push_back(std::move(p));
  }
  // The configuration that was running with what it had done; between configurations, or
  // after the last, the error goes with the last run.
  if (job.current >= 0 && !job.finished.contains(job.current)) {
    InvariancePoint last;
    last.label = labelOf(job.current);
    RunRequest request = base;
    request.label = last.label;
    last.run = incompleteRun(request, std::move(job.records), job.why);
    doc.result.points.push_back(std::move(last));
  } else if (!doc.result.points.empty()) {
    doc.result.points.back().run.errors.push_back({"RemoteError", job.why, ""});
  } else {
    InvariancePoint none;
    none.label = "-";
    none.run = incompleteRun(base, {}, job.why);
    doc.result.points.push_back(std::move(none));
  }
  return doc;
}

RemoteDemo RemoteClient::demo(const std::string& name, const std::string& language,
                              const std::function<void(const std::string&, int, int)>& progress,
                              const CancelToken* cancel) {
  require("demo", "demos");
  Job job;
  RemoteRunCallbacks callbacks;
  callbacks.onProgress = progress;
  const json final = exchange(job, json{{"type", "demo"}, {"name", name}, {"language", language}},
                              "demo", callbacks, cancel);
  auto last = readLast<DemoMessage>(final, where_, job.why, demoFromJson);
  if (!last) DETBENCH_THROW(NotAvailable, job.why);
  DemoMessage& m = *last;
  RemoteDemo d;
  d.asExpected = m.asExpected;
  d.cancelled = m.cancelled;
  d.text = printable(m.text);
  d.report = std::move(m.report);
  d.markdown = std::move(m.markdown);
  return d;
}

}  // namespace detbench::remote
