#pragma once
// A child process spoken to one line at a time: the client side of `detbench serve --stdio`,
// whether the child is `ssh -T HOST detbench serve --stdio` or a local detbench. Its standard
// input, output and error are pipes; every read waits at most as long as the caller says, so a
// silent peer is a timeout, never a hang. What the child writes on standard error (ssh's own
// messages: an unknown host, a refused key, "command not found") is kept for the error
// messages. POSIX only.

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "detbench/base/Error.hpp"

namespace detbench::remote {

// The child's output ended: it exited, or the connection under it dropped.
class ConnectionEnded : public NotAvailable {
 public:
  using NotAvailable::NotAvailable;
};

class ServeConnection {
 public:
  // Starts argv[0] (looked up on PATH). Raises NotAvailable when it cannot be started.
  explicit ServeConnection(const std::vector<std::string>& argv);
  // Closes the child's input, gives it up to a second to end, then kills it.
  virtual ~ServeConnection();
  ServeConnection(const ServeConnection&) = delete;
  ServeConnection& operator=(const ServeConnection&) = delete;

  // Writes one line (a newline is added). False when the child no longer reads.
  virtual bool writeLine(const std::string& line);
  // The next line without its newline; nullopt when `timeout` passes first. Raises
  // ConnectionEnded when the child's output ends (it exited, or the connection dropped), naming
  // what it wrote on standard error, and NotAvailable for a line longer than `maxLineBytes`.
  virtual std::optional<std::string> readLine(std::chrono::milliseconds timeout,
                                              std::size_t maxLineBytes = std::size_t{64} << 20);
  // The last lines the child wrote on standard error (at most 4 KiB), trimmed.
  virtual std::string errorOutput();
  // Ends the child now (SIGTERM, then SIGKILL) and reaps it.
  virtual void terminate();
  // The program that was started (argv[0]), for messages.
  const std::string& program() const { return program_; }

 protected:
  // A connection that starts no child (a stand-in that replays lines, for the fuzz target of
  // the client's answers): it overrides the reads and writes.
  explicit ServeConnection(std::string name) : program_(std::move(name)) {}
  // Closes the child's input and waits up to `waitMs` for it to end; true once it has.
  bool finish(int waitMs);

 private:
  void endChild();
  void drainErrors(int waitMs);
  void reap(int waitMs);

  std::string program_;
  pid_t pid_ = -1;
  int in_ = -1;   // the child's standard input (we write)
  int out_ = -1;  // its standard output (we read)
  int err_ = -1;  // its standard error
  std::string buffer_;
  std::string errors_;
  bool ended_ = false;
};

}  // namespace detbench::remote
