// The greedy decoder of the "Temperature 0" lesson, on a model small enough for the sanitizer
// builds: generation repeats itself bit for bit, the batch-invariant kernels give the prompt the
// same logits in any batch, the outcome compares every batch size with the prompt alone, and
// the report carries it. cpu-threads runs a shuffled schedule the test fixes: the deterministic
// forms' bits do not depend on it, so nothing here waits on threads to race.

#include "detbench/demo/DecoderLesson.hpp"

#include <gtest/gtest.h>

#include "detbench/cpu/CpuBackends.hpp"
#include "detbench/demo/ScenarioReport.hpp"
#include "detbench/demo/ScenarioRunner.hpp"

namespace detbench::demo {
namespace {

struct DecoderLessonTest : ::testing::Test {
  DecoderLessonTest() {
    registry.add(cpu::makeCpuThreadsBackend(cpu::TaskSchedule::shuffled(9)));
    spec.vocab = 64;
    spec.hidden = 32;
    spec.layers = 2;
    spec.promptLength = 3;
    spec.steps = 6;
    spec.batchSizes = {1, 2, 5};
  }
  BackendRegistry registry;
  DecoderSpec spec;
};

TEST_F(DecoderLessonTest, GenerationRepeatsBitForBit) {
  const DecoderRun a = generate(spec, registry, "cpu-threads", 2, false);
  const DecoderRun b = generate(spec, registry, "cpu-threads", 2, false);
  ASSERT_EQ(a.tokens.size(), 6u);
  ASSERT_EQ(a.logits.size(), 6u);
  EXPECT_EQ(a.logits.front().size(), 64u);
  EXPECT_EQ(a.tokens, b.tokens);
  EXPECT_EQ(a.logits, b.logits);
  for (int t : a.tokens) {
    EXPECT_GE(t, 0);
    EXPECT_LT(t, 64);
  }
  // Logits are kept in bfloat16: the low 16 bits of every float are zero.
  for (float v : a.logits.front()) EXPECT_EQ(std::bit_cast<std::uint32_t>(v) & 0xffffu, 0u);
}

TEST_F(DecoderLessonTest, BatchInvariantKernelsGiveThePromptTheSameLogitsInAnyBatch) {
  const DecoderRun alone = generate(spec, registry, "cpu-threads", 1, true);
  const DecoderRun inFive = generate(spec, registry, "cpu-threads", 5, true);
  EXPECT_EQ(alone.logits, inFive.logits);
  EXPECT_EQ(alone.tokens, inFive.tokens);
}

TEST_F(DecoderLessonTest, TheOutcomeComparesEveryBatchSizeWithThePromptAlone) {
  int calls = 0;
  const DecoderOutcome o =
      runDecoderLesson(spec, registry, "cpu-threads", [&](bool, int, int done, int total) {
        ++calls;
        EXPECT_EQ(total, 6);
        EXPECT_EQ(done, calls);
      });
  EXPECT_EQ(calls, 6);
  ASSERT_EQ(o.forms.size(), 2u);
  EXPECT_FALSE(o.forms[0].batchInvariant);
  EXPECT_TRUE(o.forms[1].batchInvariant);
  for (const auto& f : o.forms) {
    ASSERT_EQ(f.batches.size(), 3u) << f.error;
    EXPECT_EQ(f.batches[0].firstDifferentLogits, -1);  // alone against itself
    EXPECT_EQ(f.batches[2].batchSize, 5);
  }
  EXPECT_EQ(o.forms[1].diverged(), 0);
  for (const auto& b : o.forms[1].batches) EXPECT_EQ(b.maxLogitDiff, 0.0);
}

TEST_F(DecoderLessonTest, TheScenarioReportCarriesTheOutcome) {
  Scenario s;
  s.name = "tiny-decoder";
  s.title = {"Tiny", "小"};
  s.decoder = spec;
  const ScenarioOutcome o = runScenario(s, registry);
  ASSERT_TRUE(o.decoder.has_value());
  EXPECT_EQ(o.checks.size(), 3u);
  const auto j = scenarioReportJson(s, o);
  ASSERT_TRUE(j.contains("decoder"));
  EXPECT_EQ(j["decoder"]["forms"].size(), 2u);
  EXPECT_EQ(j["decoder"]["forms"][1]["batches"][2]["batch_size"], 5);
  EXPECT_EQ(j["decoder"]["forms"][1]["batches"][2]["diverged_at"], -1);
  const std::string md = scenarioReportMarkdown(s, o, "en");
  EXPECT_NE(md.find("| batch-invariant | 5 | none | none | - |"), std::string::npos) << md;
}

}  // namespace
}  // namespace detbench::demo
