// What the training lesson makes of the algorithms a library chose for its ops: a run whose
// every library choice is one the library calls deterministic cannot vary, and says so; any
// other choice (nondeterministic, or a line that does not tell) leaves the run free to vary.

#include <gtest/gtest.h>

#include "detbench/demo/TrainingSim.hpp"

namespace detbench::demo {
namespace {

TrainingConfigOutcome withAlgorithms(std::vector<std::string> lines) {
  TrainingConfigOutcome c;
  c.algorithms = std::move(lines);
  return c;
}

TEST(TrainingSimTest, ConvolutionsCuDnnCallsDeterministicAreNamed) {
  EXPECT_EQ(deterministicLibraryChoice(withAlgorithms(
                {"conv2d_forward: FWD_IMPLICIT_PRECOMP_GEMM, FMA_MATH, cudnnGet_v7 (heuristics)",
                 "conv2d_backward_filter: BWD_FILTER_ALGO_1, FMA_MATH, cudnnGet_v7 (heuristics)"})),
            "conv2d_forward: FWD_IMPLICIT_PRECOMP_GEMM, FMA_MATH, cudnnGet_v7 (heuristics); "
            "conv2d_backward_filter: BWD_FILTER_ALGO_1, FMA_MATH, cudnnGet_v7 (heuristics)");
}

TEST(TrainingSimTest, ANondeterministicChoiceLeavesTheRunFreeToVary) {
  EXPECT_EQ(deterministicLibraryChoice(withAlgorithms(
                {"conv2d_forward: FWD_IMPLICIT_GEMM, FMA_MATH, cudnnGet_v7 (heuristics)",
                 "conv2d_backward_filter: BWD_FILTER_ALGO_0, FMA_MATH, cudnnGet_v7 (heuristics), "
                 "nondeterministic"})),
            "");
}

TEST(TrainingSimTest, ALineThatDoesNotTellOrNoLineAtAllLeavesTheRunFreeToVary) {
  EXPECT_EQ(deterministicLibraryChoice(withAlgorithms({})), "");
  EXPECT_EQ(deterministicLibraryChoice(withAlgorithms(
                {"conv2d_backward_filter: BWD_FILTER_ALGO_1, FMA_MATH, cudnnGet_v7 (heuristics)",
                 "matmul: cublasSgemm, FP32; cuBLASLt's heuristic for this shape: algo 6"})),
            "");
}

}  // namespace
}  // namespace detbench::demo
