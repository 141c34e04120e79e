#include "Interrupt.hpp"

#include <unistd.h>

#include <csignal>
#include <cstring>
#include <mutex>

namespace detbench::cli {

namespace {

CancelToken token;

// Only async-signal-safe calls here: an atomic store, write(2), signal() and raise().
extern "C" void onInterrupt(int sig) {
  if (token.cancelled()) {
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  token.cancel();
  static const char message[] =
      "\ndetbench: stopping after the trial in progress (again to stop at once)\n";
  const ssize_t written = ::write(STDERR_FILENO, message, sizeof message - 1);
  (void)written;
}

}  // namespace

const CancelToken& interruptToken() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    action.sa_handler = onInterrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
  });
  return token;
}

bool interrupted() {
  return token.cancelled();
}

}  // namespace detbench::cli
