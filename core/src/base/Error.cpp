#include "detbench/base/Error.hpp"

namespace detbench {

const char* errorKindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::InvalidArgument:
      return "InvalidArgument";
    case ErrorKind::Nondeterministic:
      return "NondeterministicError";
    case ErrorKind::NotAvailable:
      return "NotAvailable";
    case ErrorKind::OutOfMemory:
      return "OutOfMemory";
    case ErrorKind::Device:
      return "DeviceError";
    case ErrorKind::Io:
      return "IoError";
  }
  return "Error";
}

Error::Error(ErrorKind kind, const std::string& message, const char* file, int line)
    : std::runtime_error(message), kind_(kind), message_(message), file_(file), line_(line) {}

}  // namespace detbench
