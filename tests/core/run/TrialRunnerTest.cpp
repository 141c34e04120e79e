#include <gtest/gtest.h>

#include <cmath>

#include "detbench/base/Error.hpp"
#include "detbench/run/Sweep.hpp"
#include "detbench/run/TrialRunner.hpp"

namespace detbench {
namespace {

// A device whose output is the float64 reference rounded to float, with one element nudged by
// one ULP on every third trial: two distinct outputs, differing in exactly one element.
class FakePreparedOp final : public PreparedOp {
 public:
  FakePreparedOp(const OpDefinition& op, const OpParams& params, const OpInputs& inputs, int* calls)
      : base_(inputs.output.shape, inputs.output.dtype), out_(base_.clone()), calls_(calls) {
    const Reference ref = op.reference(params, inputs);
    auto b = base_.as<float>();
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = static_cast<float>(ref.value[i]);
  }
  std::int64_t execute() override {
    out_ = base_.clone();
    if ((*calls_)++ % 3 == 2) {
      auto o = out_.as<float>();
      o[0] = std::nextafter(o[0], 10.0f);
    }
    return 1000 + *calls_;
  }
  std::uint64_t outputDigest() override { return digestOf(out_); }
  HostTensor readOutput() override { return out_.clone(); }
  static std::uint64_t digestOf(const HostTensor& t);

 private:
  HostTensor base_, out_;
  int* calls_;
};

}  // namespace
}  // namespace detbench

#include "detbench/run/Digest.hpp"

namespace detbench {
namespace {

std::uint64_t FakePreparedOp::digestOf(const HostTensor& t) {
  return digestTensor(t);
}

class FakeBackend final : public Backend {
 public:
  std::string_view id() const override { return "fake"; }
  TraitsClass traitsClass() const override { return TraitsClass::Cuda; }
  Availability availability() const override {
    return lost ? Availability{false, "device lost"} : Availability{true, ""};
  }
  std::map<std::string, std::string> deviceInfo() const override { return {{"kind", "fake"}}; }
  int threads(const Context&) const override { return 1; }
  bool supports(std::string_view) const override { return true; }
  std::unique_ptr<PreparedOp> prepare(const OpDefinition& op, const OpParams& params,
                                      const OpInputs& inputs, Form, const Context&) override {
    return std::make_unique<FakePreparedOp>(op, params, inputs, &calls);
  }
  int calls = 0;
  bool lost = false;  // as the cuda device after a fault that made its context unusable
};

struct TrialRunnerTest : ::testing::Test {
  TrialRunnerTest() {
    auto b = std::make_unique<FakeBackend>();
    backend = b.get();
    registry.add(std::move(b));
    registry.addUnavailable("cuda", "cudaErrorNoDevice");
  }
  RunRequest request(const char* op = "index_add") const {
    RunRequest r;
    r.op = op;
    r.device = "fake";
    r.params = {{"size", 4096}};
    r.trials = 9;
    r.warmup = 0;
    return r;
  }
  BackendRegistry registry;
  FakeBackend* backend;
};

TEST_F(TrialRunnerTest, RecordsDigestsDiffsAndTimes) {
  const TrialRunner runner(registry);
  int progress = 0;
  RunCallbacks cb;
  cb.onTrial = [&](const TrialRecord&, int done, int total) {
    EXPECT_EQ(done, ++progress);
    EXPECT_EQ(total, 9);
  };
  const RunResult r = runner.run(request(), cb);
  EXPECT_EQ(progress, 9);
  ASSERT_EQ(r.trials.size(), 9u);
  EXPECT_EQ(r.summary.distinctDigests, 2);
  EXPECT_FALSE(r.summary.reproducible);
  EXPECT_EQ(r.summary.trialsDifferingFromFirst, 3);
  EXPECT_EQ(r.trials[2].nDiff, 1);
  EXPECT_EQ(r.trials[2].maxUlp, 1u);
  EXPECT_GT(r.trials[2].maxAbsDiff, 0);
  EXPECT_EQ(r.trials[1].nDiff, 0);
  EXPECT_EQ(r.trials[0].timeNs, 1001);
  EXPECT_DOUBLE_EQ(r.summary.time.max, 1009);
  EXPECT_EQ(r.dispatch.form, Form::Atomic);
  EXPECT_NE(r.inputFingerprint, 0u);
}

TEST_F(TrialRunnerTest, WarmupTrialsRunButAreNotRecorded) {
  const TrialRunner runner(registry);
  RunRequest req = request();
  req.warmup = 4;
  const RunResult r = runner.run(req);
  EXPECT_EQ(backend->calls, 13);
  EXPECT_EQ(r.trials.size(), 9u);
}

TEST_F(TrialRunnerTest, CancelStopsBetweenTrials) {
  const TrialRunner runner(registry);
  CancelToken cancel;
  RunCallbacks cb;
  cb.onTrial = [&](const TrialRecord&, int done, int) {
    if (done == 4) cancel.cancel();
  };
  const RunResult r = runner.run(request(), cb, &cancel);
  EXPECT_TRUE(r.cancelled);
  EXPECT_EQ(r.trials.size(), 4u);
  EXPECT_EQ(r.summary.trials, 4);
}

TEST_F(TrialRunnerTest, ErrorModeIsRecordedNotThrown) {
  const TrialRunner runner(registry);
  RunRequest req = request("bincount_weighted");
  req.settings.deterministic = DeterministicMode::Error;
  const RunResult r = runner.run(req);
  EXPECT_TRUE(r.raisedNondeterministic());
  EXPECT_TRUE(r.trials.empty());
  EXPECT_FALSE(r.dispatched);
  EXPECT_EQ(backend->calls, 0);
}

TEST_F(TrialRunnerTest, WarnModeRecordsTheWarningAndRuns) {
  const TrialRunner runner(registry);
  RunRequest req = request("bincount_weighted");
  req.settings.deterministic = DeterministicMode::Warn;
  const RunResult r = runner.run(req);
  EXPECT_FALSE(r.failed());
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].caller, "_bincount_cuda");
  EXPECT_EQ(r.trials.size(), 9u);
}

