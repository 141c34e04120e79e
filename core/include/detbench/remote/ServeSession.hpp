#pragma once
// `detbench serve --stdio`: the engine as a service, one JSON message a line each way, so a
// workbench can drive it over a pipe (OpenSSH's, for a remote host). Protocol version 1
// (docs/REMOTE-PROTOCOL.md):
//   out at start   {"type":"hello","protocol":1,"detbench":VERSION,"devices":[...]}
//   in             {"id":N,"type":"env"}                    ->
//   {"id":N,"type":"env","environment":{...}}
//                  {"id":N,"type":"run","request":{...}}    -> "started", "trials" (batches of
//                      records), "progress", then "report" (the report a local run writes)
//                  {"id":N,"type":"sweep","request":{...},"configs":[...]}  -> "started", then
//                      per configuration "configuration", "trials", "configuration_finished";
//                      "report" (a sweep report)
//                  {"id":N,"type":"invariance","request":{...},"plan":{...}}  -> the same, then
//                      "invariance" (the invariance JSON)
//                  {"id":N,"type":"demo","name":NAME,"language":"en"}  -> "started",
//                      "progress" (with "what"), then "demo" (its text, JSON and Markdown)
//                  run and sweep take "save_io":true -> "io" messages (inputs, trial 0's output,
//                      base64) before the report
//                  {"id":N,"type":"cancel"}                 -> the run N stops before its next
//                  trial
//                  {"type":"bye"}                           -> the session ends (after the run)
// At the end of input the run in progress completes; if the output cannot be written (the peer
// has gone), the run is cancelled.
//   out on errors  {"id":N or null,"type":"error","kind":KIND,"message":TEXT}
// Only the workbench's own requests: nothing in the protocol runs a command or reads or writes
// a file. One run at a time; a line that is not a message, or longer than kMaxLineBytes, is
// answered with an error and skipped.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/remote/ProtocolMessages.hpp"
#include "detbench/run/CancelToken.hpp"
#include "detbench/run/Invariance.hpp"
#include "detbench/run/Sweep.hpp"

namespace detbench::remote {

// Host memory one recorded trial costs the server, at most (measured: docs/REPORT-FORMAT.md,
// "Limits"): its record, its part of a "trials" message, and of the last message (a run's or
// sweep's report rendered a trial at a time; an invariance run's JSON built as a document).
inline constexpr std::int64_t kServeBytesPerTrial = 1024;
inline constexpr std::int64_t kServeInvarianceBytesPerTrial = kInvarianceBytesPerTrial;

class ServeSession {
 public:
  // `writeLine` receives each outgoing message, without its newline, and says whether it could
  // be written; calls are serialised.
  ServeSession(const BackendRegistry& registry, std::function<bool(const std::string&)> writeLine);
  ~ServeSession();  // cancels a run in progress and waits for it

  void hello();
  // One incoming line (its newline removed). Returns false once the session is over (bye).
  bool handleLine(const std::string& line);
  // The end of input: waits for the run in progress.
  void finish();
  // A line longer than kMaxLineBytes was dropped.
  void lineTooLong();

  bool busy() const { return running_.load(); }

 private:
  void send(const std::string& text);
  void sendError(const std::string* id, const std::string& kind, const std::string& message);
  // A run, sweep or invariance request, parsed and checked before it is started.
  struct Job {
    std::string kind;  // "run", "sweep", "invariance"
    RunRequest request;
    std::vector<SweepConfig> configs;
    InvariancePlan plan;
    bool saveIo = false;
    int configurations = 1;
    std::string demo;             // a demo: the scenario's name
    std::string language = "en";  // and the language of its texts
  };
  void startJob(const std::string& id, const nlohmann::ordered_json& msg);
  // A run, sweep or invariance run's request and plan checked against this machine.
  void checkJob(const std::string& id, Job& job);
  // Starts the job on the worker (after the one before has ended).
  void launch(const std::string& id, Job job);
  // On the worker: runs a teaching scenario; returns its "demo" message.
  std::string runDemo(const nlohmann::ordered_json& id, const Job& job);
  // On the worker: runs the job, streaming its messages; returns the last one.
  std::string runJob(const nlohmann::ordered_json& id, const Job& job);
  void join();

  const BackendRegistry& registry_;
  std::function<bool(const std::string&)> writeLine_;
  std::mutex writeMutex_;
  std::thread worker_;
  std::atomic<bool> running_{false};
  std::string runningId_;  // touched by the reader thread only
  CancelToken cancel_;
};

}  // namespace detbench::remote
