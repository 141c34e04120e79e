#include "detbench/demo/TrainingSim.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "demo/FloatData.hpp"
#include "demo/OpCaller.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/catalog/Dispatch.hpp"
#include "detbench/op/DataGenerator.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/rng/Philox.hpp"
#include "detbench/run/Digest.hpp"
#include "detbench/settings/Context.hpp"

namespace detbench::demo {

namespace {

constexpr std::int64_t kDropPercent = 20;

HostTensor matrix(std::int64_t rows, std::int64_t cols) {
  return HostTensor({rows, cols}, DType::Float32);
}

// The mean squared error of out against y (n x 1 each); its gradient goes into dOut.
float meanSquaredError(const HostTensor& out, const HostTensor& y, HostTensor& dOut) {
  const std::int64_t n = out.numel();
  double loss = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const float diff = f(out)[i] - f(y)[i];
    loss += static_cast<double>(diff) * diff;
    f(dOut)[i] = 2.0f * diff / static_cast<float>(n);
  }
  return static_cast<float>(loss / static_cast<double>(n));
}

// a^T g for a (n x k) and g (n x 1): the gradient of a final linear layer's weights.
HostTensor weightGradient(const HostTensor& a, const HostTensor& g) {
  const std::int64_t n = a.shape()[0], k = a.shape()[1];
  HostTensor d = matrix(k, 1);
  for (std::int64_t j = 0; j < k; ++j) {
    float acc = 0;
    for (std::int64_t i = 0; i < n; ++i) acc += f(a)[i * k + j] * f(g)[i];
    f(d)[j] = acc;
  }
  return d;
}

// a^T (rows x cols) as a new matrix.
HostTensor transposed(const HostTensor& a) {
  const std::int64_t rows = a.shape()[0], cols = a.shape()[1];
  HostTensor t = matrix(cols, rows);
  for (std::int64_t i = 0; i < rows; ++i)
    for (std::int64_t j = 0; j < cols; ++j) f(t)[j * rows + i] = f(a)[i * cols + j];
  return t;
}

}  // namespace