TEST_F(TrialRunnerTest, BadRequestsThrowBeforeAnythingRuns) {
  const TrialRunner runner(registry);
  RunRequest req = request();
  req.trials = 0;
  EXPECT_THROW(runner.run(req), InvalidArgument);
  req = request();
  req.device = "tpu";
  EXPECT_THROW(runner.run(req), InvalidArgument);
  req.device = "cuda";
  try {
    runner.run(req);
    FAIL();
  } catch (const NotAvailable& e) {
    EXPECT_NE(std::string(e.what()).find("cudaErrorNoDevice"), std::string::npos);
  }
  req = request();
  req.op = "nope";
  EXPECT_THROW(runner.run(req), InvalidArgument);
  EXPECT_EQ(backend->calls, 0);
}

TEST_F(TrialRunnerTest, SweepRunsEveryConfigurationOnTheSameInputsAndGoesOnAfterAFailure) {
  const TrialRunner runner(registry);
  std::vector<SweepConfig> configs;
  for (const char* name : {"default", "deterministic", "extensions"}) {
    configs.push_back(*sweepPreset(name, Settings{}));
  }
  const SweepResult s = runSweep(runner, request("bincount_weighted"), configs);
  ASSERT_EQ(s.runs.size(), 3u);
  EXPECT_FALSE(s.runs[0].failed());
  EXPECT_TRUE(s.runs[1].raisedNondeterministic());
  EXPECT_FALSE(s.runs[2].failed());
  EXPECT_TRUE(s.runs[2].dispatch.extension);
  EXPECT_EQ(s.runs[0].inputFingerprint, s.runs[2].inputFingerprint);
  EXPECT_EQ(s.runs[1].label, "deterministic");
  EXPECT_FALSE(sweepPreset("turbo", Settings{}).has_value());
}

