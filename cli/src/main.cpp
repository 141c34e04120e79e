// detbench: run an op many times on identical inputs and see whether its outputs vary.

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>

#include "CliApp.hpp"
#include "ExitCodes.hpp"
#include "Interrupt.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/base/Utf8Text.hpp"

namespace {

using namespace detbench::cli;

// An error message as it reaches the terminal: one line, without control characters (a report
// or a remote host may have put them in), and not past 4 KiB.
std::string said(std::string_view message) {
  constexpr std::size_t kMost = 4096;
  std::string text = detbench::printableText(message.substr(0, kMost), true);
  if (message.size() > kMost) text += "...";
  return text;
}

int runCli(CliApp& cli, int argc, char** argv) {
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return cli.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return cli.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "detbench: " << e.what() << " (see detbench --help)\n";
    return kExitUsage;
  }

  const CliStreams io{std::cout, std::cerr, isatty(STDERR_FILENO) != 0};
  try {
    return cli.run(io);
  } catch (const detbench::NondeterministicError& e) {
    std::cerr << "detbench: " << said(e.message()) << "\n";
    return kExitNondeterministic;
  } catch (const detbench::DeviceError& e) {
    std::cerr << "detbench: " << said(e.message()) << "\n";
    return kExitDeviceFault;
  } catch (const detbench::Error& e) {
    std::cerr << "detbench: " << said(e.message()) << "\n";
    // Ctrl-C while waiting for a remote host's login or answer: nothing ran.
    return interrupted() && dynamic_cast<const detbench::NotAvailable*>(&e) != nullptr
               ? kExitCancelled
               : kExitUsage;
  } catch (const std::bad_alloc&) {
    std::cerr << "detbench: out of memory\n";
    return kExitUsage;
  } catch (const std::exception& e) {
    std::cerr << "detbench: " << said(e.what()) << "\n";
    return kExitUsage;
  }
}

// What standard output could not take (a full disk, /dev/full, an I/O error) is an error, not
// a success with the output lost: exit 2 with one line. (A reader that has gone, as under
// `| head`, ends detbench by SIGPIPE before it gets here.)
int checkedExit(int code) {
  std::cout.flush();
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int err = errno;
  if (flushed && !std::ferror(stdout) && std::cout) return code;
  std::cerr << "detbench: cannot write to standard output"
            << (!flushed && err != 0 ? std::string(": ") + std::strerror(err) : std::string())
            << "\n";
  return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  installSignalCleanup();
  CliApp cli;
  return checkedExit(runCli(cli, argc, argv));
}