namespace {

// Every value of the tensors, one after the other.
std::vector<float> flatParameters(std::initializer_list<const HostTensor*> tensors) {
  std::vector<float> all;
  for (const HostTensor* t : tensors) {
    const auto v = t->as<float>();
    all.insert(all.end(), v.begin(), v.end());
  }
  return all;
}

// The CNN: Y = conv2d(X, W, padding 1), F = mean over the image of relu(Y), out = F V. Only the
// convolution's weight gradient goes through a workbench op (conv2d_backward_filter, atomic
// under default settings on cpu-threads, an algorithm cuDNN picks on cuda).
std::vector<float> trainCnnOnce(const TrainingSpec& spec, const BackendRegistry& registry,
                                const std::string& device, const Settings& settings,
                                std::uint64_t* parameterDigest, const ParameterObserver& observe,
                                std::vector<std::string>* algorithms) {
  const std::int64_t n = spec.nodes, c = spec.features, k = spec.hidden, hw = spec.imageSize;
  DETBENCH_CHECK_ARG(n >= 2 && c >= 1 && k >= 1 && hw >= 3 && spec.steps >= 1,
                     "the CNN needs images, channels, filters, an image size of 3 or more and "
                     "steps");
  OpCaller ops(registry, device, settings, algorithms);
  const DataGenerator data(spec.seed);
  const OpParams conv{{"batch", n},  {"in_channels", c}, {"out_channels", k}, {"height", hw},
                      {"width", hw}, {"kernel", 3},      {"stride", 1},       {"padding", 1}};
  HostTensor x({n, c, hw, hw}, DType::Float32), w({k, c, 3, 3}, DType::Float32);
  HostTensor v = matrix(k, 1), y = matrix(n, 1), teacher({k, c, 3, 3}, DType::Float32);
  data.uniform(x.as<float>(), 11, -1.0f, 1.0f);
  data.uniform(w.as<float>(), 12, -0.3f, 0.3f);
  data.uniform(v.as<float>(), 13, -0.5f, 0.5f);
  data.uniform(teacher.as<float>(), 14, -0.3f, 0.3f);
  {  // A learnable target: a fixed random convolution's mean response.
    const HostTensor t = ops.call("conv2d_forward", conv, tensors(x.clone(), teacher.clone()));
    const std::int64_t plane = hw * hw;
    for (std::int64_t i = 0; i < n; ++i) {
      double acc = 0;
      for (std::int64_t j = 0; j < k * plane; ++j) acc += f(t)[i * k * plane + j];
      f(y)[i] = static_cast<float>(std::tanh(acc / static_cast<double>(plane)));
    }
  }
  std::vector<float> losses;
  const std::int64_t plane = hw * hw;
  for (int step = 0; step < spec.steps; ++step) {
    const HostTensor pre = ops.call("conv2d_forward", conv, tensors(x.clone(), w.clone()));
    HostTensor feats = matrix(n, k);
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t j = 0; j < k; ++j) {
        float acc = 0;
        for (std::int64_t q = 0; q < plane; ++q)
          acc += std::max(f(pre)[(i * k + j) * plane + q], 0.0f);
        f(feats)[i * k + j] = acc / static_cast<float>(plane);
      }
    HostTensor out = matrix(n, 1);
    for (std::int64_t i = 0; i < n; ++i) {
      float acc = 0;
      for (std::int64_t j = 0; j < k; ++j) acc += f(feats)[i * k + j] * f(v)[j];
      f(out)[i] = acc;
    }
    HostTensor dOut = matrix(n, 1);
    losses.push_back(meanSquaredError(out, y, dOut));
    const HostTensor dV = weightGradient(feats, dOut);
    HostTensor dPre({n, k, hw, hw}, DType::Float32);
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t j = 0; j < k; ++j) {
        const float g = f(dOut)[i] * f(v)[j] / static_cast<float>(plane);
        for (std::int64_t q = 0; q < plane; ++q) {
          const std::int64_t at = (i * k + j) * plane + q;
          f(dPre)[at] = f(pre)[at] > 0.0f ? g : 0.0f;
        }
      }
    const HostTensor dW =
        ops.call("conv2d_backward_filter", conv, tensors(x.clone(), std::move(dPre)));
    for (std::int64_t i = 0; i < k * c * 9; ++i) f(w)[i] -= spec.learningRate * f(dW)[i];
    for (std::int64_t j = 0; j < k; ++j) f(v)[j] -= spec.learningRate * f(dV)[j];
    if (observe) observe(step, flatParameters({&w, &v}));
  }
  if (parameterDigest) *parameterDigest = digestTensor(w) ^ splitmix64(digestTensor(v));
  return losses;
}

}  // namespace

