#pragma once
// Typed errors. Every error carries the file and line where it was raised, so a report or a
// bug can point at the exact check that failed.

#include <stdexcept>
#include <string>

namespace detbench {

enum class ErrorKind {
  InvalidArgument,
  Nondeterministic,
  NotAvailable,
  OutOfMemory,
  Device,  // a device or one of its libraries failed (the backend says which: CudaError, ...)
  Io,
};

const char* errorKindName(ErrorKind kind);

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message, const char* file, int line);
  ErrorKind kind() const noexcept { return kind_; }
  // The name a report gives the error: errorKindName(kind()), or a backend's own name for its
  // device errors ("CudaError", "CublasError", ...).
  virtual const char* kindName() const noexcept { return errorKindName(kind_); }
  const std::string& message() const noexcept { return message_; }
  const char* file() const noexcept { return file_; }
  int line() const noexcept { return line_; }

 private:
  ErrorKind kind_;
  std::string message_;
  const char* file_;
  int line_;
};

#define DETBENCH_DEFINE_ERROR(Name, Kind)                        \
  class Name : public Error {                                    \
   public:                                                       \
    Name(const std::string& message, const char* file, int line) \
        : Error(ErrorKind::Kind, message, file, line) {}         \
  }

DETBENCH_DEFINE_ERROR(InvalidArgument, InvalidArgument);
DETBENCH_DEFINE_ERROR(NondeterministicError, Nondeterministic);
DETBENCH_DEFINE_ERROR(NotAvailable, NotAvailable);
DETBENCH_DEFINE_ERROR(OutOfMemory, OutOfMemory);
// A device fault during the trials; backends derive their own (kernels/cuda: CudaError,
// CublasError, CudnnError), so core names no device library.
DETBENCH_DEFINE_ERROR(DeviceError, Device);
DETBENCH_DEFINE_ERROR(IoError, Io);

#undef DETBENCH_DEFINE_ERROR

}  // namespace detbench

// Raise a typed error with the current file and line.
#define DETBENCH_THROW(Type, message) throw ::detbench::Type((message), __FILE__, __LINE__)

// Check a condition on user input; raise InvalidArgument with the message when it fails.
#define DETBENCH_CHECK_ARG(cond, message)                  \
  do {                                                     \
    if (!(cond)) DETBENCH_THROW(InvalidArgument, message); \
  } while (0)
