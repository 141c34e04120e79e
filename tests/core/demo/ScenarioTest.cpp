// The teaching scenarios: the built-in file parses, every text has its Chinese translation,
// broken files are refused with a reason, and every scenario, run on the CPU devices, shows
// what its text says (the checks of ScenarioRunner, which the CLI and the GUI print); the
// PYTHONHASHSEED lesson reproduces CPython's order.

#include <gtest/gtest.h>

#include <random>

#include "detbench/base/Error.hpp"
#include "detbench/cpu/CpuBackends.hpp"
#include "detbench/demo/ScenarioRunner.hpp"
#include "detbench/rng/RngEngines.hpp"

namespace detbench::demo {
namespace {

TEST(ScenarioTest, TheBuiltInScenariosParseAndAreTranslated) {
  const auto& all = scenarios();
  ASSERT_GE(all.size(), 9u);
  for (const auto& s : all) {
    std::vector<const LocalText*> texts{&s.title, &s.lesson, &s.expect};
    for (const auto& step : s.steps) texts.push_back(&step);
    for (const auto& r : s.runs) texts.push_back(&r.label);
    for (const LocalText* t : texts) {
      EXPECT_FALSE(t->zhCN.empty()) << s.name << ": " << t->en;
      EXPECT_EQ(t->in("zh_CN"), t->zhCN);
      EXPECT_EQ(t->in("en"), t->en);
    }
  }
  EXPECT_NE(findScenario("float-atomics"), nullptr);
  EXPECT_EQ(findScenario("no-such-demo"), nullptr);
}

std::string withScenario(const std::string& body) {
  return R"({"format": "detbench-scenarios", "version": 1, "scenarios": [)" + body + "]}";
}
std::string scenario(const std::string& runs) {
  return R"({"name": "x", "title": {"en": "t"}, "lesson": {"en": "l"}, "steps": [],
             "expect": {"en": "e"}, "needs_gpu": false, "runs": [)" +
         runs + "]}";
}

TEST(ScenarioTest, BrokenScenarioFilesAreRefusedWithAReason) {
  const std::string good =
      R"({"label": {"en": "a"}, "op": "sum", "params": {}, "settings": {}, "trials": 2})";
  EXPECT_EQ(parseScenarios(withScenario(scenario(good))).size(), 1u);
  EXPECT_THROW(parseScenarios("{"), InvalidArgument);
  EXPECT_THROW(parseScenarios(R"({"format": "other", "version": 1, "scenarios": []})"),
               InvalidArgument);
  for (
      const std::string bad : {
          R"({"label": {"en": "a"}, "op": "nope", "params": {}, "settings": {}, "trials": 2})",
          R"({"label": {"en": "a"}, "op": "sum", "params": {"size": -1}, "settings": {}, "trials": 2})",
          R"({"label": {"en": "a"}, "op": "sum", "params": {}, "settings": {"turbo": true}, "trials": 2})",
          R"({"label": {"en": "a"}, "op": "sum", "params": {}, "settings": {}, "trials": 0})",
          R"({"label": {"en": "a"}, "op": "sum", "params": {}, "settings": {}, "trials": 2,
               "expect": {"differs_from_run": 0}})",
          R"({"op": "sum", "params": {}, "settings": {}, "trials": 2})",
      }) {
    EXPECT_THROW(parseScenarios(withScenario(scenario(bad))), InvalidArgument) << bad;
  }
  EXPECT_THROW(parseScenarios(withScenario(scenario(good) + "," + scenario(good))),
               InvalidArgument);  // two scenarios named x
}

TEST(ScenarioTest, ThePythonHashLessonReproducesCPythonsOrders) {
  const Scenario* s = findScenario("python-hash");
  ASSERT_NE(s, nullptr);
  ASSERT_TRUE(s->hash.has_value());
  std::vector<python::HashSecret> drawn;
  std::mt19937_64 bits(7);
  const FreshSecret fresh = [&] {
    drawn.push_back({bits(), bits()});
    return drawn.back();
  };
  const HashOutcome h = runHashLesson(*s->hash, fresh);
  ASSERT_EQ(h.interpreters.size(), 3u * static_cast<std::size_t>(s->hash->interpreters));
  // Unset and set inside the script: one fresh secret per interpreter, in order.
  ASSERT_EQ(drawn.size(), 2u * static_cast<std::size_t>(s->hash->interpreters));
  for (std::size_t i = 0; i < drawn.size(); ++i) {
    EXPECT_EQ(h.interpreters[i].order, python::setOrder(s->hash->words, drawn[i]));
  }
  // PYTHONHASHSEED=0 python3 -c "print(list(set([...])))" with Debian's CPython 3.11.2.
  const std::vector<std::string> seeded{"cat",   "fish", "horse", "bird",
                                        "sheep", "goat", "duck",  "dog"};
  for (const auto& i : h.interpreters) {
    if (i.setting == HashSeedSetting::BeforeStart) {
      EXPECT_EQ(i.order, seeded);
    }
  }
  EXPECT_EQ(h.distinctOrders(HashSeedSetting::BeforeStart), 1);
  EXPECT_GT(h.distinctOrders(HashSeedSetting::Unset), 1);

  HashSpec old = *s->hash;
  old.python = "2.7";
  EXPECT_THROW(runHashLesson(old, fresh), InvalidArgument);
  EXPECT_THROW(parseScenarios(withScenario(
                   R"({"name": "h", "title": {"en": "t"}, "lesson": {"en": "l"}, "steps": [],
                       "expect": {"en": "e"}, "needs_gpu": false,
                       "hash": {"words": ["a"], "interpreters": 4, "python": "3.11"}})")),
               InvalidArgument);  // one word has one order
}