std::vector<float> trainOnce(const TrainingSpec& spec, const BackendRegistry& registry,
                             const std::string& device, const Settings& settings,
                             std::uint64_t* parameterDigest, const ParameterObserver& observe,
                             std::vector<std::string>* algorithms) {
  if (spec.model == TrainingModel::Cnn) {
    return trainCnnOnce(spec, registry, device, settings, parameterDigest, observe, algorithms);
  }
  const std::int64_t n = spec.nodes, e = spec.edges, fdim = spec.features, h = spec.hidden;
  DETBENCH_CHECK_ARG(n >= 2 && e >= 1 && fdim >= 1 && h >= 1 && spec.steps >= 1,
                     "training needs nodes, edges, features, hidden units and steps");
  OpCaller ops(registry, device, settings, algorithms);
  const DataGenerator data(spec.seed);

  // The graph, the targets and the initial parameters: the same bits in every run.
  HostTensor src({e}, DType::Int64), dst({e}, DType::Int64);
  data.indices(src.as<std::int64_t>(), 1, n);
  data.indices(dst.as<std::int64_t>(), 2, n);
  HostTensor x = matrix(n, fdim), w1 = matrix(fdim, h), w2 = matrix(h, 1), y = matrix(n, 1);
  data.uniform(x.as<float>(), 3, -1.0f, 1.0f);
  data.uniform(w1.as<float>(), 4, -0.5f, 0.5f);
  data.uniform(w2.as<float>(), 5, -0.5f, 0.5f);
  // A learnable target: a fixed random teacher's reading of each node's own features.
  HostTensor teacher = matrix(fdim, 1);
  data.uniform(teacher.as<float>(), 6, -1.0f, 1.0f);
  for (std::int64_t i = 0; i < n; ++i) {
    float acc = 0;
    for (std::int64_t k = 0; k < fdim; ++k) acc += f(x)[i * fdim + k] * f(teacher)[k];
    f(y)[i] = std::tanh(acc);
  }

  const float mean = static_cast<float>(n) / static_cast<float>(e);
  std::vector<float> losses;
  const auto* s = src.as<std::int64_t>().data();
  const auto* t = dst.as<std::int64_t>().data();
  for (int step = 0; step < spec.steps; ++step) {
    // Forward. A = index_add(0, dst, X[src] * mean), a mean over the average in-degree.
    HostTensor gathered = matrix(e, fdim);
    for (std::int64_t i = 0; i < e; ++i)
      for (std::int64_t k = 0; k < fdim; ++k)
        f(gathered)[i * fdim + k] = f(x)[s[i] * fdim + k] * mean;
    const HostTensor a = ops.call("index_add", {{"size", e}, {"rows", n}, {"cols", fdim}},
                                  tensors(matrix(n, fdim), dst.clone(), std::move(gathered)));
    const HostTensor pre =
        ops.call("matmul", {{"size", n}, {"n", h}, {"k", fdim}}, tensors(a.clone(), w1.clone()));
    HostTensor hidden = pre.clone();
    for (auto& v : hidden.as<float>()) v = std::max(v, 0.0f);
    // The dropout mask of this step: from the run's seed when one is set, fresh otherwise.
    std::optional<std::uint64_t> maskSeed;
    if (settings.seed) maskSeed = splitmix64(*settings.seed + static_cast<std::uint64_t>(step));
    // dropout takes a flat vector: the hidden activations' bytes as they are.
    HostTensor in({n * h}, DType::Float32);
    std::copy_n(f(hidden), n * h, f(in));
    std::vector<HostTensor> args;
    args.push_back(std::move(in));
    const HostTensor dropped = ops.call("dropout", {{"size", n * h}, {"p_percent", kDropPercent}},
                                        std::move(args), maskSeed);
    HostTensor d = matrix(n, h);
    std::copy_n(f(dropped), n * h, f(d));
    const HostTensor out =
        ops.call("matmul", {{"size", n}, {"n", 1}, {"k", h}}, tensors(d.clone(), w2.clone()));
    HostTensor dOut = matrix(n, 1);
    losses.push_back(meanSquaredError(out, y, dOut));

    // Backward.
    const HostTensor dW2 = weightGradient(d, dOut);
    const float scale = 1.0f / (1.0f - static_cast<float>(kDropPercent) / 100.0f);
    HostTensor dPre = matrix(n, h);
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t j = 0; j < h; ++j) {
        const bool kept = f(d)[i * h + j] != 0.0f;
        const bool active = f(pre)[i * h + j] > 0.0f;
        f(dPre)[i * h + j] = kept && active ? f(dOut)[i] * f(w2)[j] * scale : 0.0f;
      }
    const HostTensor dW1 = ops.call("matmul", {{"size", fdim}, {"n", h}, {"k", n}},
                                    tensors(transposed(a), dPre.clone()));
    HostTensor dA = matrix(n, fdim);
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t k = 0; k < fdim; ++k) {
        float acc = 0;
        for (std::int64_t j = 0; j < h; ++j) acc += f(dPre)[i * h + j] * f(w1)[k * h + j];
        f(dA)[i * fdim + k] = acc;
      }
    // The gradient of the gather X[src]: dX = index_add(0, src, dA[dst]).
    HostTensor dGathered = matrix(e, fdim);
    for (std::int64_t i = 0; i < e; ++i)
      for (std::int64_t k = 0; k < fdim; ++k)
        f(dGathered)[i * fdim + k] = f(dA)[t[i] * fdim + k] * mean;
    const HostTensor dX = ops.call("index_add", {{"size", e}, {"rows", n}, {"cols", fdim}},
                                   tensors(matrix(n, fdim), src.clone(), std::move(dGathered)));

    for (std::int64_t i = 0; i < n * fdim; ++i) f(x)[i] -= spec.learningRate * f(dX)[i];
    for (std::int64_t i = 0; i < fdim * h; ++i) f(w1)[i] -= spec.learningRate * f(dW1)[i];
    for (std::int64_t i = 0; i < h; ++i) f(w2)[i] -= spec.learningRate * f(dW2)[i];
    if (observe) observe(step, flatParameters({&x, &w1, &w2}));
  }
  if (parameterDigest) {
    *parameterDigest =
        digestTensor(x) ^ splitmix64(digestTensor(w1)) ^ splitmix64(splitmix64(digestTensor(w2)));
  }
  return losses;
}

