#pragma once
// The answers a server wrote to a file (a batch task's task-I.out), read back as a connection:
// the client reads them as it reads a live server's, and what it writes goes nowhere. At the
// end of the file the connection has ended, with `why` (what Slurm says of the task).

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

#include "detbench/remote/ServeConnection.hpp"

namespace detbench::remote {

class RecordedConnection : public ServeConnection {
 public:
  RecordedConnection(std::string name, std::string text, std::string why);
  bool writeLine(const std::string& line) override;
  std::optional<std::string> readLine(std::chrono::milliseconds timeout,
                                      std::size_t maxLineBytes = std::size_t{64} << 20) override;
  std::string errorOutput() override { return why_; }
  void terminate() override {}

 private:
  std::string text_;
  std::size_t at_ = 0;
  std::string why_;
};

}  // namespace detbench::remote
