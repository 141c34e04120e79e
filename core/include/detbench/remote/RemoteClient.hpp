#pragma once
// The client side of the serve protocol (docs/REMOTE-PROTOCOL.md) over a ServeConnection:
// waits for the hello and checks its protocol version, asks for the remote environment, and
// runs a request, streaming its trial records back. Every wait has a limit: the hello (which
// covers ssh's connection and login), each answer, and the silence allowed during a run (the
// server sends at least every 100 ms while trials finish; one trial may take longer).
//
// A run that ends without its report (the connection dropped, the remote crashed, the peer went
// silent) still comes back: the trials that arrived, in a report built here and marked
// incomplete (cancelled, with a RemoteError that says what happened).

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "detbench/CancelToken.hpp"
#include "detbench/Report.hpp"
#include "detbench/TrialRunner.hpp"
#include "detbench/remote/ServeConnection.hpp"

namespace detbench::remote {

struct RemoteTimeouts {
  std::chrono::milliseconds hello{60000};     // from start to the hello (ssh's login included)
  std::chrono::milliseconds answer{60000};    // an env answer, or a run's `started`
  std::chrono::milliseconds silence{300000};  // between two messages of a running run
};

struct RemoteRunCallbacks {
  // Each trial record as it arrives, with the count done and the total.
  std::function<void(const TrialRecord&, int done, int total)> onTrial;
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
  // Runs `request` remotely. A request the remote refuses raises its error (InvalidArgument, or
  // NotAvailable for the rest); a run that ends without its report comes back incomplete.
  ReportDocument run(const RunRequest& request, const RemoteRunCallbacks& callbacks = {},
                     const CancelToken* cancel = nullptr);

 private:
  nlohmann::ordered_json next(std::chrono::milliseconds timeout, const char* waitingFor);
  [[noreturn]] void raiseRemoteError(const nlohmann::ordered_json& message) const;

  std::unique_ptr<ServeConnection> connection_;
  std::string where_;
  RemoteTimeouts timeouts_;
  const CancelToken* cancel_;
  nlohmann::ordered_json hello_;
  std::string remoteVersion_;
  int nextId_ = 1;
};

// The request as the protocol carries it ("run" message's `request`).
nlohmann::ordered_json requestToJson(const RunRequest& request);

}  // namespace detbench::remote
