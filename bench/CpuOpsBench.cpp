// cpu-threads: the deterministic form against the atomic form of index_add and scatter_add,
// 1M to 16M inputs, on every core, each form timed by the device (steady_clock around the op).
// Arguments: size, output rows (index_add) or output length (scatter_add), form (0 atomic,
// 1 deterministic).

#include <benchmark/benchmark.h>

#include "detbench/cpu/CpuBackends.hpp"
#include "detbench/run/HostMemory.hpp"
#include "detbench/run/TrialRunner.hpp"

namespace {

using namespace detbench;

void runOp(benchmark::State& state, const char* op, const char* rowsParam) {
  const std::int64_t size = state.range(0);
  const std::int64_t rows = state.range(1);
  const Form form = state.range(2) == 0 ? Form::Atomic : Form::Deterministic;
  auto backend = cpu::makeCpuThreadsBackend();
  const OpDefinition& def = opDefinition(op);
  const OpParams params = resolveParams(op, def.params(), {{"size", size}, {rowsParam, rows}});
  const OpInputs inputs = prepareInputs(def, params, 0, availableMemoryBytes());
  const Context context(Settings{});
  auto prepared = backend->prepare(def, params, inputs, form, context);
  for (int w = 0; w < 3; ++w) prepared->execute();
  for (auto _ : state) state.SetIterationTime(static_cast<double>(prepared->execute()) * 1e-9);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * size);
  state.SetLabel(std::string(form == Form::Atomic ? "atomic" : "deterministic") +
                 " threads=" + std::to_string(backend->threads(context)));
}

void BM_IndexAdd(benchmark::State& state) {
  runOp(state, "index_add", "rows");
}
void BM_ScatterAdd(benchmark::State& state) {
  runOp(state, "scatter_add", "out_size");
}

void sizes(benchmark::internal::Benchmark* b) {
  for (std::int64_t size : {1 << 20, 4 << 20, 16 << 20}) {
    for (std::int64_t rows : {std::int64_t{4096}, size / 4}) {
      for (std::int64_t form : {0, 1}) b->Args({size, rows, form});
    }
  }
  b->UseManualTime()->Unit(benchmark::kMillisecond);
}

BENCHMARK(BM_IndexAdd)->Apply(sizes);
BENCHMARK(BM_ScatterAdd)->Apply(sizes);

}  // namespace

BENCHMARK_MAIN();