std::string deterministicLibraryChoice(const TrainingConfigOutcome& c) {
  std::string chosen;
  for (const auto& line : c.algorithms) {
    if (line.find("nondeterministic") != std::string::npos) return {};
    if (line.rfind("conv2d_", 0) != 0) return {};  // only cuDNN's choices say which they are
    chosen += (chosen.empty() ? "" : "; ") + line;
  }
  return chosen;
}

int TrainingConfigOutcome::distinctFinalParameters() const {
  std::vector<std::uint64_t> d = finalDigests;
  std::sort(d.begin(), d.end());
  return static_cast<int>(std::unique(d.begin(), d.end()) - d.begin());
}

TrainingOutcome runTrainingLesson(const TrainingSpec& spec, const BackendRegistry& registry,
                                  const std::string& device, const TrainingProgress& progress,
                                  const CancelToken* cancel) {
  DETBENCH_CHECK_ARG(spec.runs >= 2 && spec.runs <= 50, "the training lesson needs 2 to 50 runs");
  TrainingOutcome out;
  out.device = device;
  // Made in place: copies of a local Settings trip GCC 12's -Wmaybe-uninitialized (on the
  // empty optional workspace configuration).
  std::vector<std::pair<std::string, Settings>> configs(2);
  configs[0].first = "default";
  configs[0].second.seed = spec.seed;
  configs[1].first = "deterministic";
  configs[1].second.seed = spec.seed;
  configs[1].second.deterministic = DeterministicMode::Error;
  configs[1].second.cublasWorkspaceConfig = WorkspaceConfig::parse(":4096:8");
  for (const auto& [name, settings] : configs) {
    TrainingConfigOutcome c;
    c.name = name;
    c.settings = settings;
    try {
      // Run 1's parameters after every step, to measure the others against.
      std::vector<std::vector<float>> first;
      for (int r = 0; r < spec.runs; ++r) {
        if (cancel && cancel->cancelled()) return out;
        std::uint64_t digest = 0;
        std::vector<double> distance;
        const auto observe = [&](int, std::span<const float> theta) {
          if (r == 0) {
            first.emplace_back(theta.begin(), theta.end());
            distance.push_back(0.0);
            return;
          }
          const auto& base = first[distance.size()];
          double diff = 0, norm = 0;
          for (std::size_t i = 0; i < theta.size(); ++i) {
            const double d = static_cast<double>(theta[i]) - static_cast<double>(base[i]);
            diff += d * d;
            norm += static_cast<double>(base[i]) * static_cast<double>(base[i]);
          }
          distance.push_back(norm > 0 ? std::sqrt(diff / norm) : std::sqrt(diff));
        };
        c.losses.push_back(trainOnce(spec, registry, device, settings, &digest, observe,
                                     r == 0 ? &c.algorithms : nullptr));
        c.finalDigests.push_back(digest);
        c.parameterDistance.push_back(std::move(distance));
        if (progress) progress(c.name, r + 1, spec.runs);
      }
    } catch (const Error& e) {
      c.error = e.message();
    }
    if (c.error.empty()) {
      for (int step = 0; step < spec.steps && c.firstDivergentStep < 0; ++step) {
        for (const auto& run : c.losses) {
          if (run[static_cast<std::size_t>(step)] !=
              c.losses.front()[static_cast<std::size_t>(step)]) {
            c.firstDivergentStep = step;
            break;
          }
        }
      }
      float lo = c.losses.front().back(), hi = lo;
      for (const auto& run : c.losses) lo = std::min(lo, run.back()), hi = std::max(hi, run.back());
      c.finalSpread = static_cast<double>(hi) - static_cast<double>(lo);
    }
    out.configs.push_back(std::move(c));
  }
  return out;
}

}  // namespace detbench::demo
