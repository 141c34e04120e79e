#include "detbench/demo/ScenarioRunner.hpp"

#include <algorithm>

#include "detbench/base/Error.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/run/TrialRunner.hpp"
#include "detbench/trace/TraceCatalogLink.hpp"
#include "detbench/trace/TraceReport.hpp"

namespace detbench::demo {

namespace {

void check(ScenarioOutcome& out, bool passed, std::string en, std::string zh) {
  out.checks.push_back({passed, LocalText{std::move(en), std::move(zh)}});
}

std::string str(std::int64_t v) {
  return std::to_string(v);
}

void checkRun(ScenarioOutcome& out, std::size_t i, const LocalText& label,
              const RunExpectation& e) {
  const RunResult& r = out.runs[i];
  const std::string en = "run " + str(static_cast<std::int64_t>(i) + 1) + " (" + label.en + ")";
  const std::string zh =
      "第 " + str(static_cast<std::int64_t>(i) + 1) + " 次运行（" + label.in("zh_CN") + "）";
  const std::string measured = str(r.summary.distinctDigests);
  const std::string trials = str(static_cast<std::int64_t>(r.trials.size()));
  if (e.raises) {
    check(out, r.raisedNondeterministic(), en + " raises in deterministic mode",
          zh + "在确定性模式下报错");
  }
  if (e.warns) {
    check(out, !r.failed() && !r.warnings.empty() && !r.trials.empty(),
          en + " warns and runs its trials", zh + "发出警告并运行全部试验");
  }
  if (e.reproducible) {
    const bool ok = !r.failed() && !r.trials.empty() && r.summary.reproducible == *e.reproducible;
    check(out, ok,
          en + (*e.reproducible ? " gives one output" : " gives more than one output") +
              " (measured: " + measured + " in " + trials + " trials)",
          zh + (*e.reproducible ? "只有一个输出" : "有多个输出") + "（实测：" + trials +
              " 次试验中 " + measured + " 个）");
  }
  if (e.distinct) {
    check(out, !r.failed() && r.summary.distinctDigests == *e.distinct,
          en + " gives " + str(*e.distinct) + " distinct outputs (measured: " + measured + ")",
          zh + "有 " + str(*e.distinct) + " 个不同的输出（实测：" + measured + "）");
  }
  if (e.differsFromRun) {
    const RunResult& other = out.runs[static_cast<std::size_t>(*e.differsFromRun)];
    const std::string otherRun = str(*e.differsFromRun + 1);
    check(out,
          !r.trials.empty() && !other.trials.empty() &&
              r.trials.front().digest != other.trials.front().digest,
          en + " gives other numbers than run " + otherRun,
          zh + "给出的数与第 " + otherRun + " 次运行不同");
  }
  if (e.sameAsRun) {
    const RunResult& other = out.runs[static_cast<std::size_t>(*e.sameAsRun)];
    const std::string otherRun = str(*e.sameAsRun + 1);
    check(out,
          !r.trials.empty() && !other.trials.empty() &&
              r.trials.front().digest == other.trials.front().digest,
          en + " gives bit for bit the numbers of run " + otherRun,
          zh + "给出的数与第 " + otherRun + " 次运行逐位相同");
  }
}

std::string causeText(const trace::TraceCause& c) {
  return c.op.name + (c.site ? " at " + trace::describeSite(*c.site) : std::string());
}

// The tracing lesson's checks: as written, the first cause is the random numbers of the model's
// initialisation; seeded, the runs agree or part at index_put_'s CPU atomics (a real race: what
// it showed is said, and it fails only on another cause); in deterministic mode they agree.
void checkTrace(ScenarioOutcome& out) {
  const TraceLessonOutcome& t = *out.trace;
  check(
      out, t.error.empty(),
      "the example ran under the probe with " + t.python + (t.error.empty() ? "" : ": " + t.error),
      "示例脚本在探针下用 " + t.python + " 运行" + (t.error.empty() ? "" : "：" + t.error));
  if (!t.error.empty()) return;
  const PyTorchRelease release = trace::traceRelease(std::nullopt, t.result.python).release;
  const trace::TraceCause* unseeded = t.firstCause("default");
  const bool random =
      unseeded && trace::explainCause(*unseeded, release).kind == trace::CauseKind::RandomNumbers;
  const std::string first = unseeded ? causeText(*unseeded) : std::string("none");
  check(out, random,
        "as written, the first cause is the random initialisation of the model's parameters (" +
            first + ")",
        "按原样运行时，第一个原因是模型参数的随机初始化（" + first + "）");
  const trace::TraceConfigResult* seeded = t.config("seeded");
  const trace::TraceCause* atomics = t.firstCause("seeded");
  if (seeded && seeded->alignment.reproducible()) {
    check(out, true,
          "seeded, the runs agreed this time: index_put_'s atomics added in the same order (a "
          "race; run it again)",
          "设置种子后，这次各次运行一致：index_put_ "
          "的原子加法碰巧按相同顺序进行（这是竞争，请再运行一次）");
  } else {
    const auto match = atomics ? trace::matchCatalogOp(atomics->op) : std::nullopt;
    const bool isAtomics = match && match->op == "index_put_accumulate";
    const std::string seen = atomics ? causeText(*atomics) : std::string("none");
    check(out, isAtomics,
          "seeded, the first cause is index_put_ with accumulate=True, PyTorch's CPU atomics (" +
              seen + ")",
          "设置种子后，第一个原因是 accumulate=True 的 index_put_，即 PyTorch 的 CPU 原子操作（" +
              seen + "）");
  }
  const trace::TraceConfigResult* det = t.config("deterministic");
  std::int64_t compared = 0;
  if (det) {
    for (const auto& r : det->alignment.runs) compared = std::max(compared, r.compared);
  }
  check(out, det && det->alignment.reproducible(),
        "in deterministic mode the runs agree (" + str(compared) + " ops compared)",
        "在确定性模式下各次运行一致（比较了 " + str(compared) + " 个算子）");
}

}  // namespace

bool ScenarioOutcome::asExpected() const {
  if (cancelled || checks.empty()) return false;
  for (const auto& c : checks) {
    if (!c.passed) return false;
  }
  return true;
}

std::string scenarioDevice(const BackendRegistry& registry) {
  try {
    registry.get("cuda");  // loads its module where that is on demand
    return "cuda";
  } catch (const Error&) {
    return "cpu-threads";  // unknown here, or not available
  }
}

ScenarioOutcome runScenario(const Scenario& scenario, const BackendRegistry& registry,
                            const ScenarioProgress& progress, const CancelToken* cancel,
                            const FreshSources& fresh) {
  ScenarioOutcome out;
  // A scenario that needs torch names the torch device in its runs; runs that name no device
  // run where the scenario runs (cuda, or cpu-threads). Where every run names its device, the
  // scenario is said to run on torch-cpu.
  const bool allNamed = std::all_of(scenario.runs.begin(), scenario.runs.end(),
                                    [](const ScenarioRun& r) { return r.device.has_value(); });
  out.device =
      scenario.needsTorch && allNamed ? std::string("torch-cpu") : scenarioDevice(registry);
  out.fallback = scenario.needsGpu && out.device != "cuda";

  if (scenario.loader) {
    if (progress) progress("data loader", 0, 1);
    out.loader = runLoaderLesson(*scenario.loader, cancel);
    if (out.loader->modes.size() < 3) {
      out.cancelled = true;
      return out;
    }
    const auto& m = out.loader->modes;
    check(out, m[0].changedBatches() > 0, "without any seed, batches change run to run",
          "不设任何种子时，批次随运行变化");
    check(out, m[1].changedBatches() > 0,
          "with torch.manual_seed alone, the dataset's own augmentations still change",
          "只调用 torch.manual_seed 时，数据集自己的数据增强仍会变化");
    check(out, m[1].workersRepeatEachOther,
          "with torch.manual_seed alone, workers repeat each other's augmentations",
          "只调用 torch.manual_seed 时，各工作进程互相重复数据增强");
    bool orderKept = true;
    for (const auto& run : m[1].changes)
      for (auto c : run) orderKept = orderKept && c != BatchChange::Order;
    check(out, orderKept, "with torch.manual_seed alone, the shuffle repeats",
          "只调用 torch.manual_seed 时，打乱顺序会重复");
    check(out, m[2].changedBatches() == 0,
          "with a generator and worker_init_fn, every batch repeats",
          "使用 generator 和 worker_init_fn 时，每个批次都会重复");
    if (progress) progress("data loader", 1, 1);
    return out;
  }

  if (scenario.hash) {
    if (progress) progress("interpreters", 0, 1);
    out.hash = runHashLesson(*scenario.hash, fresh.pythonHashSecret);
    const std::string n = str(scenario.hash->interpreters);
    const std::string unset = str(out.hash->distinctOrders(HashSeedSetting::Unset));
    const std::string inScript = str(out.hash->distinctOrders(HashSeedSetting::InScript));
    check(
        out, out.hash->distinctOrders(HashSeedSetting::Unset) > 1,
        "without PYTHONHASHSEED the order changes from interpreter to interpreter (" + unset +
            " orders in " + n + ")",
        "不设 PYTHONHASHSEED 时，顺序随解释器变化（" + n + " 个解释器中有 " + unset + " 种顺序）");
    check(out, out.hash->distinctOrders(HashSeedSetting::InScript) > 1,
          "set with os.environ inside the script, it still changes (" + inScript + " orders in " +
              n + ")",
          "在脚本内用 os.environ 设置时，顺序仍会变化（" + n + " 个解释器中有 " + inScript +
              " 种顺序）");
    check(out, out.hash->distinctOrders(HashSeedSetting::BeforeStart) == 1,
          "with PYTHONHASHSEED=0 set before the start, every interpreter gives one order",
          "在启动前设置 PYTHONHASHSEED=0 时，每个解释器都给出同一种顺序");
    if (progress) progress("interpreters", 1, 1);
    return out;
  }

  if (scenario.generators) {
    if (progress) progress("processes", 0, 1);
    out.generators = runGeneratorLesson(*scenario.generators, fresh.numpyEntropy);
    const auto& g = *out.generators;
    const std::string n = str(scenario.generators->processes);
    const std::string unseeded = str(g.distinctStreams(GeneratorStream::GeneratorUnseeded));
    check(out, g.distinctStreams(GeneratorStream::GlobalSeeded) == 1,
          "after np.random.seed, np.random.rand draws the same numbers in every process",
          "调用 np.random.seed 之后，np.random.rand 在每个进程中抽到相同的数");
    check(out,
          g.distinctStreams(GeneratorStream::GeneratorUnseeded) == scenario.generators->processes,
          "after np.random.seed, default_rng() still draws new numbers in every process (" +
              unseeded + " streams in " + n + " processes)",
          "调用 np.random.seed 之后，default_rng() 仍在每个进程中抽到新的数（" + n +
              " 个进程中有 " + unseeded + " 条不同的流）");
    check(out, g.distinctStreams(GeneratorStream::GeneratorSeeded) == 1,
          "default_rng(seed) draws the same numbers in every process",
          "default_rng(seed) 在每个进程中抽到相同的数");
    if (progress) progress("processes", 1, 1);
    return out;
  }

  if (scenario.trace) {
    out.device = "cpu";
    out.trace =
        runTraceLesson(*scenario.trace, fresh.tracePython, fresh.traceScript, progress, cancel);
    if (cancel && cancel->cancelled()) {
      out.cancelled = true;
      return out;
    }
    checkTrace(out);
    return out;
  }

  if (scenario.decoder) {
    out.decoder = runDecoderLesson(
        *scenario.decoder, registry, out.device,
        [&](bool invariant, int batch, int done, int total) {
          if (progress) {
            progress(std::string(invariant ? "batch-invariant kernels" : "default kernels") +
                         ", batch of " + str(batch),
                     done, total);
          }
        },
        cancel);
    if (cancel && cancel->cancelled()) {
      out.cancelled = true;
      return out;
    }
    const auto& def = out.decoder->forms.at(0);
    const auto& inv = out.decoder->forms.at(1);
    // The batch sizes compared with the prompt alone (the first is the prompt alone).
    const auto sizes = static_cast<std::int64_t>(def.batches.size()) - 1;
    int logitsDiffer = 0;
    int firstStep = -1;
    for (const auto& b : def.batches) {
      logitsDiffer += b.firstDifferentLogits >= 0 ? 1 : 0;
      if (b.divergedAt >= 0 && (firstStep < 0 || b.divergedAt < firstStep))
        firstStep = b.divergedAt;
    }
    check(out, def.error.empty() && logitsDiffer > 0,
          "with default kernels the prompt's logits change with its batch (" + str(logitsDiffer) +
              " of " + str(sizes) + " other batch sizes)" + def.error,
          "使用默认内核时，提示的 logits 随所在批次而变（其他 " + str(sizes) + " 个批大小中有 " +
              str(logitsDiffer) + " 个）" + def.error);
    check(out, def.error.empty() && def.diverged() > 0,
          "with default kernels the generated tokens part for some batch sizes (" +
              str(def.diverged()) + " of " + str(sizes) + ", first at step " + str(firstStep) + ")",
          "使用默认内核时，某些批大小下生成的 token 会分叉（" + str(sizes) + " 个中有 " +
              str(def.diverged()) + " 个，最早在第 " + str(firstStep) + " 步）");
    bool sameLogits = inv.error.empty();
    for (const auto& b : inv.batches) sameLogits = sameLogits && b.firstDifferentLogits < 0;
    check(
        out, sameLogits && inv.diverged() == 0,
        "with batch-invariant kernels every batch size gives the prompt the same logits, bit "
        "for bit, and the same tokens" +
            inv.error,
        "使用批不变内核时，每个批大小下该提示的 logits 逐位相同，生成的 token 也相同" + inv.error);
    return out;
  }

  if (scenario.training) {
    const int total = 2 * scenario.training->runs;
    int done = 0;
    out.training = runTrainingLesson(
        *scenario.training, registry, out.device,
        [&](const std::string& config, int, int) {
          if (progress) progress("training (" + config + ")", ++done, total);
        },
        cancel);
    if (out.training->configs.size() < 2) {
      out.cancelled = true;
      return out;
    }
    const auto& def = out.training->configs[0];
    const auto& det = out.training->configs[1];
    const std::string defError = def.error.empty() ? "" : ": " + def.error;
    const std::string detError = det.error.empty() ? "" : ": " + det.error;
    const std::string deterministicChoice =
        out.device == "cuda" ? deterministicLibraryChoice(def) : std::string();
    if (def.error.empty() && def.firstDivergentStep < 0 && !deterministicChoice.empty()) {
      // Nothing in the default run could vary: the library picked a deterministic algorithm
      // for this shape on this device. What it picked is the lesson, not a failure.
      check(
          out, true,
          "under default settings the runs did not differ: the library chose a deterministic "
          "algorithm here (" +
              deterministicChoice + ")",
          "默认设置下各次运行没有差别：库在这里选中了确定性的算法（" + deterministicChoice + "）");
      check(out, det.identical() && det.distinctFinalParameters() == 1,
            "under full determinism every run is identical at every step" + detError,
            "完全确定性下每次运行在每一步都完全相同" + detError);
      return out;
    }
    // The losses show it later than the weights (a last-bit difference in a weight moves the
    // loss below its printed digits at first): the two checks say which they measure.
    check(out, def.error.empty() && def.firstDivergentStep >= 0,
          "under default settings the losses first differ at step " + str(def.firstDivergentStep) +
              defError,
          "默认设置下各次运行的损失从第 " + str(def.firstDivergentStep) + " 步起不同" + defError);
    const std::string sets = str(def.distinctFinalParameters());
    const std::string runs = str(static_cast<std::int64_t>(def.finalDigests.size()));
    check(out, def.error.empty() && def.distinctFinalParameters() > 1,
          "under default settings the runs end with different weights (" + sets +
              " different sets in " + runs + " runs)",
          "默认设置下各次运行最终的权重不同（" + runs + " 次运行中有 " + sets + " 组不同）");
    // The weights: the first step after which some run's differ from run 1's, and how far
    // apart they end.
    int firstApart = -1;
    double finalApart = 0;
    for (const auto& run : def.parameterDistance) {
      for (std::size_t step = 0; step < run.size(); ++step) {
        if (run[step] > 0 && (firstApart < 0 || static_cast<int>(step) < firstApart)) {
          firstApart = static_cast<int>(step);
        }
      }
      if (!run.empty()) finalApart = std::max(finalApart, run.back());
    }
    check(out, def.error.empty() && firstApart >= 0 && finalApart > 0,
          "under default settings the weights differ from the update of step " + str(firstApart) +
              " on and end " + formatFloat(finalApart) + " apart (relative distance from run 1)",
          "默认设置下权重从第 " + str(firstApart) + " 步的更新起就不同，最终相距 " +
              formatFloat(finalApart) + "（与第 1 次运行的相对距离）");
    check(out, det.identical() && det.distinctFinalParameters() == 1,
          "under full determinism every run is identical at every step" + detError,
          "完全确定性下每次运行在每一步都完全相同" + detError);
    return out;
  }

  const TrialRunner runner(registry);
  const int total = static_cast<int>(scenario.runs.size());
  for (const ScenarioRun& run : scenario.runs) {
    if (cancel && cancel->cancelled()) {
      out.cancelled = true;
      return out;
    }
    RunRequest r;
    r.op = run.op;
    r.params = run.params;
    r.device = run.device.value_or(out.device);
    r.settings = run.settings;
    r.trials = run.trials;
    r.warmup = 1;
    r.label = run.label.en;
    if (progress) progress(run.label.en, static_cast<int>(out.runs.size()), total);
    const OpTraits* traits = findOpTraits(r.op);
    const bool draws = traits && traits->cpu.source == NondeterminismSource::Rng;
    std::vector<double> drawn;
    RunCallbacks callbacks;
    if (draws) {
      callbacks.onFirstOutput = [&drawn](const HostTensor& t) {
        if (t.dtype() != DType::Float32) return;
        const auto values = t.as<float>();
        for (std::size_t k = 0; k < std::min(values.size(), kDrawnNumbersShown); ++k) {
          drawn.push_back(values[k]);
        }
      };
    }
    out.runs.push_back(runner.run(r, callbacks, cancel));
    out.drawnNumbers.push_back(std::move(drawn));
  }
  for (std::size_t i = 0; i < scenario.runs.size(); ++i) {
    const ScenarioRun& run = scenario.runs[i];
    if (run.expect) checkRun(out, i, run.label, *run.expect);
    if (run.expectCpu && out.device != "cuda") checkRun(out, i, run.label, *run.expectCpu);
  }
  if (progress) progress("done", total, total);
  return out;
}

}  // namespace detbench::demo
