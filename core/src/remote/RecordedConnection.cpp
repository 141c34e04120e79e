#include "detbench/remote/RecordedConnection.hpp"

#include <utility>

namespace detbench::remote {

RecordedConnection::RecordedConnection(std::string name, std::string text, std::string why)
    : ServeConnection(std::move(name)), text_(std::move(text)), why_(std::move(why)) {}

bool RecordedConnection::writeLine(const std::string&) {
  return true;
}

std::optional<std::string> RecordedConnection::readLine(std::chrono::milliseconds,
                                                        std::size_t maxLineBytes) {
  const auto end = text_.find('\n', at_);
  if (end == std::string::npos) {  // a last line without its newline was cut: not a message
    std::string said = program() + " ended";
    if (!why_.empty()) said += ": " + why_;
    throw ConnectionEnded(said, __FILE__, __LINE__);
  }
  if (end - at_ > maxLineBytes) {
    DETBENCH_THROW(NotAvailable, program() + " holds a line longer than " +
                                     std::to_string(maxLineBytes) + " bytes");
  }
  std::string line = text_.substr(at_, end - at_);
  at_ = end + 1;
  return line;
}

}  // namespace detbench::remote
