// cuda kernels for the three convolution passes, one cuDNN call each, with PyTorch's algorithm
// choice (aten/src/ATen/native/cudnn/Conv_v7.cpp):
//  - cudnn.benchmark: cudnnFind*AlgorithmEx times the candidates on the real buffers and the
//    fastest usable one is kept in a process-wide cache per shape and settings (so a second
//    trial set of the same shape reuses it, as PyTorch's cache does); rebenchmark = 1 times
//    them again before every trial (outside the trial's timing), which shows how the choice
//    itself varies;
//  - benchmark off: the cudnnGet*Algorithm_v7 heuristics, first usable answer;
//  - deterministic (cudnn.deterministic, or deterministic algorithms): only algorithms that
//    report CUDNN_DETERMINISTIC; with benchmark off PyTorch skips the search and takes fixed
//    defaults (forward IMPLICIT_PRECOMP_GEMM, backward data and filter ALGO_1);
//  - an explicit atomic request (form = atomic) takes the atomic algorithm (backward data
//    ALGO_0, backward filter ALGO_0); every forward algorithm is deterministic, so there is none.
// The math type is the chosen answer's (Find and the heuristics may offer one algorithm twice,
// with and without tensor ops, when TF32 is allowed), set before its workspace query and its
// call as Conv_v7.cpp does. Every trial records the algorithm and math type it ran.
// Since PyTorch 2.0 its convolutions go through the cuDNN v8 frontend by default (Conv_v8.cpp,
// engine heuristics and benchmarking); the choice here is its v7 path, what PyTorch runs with
// TORCH_CUDNN_V8_API_DISABLED=1. The determinism of each pass is the same question either way;
// the algorithm picked for a shape may differ.

#include <cudnn.h>

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "CudnnHandle.hpp"
#include "detbench/ops/Conv2dOps.hpp"

namespace detbench::cuda {

namespace {

using ops::ConvProblem;

struct ConvDescriptors {
  CudnnTensorDescriptor x, y;
  CudnnFilterDescriptor w;
  CudnnConvolutionDescriptor conv;

