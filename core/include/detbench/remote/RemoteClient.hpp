#pragma once
// The client side of the serve protocol (docs/REMOTE-PROTOCOL.md) over a ServeConnection:
// waits for the hello and checks its protocol version, asks for the remote environment, and
// runs a request, streaming its trial records back. Every wait has a limit: the hello (which
// covers ssh's connection and login), each answer, and the silence allowed during a run (the
// server sends at least every 100 ms while trials finish; one trial may take longer).
//
// A run that ends without its report (the connection dropped, the remote crashed, the peer went
// silent) still comes back: the trials that arrived, in a report built here and marked
// incomplete (cancelled, with a RemoteError that says what happened). The same holds for sweeps
// (the configurations that finished, and the trials of the one that was running) and for
// invariance runs (their runs, not compared: the comparison is made where the outputs are).

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "detbench/remote/ProtocolMessages.hpp"
#include "detbench/remote/ServeConnection.hpp"
#include "detbench/report/InvarianceJsonReader.hpp"
#include "detbench/report/Report.hpp"
#include "detbench/run/CancelToken.hpp"
#include "detbench/run/Sweep.hpp"
#include "detbench/run/TrialRunner.hpp"

namespace detbench::remote {

struct RemoteTimeouts {
  std::chrono::milliseconds hello{60000};     // from start to the hello (ssh's login included)
  std::chrono::milliseconds answer{60000};    // an env answer, or a run's `started`
  std::chrono::milliseconds silence{300000};  // between two messages of a running run
};

struct RemoteRunCallbacks {
  // Each trial record as it arrives, with the count done and the total (over all
  // configurations of a sweep or invariance run).
  std::function<void(const TrialRecord&, int done, int total)> onTrial;
  // Sweeps and invariance runs: a configuration starts (its index and name or label); the
  // records that follow are its own. Then it has finished, with its result.
  std::function<void(int, const std::string&)> onConfigurationStarted;
  std::function<void(int, const RunResult&)> onConfigurationFinished;
  // Demos: the step running now, steps done and steps in all.
  std::function<void(const std::string&, int, int)> onProgress;
};

// A tensor a remote run sent back for --save-io: an input by its name, or trial 0's output as
// NAME_trial0 (a name of letters, digits and '_' only, so it can name a file).
struct RemoteTensor {
  std::string name;
  std::string role;  // "input" or "output"
  HostTensor tensor;
};

// A teaching scenario run on the remote host: what it showed, as text in the language asked,
// and its reports (the JSON of docs/REPORT-FORMAT.md's demos, and Markdown).
struct RemoteDemo {
  bool asExpected = false;
  bool cancelled = false;
  std::string text;
  nlohmann::ordered_json report;
  std::string markdown;
};

class RemoteClient {
 public:
  // Waits for the hello. `where` names the peer in messages ("user@host"). Raises NotAvailable
  // when none comes in time, when the connection ends first (with ssh's own message), or when
  // the peer speaks another protocol version.
  // `cancel`, when given, ends the waits for the hello and for answers within 100 ms
  // (NotAvailable "cancelled"); it must outlive the client.
  RemoteClient(std::unique_ptr<ServeConnection> connection, std::string where,
               RemoteTimeouts timeouts = {}, const CancelToken* cancel = nullptr);
  ~RemoteClient();  // says bye

  const nlohmann::ordered_json& hello() const { return hello_; }
  const std::string& remoteVersion() const { return remoteVersion_; }
  // The remote environment (a report's context).
  Environment environment();
  // What the remote offers beyond env and run ("sweep", "invariance", "save_io"): a
  // detbench older than this one offers neither.
  bool offers(const std::string& what) const;

  // Runs `request` remotely. A request the remote refuses raises its error (InvalidArgument, or
  // NotAvailable for the rest); a run that ends without its report comes back incomplete.
  // With `io`, the remote also sends the inputs and trial 0's output (--save-io), unless no
  // trial produced one.
  ReportDocument run(const RunRequest& request, const RemoteRunCallbacks& callbacks = {},
                     const CancelToken* cancel = nullptr, std::vector<RemoteTensor>* io = nullptr);
  // The configurations on the same inputs, remotely: a sweep report as a local sweep writes it.
  ReportDocument sweep(const RunRequest& base, const std::vector<SweepConfig>& configs,
                       const RemoteRunCallbacks& callbacks = {},
                       const CancelToken* cancel = nullptr,
                       std::vector<RemoteTensor>* io = nullptr);
  // An invariance run, remotely (its devices, thread counts or batch sizes are the remote's).
  InvarianceDocument invariance(const RunRequest& base, const InvariancePlan& plan,
                                const RemoteRunCallbacks& callbacks = {},
                                const CancelToken* cancel = nullptr);
  // A teaching scenario, remotely (on its GPU where it has one). `progress` gets what runs now,
  // steps done and steps in all. A connection lost before the end raises NotAvailable (a demo's
  // steps are not kept).
  RemoteDemo demo(const std::string& name, const std::string& language,
                  const std::function<void(const std::string&, int, int)>& progress = {},
                  const CancelToken* cancel = nullptr);

 private:
  struct Job;
  nlohmann::ordered_json next(std::chrono::milliseconds timeout, const char* waitingFor);
  [[noreturn]] void raiseRemoteError(const nlohmann::ordered_json& message) const;
  void require(const std::string& what, const std::string& words) const;
  // Sends the job's message and reads its answers until `finalType`; that message, or null
  // when the job ended without it (job.why says how).
  nlohmann::ordered_json exchange(Job& job, nlohmann::ordered_json message,
                                  const std::string& finalType, const RemoteRunCallbacks& callbacks,
                                  const CancelToken* cancel);
  // One message of a running job; raises (json's exceptions, InvalidArgument) for one that
  // cannot be used.
  void take(Job& job, const nlohmann::ordered_json& msg, const std::string& type,
            const RemoteRunCallbacks& callbacks);

  std::unique_ptr<ServeConnection> connection_;
  std::string where_;
  RemoteTimeouts timeouts_;
  const CancelToken* cancel_;
  nlohmann::ordered_json hello_;
  std::string remoteVersion_;
  int nextId_ = 1;
};

// The most --save-io bytes one remote job may send back.
inline constexpr std::size_t kMaxIoBytes = std::size_t{16} << 30;

// Text from the remote host with its control characters (terminal escapes), bidirectional
// controls and ill-formed UTF-8 dropped (printableText); newlines and tabs stay.
std::string printable(std::string_view text);

}  // namespace detbench::remote
