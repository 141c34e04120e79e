// A short program run to its end: its output, its errors and its exit status come back, and one
// that runs past its limit is killed.

#include "detbench/remote/ShortCommand.hpp"

#include <gtest/gtest.h>

namespace detbench::remote {
namespace {

TEST(ShortCommandTest, OutputErrorsAndExitStatusComeBack) {
  const CommandResult r = runShortCommand({"sh", "-c", "echo out; echo err >&2; exit 3"});
  EXPECT_TRUE(r.started);
  EXPECT_FALSE(r.timedOut);
  EXPECT_EQ(r.exitCode, 3);
  EXPECT_EQ(r.output, "out\n");
  EXPECT_EQ(r.errors, "err\n");
  const CommandResult missing = runShortCommand({"/nonexistent/program"});
  EXPECT_FALSE(missing.started);
  EXPECT_NE(missing.errors.find("/nonexistent/program"), std::string::npos);
}

TEST(ShortCommandTest, AProgramPastItsLimitIsKilled) {
  // No timing is asserted: a sleep far longer than the limit is cut, whatever the machine's load.
  const CommandResult r = runShortCommand({"sleep", "600"}, std::chrono::milliseconds(100));
  EXPECT_TRUE(r.timedOut);
  EXPECT_EQ(r.exitCode, 128 + 9);
}

}  // namespace
}  // namespace detbench::remote
