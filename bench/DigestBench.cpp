// Digest throughput on one core, beside memcpy of the same bytes (the memory bandwidth a
// single core sees), so the ratio of the two is measured in one run; and the digest's two forms
// (one element at a time, and AVX2's four) side by side for each element size.

#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "detbench/op/DataGenerator.hpp"
#include "detbench/run/Digest.hpp"

namespace {

std::vector<float> data(std::size_t bytes) {
  std::vector<float> v(bytes / 4);
  detbench::DataGenerator(1).uniform(v, 1, -1, 1);
  return v;
}

void BM_Digest(benchmark::State& state) {
  const auto v = data(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(detbench::digestBytes(v.data(), 4, v.size()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}

// The digest's scalar (range 1 = 0) or AVX2 form (1) over 16 MiB of elements of range(0) bytes.
void BM_DigestForm(benchmark::State& state) {
  const auto v = data(16 << 20);
  const auto elementSize = static_cast<std::size_t>(state.range(0));
  const bool wide = state.range(1) != 0;
  if (wide && !detbench::digest_detail::wideAvailable()) {
    state.SkipWithError("this CPU has no AVX2");
    return;
  }
  const std::uint64_t count = (v.size() * 4) / elementSize;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        wide ? detbench::digest_detail::runWide(v.data(), elementSize, 0, 1, count)
             : detbench::digest_detail::runScalar(v.data(), elementSize, 0, 1, count));
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * (16 << 20));
}

void BM_Memcpy(benchmark::State& state) {
  const auto v = data(static_cast<std::size_t>(state.range(0)));
  std::vector<float> w(v.size());
  for (auto _ : state) {
    std::memcpy(w.data(), v.data(), v.size() * 4);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}

void BM_Fingerprint(benchmark::State& state) {
  const auto v = data(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(detbench::fingerprintBytes(v.data(), v.size() * 4));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}

BENCHMARK(BM_Digest)->Arg(1 << 20)->Arg(16 << 20)->Arg(256 << 20)->UseRealTime();
BENCHMARK(BM_DigestForm)
    ->ArgNames({"element_bytes", "avx2"})
    ->ArgsProduct({{1, 2, 4, 8}, {0, 1}})
    ->UseRealTime();
BENCHMARK(BM_Memcpy)->Arg(1 << 20)->Arg(16 << 20)->Arg(256 << 20)->UseRealTime();
BENCHMARK(BM_Fingerprint)->Arg(16 << 20)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
