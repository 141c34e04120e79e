#include "Interrupt.hpp"

#include <unistd.h>

#include <csignal>
#include <cstring>
#include <mutex>

#include "detbench/io/TemporaryFiles.hpp"
#include "detbench/trace/ScriptSweep.hpp"

namespace detbench::cli {

namespace {

CancelToken token;

// Only async-signal-safe calls in the handlers: atomics, unlink(2) and write(2) (through
// removeTemporaryFiles and directly), sigaction() and raise().

// Ends the process as `sig` would have: the traced scripts running now killed (their groups;
// what left them is found by the trace when it ends, which this is not), its temporary files
// and folders removed first.
void endBySignal(int sig) {
  trace::killRunningScripts();
  removeTemporaryFiles();
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  ::sigaction(sig, &fallback, nullptr);
  std::raise(sig);
}

extern "C" void onFatalSignal(int sig) {
  endBySignal(sig);
}

extern "C" void onInterrupt(int sig) {
  if (token.cancelled()) {
    endBySignal(sig);
    return;
  }
  token.cancel();
  static const char message[] =
      "\ndetbench: stopping after the trial in progress (again to stop at once)\n";
  const ssize_t written = ::write(STDERR_FILENO, message, sizeof message - 1);
  (void)written;
}

void install(int sig, void (*handler)(int), int flags) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = flags;
  ::sigaction(sig, &action, nullptr);
}

}  // namespace

void installSignalCleanup() {
  // The signals whose default ends the process (SIGKILL cannot be caught: what it interrupts
  // is an unnamed file, freed by the kernel). One that was ignored when detbench started (nohup's
  // SIGHUP) stays ignored.
  for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2,
                        SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF}) {
    struct sigaction current {};
    if (::sigaction(sig, nullptr, &current) == 0 && current.sa_handler == SIG_IGN) continue;
    install(sig, onFatalSignal, SA_RESETHAND);
  }
}

const CancelToken& interruptToken() {
  static std::once_flag once;
  std::call_once(once, [] {
    install(SIGINT, onInterrupt, SA_RESTART);
    install(SIGTERM, onInterrupt, SA_RESTART);
  });
  return token;
}

bool interrupted() {
  return token.cancelled();
}

}  // namespace detbench::cli
