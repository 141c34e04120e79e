// `detbench serve --stdio` as a workbench will start it: a hello, answers in order, a run's
// report at the end of input (the run completes), one error line for an oversized or malformed
// line and the session going on, and no transport but standard input and output.

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "CliFixture.hpp"

namespace {

using namespace detbench::testing;
using json = nlohmann::json;

std::vector<json> messages(const std::string& out) {
  std::vector<json> m;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) m.push_back(json::parse(line));
  return m;
}

TEST_F(CliTest, ServeAnswersOneJsonMessageALine) {
  const std::string input =
      R"({"id":1,"type":"env"})"
      "\n" +
      std::string(2 << 20, 'x') + "\nnot json\n" +
      R"({"id":"r","type":"run","request":{"op":"index_add","params":{"size":65536,"rows":64},"device":"cpu-threads","trials":5,"warmup":1,"settings":{"deterministic_algorithms":"error"}}})"
      "\n";
  const Result r = runWithInput("serve --stdio", input);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto m = messages(r.out);
  ASSERT_GE(m.size(), 6u) << r.out;
  EXPECT_EQ(m[0]["type"], "hello");
  EXPECT_EQ(m[0]["protocol"], 1);
  EXPECT_EQ(m[1]["type"], "env");
  EXPECT_EQ(m[2]["type"], "error");
  EXPECT_NE(m[2]["message"].get<std::string>().find("longer than"), std::string::npos);
  EXPECT_EQ(m[3]["type"], "error");
  EXPECT_EQ(m[4]["type"], "started");
  EXPECT_EQ(m[4]["id"], "r");
  const json& report = m.back();
  ASSERT_EQ(report["type"], "report") << report.dump();
  EXPECT_EQ(report["report"]["summary"]["trials"], 5);
  EXPECT_EQ(report["report"]["summary"]["reproducible"], true);  // deterministic mode
  EXPECT_EQ(report["report"]["settings"]["deterministic_algorithms"], "error");
}

// One line of about 200 KB, under the line limit, nested 100,000 deep: one
// error (the message was built by writing the value out, which recursed once a level and ended
// the server with SIGSEGV), and the session goes on.
TEST_F(CliTest, ServeRefusesADeepMessageAndGoesOn) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const std::string input =
      R"({"type":"run","id":3,"request":{"op":"sum","settings":{"seed":)" + deep + "}}}\n" +
      R"({"type":"sweep","id":4,"request":{"op":"sum"},"configs":[{"name":"a","settings":{"seed":)" +
      deep + "}}]}\n" + R"({"id":5,"type":"env"})" + "\n";
  const Result r = runWithInput("serve --stdio", input);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto m = messages(r.out);
  ASSERT_EQ(m.size(), 4u) << r.out.substr(0, 1000);
  EXPECT_EQ(m[1]["type"], "error");
  EXPECT_EQ(m[2]["type"], "error");
  EXPECT_EQ(m[3]["type"], "env");
}

// Under `ulimit -v`, eight million trials were admitted against a fixed
// 8 GiB and the server ended in std::bad_alloc. The request is refused, before `started`, with
// the memory the process can have; the cancel that follows finds nothing to cancel.
TEST_F(CliTest, ServeAdmitsARunAgainstWhatTheProcessCanHave) {
#ifdef DETBENCH_SANITIZED_BUILD  // tests/CMakeLists.txt
  GTEST_SKIP() << "a sanitizer's shadow memory does not fit under ulimit -v";
#endif
  std::ofstream(dir_ / "in.txt")
      << R"({"id":1,"type":"run","request":{"op":"sum","params":{"size":16},"trials":8000000}})"
      << "\n"
      << R"({"id":1,"type":"cancel"})"
      << "\n";
  const std::string cmd = "cd '" + dir_.string() +
                          "' && (ulimit -v 2000000 && exec '" DETBENCH_CLI
                          "' serve --stdio) > out.txt 2> err.txt < in.txt";
  const int status = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(status)) << "ended by a signal";
  EXPECT_EQ(WEXITSTATUS(status), 0) << slurp(dir_ / "err.txt");
  const auto m = messages(slurp(dir_ / "out.txt"));
  ASSERT_EQ(m.size(), 3u) << slurp(dir_ / "out.txt");
  EXPECT_EQ(m[0]["type"], "hello");
  EXPECT_EQ(m[1]["type"], "error");
  EXPECT_NE(m[1]["message"].get<std::string>().find("would need about"), std::string::npos)
      << m[1].dump();
  EXPECT_EQ(m[2]["type"], "error");  // no run with this id is in progress
  // The command line admits the same way.
  const std::string run = "cd '" + dir_.string() +
                          "' && (ulimit -v 2000000 && exec '" DETBENCH_CLI
                          "' run --op sum --size 16 --trials 8000000 --no-report -q) "
                          "> out2.txt 2> err2.txt < /dev/null";
  const int runStatus = std::system(run.c_str());
  ASSERT_TRUE(WIFEXITED(runStatus));
  EXPECT_EQ(WEXITSTATUS(runStatus), 2);
  EXPECT_NE(slurp(dir_ / "err2.txt").find("would need about"), std::string::npos)
      << slurp(dir_ / "err2.txt");
}

#ifdef DETBENCH_CLI_HAS_TORCH
TEST_F(CliTest, ServeRefusesWhatATorchDeviceCannotDoBeforeStarting) {
  // detbench's extensions on PyTorch's own kernels: an error, and no `started` before it.
  const Result r = runWithInput(
      "serve --stdio",
      R"({"id":7,"type":"run","request":{"op":"softmax","params":{"size":8},"device":"torch-cpu","trials":2,"settings":{"semantics":"extensions"}}})"
      "\n");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto m = messages(r.out);
  ASSERT_GE(m.size(), 2u) << r.out;
  EXPECT_EQ(m[1]["type"], "error") << r.out;
  EXPECT_EQ(m[1]["id"], 7);
  for (const auto& x : m) EXPECT_NE(x["type"], "started") << r.out;
}
#endif

TEST_F(CliTest, ServeWantsStdio) {
  const Result r = run("serve");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(lines(r.err), 1) << r.err;
}

}  // namespace
