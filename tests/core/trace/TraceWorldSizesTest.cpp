// One job at several world sizes, set side by side on rank 0: the first collective whose outputs
// differ between the sizes, and whether its results do.

#include "detbench/trace/TraceWorldSizes.hpp"

#include <gtest/gtest.h>

namespace detbench::trace {
namespace {

const std::string kAllReduce = "c10d::all_reduce";

TraceConfigResult atSize(int size, std::vector<std::uint64_t> collectives,
                         std::vector<std::uint64_t> results) {
  TraceConfigResult c;
  c.config.name = "world-" + std::to_string(size);
  c.config.settings.worldSize = size;
  for (int rank = 0; rank < size; ++rank) {
    TraceRankResult r;
    r.rank = rank;
    r.world = size;
    for (const auto d : collectives) {
      r.collectiveNames.push_back(kAllReduce);
      r.collectiveDigests.push_back(d);
    }
    r.resultDigests = results;
    c.job.ranks.push_back(std::move(r));
  }
  return c;
}

TEST(TraceWorldSizes, TheFirstCollectiveThatPartsTheSizesIsNamed) {
  TraceResult r;
  r.configs.push_back(atSize(2, {10, 20, 30}, {7}));
  r.configs.push_back(atSize(3, {10, 21, 31}, {8}));
  r.configs.push_back(atSize(4, {10, 20, 32}, {8}));
  const auto w = compareWorldSizes(r);
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->sizes, (std::vector<int>{2, 3, 4}));
  EXPECT_EQ(w->collectivesCompared, 3u);
  EXPECT_EQ(w->firstDiffering, 2u);
  EXPECT_EQ(w->digests, (std::vector<std::uint64_t>{20, 21, 20}));
  EXPECT_TRUE(w->resultsDiffer);
  EXPECT_EQ(describeWorldSizes(*w),
            "world sizes 2, 3, 4: rank 0's collective 2 (c10d::all_reduce) gives 2 different "
            "outputs at the 3 sizes; its results differ");
}

TEST(TraceWorldSizes, SizesThatAgreeSaySo) {
  TraceResult r;
  r.configs.push_back(atSize(2, {10, 20}, {7}));
  r.configs.push_back(atSize(3, {10, 20, 99}, {7}));
  const auto w = compareWorldSizes(r);
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->collectivesCompared, 2u);  // the fewest any size ran
  EXPECT_EQ(w->firstDiffering, 0u);
  EXPECT_FALSE(w->resultsDiffer);
  EXPECT_EQ(describeWorldSizes(*w),
            "world sizes 2, 3: rank 0's 2 collectives give the same bits at every size; its "
            "results are the same");
}

TEST(TraceWorldSizes, NothingToCompareWithoutTwoSizedJobs) {
  TraceResult r;
  r.configs.push_back(atSize(2, {10}, {}));
  EXPECT_FALSE(compareWorldSizes(r).has_value());
  TraceConfigResult single;  // a configuration without a world size
  single.config.name = "default";
  r.configs.push_back(single);
  EXPECT_FALSE(compareWorldSizes(r).has_value());
  TraceConfigResult noJob;  // a size whose job never started a rank
  noJob.config.settings.worldSize = 3;
  r.configs.push_back(noJob);
  EXPECT_FALSE(compareWorldSizes(r).has_value());
}

}  // namespace
}  // namespace detbench::trace
