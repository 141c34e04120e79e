// `detbench serve --stdio` as a workbench will start it: a hello, answers in order, a run's
// report at the end of input (the run completes), one error line for an oversized or malformed
// line and the session going on, and no transport but standard input and output.

#include <gtest/gtest.h>

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

TEST_F(CliTest, ServeWantsStdio) {
  const Result r = run("serve");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(lines(r.err), 1) << r.err;
}

}  // namespace
