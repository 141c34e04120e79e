#include "detbench/remote/RemoteClient.hpp"

#include <algorithm>

#include "detbench/Error.hpp"
#include "detbench/Format.hpp"
#include "detbench/ReportJsonReader.hpp"
#include "detbench/SettingsJson.hpp"
#include "detbench/remote/ServeSession.hpp"

namespace detbench::remote {

namespace {

using json = nlohmann::ordered_json;
using std::chrono::milliseconds;

// How often a running run looks at the cancel token while it waits.
constexpr milliseconds kCancelPoll{100};

std::string seconds(milliseconds ms) {
  return std::to_string((ms.count() + 999) / 1000) + " s";
}

TrialRecord recordFromJson(const json& r) {
  TrialRecord t;
  t.index = r.at("index").get<int>();
  t.timeNs = r.at("time_ns").get<std::int64_t>();
  DETBENCH_CHECK_ARG(parseDigest(r.at("digest").get<std::string>(), t.digest),
                     "a malformed digest in a trial record");
  const json& diff = r.at("max_abs_diff");
  t.maxAbsDiff = diff.is_number() ? diff.get<double>() : 0.0;
  t.maxUlp = r.at("max_ulp").get<std::uint64_t>();
  t.nDiff = r.at("n_diff").get<std::int64_t>();
  return t;
}

// The report of a run whose own report never came: what the request said, and the trials that
// arrived.
ReportDocument incompleteReport(const RunRequest& request, const Environment& context,
                                std::vector<TrialRecord> records, int total,
                                const std::string& why) {
  ReportDocument doc;
  doc.kind = ReportKind::Run;
  doc.context = context;
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
  r.requestedTrials = total > 0 ? total : request.trials;
  r.trials = std::move(records);
  r.summary = summarize(r.trials);
  r.cancelled = true;
  r.errors.push_back({"RemoteError", why, ""});
  doc.runs.push_back(std::move(r));
  return doc;
}

}  // namespace

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
  if (hello.value("type", "") != "hello") {
    DETBENCH_THROW(NotAvailable, where_ + " did not start with a detbench hello (got '" +
                                     hello.dump().substr(0, 120) + "')");
  }
  const json protocol = hello.value("protocol", json());
  remoteVersion_ = hello.value("detbench", "?");
  if (!protocol.is_number_integer() || protocol.get<int>() != kProtocolVersion) {
    DETBENCH_THROW(NotAvailable, "detbench " + remoteVersion_ + " on " + where_ +
                                     " speaks protocol " +
                                     (protocol.is_null() ? std::string("?") : protocol.dump()) +
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
  json msg = json::parse(*line, nullptr, false);
  if (msg.is_discarded() || !msg.is_object()) {
    std::string shown = line->substr(0, 120);
    DETBENCH_THROW(NotAvailable, where_ + " sent something that is not a protocol message: '" +
                                     shown + "' (is the remote detbench path right?)");
  }
  return msg;
}

void RemoteClient::raiseRemoteError(const json& message) const {
  const std::string kind = message.value("kind", "");
  const std::string text = where_ + ": " + message.value("message", std::string("an error"));
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
    if (msg.value("type", "") == "error") raiseRemoteError(msg);
    if (msg.value("type", "") == "env") return environmentFromJson(msg.at("environment"));
  }
}

ReportDocument RemoteClient::run(const RunRequest& request, const RemoteRunCallbacks& callbacks,
                                 const CancelToken* cancel) {
  const Environment context = environment();
  const int id = nextId_++;
  if (!connection_->writeLine(
          json{{"id", id}, {"type", "run"}, {"request", requestToJson(request)}}.dump())) {
    DETBENCH_THROW(NotAvailable, "the connection to " + where_ + " has closed");
  }
  // Until a trial has come a failure is a refusal (nothing ran); after one, the trials are
  // kept.
  bool started = false;
  int total = request.trials;
  std::vector<TrialRecord> records;
  bool cancelSent = false;
  auto lastMessage = std::chrono::steady_clock::now();
  for (;;) {
    if (cancel != nullptr && cancel->cancelled() && started && !cancelSent) {
      connection_->writeLine(json{{"id", id}, {"type", "cancel"}}.dump());
      cancelSent = true;
    }
    const milliseconds limit = started ? timeouts_.silence : timeouts_.answer;
    std::optional<std::string> line;
    try {
      line = connection_->readLine(cancel != nullptr ? std::min(kCancelPoll, limit) : limit);
    } catch (const ConnectionEnded& e) {
      if (!started) {
        DETBENCH_THROW(NotAvailable, "the connection to " + where_ + " ended: " + e.message());
      }
      const std::string why = "the connection to " + where_ + " ended after " +
                              std::to_string(records.size()) + " of " + std::to_string(total) +
                              " trials: " + e.message();
      return incompleteReport(request, context, std::move(records), total, why);
    }
    const auto now = std::chrono::steady_clock::now();
    if (!line) {
      if (now - lastMessage < limit) continue;
      connection_->terminate();
      if (!started) {
        DETBENCH_THROW(NotAvailable, "no answer from " + where_ + " within " + seconds(limit) +
                                         " (waiting for the run to start)");
      }
      const std::string why = "no message from " + where_ + " for " + seconds(limit) +
                              " during the run; the connection was closed after " +
                              std::to_string(records.size()) + " of " + std::to_string(total) +
                              " trials";
      return incompleteReport(request, context, std::move(records), total, why);
    }
    lastMessage = now;
    json msg = json::parse(*line, nullptr, false);
    if (msg.is_discarded() || !msg.is_object() || msg.value("id", json()) != json(id)) continue;
    const std::string type = msg.value("type", "");
    if (type == "error") {
      // The run could not be made (the server may have said `started` first): a refusal when
      // no trial came; otherwise the trials are kept.
      if (records.empty()) raiseRemoteError(msg);
      const std::string why = where_ + ": " + msg.value("message", std::string("an error"));
      return incompleteReport(request, context, std::move(records), total, why);
    }
    if (type == "started") {
      started = true;
      total = msg.value("trials", request.trials);
    } else if (type == "trials") {
      for (const auto& r : msg.at("records")) {
        records.push_back(recordFromJson(r));
        if (callbacks.onTrial) {
          callbacks.onTrial(records.back(), static_cast<int>(records.size()), total);
        }
      }
    } else if (type == "report") {
      return reportFromJson(msg.at("report"));
    }
  }
}

}  // namespace detbench::remote