// A device lost between preparing the inputs and a run (a CUDA context fault during an earlier
// configuration): each later configuration is reported as not run, with the reason, and the
// sweep goes on to the end instead of aborting.
TEST_F(TrialRunnerTest, ADeviceLostDuringASweepFailsEachLaterConfigurationWithTheReason) {
  const TrialRunner runner(registry);
  std::vector<SweepConfig> configs;
  for (const char* name : {"default", "extensions", "default"}) {
    configs.push_back(*sweepPreset(name, Settings{}));
  }
  SweepCallbacks cb;
  cb.trial.onTrial = [&](const TrialRecord&, int done, int total) {
    if (done == total) backend->lost = true;
  };
  std::vector<int> started, finished;
  cb.onConfigurationStarted = [&](int i, const SweepConfig&) { started.push_back(i); };
  cb.onConfigurationFinished = [&](int i, const RunResult&) { finished.push_back(i); };
  const SweepResult s = runSweep(runner, request(), configs, cb);
  EXPECT_EQ(started, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(finished, (std::vector<int>{0, 1, 2}));
  ASSERT_EQ(s.runs.size(), 3u);
  EXPECT_FALSE(s.runs[0].failed());
  EXPECT_EQ(s.runs[0].trials.size(), 9u);
  for (int i : {1, 2}) {
    const RunResult& r = s.runs[static_cast<std::size_t>(i)];
    EXPECT_TRUE(r.failed()) << i;
    EXPECT_TRUE(r.trials.empty()) << i;
    ASSERT_EQ(r.errors.size(), 1u) << i;
    EXPECT_EQ(r.errors[0].kind, "NotAvailable");
    EXPECT_NE(r.errors[0].message.find("device lost"), std::string::npos) << r.errors[0].message;
    EXPECT_EQ(r.device, "fake");
    EXPECT_EQ(r.inputFingerprint, s.runs[0].inputFingerprint);
  }
  EXPECT_EQ(s.runs[1].label, "extensions");
  EXPECT_EQ(backend->calls, 9);
}

TEST_F(TrialRunnerTest, ASweepRecordsAConfigurationThatCannotRunAndGoesOn) {
  // The sequential cpu device has no atomic form: that configuration is recorded with the reason
  // and the next one still runs (the runner used to throw out of the sweep here).
  RunRequest base = request();
  const auto configs = parseSweepConfigs("default,atomic,deterministic", base.settings);
  // A device of the cpu class (the sequential reference's), made from the fake one.
  class CpuClass final : public Backend {
   public:
    explicit CpuClass(std::unique_ptr<Backend> inner) : inner_(std::move(inner)) {}
    std::string_view id() const override { return "fake-cpu"; }
    TraitsClass traitsClass() const override { return TraitsClass::Cpu; }
    Availability availability() const override { return inner_->availability(); }
    std::map<std::string, std::string> deviceInfo() const override { return {}; }
    int threads(const Context& c) const override { return inner_->threads(c); }
    bool supports(std::string_view op) const override { return inner_->supports(op); }
    std::unique_ptr<PreparedOp> prepare(const OpDefinition& op, const OpParams& p,
                                        const OpInputs& in, Form f, const Context& c) override {
      return inner_->prepare(op, p, in, f, c);
    }

   private:
    std::unique_ptr<Backend> inner_;
  };
  BackendRegistry cpuClass;
  cpuClass.add(std::make_unique<CpuClass>(std::make_unique<FakeBackend>()));
  base.device = "fake-cpu";
  const SweepResult s = runSweep(TrialRunner(cpuClass), base, configs);
  ASSERT_EQ(s.runs.size(), 3u);
  EXPECT_FALSE(s.runs[0].failed());
  ASSERT_TRUE(s.runs[1].refused());
  EXPECT_EQ(s.runs[1].errors.front().kind, "InvalidArgument");
  EXPECT_NE(s.runs[1].errors.front().message.find("atomic"), std::string::npos);
  EXPECT_TRUE(s.runs[1].trials.empty());
  EXPECT_FALSE(s.runs[2].failed());
  EXPECT_EQ(s.runs[2].trials.size(), 9u);
  EXPECT_FALSE(s.runs[1].deviceFault());
}

TEST_F(TrialRunnerTest, ADeviceErrorDuringTheTrialsKeepsTheTrialsBeforeIt) {
  class FailingOp final : public PreparedOp {
   public:
    std::int64_t execute() override {
      if (++calls_ == 4) DETBENCH_THROW(DeviceError, "the device failed");
      return 1;
    }
    std::uint64_t outputDigest() override { return 7; }
    HostTensor readOutput() override { return HostTensor({1}, DType::Float32); }

   private:
    int calls_ = 0;
  };
  class FailingBackend final : public Backend {
   public:
    std::string_view id() const override { return "failing"; }
    TraitsClass traitsClass() const override { return TraitsClass::Cuda; }
    Availability availability() const override { return {true, ""}; }
    std::map<std::string, std::string> deviceInfo() const override { return {}; }
    int threads(const Context&) const override { return 1; }
    bool supports(std::string_view) const override { return true; }
    std::unique_ptr<PreparedOp> prepare(const OpDefinition&, const OpParams&, const OpInputs&, Form,
                                        const Context&) override {
      return std::make_unique<FailingOp>();
    }
  };
  BackendRegistry failing;
  failing.add(std::make_unique<FailingBackend>());
  RunRequest r = request("sum");
  r.device = "failing";
  r.params = {{"size", 1}};
  const RunResult res = TrialRunner(failing).run(r);
  EXPECT_EQ(res.trials.size(), 3u);
  ASSERT_EQ(res.errors.size(), 1u);
  EXPECT_EQ(res.errors.front().kind, "DeviceError");
  EXPECT_TRUE(res.deviceFault());
  EXPECT_EQ(res.summary.trials, 3);
}

}  // namespace
}  // namespace detbench
