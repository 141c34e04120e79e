// The serve protocol in process: a hello first; env; every malformed message answered with one
// error and the session going on; a run streamed as started, trial batches with progress, and
// the report a local run writes; one run at a time; cancel. Output lines are collected under a
// lock (the run's thread writes them too); waiting is for the report message, never a clock.

#include "detbench/remote/ServeSession.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <vector>

#include "detbench/cpu/CpuBackends.hpp"
#include "detbench/remote/Base64.hpp"
#include "detbench/report/InvarianceJsonReader.hpp"
#include "detbench/run/TrialRunner.hpp"

namespace detbench::remote {
namespace {

using json = nlohmann::json;

struct ServeSessionTest : ::testing::Test {
  ServeSessionTest() {
    registry.add(cpu::makeCpuBackend());
    registry.add(cpu::makeCpuThreadsBackend());
    registry.addUnavailable("cuda", "cudaErrorNoDevice");
  }
  std::function<bool(const std::string&)> collector() {
    return [this](const std::string& line) {
      std::lock_guard lock(mutex);
      lines.push_back(json::parse(line));
      changed.notify_all();
      return true;
    };
  }
  // The run's last message, "report", "invariance", "demo" or "error", waiting for it (the run's
  // thread sends it; the wait's limit only keeps a broken session from hanging the test).
  json waitForEnd(const json& id) {
    std::unique_lock lock(mutex);
    json found;
    changed.wait_for(lock, std::chrono::minutes(2), [&] {
      for (const auto& m : lines) {
        if ((m["type"] == "report" || m["type"] == "invariance" || m["type"] == "demo" ||
             m["type"] == "error") &&
            m["id"] == id) {
          found = m;
          return true;
        }
      }
      return false;
    });
    return found;
  }
  std::vector<json> all() {
    std::lock_guard lock(mutex);
    return lines;
  }
  BackendRegistry registry;
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<json> lines;
};

std::string runMessage(int id, int trials) {
  return json{{"id", id},
              {"type", "run"},
              {"request",
               {{"op", "sum"},
                {"params", {{"size", 4096}}},
                {"device", "cpu-threads"},
                {"trials", trials},
                {"warmup", 0},
                {"data_seed", 5}}}}
      .dump();
}

TEST_F(ServeSessionTest, SaysHelloAnswersEnvAndRefusesMalformedMessages) {
  ServeSession s(registry, collector());
  s.hello();
  EXPECT_TRUE(s.handleLine(R"({"id":1,"type":"env"})"));
  for (const char* bad :
       {"garbage", "[1,2]", R"({"id":2})", R"({"id":[1],"type":"env"})",
        R"({"id":3,"type":"launch"})", R"({"type":"run","request":{}})", R"({"id":4,"type":"run"})",
        R"({"id":5,"type":"run","request":{"op":"sum","shell":"rm -rf /"}})",
        R"({"id":6,"type":"run","request":{"op":"nope"}})",
        R"({"id":7,"type":"run","request":{"op":"sum","device":"cuda"}})",
        R"({"id":8,"type":"cancel"})"}) {
    EXPECT_TRUE(s.handleLine(bad)) << bad;
  }
  s.lineTooLong();
  const auto m = all();
  ASSERT_EQ(m.size(), 2u + 11u + 1u);
  EXPECT_EQ(m[0]["type"], "hello");
  EXPECT_EQ(m[0]["protocol"], kProtocolVersion);
  EXPECT_EQ(m[0]["devices"].size(), 3u);
  EXPECT_EQ(m[1]["type"], "env");
  EXPECT_TRUE(m[1]["environment"].contains("host"));
  for (std::size_t i = 2; i < m.size(); ++i) {
    EXPECT_EQ(m[i]["type"], "error") << m[i].dump();
    EXPECT_FALSE(m[i]["message"].get<std::string>().empty());
  }
  EXPECT_EQ(m[9]["message"], "unknown request field shell");
  EXPECT_EQ(m[10]["message"].get<std::string>().rfind("unknown op 'nope'", 0), 0u) << m[10].dump();
  EXPECT_EQ(m[11]["kind"], "NotAvailable") << m[11].dump();
  EXPECT_FALSE(s.busy());
}

TEST_F(ServeSessionTest, ARunStreamsItsTrialsAndEndsWithTheReport) {
  ServeSession s(registry, collector());
  ASSERT_TRUE(s.handleLine(runMessage(9, 600)));
  const json report = waitForEnd(9);
  ASSERT_EQ(report["type"], "report") << report.dump();
  s.finish();
  int records = 0;
  int lastDone = 0;
  for (const auto& m : all()) {
    if (m["type"] == "trials") records += static_cast<int>(m["records"].size());
    if (m["type"] == "progress") lastDone = m["done"];
  }
  EXPECT_EQ(records, 600);
  EXPECT_EQ(lastDone, 600);
  const json& run = report["report"];
  EXPECT_EQ(run["op"]["name"], "sum");
  EXPECT_EQ(run["summary"]["trials"], 600);
  EXPECT_EQ(run["summary"]["cancelled"], false);
  EXPECT_EQ(all().front()["type"], "started");
}

TEST_F(ServeSessionTest, OneRunAtATimeAndCancelStopsIt) {
  ServeSession s(registry, collector());
  // A million trials (seconds of work): the cancel that follows lands long before the end.
  ASSERT_TRUE(s.handleLine(runMessage(1, 1'000'000)));
  ASSERT_TRUE(s.handleLine(runMessage(2, 3)));
  ASSERT_TRUE(s.handleLine(R"({"id":1,"type":"cancel"})"));
  const json report = waitForEnd(1);
  ASSERT_EQ(report["type"], "report") << report.dump();
  EXPECT_EQ(report["report"]["summary"]["cancelled"], true);
  EXPECT_LT(report["report"]["summary"]["trials"].get<int>(), 1'000'000);
  bool refused = false;
  bool cancelling = false;
  for (const auto& m : all()) {
    refused |= m["id"] == 2 && m["type"] == "error";
    cancelling |= m["id"] == 1 && m["type"] == "cancelling";
  }
  EXPECT_TRUE(refused);
  EXPECT_TRUE(cancelling);
  // Afterwards the session takes the next run.
  ASSERT_TRUE(s.handleLine(runMessage(3, 2)));
  const json end3 = waitForEnd(3);
  ASSERT_EQ(end3["type"], "report") << end3.dump();
  EXPECT_EQ(end3["report"]["summary"]["trials"], 2);
  EXPECT_FALSE(s.handleLine(R"({"type":"bye"})"));
}

json sumRequest(int trials) {
  return {{"op", "sum"},
          {"params", {{"size", 4096}}},
          {"device", "cpu-threads"},
          {"trials", trials},
          {"warmup", 0},
          {"data_seed", 5}};
}

TEST_F(ServeSessionTest, TheHelloSaysWhatTheServerOffers) {
  ServeSession s(registry, collector());
  s.hello();
  const json offers = all().front()["offers"];
  for (const char* what : {"env", "run", "sweep", "invariance", "save_io", "cancel"}) {
    EXPECT_NE(std::find(offers.begin(), offers.end(), what), offers.end()) << what;
  }
}

TEST_F(ServeSessionTest, ASweepStreamsEachConfigurationAndEndsWithTheSweepReport) {
  ServeSession s(registry, collector());
  const json sweep{
      {"id", "s"},
      {"type", "sweep"},
      {"request", sumRequest(7)},
      {"configs",
       {{{"name", "default"}, {"settings", json::object()}},
        {{"name", "deterministic"}, {"settings", {{"deterministic_algorithms", "error"}}}}}}};
  ASSERT_TRUE(s.handleLine(sweep.dump()));
  const json report = waitForEnd("s");
  ASSERT_EQ(report["type"], "report") << report.dump();
  s.finish();
  std::vector<int> started;
  std::vector<int> finished;
  std::vector<int> recordsOf(2, 0);
  int lastDone = 0;
  for (const auto& m : all()) {
    if (m["type"] == "started") {
      EXPECT_EQ(m["configurations"], 2);
    }
    if (m["type"] == "configuration") started.push_back(m["index"]);
    if (m["type"] == "configuration_finished") {
      finished.push_back(m["index"]);
      EXPECT_EQ(m["report"]["summary"]["trials"], 7);
    }
    if (m["type"] == "trials") recordsOf.at(m["config"].get<std::size_t>()) += m["records"].size();
    if (m["type"] == "progress") lastDone = m["done"];
  }
  EXPECT_EQ(started, (std::vector<int>{0, 1}));
  EXPECT_EQ(finished, (std::vector<int>{0, 1}));
  EXPECT_EQ(recordsOf, (std::vector<int>{7, 7}));
  EXPECT_EQ(lastDone, 14);
  const json& doc = report["report"];
  EXPECT_EQ(doc["kind"], "sweep");
  ASSERT_EQ(doc["configurations"].size(), 2u);
  EXPECT_EQ(doc["configurations"][1]["name"], "deterministic");
  EXPECT_EQ(doc["configurations"][1]["settings"]["deterministic_algorithms"], "error");
}

TEST_F(ServeSessionTest, SaveIoSendsTheInputsAndTrialZerosOutputBeforeTheReport) {
  ServeSession s(registry, collector());
  ASSERT_TRUE(s.handleLine(
      json{{"id", 4}, {"type", "run"}, {"request", sumRequest(2)}, {"save_io", true}}.dump()));
  ASSERT_EQ(waitForEnd(4)["type"], "report");
  s.finish();
  RunRequest local;
  local.op = "sum";
  local.params = {{"size", 4096}};
  local.dataSeed = 5;
  const PreparedInputs prepared = TrialRunner(registry).prepare(local);
  std::map<std::string, std::string> data;
  bool reportSeen = false;
  for (const auto& m : all()) {
    if (m["type"] == "report") reportSeen = true;
    if (m["type"] != "io") continue;
    EXPECT_FALSE(reportSeen) << "io after the report";
    data[m["name"]] += m["data"].get<std::string>();  // one piece each at this size
  }
  ASSERT_EQ(data.size(), prepared.inputs.tensors.size() + 1);
  for (std::size_t i = 0; i < prepared.inputs.tensors.size(); ++i) {
    const HostTensor& t = prepared.inputs.tensors[i];
    const auto bytes = base64Decode(data.at(prepared.inputs.specs[i].name));
    ASSERT_TRUE(bytes.has_value());
    ASSERT_EQ(bytes->size(), t.bytes());
    EXPECT_TRUE(std::equal(bytes->begin(), bytes->end(), t.raw()));
  }
  EXPECT_TRUE(data.contains(prepared.inputs.output.name + "_trial0"));
}

TEST_F(ServeSessionTest, AnInvarianceRunEndsWithItsResult) {
  ServeSession s(registry, collector());
  const json message{{"id", 5},
                     {"type", "invariance"},
                     {"request", sumRequest(3)},
                     {"plan", {{"axis", "threads"}, {"threads", {1, 2}}}}};
  ASSERT_TRUE(s.handleLine(message.dump()));
  const json end = waitForEnd(5);
  ASSERT_EQ(end["type"], "invariance") << end.dump();
  s.finish();
  const InvarianceDocument doc = invarianceFromJson(end["invariance"]);
  EXPECT_EQ(doc.result.axis, InvarianceAxis::Threads);
  ASSERT_EQ(doc.result.points.size(), 2u);
  EXPECT_EQ(doc.result.points[1].run.threads, 2);
  int labels = 0;
  for (const auto& m : all()) labels += m["type"] == "configuration";
  EXPECT_EQ(labels, 2);
}

TEST_F(ServeSessionTest, MalformedSweepsAndInvarianceRunsAreRefusedBeforeAnythingRuns) {
  ServeSession s(registry, collector());
  const json r = sumRequest(2);
  const json bad[] = {
      {{"id", 1}, {"type", "sweep"}, {"request", r}},
      {{"id", 2}, {"type", "sweep"}, {"request", r}, {"configs", json::array()}},
      {{"id", 3}, {"type", "sweep"}, {"request", r}, {"configs", {{{"name", "a"}, {"x", 1}}}}},
      {{"id", 4}, {"type", "sweep"}, {"request", r}, {"configs", {{{"settings", json::object()}}}}},
      {{"id", 5}, {"type", "invariance"}, {"request", r}},
      {{"id", 6}, {"type", "invariance"}, {"request", r}, {"plan", {{"axis", "colours"}}}},
      {{"id", 7}, {"type", "invariance"}, {"request", r}, {"plan", {{"axis", "batches"}}}},
      {{"id", 8},
       {"type", "invariance"},
       {"request", r},
       {"plan", {{"axis", "threads"}, {"threads", {1}}}},
       {"save_io", true}},
      {{"id", 9}, {"type", "run"}, {"request", r}, {"configs", json::array()}},
      {{"id", 10}, {"type", "run"}, {"request", r}, {"save_io", "yes"}}};
  for (const json& m : bad) EXPECT_TRUE(s.handleLine(m.dump())) << m.dump();
  const auto m = all();
  ASSERT_EQ(m.size(), std::size(bad));
  for (const auto& answer : m) {
    EXPECT_EQ(answer["type"], "error") << answer.dump();
    EXPECT_FALSE(answer["message"].get<std::string>().empty());
  }
  EXPECT_FALSE(s.busy());
}

// A message nested 100,000 levels deep (well under the line's
// limit) and numbers of the wrong type or range are each refused with one error, nothing
// starts, and the session goes on to run the next request.
TEST_F(ServeSessionTest, DeepMessagesAndBadNumbersAreRefusedAndTheSessionGoesOn) {
  ServeSession s(registry, collector());
  const std::string deepArray = std::string(100000, '[') + std::string(100000, ']');
  std::string deepObject;
  for (int i = 0; i < 50000; ++i) deepObject += R"({"a":)";
  deepObject += std::string("1").append(50000, '}');
  // Built with append: GCC 12 warns (-Wrestrict, falsely) on a literal + a string here.
  const auto around = [](const char* before, const std::string& inner, const char* after) {
    return std::string(before).append(inner).append(after);
  };
  const std::string bad[] = {
      around(R"({"type":"run","id":3,"request":{"op":"sum","settings":{"seed":)", deepArray, "}}}"),
      around(R"({"type":"run","id":4,"request":{"op":"sum","settings":{"seed":)", deepObject,
             "}}}"),
      around(
          R"({"type":"sweep","id":5,"request":{"op":"sum"},"configs":[{"name":"a","settings":{"seed":)",
          deepArray, "}}]}"),
      deepArray,
      R"({"type":"run","id":6,"request":{"op":"sum","trials":5.5}})",
      R"({"type":"run","id":7,"request":{"op":"sum","trials":4294967298}})",
      R"({"type":"run","id":8,"request":{"op":"sum","warmup":4294967296}})",
      R"({"type":"run","id":9,"request":{"op":"sum","data_seed":-1}})",
      R"({"type":"run","id":10,"request":{"op":"sum","params":{"size":1e3}}})",
      R"({"type":"invariance","id":11,"request":{"op":"sum","device":"cpu-threads"},)"
      R"("plan":{"axis":"threads","threads":[1.5,2]}})",
      R"({"type":"invariance","id":12,"request":{"op":"matmul"},)"
      R"("plan":{"axis":"batches","batches":[1,2.5]}})",
  };
  for (const std::string& line : bad) {
    ASSERT_LT(line.size(), kMaxLineBytes);
    EXPECT_TRUE(s.handleLine(line));
  }
  auto m = all();
  ASSERT_EQ(m.size(), std::size(bad));
  for (const auto& answer : m) {
    EXPECT_EQ(answer["type"], "error") << answer.dump().substr(0, 300);
    EXPECT_LT(answer.dump().size(), 1000u) << "the error does not carry what it refuses";
  }
  EXPECT_NE(m[0]["message"].get<std::string>().find("nested deeper than"), std::string::npos);
  EXPECT_FALSE(s.busy());
  ASSERT_TRUE(s.handleLine(runMessage(20, 3)));
  const json end = waitForEnd(20);
  ASSERT_EQ(end["type"], "report") << end.dump().substr(0, 300);
  EXPECT_EQ(end["report"]["summary"]["trials"], 3);
}

// What a run will hold is admitted before `started`, at
// what a trial costs the server; one that does not fit is a single error and nothing starts.
// (64 configurations of 10 million trials need far more than any machine has.)
TEST_F(ServeSessionTest, ARunThatCannotHaveItsMemoryIsRefusedBeforeItStarts) {
  ServeSession s(registry, collector());
  json configs = json::array();
  for (int i = 0; i < 64; ++i) configs.push_back({{"name", std::to_string(i)}});
  ASSERT_TRUE(s.handleLine(
      json{{"id", 1}, {"type", "sweep"}, {"request", sumRequest(10'000'000)}, {"configs", configs}}
          .dump()));
  json threads = json::array();
  for (int t = 1; t <= 64; ++t) threads.push_back(t);
  ASSERT_TRUE(s.handleLine(json{{"id", 2},
                                {"type", "invariance"},
                                {"request", sumRequest(10'000'000)},
                                {"plan", {{"axis", "threads"}, {"threads", threads}}}}
                               .dump()));
  const auto m = all();
  ASSERT_EQ(m.size(), 2u);
  for (const auto& answer : m) {
    EXPECT_EQ(answer["type"], "error") << answer.dump();
    EXPECT_NE(answer["message"].get<std::string>().find("would need about"), std::string::npos)
        << answer.dump();
  }
  EXPECT_FALSE(s.busy());
}

// The report message is the report a local run writes, rendered a trial at a time into its
// line rather than built as a document first.
TEST_F(ServeSessionTest, TheReportMessageIsOneLineOfTheReport) {
  std::vector<std::string> raw;
  std::mutex rawMutex;
  ServeSession s(registry, [&](const std::string& line) {
    {
      std::lock_guard lock(rawMutex);
      raw.push_back(line);
    }
    return collector()(line);
  });
  ASSERT_TRUE(s.handleLine(runMessage(5, 300)));
  const json end = waitForEnd(5);
  ASSERT_EQ(end["type"], "report");
  s.finish();
  std::lock_guard lock(rawMutex);
  EXPECT_EQ(raw.back().find('\n'), std::string::npos);
  EXPECT_EQ(json::parse(raw.back()), end);
  EXPECT_EQ(end["report"]["trials"].size(), 300u);
}

TEST_F(ServeSessionTest, ADemoRunsThereAndComesBackAsTextAndReports) {
  ServeSession s(registry, collector());
  ASSERT_TRUE(s.handleLine(
      json{{"id", 3}, {"type", "demo"}, {"name", "error-and-warn"}, {"language", "zh_CN"}}.dump()));
  const json end = waitForEnd(3);
  ASSERT_EQ(end["type"], "demo") << end.dump();
  s.finish();
  // Error mode raises and warn mode warns whatever the timing: nothing here depends on chance.
  EXPECT_TRUE(end["as_expected"].get<bool>());
  EXPECT_FALSE(end["cancelled"].get<bool>());
  EXPECT_NE(end["text"].get<std::string>().find("与预期一致"), std::string::npos) << end["text"];
  EXPECT_EQ(end["report"]["scenario"], "error-and-warn") << end["report"].dump().substr(0, 300);
  EXPECT_FALSE(end["markdown"].get<std::string>().empty());
  int progress = 0;
  for (const auto& m : all()) progress += m["type"] == "progress" && m.contains("what");
  EXPECT_GE(progress, 1);
  // A demo that is not there, a language that is not offered, a field a demo does not take.
  const json bad[] = {
      {{"id", 4}, {"type", "demo"}, {"name", "no-such-demo"}},
      {{"id", 5}, {"type", "demo"}, {"name", "seeds"}, {"language", "fr"}},
      {{"id", 6}, {"type", "demo"}, {"name", "seeds"}, {"request", json::object()}}};
  for (const json& m : bad) {
    ASSERT_TRUE(s.handleLine(m.dump()));
    EXPECT_EQ(all().back()["type"], "error") << m.dump();
  }
}

}  // namespace
}  // namespace detbench::remote
