// Causes grouped into findings, one per fix: where two fixes are answered by one seeding, they
// are one finding.

#include "detbench/trace/TraceFindings.hpp"

#include <gtest/gtest.h>

#include <string>

namespace detbench::trace {
namespace {

TraceCause causeAt(std::int64_t seq, CauseCategory category, std::string name) {
  TraceCause c;
  c.seq = seq;
  c.category = category;
  c.op.seq = seq;
  c.op.name = std::move(name);
  c.op.digested = true;
  TraceTensor out;
  out.digest = 1;
  out.dtype = "float32";
  out.shape = {4};
  out.device = "cpu";
  c.op.outputs = {out};
  c.site = TraceSite{1, "/home/me/train.py", seq, "main"};
  return c;
}

// A draw from torch's generator, which the script seeded in each run with `words` (the probe's
// record of the seeding: generators.py).
TraceCause drawAt(std::int64_t seq, const std::string& run1, const std::string& run2) {
  TraceCause c = causeAt(seq, CauseCategory::Introduced, "aten::rand");
  c.generator = ArgumentDifference{kGeneratorArgument, run1, run2, 2};
  return c;
}

// Data made in Python (a shuffled list) while Python's random was drawn from unseeded.
TraceCause dataAt(std::int64_t seq) {
  return causeAt(seq, CauseCategory::Data, "aten::add.Tensor");
}

// The dcgan example: torch.manual_seed(random.randint(...)), then torch's draws, and data drawn
// from Python's random itself: --seed, seeding Python's random, answers both.
TEST(TraceFindings, DataFromPythonsRandomJoinsASeedDrawnFromIt) {
  TraceAlignment a;
  a.unseededGenerators = {"random"};
  a.causes = {drawAt(4, R"("script 11 drawn:random")", R"("script 12 drawn:random")"),
              drawAt(9, R"("script 11 drawn:random")", R"("script 12 drawn:random")"), dataAt(20)};
  ASSERT_EQ(explainCause(a.causes[2], PyTorchRelease{2, 8}, a.unseededGenerators).fix,
            TraceFix::SeedPythonRandom);
  const auto findings = groupCauses(a, PyTorchRelease{2, 8});
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].fix, TraceFix::SeedDrawnNumber);
  EXPECT_EQ(findings[0].kind, CauseKind::RandomNumbers);
  EXPECT_EQ(findings[0].count, 3u);
  EXPECT_EQ(findings[0].sites, 3u);
  EXPECT_EQ(findings[0].firstSeq, 4);
  EXPECT_EQ(findings[0].confirmWith, "seeded");
}

// The same when the data comes first: the finding starts at it, with the drawn seed's fix.
TEST(TraceFindings, TheJoinedFindingStartsAtItsFirstCause) {
  TraceAlignment a;
  a.unseededGenerators = {"random", "numpy"};
  a.causes = {dataAt(2),
              drawAt(5, R"("script 11 drawn:random,numpy")", R"("script 12 drawn:random,numpy")")};
  const auto findings = groupCauses(a, PyTorchRelease{2, 8});
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].fix, TraceFix::SeedDrawnNumber);
  EXPECT_EQ(findings[0].firstSeq, 2);
  EXPECT_EQ(findings[0].count, 2u);
}

// A seed drawn from NumPy does not answer data from Python's random, nor does a seed the script
// took elsewhere (the clock): two fixes.
TEST(TraceFindings, OtherwiseDataFromPythonsRandomKeepsItsOwnFix) {
  for (const char* seeded : {R"("script 11 drawn:numpy")", R"("script 11")"}) {
    const std::string other = std::string(seeded).replace(8, 2, "12");
    TraceAlignment a;
    a.unseededGenerators = {"random"};
    a.causes = {drawAt(4, seeded, other), dataAt(20)};
    const auto findings = groupCauses(a, PyTorchRelease{2, 8});
    ASSERT_EQ(findings.size(), 2u) << seeded;
    EXPECT_EQ(findings[1].fix, TraceFix::SeedPythonRandom) << seeded;
    EXPECT_EQ(findings[1].count, 1u);
  }
}

}  // namespace
}  // namespace detbench::trace
