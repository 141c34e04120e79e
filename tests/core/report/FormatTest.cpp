#include "detbench/report/Format.hpp"

#include <gtest/gtest.h>

namespace detbench {
namespace {

TEST(FormatTest, OneTrialHasNoSpreadToShow) {
  // One trial has no spread: "267 ms (one trial)", never "267 ms ± 0.00 ns".
  EXPECT_EQ(formatMeanSpread(267e6, 0.0, 1), "267 ms (one trial)");
  EXPECT_EQ(formatMeanSpread(267e6, 0.0, 0), "267 ms (one trial)");
  EXPECT_EQ(formatMeanSpread(1.23e6, 45.6e3, 2), "1.23 ms ± 45.6 µs");
}

}  // namespace
}  // namespace detbench
