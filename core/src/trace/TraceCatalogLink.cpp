#include "detbench/trace/TraceCatalogLink.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

namespace detbench::trace {

namespace {

bool oneOf(const std::string& name, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::int64_t dim(const TraceTensor& t, std::size_t i) {
  return i < t.shape.size() ? t.shape[i] : 1;
}

// The product of the sizes from dimension `from` on (1 for none); a product past int64 (a
// hostile record's shape) is clamped to the largest int64, which no op's parameter accepts.
std::int64_t trailing(const TraceTensor& t, std::size_t from) {
  std::int64_t n = 1;
  for (std::size_t i = from; i < t.shape.size(); ++i) {
    if (__builtin_mul_overflow(n, t.shape[i], &n)) return INT64_MAX;
  }
  return n;
}

std::int64_t numelOf(const TraceTensor& t) {
  return trailing(t, 0);
}

bool isTrue(const TraceOp& op, const std::string& name) {
  const auto v = scalarArgument(op, name);
  return v && (*v == "true" || *v == "1");
}

CatalogMatch withParams(std::string op, std::vector<std::pair<std::string, std::int64_t>> p) {
  return CatalogMatch{std::move(op), std::move(p)};
}

CauseKind kindOf(NondeterminismSource source) {
  switch (source) {
    case NondeterminismSource::FloatAtomics:
    case NondeterminismSource::OrderFreeAtomics:
      return CauseKind::FloatAtomics;
    case NondeterminismSource::IntegerAtomics:
      return CauseKind::IntegerAtomics;
    case NondeterminismSource::RacingWrites:
      return CauseKind::RacingWrites;
    case NondeterminismSource::UninitializedMemory:
      return CauseKind::UninitializedMemory;
    case NondeterminismSource::AlgorithmChoice:
      return CauseKind::AlgorithmChoice;
    case NondeterminismSource::Autotuning:
      return CauseKind::Autotuning;
    case NondeterminismSource::Rng:
      return CauseKind::RandomNumbers;
    case NondeterminismSource::None:
      return CauseKind::CatalogDisagrees;
  }
  return CauseKind::Unknown;
}

std::string deviceOf(const TraceCause& cause) {
  for (const auto* list : {&cause.op.outputs, &cause.op.inputs}) {
    for (const auto& t : *list) {
      if (!t.device.empty()) return t.device;
    }
  }
  return "cpu";
}

std::string commandFor(const CatalogMatch& match, const std::string& device) {
  std::string c = "detbench run --op " + match.op + " --device ";
  c += device.rfind("cuda", 0) == 0 ? "torch-cuda" : "torch-cpu";
  for (const auto& [name, value] : match.params) {
    c += " -p " + name + "=" + std::to_string(value);
  }
  return c;
}

}  // namespace

std::string atenBaseName(const std::string& name) {
  std::string base = name;
  if (const auto colons = base.find("::"); colons != std::string::npos) {
    base = base.substr(colons + 2);
  }
  if (const auto dot = base.find('.'); dot != std::string::npos) base.resize(dot);
  return base;
}

std::optional<std::string> scalarArgument(const TraceOp& op, const std::string& name) {
  for (const auto& [k, v] : op.scalars) {
    if (k == name) return v;
  }
  return std::nullopt;
}

bool isRandomOp(const std::string& name) {
  const std::string b = atenBaseName(name);
  return oneOf(
      b, {"uniform_",          "normal_",    "normal",         "bernoulli_",     "bernoulli",
          "random_",           "randperm",   "rand",           "randn",          "randint",
          "rand_like",         "randn_like", "randint_like",   "multinomial",    "exponential_",
          "geometric_",        "cauchy_",    "log_normal_",    "poisson",        "_standard_gamma",
          "_sample_dirichlet", "binomial",   "native_dropout", "_fused_dropout", "rrelu_with_noise",
          "rrelu_with_noise_"});
}

std::optional<CatalogMatch> matchCatalogOp(const TraceOp& op) {
  const std::string b = atenBaseName(op.name);
  const auto& in = op.inputs;
  const auto& out = op.outputs;
  if (oneOf(b, {"index_put_", "index_put", "_index_put_impl_"})) {
    if (!isTrue(op, "accumulate")) return CatalogMatch{"index_put", {}};
    // self [rows, cols...], indices (one tensor on dim 0) [size], values [size, cols...].
    if (in.size() >= 3 && !in[0].shape.empty()) {
      const TraceTensor& self = in[0];
      const TraceTensor& values = in.back();
      return withParams("index_put_accumulate",
                        {{"size", values.shape.empty() ? 1 : dim(values, 0)},
                         {"cols", trailing(self, 1)},
                         {"rows", dim(self, 0)}});
    }
    return CatalogMatch{"index_put_accumulate", {}};
  }
  if (oneOf(b, {"put_", "put"})) {
    if (!isTrue(op, "accumulate")) return CatalogMatch{"put", {}};
    if (in.size() >= 3) {
      const TraceTensor& self = in[0];
      return withParams("put_accumulate",
                        {{"size", numelOf(in[1])},
                         {"rows", self.shape.size() >= 2 ? dim(self, 0) : 1},
                         {"cols", self.shape.size() >= 2 ? trailing(self, 1) : numelOf(self)}});
    }
    return CatalogMatch{"put_accumulate", {}};
  }
  if (oneOf(b, {"index_add_", "index_add"})) {
    const auto d = scalarArgument(op, "dim");
    if (in.size() >= 3 && d && *d == "0") {
      return withParams(
          "index_add",
          {{"size", dim(in[2], 0)}, {"cols", trailing(in[0], 1)}, {"rows", dim(in[0], 0)}});
    }
    return CatalogMatch{"index_add", {}};
  }
  if (oneOf(b, {"scatter_add_", "scatter_add"})) {
    const auto d = scalarArgument(op, "dim");
    if (in.size() >= 3 && d && (*d == "0" || *d == "1") && in[2].shape.size() <= 2 &&
        !in[2].shape.empty()) {
      const std::int64_t dd = *d == "1" ? 1 : 0;
      const TraceTensor& src = in[2];
      std::vector<std::pair<std::string, std::int64_t>> p{
          {"size", dim(src, 0)},
          {"ndim", static_cast<std::int64_t>(src.shape.size())},
          {"dim", dd},
          {"out_size", dim(in[0], static_cast<std::size_t>(dd))}};
      if (src.shape.size() == 2) p.emplace_back("cols", dim(src, 1));
      return withParams("scatter_add", std::move(p));
    }
    return CatalogMatch{"scatter_add", {}};
  }
  if (oneOf(b, {"scatter_reduce_", "scatter_reduce"})) {
    const auto r = scalarArgument(op, "reduce");
    for (const char* reduce : {"sum", "mean", "amax", "prod"}) {
      if (r && *r == std::string("\"") + reduce + "\"") {
        return CatalogMatch{std::string("scatter_reduce_") + reduce, {}};
      }
    }
    return std::nullopt;
  }
  if (b == "bincount") {
    const bool weighted = in.size() >= 2;
    if (!in.empty() && !out.empty()) {
      return withParams(weighted ? "bincount_weighted" : "bincount",
                        {{"size", numelOf(in[0])}, {"bins", numelOf(out[0])}});
    }
    return CatalogMatch{weighted ? "bincount_weighted" : "bincount", {}};
  }
  if (b == "histc") {
    if (!in.empty() && !out.empty()) {
      return withParams("histc", {{"size", numelOf(in[0])}, {"bins", numelOf(out[0])}});
    }
    return CatalogMatch{"histc", {}};
  }
  if (b == "cumsum" || b == "cumsum_") {
    if (!in.empty()) return withParams("cumsum", {{"size", numelOf(in[0])}});
    return CatalogMatch{"cumsum", {}};
  }
  if (b == "sum") {
    if (!in.empty()) return withParams("sum", {{"size", numelOf(in[0])}});
    return CatalogMatch{"sum", {}};
  }
  if (oneOf(b, {"mm", "addmm", "matmul"})) {
    const std::size_t a = b == "addmm" ? 1 : 0;
    if (in.size() >= a + 2 && in[a].shape.size() == 2 && in[a + 1].shape.size() == 2) {
      return withParams("matmul",
                        {{"size", dim(in[a], 0)}, {"k", dim(in[a], 1)}, {"n", dim(in[a + 1], 1)}});
    }
    return CatalogMatch{"matmul", {}};
  }
  if (oneOf(b, {"_softmax", "_log_softmax", "softmax", "log_softmax"})) {
    return CatalogMatch{"softmax", {}};
  }
  if (oneOf(b, {"rms_norm", "_fused_rms_norm"})) return CatalogMatch{"rms_norm", {}};
  if (oneOf(b, {"_embedding_bag_backward", "_embedding_bag_dense_backward"})) {
    // mode 2 is "max": the gradient goes to the rows that held each bag's maxima.
    const auto mode = scalarArgument(op, "mode");
    return CatalogMatch{
        mode && *mode == "2" ? "embedding_bag_max_backward" : "embedding_bag_backward", {}};
  }
  if (b == "embedding_dense_backward") return CatalogMatch{"embedding_backward", {}};
  if (oneOf(b, {"index_copy_", "index_copy"})) return CatalogMatch{"index_copy", {}};
  if (oneOf(b, {"scatter_", "scatter"})) {
    // The reduce overloads are another op (deprecated in PyTorch): only the plain write here.
    if (scalarArgument(op, "reduce")) return std::nullopt;
    return CatalogMatch{"scatter", {}};
  }
  if (oneOf(b, {"index_reduce_", "index_reduce"})) {
    const auto r = scalarArgument(op, "reduce");
    if (r && *r == "\"prod\"") return CatalogMatch{"index_reduce_prod", {}};
    return std::nullopt;
  }
  if (b == "gather_backward") return CatalogMatch{"gather_backward", {}};
  if (b == "index_select_backward") return CatalogMatch{"index_select_backward", {}};
  if (b == "kthvalue") return CatalogMatch{"kthvalue", {}};
  if (b == "median" && scalarArgument(op, "dim")) return CatalogMatch{"median", {}};
  if (b == "max_pool3d_with_indices_backward") return CatalogMatch{"max_pool3d_backward", {}};
  if (b == "_adaptive_avg_pool3d_backward") {
    return CatalogMatch{"adaptive_avg_pool3d_backward", {}};
  }
  // resize_ on a quantized tensor: the new elements are left as the memory was.
  if (b == "resize_" && !in.empty() && in[0].dtype.starts_with("q")) {
    return CatalogMatch{"resize_quantized", {}};
  }
  if (b == "nll_loss2d_forward") return CatalogMatch{"nll_loss2d_forward", {}};
  if (b == "_ctc_loss_backward") return CatalogMatch{"ctc_loss_backward", {}};
  if (b == "max_pool2d_with_indices_backward") return CatalogMatch{"max_pool2d_backward", {}};
  if (b == "_adaptive_avg_pool2d_backward") {
    return CatalogMatch{"adaptive_avg_pool2d_backward", {}};
  }
  static constexpr std::array kSameName{
      std::string_view("upsample_linear1d_backward"),
      std::string_view("upsample_bilinear2d_backward"),
      std::string_view("upsample_bicubic2d_backward"),
      std::string_view("upsample_trilinear3d_backward"),
      std::string_view("avg_pool3d_backward"),
      std::string_view("replication_pad1d_backward"),
      std::string_view("replication_pad2d_backward"),
      std::string_view("replication_pad3d_backward"),
      std::string_view("reflection_pad1d_backward"),
      std::string_view("reflection_pad2d_backward"),
      std::string_view("reflection_pad3d_backward"),
      std::string_view("adaptive_max_pool2d_backward"),
      std::string_view("fractional_max_pool2d_backward"),
      std::string_view("fractional_max_pool3d_backward"),
      // F.max_unpool1d calls max_unpool2d on an added dimension: a trace sees the 2-D op.
      std::string_view("max_unpool2d"),
      std::string_view("max_unpool3d"),
      std::string_view("grid_sampler_2d_backward"),
  };
  for (const auto name : kSameName) {
    if (b == name) return CatalogMatch{std::string(name), {}};
  }
  if (oneOf(b, {"convolution", "_convolution", "cudnn_convolution", "conv2d"})) {
    return CatalogMatch{"conv2d_forward", {}};
  }
  if (oneOf(b, {"convolution_backward", "cudnn_convolution_backward_weight"})) {
    return CatalogMatch{"conv2d_backward_filter", {}};
  }
  if (b == "cudnn_convolution_backward_input") return CatalogMatch{"conv2d_backward_data", {}};
  if (b == "_cudnn_rnn") return CatalogMatch{"rnn_forward", {}};
  if (b == "_cudnn_rnn_backward") return CatalogMatch{"rnn_backward_weights", {}};
  if (oneOf(b, {"uniform_", "rand", "rand_like"})) {
    if (!out.empty()) return withParams("rand", {{"size", numelOf(out[0])}});
    return CatalogMatch{"rand", {}};
  }
  if (oneOf(b, {"normal_", "randn", "randn_like"})) {
    if (!out.empty()) return withParams("randn", {{"size", numelOf(out[0])}});
    return CatalogMatch{"randn", {}};
  }
  if (oneOf(b, {"bernoulli_", "bernoulli", "native_dropout", "_fused_dropout"})) {
    if (!out.empty()) return withParams("dropout", {{"size", numelOf(out[0])}});
    return CatalogMatch{"dropout", {}};
  }
  return std::nullopt;
}

CauseExplanation explainCause(const TraceCause& cause, PyTorchRelease release,
                              const std::vector<std::string>& unseededGenerators) {
  CauseExplanation e;
  e.device = deviceOf(cause);
  e.traitsClass = e.device.rfind("cuda", 0) == 0 ? TraitsClass::Cuda : TraitsClass::Cpu;
  e.match = matchCatalogOp(cause.op);
  if (e.match) {
    e.traits = findOpTraits(e.match->op, release);
    if (e.traits) e.command = commandFor(*e.match, e.device);
  }
  if (cause.category == CauseCategory::Introduced && cause.op.name.rfind("compiled::", 0) == 0) {
    // Inductor's own: autotuning by timing, its random numbers, its reductions' order. The
    // deterministic switch came in 2.10; before it, the ops inside are found eagerly.
    e.kind = CauseKind::CompiledRegion;
    e.fix = release.major > 2 || (release.major == 2 && release.minor >= 10)
                ? TraceFix::InductorDeterministic
                : TraceFix::CompileEager;
    return e;
  }
  if (cause.category == CauseCategory::Data) {
    const auto drawn = [&unseededGenerators](const char* name) {
      return std::find(unseededGenerators.begin(), unseededGenerators.end(), name) !=
             unseededGenerators.end();
    };
    // Where the script drew from a global generator it did not seed, that is the likeliest
    // source of a number or of data made in Python (a shuffled list); a batch a DataLoader
    // brings in (entry) is the loader's.
    const bool entry = cause.op.entry;
    e.kind = cause.arguments.empty() ? CauseKind::Data : CauseKind::PythonNumber;
    if (!entry && drawn("random")) {
      e.fix = TraceFix::SeedPythonRandom;
    } else if (!entry && drawn("numpy")) {
      e.fix = TraceFix::SeedNumpyRandom;
    } else {
      e.fix = cause.arguments.empty() ? TraceFix::SeedDataLoader : TraceFix::SameNumber;
    }
    return e;
  }
  if (cause.category == CauseCategory::Uninitialized) {
    e.kind = CauseKind::UninitializedMemory;
    e.fix = TraceFix::InitializeMemory;
    return e;
  }
  if (isRandomOp(cause.op.name)) {
    e.kind = CauseKind::RandomNumbers;
    e.fix = TraceFix::Seed;
    return e;
  }
  if (!e.traits) {
    e.kind = CauseKind::Unknown;
    e.fix = TraceFix::None;
    return e;
  }
  const DeviceTraits& t = e.traits->traits(e.traitsClass);
  e.kind = t.nondeterministicByDefault ? kindOf(t.source) : CauseKind::CatalogDisagrees;
  switch (e.kind) {
    case CauseKind::AlgorithmChoice:
      e.fix = TraceFix::CudnnDeterministic;
      break;
    case CauseKind::Autotuning:
      e.fix = TraceFix::NoCudnnBenchmark;
      break;
    case CauseKind::RandomNumbers:
      e.fix = TraceFix::Seed;
      break;
    case CauseKind::FloatAtomics:
    case CauseKind::IntegerAtomics:
    case CauseKind::RacingWrites:
      e.fix = t.errorMode == ErrorModeBehavior::Raises ? TraceFix::NoDeterministicForm
                                                       : TraceFix::Deterministic;
      break;
    default:
      e.fix = TraceFix::None;
      break;
  }
  return e;
}

std::string_view toString(CauseKind kind) {
  switch (kind) {
    case CauseKind::RandomNumbers:
      return "random_numbers";
    case CauseKind::FloatAtomics:
      return "float_atomics";
    case CauseKind::IntegerAtomics:
      return "integer_atomics";
    case CauseKind::RacingWrites:
      return "racing_writes";
    case CauseKind::AlgorithmChoice:
      return "algorithm_choice";
    case CauseKind::Autotuning:
      return "autotuning";
    case CauseKind::Data:
      return "data";
    case CauseKind::PythonNumber:
      return "python_number";
    case CauseKind::CompiledRegion:
      return "compiled_region";
    case CauseKind::UninitializedMemory:
      return "uninitialized_memory";
    case CauseKind::CatalogDisagrees:
      return "catalog_disagrees";
    case CauseKind::Unknown:
      return "unknown";
  }
  return "?";
}

std::string_view toString(TraceFix fix) {
  switch (fix) {
    case TraceFix::Seed:
      return "seed";
    case TraceFix::Deterministic:
      return "deterministic";
    case TraceFix::NoDeterministicForm:
      return "no_deterministic_form";
    case TraceFix::CudnnDeterministic:
      return "cudnn_deterministic";
    case TraceFix::NoCudnnBenchmark:
      return "no_cudnn_benchmark";
    case TraceFix::SeedDataLoader:
      return "seed_data_loader";
    case TraceFix::InitializeMemory:
      return "initialize_memory";
    case TraceFix::SeedPythonRandom:
      return "seed_python_random";
    case TraceFix::SeedNumpyRandom:
      return "seed_numpy_random";
    case TraceFix::SameNumber:
      return "same_number";
    case TraceFix::InductorDeterministic:
      return "inductor_deterministic";
    case TraceFix::CompileEager:
      return "compile_eager";
    case TraceFix::None:
      return "none";
  }
  return "?";
}

}  // namespace detbench::trace