TEST(ScenarioTest, TheNumpyLessonSeedsTheGlobalGeneratorOnly) {
  const Scenario* s = findScenario("numpy-generators");
  ASSERT_NE(s, nullptr);
  ASSERT_TRUE(s->generators.has_value());
  std::uint64_t entropy = 1000;
  const GeneratorOutcome g = runGeneratorLesson(*s->generators, [&entropy] { return entropy++; });
  ASSERT_EQ(g.draws.size(), 3u * static_cast<std::size_t>(s->generators->processes));
  // np.random.seed(42); np.random.rand(4) and np.random.default_rng(42).random(4), as NumPy 1.24
  // prints them.
  const std::vector<double> global{0.37454012, 0.95071431, 0.73199394, 0.59865848};
  const std::vector<double> seeded{0.77395605, 0.43887844, 0.85859792, 0.69736803};
  std::uint64_t expectedEntropy = 1000;
  for (const auto& d : g.draws) {
    ASSERT_EQ(d.values.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) {
      if (d.stream == GeneratorStream::GlobalSeeded) {
        EXPECT_NEAR(d.values[i], global[i], 5e-9);
      } else if (d.stream == GeneratorStream::GeneratorSeeded) {
        EXPECT_NEAR(d.values[i], seeded[i], 5e-9);
      }
    }
    if (d.stream == GeneratorStream::GeneratorUnseeded) {
      EXPECT_EQ(d.values, rng::generate(rng::Engine::NumpyGenerator, expectedEntropy++, 4,
                                        rng::Distribution::Uniform));
    }
  }
  EXPECT_EQ(g.distinctStreams(GeneratorStream::GlobalSeeded), 1);
  EXPECT_EQ(g.distinctStreams(GeneratorStream::GeneratorUnseeded), s->generators->processes);
  EXPECT_EQ(g.distinctStreams(GeneratorStream::GeneratorSeeded), 1);
}

class ScenarioRunTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ScenarioRunTest, ShowsWhatItsTextSaysOnTheCpuDevices) {
  // cpu-threads runs under a simulated shuffled schedule: every parallel loop of an atomic form
  // adds in a new order, as racing threads would, but the same orders every time the test runs,
  // so no check here waits on a race (on real threads the demos measure it).
  BackendRegistry registry;
  registry.add(cpu::makeCpuBackend());
  registry.add(cpu::makeCpuThreadsBackend(cpu::TaskSchedule::shuffled(3)));
  const Scenario* s = findScenario(GetParam());
  ASSERT_NE(s, nullptr);
  if (s->trace) {
    GTEST_SKIP() << "the tracing lesson runs Python with PyTorch: detbench_trace_tests runs it "
                    "with its race made deterministic";
  }
  if (s->needsTorch) GTEST_SKIP() << "runs PyTorch itself: tests/kernels/torch runs it";
  // The lessons about fresh processes draw their entropy from fixed sequences.
  std::mt19937_64 bits(2024);
  FreshSources fresh;
  fresh.pythonHashSecret = [&bits] { return python::HashSecret{bits(), bits()}; };
  fresh.numpyEntropy = [&bits] { return bits(); };
  const ScenarioOutcome o = runScenario(*s, registry, {}, nullptr, fresh);
  EXPECT_EQ(o.device, "cpu-threads");
  EXPECT_EQ(o.fallback, s->needsGpu);
  ASSERT_FALSE(o.checks.empty());
  for (const auto& c : o.checks) {
    EXPECT_TRUE(c.passed) << c.what.en;
    EXPECT_FALSE(c.what.zhCN.empty()) << c.what.en;
  }
}

// The Seeds lesson shows the numbers each run drew: torch.manual_seed(42); torch.rand(4) on the
// CPU gives 0.8823 0.9150 0.3829 0.9593 (PyTorch's Mersenne Twister); a lesson's run that draws
// nothing shows none.
TEST(ScenarioTest, TheSeedsLessonShowsTheNumbersEachRunDrew) {
  BackendRegistry registry;
  registry.add(cpu::makeCpuBackend());
  registry.add(cpu::makeCpuThreadsBackend(cpu::TaskSchedule::shuffled(3)));
  const Scenario* seeds = findScenario("seeds");
  ASSERT_NE(seeds, nullptr);
  const ScenarioOutcome o = runScenario(*seeds, registry);
  ASSERT_EQ(o.drawnNumbers.size(), o.runs.size());
  ASSERT_EQ(o.drawnNumbers[0].size(), kDrawnNumbersShown);
  const double expected[] = {0.8823, 0.9150, 0.3829, 0.9593};
  for (std::size_t k = 0; k < kDrawnNumbersShown; ++k) {
    EXPECT_NEAR(o.drawnNumbers[0][k], expected[k], 5e-5) << k;
  }
  EXPECT_NE(o.drawnNumbers[0], o.drawnNumbers[2]) << "the GPU generator draws other numbers";
  const Scenario* atomics = findScenario("float-atomics");
  ASSERT_NE(atomics, nullptr);
  const ScenarioOutcome other = runScenario(*atomics, registry);
  for (const auto& drawn : other.drawnNumbers) EXPECT_TRUE(drawn.empty());
}

INSTANTIATE_TEST_SUITE_P(AllScenarios, ScenarioRunTest, ::testing::ValuesIn([] {
                           std::vector<std::string> names;
                           for (const auto& s : scenarios()) names.push_back(s.name);
                           return names;
                         }()),
                         [](const auto& test) {
                           std::string n = test.param;
                           for (auto& ch : n) ch = ch == '-' ? '_' : ch;
                           return n;
                         });

}  // namespace
}  // namespace detbench::demo
