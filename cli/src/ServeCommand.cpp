// `detbench serve --stdio`: the engine as a service on standard input and output (one JSON
// message a line; core/include/detbench/remote/ServeSession.hpp and docs/REMOTE-PROTOCOL.md).

#include <csignal>
#include <iostream>
#include <string>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/remote/ServeSession.hpp"

namespace detbench::cli {

namespace {

enum class LineRead { Line, TooLong, End };

// One line of at most `max` bytes; a longer one is read to its end and dropped.
LineRead readLine(std::istream& in, std::string& line, std::size_t max) {
  line.clear();
  bool tooLong = false;
  char c = 0;
  bool any = false;
  while (in.get(c)) {
    any = true;
    if (c == '\n') return tooLong ? LineRead::TooLong : LineRead::Line;
    if (line.size() < max) {
      line.push_back(c);
    } else {
      tooLong = true;
    }
  }
  if (!any) return LineRead::End;
  return tooLong ? LineRead::TooLong : LineRead::Line;  // a last line without its newline
}

}  // namespace

int serveCommand(const CliStreams& io, bool stdio) {
  DETBENCH_CHECK_ARG(stdio, "give --stdio: standard input and output are the only transport");
  // A peer that has gone is a write that fails (the run is cancelled, the session ends with
  // exit 0), not a process killed by SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  const BackendRegistry registry = makeRegistry();
  remote::ServeSession session(registry, [&io](const std::string& text) {
    io.out << text << '\n' << std::flush;
    return static_cast<bool>(io.out);
  });
  session.hello();
  std::string line;
  for (;;) {
    const LineRead r = readLine(std::cin, line, remote::kMaxLineBytes);
    if (r == LineRead::End) break;
    if (r == LineRead::TooLong) {
      session.lineTooLong();
      continue;
    }
    if (!session.handleLine(line)) return kExitOk;
  }
  session.finish();
  return kExitOk;
}

}  // namespace detbench::cli
