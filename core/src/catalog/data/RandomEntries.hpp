#pragma once
// The catalog's entries for the random ops.

#include "catalog/CatalogEntry.hpp"

namespace detbench::catalog {

// Random numbers repeat exactly when the seed is set, and only then.
inline constexpr DeviceTraits kCpuRandom{
    .nondeterministicByDefault = false,
    .source = NS::Rng,
    .errorMode = EM::Runs,
    .note =
        "PyTorch's CPU generator (Mersenne Twister), reproduced bit for bit: the same seed "
        "gives the same numbers; without a seed each trial (a fresh process) gets other "
        "numbers"};
inline constexpr DeviceTraits kGpuRandom{
    .nondeterministicByDefault = false,
    .source = NS::Rng,
    .errorMode = EM::Runs,
    .note =
        "a counter-based Philox generator, as on CUDA: the same seed gives the same numbers, "
        "but other numbers than the CPU generator gives for that seed; without a seed each "
        "trial gets other numbers"};
inline constexpr std::string_view kCpuRandomSource =
    "torch.manual_seed and PyTorch's CPU generator; the cpu device's streams are checked against "
    "PyTorch 1.13 by tests/peer/test_rng_streams.py";
inline constexpr std::string_view kRandomSource =
    "torch.manual_seed and the CUDA Philox generator; random ops are outside the docstring's lists";
inline constexpr Releases<1> kRandomCuda{
    {{.since = Since{2, 8}, .traits = kGpuRandom, .source = kRandomSource}}};
inline constexpr OpEntry kRandEntry{
    .name = "rand",
    .pytorchApi = "torch.manual_seed(seed); torch.rand(size)",
    .summary = "uniform random numbers in [0, 1)",
    .cpu = kCpuRandom,
    .cuda = kRandomCuda,
    .cpuSource = kCpuRandomSource,
    .trace = {.aten = "uniform_,rand,rand_like", .shape = TraceShape::OutputSize},
    .noPytorchCall = "the random ops draw from the generator's stream, not from inputs"};
inline constexpr OpEntry kRandnEntry{
    .name = "randn",
    .pytorchApi = "torch.manual_seed(seed); torch.randn(size)",
    .summary = "standard normal random numbers",
    .cpu = kCpuRandom,
    .cuda = kRandomCuda,
    .cpuSource = kCpuRandomSource,
    .trace = {.aten = "normal_,randn,randn_like", .shape = TraceShape::OutputSize},
    .noPytorchCall = "the random ops draw from the generator's stream, not from inputs"};
inline constexpr OpEntry kDropoutEntry{
    .name = "dropout",
    .pytorchApi = "torch.manual_seed(seed); torch.nn.functional.dropout(input, p)",
    .summary = "zero each element with probability p, scale the rest by 1 / (1 - p)",
    .cpu = kCpuRandom,
    .cuda = kRandomCuda,
    .cpuSource = kCpuRandomSource,
    .trace = {.aten = "bernoulli_,bernoulli,native_dropout,_fused_dropout",
              .shape = TraceShape::OutputSize},
    .noPytorchCall = "the random ops draw from the generator's stream, not from inputs"};

}  // namespace detbench::catalog