  explicit ConvDescriptors(const ConvProblem& p) {
    auto i = [](std::int64_t v) { return static_cast<int>(v); };
    DETBENCH_CUDNN_CHECK(cudnnSetTensor4dDescriptor(x.get(), CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT,
                                                    i(p.n), i(p.c), i(p.h), i(p.w)));
    DETBENCH_CUDNN_CHECK(cudnnSetTensor4dDescriptor(y.get(), CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT,
                                                    i(p.n), i(p.k), i(p.p()), i(p.q())));
    DETBENCH_CUDNN_CHECK(cudnnSetFilter4dDescriptor(w.get(), CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW,
                                                    i(p.k), i(p.c), i(p.r), i(p.s)));
    DETBENCH_CUDNN_CHECK(
        cudnnSetConvolution2dDescriptor(conv.get(), i(p.pad), i(p.pad), i(p.stride), i(p.stride), 1,
                                        1, CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT));
    // As PyTorch: TF32 allowed (default math) or plain FP32 FMA math.
    DETBENCH_CUDNN_CHECK(
        cudnnSetConvolutionMathType(conv.get(), p.tf32 ? CUDNN_DEFAULT_MATH : CUDNN_FMA_MATH));
  }
};

// The buffers of one pass: two inputs and the output, in the op's input order.
struct ConvBuffers {
  const void* in0;
  const void* in1;
  void* out;
};

struct ForwardPass {
  using Algo = cudnnConvolutionFwdAlgo_t;
  using Perf = cudnnConvolutionFwdAlgoPerf_t;
  static constexpr int kCount = CUDNN_CONVOLUTION_FWD_ALGO_COUNT;
  static constexpr Algo kPyTorchDefault = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM;
  static constexpr const char* kName = "FWD";
  static constexpr const char* kAlgoNames[] = {
      "IMPLICIT_GEMM", "IMPLICIT_PRECOMP_GEMM", "GEMM", "DIRECT", "FFT", "FFT_TILING",
      "WINOGRAD",      "WINOGRAD_NONFUSED"};
  static cudnnStatus_t heuristics(cudnnHandle_t h, const ConvDescriptors& d, int* n, Perf* perf) {
    return cudnnGetConvolutionForwardAlgorithm_v7(h, d.x.get(), d.w.get(), d.conv.get(), d.y.get(),
                                                  kCount, n, perf);
  }
  static cudnnStatus_t find(cudnnHandle_t h, const ConvDescriptors& d, const ConvBuffers& b, int* n,
                            Perf* perf, void* ws, std::size_t wsBytes) {
    return cudnnFindConvolutionForwardAlgorithmEx(h, d.x.get(), b.in0, d.w.get(), b.in1,
                                                  d.conv.get(), d.y.get(), b.out, kCount, n, perf,
                                                  ws, wsBytes);
  }
  static cudnnStatus_t workspace(cudnnHandle_t h, const ConvDescriptors& d, Algo a,
                                 std::size_t* bytes) {
    return cudnnGetConvolutionForwardWorkspaceSize(h, d.x.get(), d.w.get(), d.conv.get(), d.y.get(),
                                                   a, bytes);
  }
  static cudnnStatus_t run(cudnnHandle_t h, const ConvDescriptors& d, const ConvBuffers& b, Algo a,
                           void* ws, std::size_t wsBytes) {
    const float one = 1.0f, zero = 0.0f;
    return cudnnConvolutionForward(h, &one, d.x.get(), b.in0, d.w.get(), b.in1, d.conv.get(), a, ws,
                                   wsBytes, &zero, d.y.get(), b.out);
  }
};

struct BackwardDataPass {
  using Algo = cudnnConvolutionBwdDataAlgo_t;
  using Perf = cudnnConvolutionBwdDataAlgoPerf_t;
  static constexpr int kCount = CUDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT;
  static constexpr Algo kPyTorchDefault = CUDNN_CONVOLUTION_BWD_DATA_ALGO_1;
  static constexpr Algo kAtomic = CUDNN_CONVOLUTION_BWD_DATA_ALGO_0;
  static constexpr const char* kName = "BWD_DATA";
  static constexpr const char* kAlgoNames[] = {"ALGO_0",     "ALGO_1",   "FFT",
                                               "FFT_TILING", "WINOGRAD", "WINOGRAD_NONFUSED"};
  static cudnnStatus_t heuristics(cudnnHandle_t h, const ConvDescriptors& d, int* n, Perf* perf) {
    return cudnnGetConvolutionBackwardDataAlgorithm_v7(h, d.w.get(), d.y.get(), d.conv.get(),
                                                       d.x.get(), kCount, n, perf);
  }
  static cudnnStatus_t find(cudnnHandle_t h, const ConvDescriptors& d, const ConvBuffers& b, int* n,
                            Perf* perf, void* ws, std::size_t wsBytes) {
    return cudnnFindConvolutionBackwardDataAlgorithmEx(h, d.w.get(), b.in1, d.y.get(), b.in0,
                                                       d.conv.get(), d.x.get(), b.out, kCount, n,
                                                       perf, ws, wsBytes);
  }
  static cudnnStatus_t workspace(cudnnHandle_t h, const ConvDescriptors& d, Algo a,
                                 std::size_t* bytes) {
    return cudnnGetConvolutionBackwardDataWorkspaceSize(h, d.w.get(), d.y.get(), d.conv.get(),
                                                        d.x.get(), a, bytes);
  }
  static cudnnStatus_t run(cudnnHandle_t h, const ConvDescriptors& d, const ConvBuffers& b, Algo a,
                           void* ws, std::size_t wsBytes) {
    const float one = 1.0f, zero = 0.0f;
    return cudnnConvolutionBackwardData(h, &one, d.w.get(), b.in1, d.y.get(), b.in0, d.conv.get(),
                                        a, ws, wsBytes, &zero, d.x.get(), b.out);
  }
};

struct BackwardFilterPass {
  using Algo = cudnnConvolutionBwdFilterAlgo_t;
  using Perf = cudnnConvolutionBwdFilterAlgoPerf_t;
  static constexpr int kCount = CUDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT;
  static constexpr Algo kPyTorchDefault = CUDNN_CONVOLUTION_BWD_FILTER_ALGO_1;
  static constexpr Algo kAtomic = CUDNN_CONVOLUTION_BWD_FILTER_ALGO_0;
  static constexpr const char* kName = "BWD_FILTER";
  static constexpr const char* kAlgoNames[] = {
      "ALGO_0", "ALGO_1", "FFT", "ALGO_3", "WINOGRAD", "WINOGRAD_NONFUSED", "FFT_TILING"};
  static cudnnStatus_t heuristics(cudnnHandle_t h, const ConvDescriptors& d, int* n, Perf* perf) {
    return cudnnGetConvolutionBackwardFilterAlgorithm_v7(h, d.x.get(), d.y.get(), d.conv.get(),
                                                         d.w.get(), kCount, n, perf);
  }
  static cudnnStatus_t find(cudnnHandle_t h, const ConvDescriptors& d, const ConvBuffers& b, int* n,
                            Perf* perf, void* ws, std::size_t wsBytes) {
    return cudnnFindConvolutionBackwardFilterAlgorithmEx(h, d.x.get(), b.in0, d.y.get(), b.in1,
                                                         d.conv.get(), d.w.get(), b.out, kCount, n,
                                                         perf, ws, wsBytes);
  }
  static cudnnStatus_t workspace(cudnnHandle_t h, const ConvDescriptors& d, Algo a,
                                 std::size_t* bytes) {
    return cudnnGetConvolutionBackwardFilterWorkspaceSize(h, d.x.get(), d.y.get(), d.conv.get(),
                                                          d.w.get(), a, bytes);
  }
  static cudnnStatus_t run(cudnnHandle_t h, const ConvDescriptors& d, const ConvBuffers& b, Algo a,
                           void* ws, std::size_t wsBytes) {
    const float one = 1.0f, zero = 0.0f;
    return cudnnConvolutionBackwardFilter(h, &one, d.x.get(), b.in0, d.y.get(), b.in1, d.conv.get(),
                                          a, ws, wsBytes, &zero, d.w.get(), b.out);
  }
};

// How the algorithm was chosen, and what was chosen.
struct Choice {
  int algo = 0;
  bool deterministic = true;
  std::string how;
  cudnnMathType_t math = CUDNN_FMA_MATH;
};

const char* mathName(cudnnMathType_t m) {
  switch (m) {
    case CUDNN_DEFAULT_MATH:
      return "DEFAULT_MATH";
    case CUDNN_TENSOR_OP_MATH:
      return "TENSOR_OP_MATH";
    case CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION:
      return "TENSOR_OP_MATH_ALLOW_CONVERSION";
    case CUDNN_FMA_MATH:
      return "FMA_MATH";
  }
  return "math type ?";
}

// PyTorch's benchmark cache: one entry per pass, shape and settings, for the whole process.
using CacheKey = std::tuple<std::string, std::int64_t, std::int64_t, std::int64_t, std::int64_t,
                            std::int64_t, std::int64_t, std::int64_t, std::int64_t, bool, bool>;
std::mutex cacheMutex;
std::map<CacheKey, Choice> benchmarkCache;

CacheKey keyOf(const char* pass, const ConvProblem& p, bool deterministicOnly) {
  return {pass, p.n, p.c, p.k, p.h, p.w, p.r, p.stride, p.pad, p.tf32, deterministicOnly};
}

// The largest workspace any candidate asks for, capped at 1 GiB: what cudnnFind may use.
template <typename Pass>
std::size_t searchWorkspaceBytes(cudnnHandle_t h, const ConvDescriptors& d) {
  std::size_t most = 0;
  for (int a = 0; a < Pass::kCount; ++a) {
    std::size_t bytes = 0;
    if (Pass::workspace(h, d, static_cast<typename Pass::Algo>(a), &bytes) ==
        CUDNN_STATUS_SUCCESS) {
      most = std::max(most, bytes);
    } else {
      discardCudnnReason();  // an algorithm this shape does not support: expected, not an error
    }
  }
  return std::min<std::size_t>(most, std::size_t{1} << 30);
}

template <typename Pass>
Choice search(cudnnHandle_t h, const ConvDescriptors& d, const ConvBuffers& b, bool benchmark,
              bool deterministicOnly, std::shared_ptr<DeviceBytes>& workspace) {
  typename Pass::Perf perf[Pass::kCount];
  int n = 0;
  if (benchmark) {
    const std::size_t bytes = searchWorkspaceBytes<Pass>(h, d);
    if (workspace->size() < bytes) workspace = std::make_shared<DeviceBytes>(bytes);
    DETBENCH_CUDNN_CHECK(Pass::find(h, d, b, &n, perf, workspace->data(), workspace->size()));
  } else {
    DETBENCH_CUDNN_CHECK(Pass::heuristics(h, d, &n, perf));
  }
  for (int i = 0; i < n; ++i) {
    if (perf[i].status != CUDNN_STATUS_SUCCESS) continue;
    const bool det = perf[i].determinism == CUDNN_DETERMINISTIC;
    if (deterministicOnly && !det) continue;
    return {static_cast<int>(perf[i].algo), det,
            benchmark ? "cudnnFind (benchmark)" : "cudnnGet_v7 (heuristics)", perf[i].mathType};
  }
  DETBENCH_THROW(CudnnError,
                 std::string("cuDNN offers no usable ") + Pass::kName +
                     (deterministicOnly ? " algorithm that is deterministic" : " algorithm") +
                     " for this shape");
}

template <typename Pass>
CudaRun makeConvRun(const CudaKernelArgs& args) {
  const ConvProblem p = ops::convProblem(args.params);
  const Settings& settings = args.context.settings();
  const bool explicitAtomic = args.form == Form::Atomic && settings.form == FormRequest::Atomic;
  const bool deterministicOnly = args.form == Form::Deterministic;
  const bool benchmark = settings.cudnnBenchmark;
  const ConvBuffers buffers{args.device.in<float>(0), args.device.in<float>(1),
                            args.device.out<float>()};

  struct State {
    CudnnHandle handle;
    ConvDescriptors desc;
    std::shared_ptr<DeviceBytes> workspace = std::make_shared<DeviceBytes>();
    Choice choice;
    explicit State(const ConvProblem& problem) : desc(problem) {}
  };
  auto st = std::make_shared<State>(p);
  const CacheKey key = keyOf(Pass::kName, p, deterministicOnly);

  const cudnnMathType_t descriptorMath = p.tf32 ? CUDNN_DEFAULT_MATH : CUDNN_FMA_MATH;
  // Captured by name: the closure may be kept in args.beforeTrial, and a copy of args inside it
  // would own the closure that owns it (a cycle that never frees the state).
  const std::shared_ptr<std::string> algorithm = args.algorithm;
  auto prepareChoice = [st, buffers, key, algorithm, explicitAtomic, deterministicOnly, benchmark,
                        descriptorMath](bool again) {
    // The search sees the math the settings allow; the answer may narrow it.
    DETBENCH_CUDNN_CHECK(cudnnSetConvolutionMathType(st->desc.conv.get(), descriptorMath));
    if (explicitAtomic) {
      if constexpr (requires { Pass::kAtomic; }) {
        st->choice = {static_cast<int>(Pass::kAtomic), false, "atomic form requested",
                      descriptorMath};
      }
    } else if (deterministicOnly && !benchmark) {
      st->choice = {static_cast<int>(Pass::kPyTorchDefault), true,
                    "PyTorch's fixed default (v7 path)", descriptorMath};
    } else if (benchmark) {
      std::lock_guard lock(cacheMutex);
      auto it = benchmarkCache.find(key);
      if (again || it == benchmarkCache.end()) {
        st->choice = search<Pass>(st->handle.get(), st->desc, buffers, true, deterministicOnly,
                                  st->workspace);
        benchmarkCache[key] = st->choice;
      } else {
        st->choice = it->second;
      }
    } else {
      st->choice = search<Pass>(st->handle.get(), st->desc, buffers, false, deterministicOnly,
                                st->workspace);
    }
    DETBENCH_CUDNN_CHECK(cudnnSetConvolutionMathType(st->desc.conv.get(), st->choice.math));
    std::size_t bytes = 0;
    DETBENCH_CUDNN_CHECK(Pass::workspace(
        st->handle.get(), st->desc, static_cast<typename Pass::Algo>(st->choice.algo), &bytes));
    if (st->workspace->size() < bytes) st->workspace = std::make_shared<DeviceBytes>(bytes);
    *algorithm = std::string(Pass::kName) + "_" + Pass::kAlgoNames[st->choice.algo] + ", " +
                 mathName(st->choice.math) + ", " + st->choice.how +
                 (st->choice.deterministic ? "" : ", nondeterministic");
  };

  if (explicitAtomic) {
    if constexpr (!requires { Pass::kAtomic; }) {
      DETBENCH_THROW(NotAvailable,
                     "cuDNN has no nondeterministic forward algorithm: the atomic "
                     "form of conv2d_forward exists on cpu-threads only");
    }
  }
  prepareChoice(false);
  if (p.rebenchmark && benchmark && !explicitAtomic) {
    *args.beforeTrial = [st, prepareChoice](StreamView stream) {
      DETBENCH_CUDNN_CHECK(cudnnSetStream(st->handle.get(), stream));
      prepareChoice(true);
    };
  }
  return [st, buffers](StreamView stream) {
    DETBENCH_CUDNN_CHECK(cudnnSetStream(st->handle.get(), stream));
    DETBENCH_CUDNN_CHECK(Pass::run(st->handle.get(), st->desc, buffers,
                                   static_cast<typename Pass::Algo>(st->choice.algo),
                                   st->workspace->data(), st->workspace->size()));
  };
}

}  // namespace

CudaRun makeConv2dForwardCuda(const CudaKernelArgs& args) {
  return makeConvRun<ForwardPass>(args);
}
CudaRun makeConv2dBackwardDataCuda(const CudaKernelArgs& args) {
  return makeConvRun<BackwardDataPass>(args);
}
CudaRun makeConv2dBackwardFilterCuda(const CudaKernelArgs& args) {
  return makeConvRun<BackwardFilterPass>(args);
}

}  // namespace detbench::cuda
