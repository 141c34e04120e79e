// cuda kernels for rnn_forward and rnn_backward_weights through cuDNN's RNN API, as PyTorch's
// _cudnn_rnn calls it: CUDNN_RNN_ALGO_STANDARD, one layer, one direction, linear input, both
// biases, no dropout, float32 data and math (TF32 tensor ops with tf32 = 1, as with
// cudnn.allow_tf32), h0 = c0 = 0 (null hx and cx), CUDNN_FWD_MODE_TRAINING, sequence-major
// unpacked data with padded I/O enabled (cuDNN allows unpacked layouts only so; PyTorch does the
// same for an input that is not a PackedSequence).
//  - rnn_forward: cudnnRNNForward; the output is y.
//  - rnn_backward_weights: cudnnRNNForward, cudnnRNNBackwardData_v8 (the gradient through time,
//    dx discarded), then cudnnRNNBackwardWeights_v8 into a zeroed gradient space
//    (CUDNN_WGRAD_MODE_ADD), copied out in PyTorch's parameter order.
// cuDNN calls cuBLAS inside; PyTorch's documentation of RNN determinism asks for
// CUBLAS_WORKSPACE_CONFIG=:16:8 or :4096:2, so the settings' value is put in the environment
// before the handle is made (it counts only before cuBLAS first starts in the process: a fresh
// process per setting measures it). There is no algorithm choice and no atomic form here:
// the atomic form is a contrast on cpu-threads only. The weights are copied into cuDNN's
// weight space once, where cudnnGetRNNWeightParams places each gate's matrix and bias.

#include <cudnn.h>

#include <memory>
#include <string>
#include <vector>

#include "CublasWorkspaceEnvironment.hpp"
#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "CudnnHandle.hpp"
#include "detbench/ops/RnnOps.hpp"

namespace detbench::cuda {

namespace {

using ops::RnnProblem;
using CudnnRnnDescriptor =
    CudnnObject<cudnnRNNDescriptor_t, cudnnCreateRNNDescriptor, cudnnDestroyRNNDescriptor>;
using CudnnRnnDataDescriptor = CudnnObject<cudnnRNNDataDescriptor_t, cudnnCreateRNNDataDescriptor,
                                           cudnnDestroyRNNDataDescriptor>;
using CudnnDropoutDescriptor = CudnnObject<cudnnDropoutDescriptor_t, cudnnCreateDropoutDescriptor,
                                           cudnnDestroyDropoutDescriptor>;

// Where one gate's matrix (or bias) sits: floats from the start of the weight space, and where
// it comes from (and its gradient goes) in PyTorch's flattened [w_ih, w_hh, b_ih, b_hh].
struct Placement {
  std::size_t space;
  std::size_t flat;
  std::size_t count;
};

struct RnnState {
  CudnnHandle handle;
  CudnnDropoutDescriptor dropout;
  CudnnRnnDescriptor rnn;
  CudnnRnnDataDescriptor x, y;
  CudnnTensorDescriptor h, c;
  DeviceArray<std::int32_t> seqLengths;
  DeviceArray<float> weights, gradients, yScratch, dx;
  DeviceBytes workspace, reserve;
  std::size_t weightBytes = 0, workspaceBytes = 0, reserveBytes = 0;
  std::vector<Placement> placements;
};

void describe(const RnnProblem& p, RnnState& st) {
  auto i = [](std::int64_t v) { return static_cast<int>(v); };
  DETBENCH_CUDNN_CHECK(
      cudnnSetDropoutDescriptor(st.dropout.get(), st.handle.get(), 0.0f, nullptr, 0, 0));
  DETBENCH_CUDNN_CHECK(cudnnSetRNNDescriptor_v8(
      st.rnn.get(), CUDNN_RNN_ALGO_STANDARD, p.lstm ? CUDNN_LSTM : CUDNN_RNN_TANH,
      CUDNN_RNN_DOUBLE_BIAS, CUDNN_UNIDIRECTIONAL, CUDNN_LINEAR_INPUT, CUDNN_DATA_FLOAT,
      CUDNN_DATA_FLOAT, p.tf32 ? CUDNN_DEFAULT_MATH : CUDNN_FMA_MATH, i(p.input), i(p.hidden),
      i(p.hidden), 1, st.dropout.get(), CUDNN_RNN_PADDED_IO_ENABLED));
  const std::vector<int> lengths(static_cast<std::size_t>(p.batch), i(p.time));
  DETBENCH_CUDNN_CHECK(cudnnSetRNNDataDescriptor(
      st.x.get(), CUDNN_DATA_FLOAT, CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_UNPACKED, i(p.time), i(p.batch),
      i(p.input), lengths.data(), nullptr));
  DETBENCH_CUDNN_CHECK(cudnnSetRNNDataDescriptor(
      st.y.get(), CUDNN_DATA_FLOAT, CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_UNPACKED, i(p.time), i(p.batch),
      i(p.hidden), lengths.data(), nullptr));
  const int dims[3] = {1, i(p.batch), i(p.hidden)};
  const int strides[3] = {i(p.batch * p.hidden), i(p.hidden), 1};
  DETBENCH_CUDNN_CHECK(cudnnSetTensorNdDescriptor(st.h.get(), CUDNN_DATA_FLOAT, 3, dims, strides));
  DETBENCH_CUDNN_CHECK(cudnnSetTensorNdDescriptor(st.c.get(), CUDNN_DATA_FLOAT, 3, dims, strides));
  st.seqLengths = DeviceArray<std::int32_t>(lengths.size());
  DETBENCH_CUDA_CHECK(cudaMemcpy(st.seqLengths.data(), lengths.data(), st.seqLengths.bytes(),
                                 cudaMemcpyHostToDevice));

  DETBENCH_CUDNN_CHECK(cudnnGetRNNWeightSpaceSize(st.handle.get(), st.rnn.get(), &st.weightBytes));
  // Float matrices and biases (CUDNN_DATA_FLOAT): whole floats, rounded up all the same.
  const std::size_t weightFloats = (st.weightBytes + sizeof(float) - 1) / sizeof(float);
  st.weights = DeviceArray<float>(weightFloats);
  st.gradients = DeviceArray<float>(weightFloats);
  DETBENCH_CUDNN_CHECK(cudnnGetRNNTempSpaceSizes(st.handle.get(), st.rnn.get(),
                                                 CUDNN_FWD_MODE_TRAINING, st.x.get(),
                                                 &st.workspaceBytes, &st.reserveBytes));
  st.workspace = DeviceBytes(st.workspaceBytes);
  st.reserve = DeviceBytes(st.reserveBytes);
}

// Each gate's input (linLayerID < gates) and recurrent matrix and its bias, as cuDNN places
// them; the shapes cuDNN reports are checked against PyTorch's chunks.
void place(const RnnProblem& p, RnnState& st) {
  CudnnTensorDescriptor matrix, bias;
  const auto h = static_cast<std::size_t>(p.hidden);
  const auto rows = static_cast<std::size_t>(p.gateRows());
  const std::size_t ihFloats = rows * static_cast<std::size_t>(p.input);
  const std::size_t hhFloats = rows * h;
  const float* base = st.weights.data();
  for (int id = 0; id < 2 * p.gates(); ++id) {
    void* m = nullptr;
    void* b = nullptr;
    DETBENCH_CUDNN_CHECK(cudnnGetRNNWeightParams(st.handle.get(), st.rnn.get(), 0, st.weightBytes,
                                                 st.weights.data(), id, matrix.get(), &m,
                                                 bias.get(), &b));
    const bool recurrent = id >= p.gates();
    const auto gate = static_cast<std::size_t>(recurrent ? id - p.gates() : id);
    const std::size_t cols = recurrent ? h : static_cast<std::size_t>(p.input);
    cudnnDataType_t type{};
    int nb = 0;
    int dims[3] = {0, 0, 0};
    int strides[3] = {0, 0, 0};
    DETBENCH_CUDNN_CHECK(cudnnGetTensorNdDescriptor(matrix.get(), 3, &type, &nb, dims, strides));
    if (static_cast<std::size_t>(dims[0]) * dims[1] * dims[2] != h * cols) {
      DETBENCH_THROW(CudnnError, "cuDNN places an RNN matrix of " + std::to_string(dims[0]) + "x" +
                                     std::to_string(dims[1]) + "x" + std::to_string(dims[2]) +
                                     " where " + std::to_string(h) + "x" + std::to_string(cols) +
                                     " was expected");
    }
    // cuDNN's pointers into the weight space, as float offsets from its start.
    auto offset = [&](void* at) {
      return static_cast<std::size_t>(static_cast<float*>(at) - base);
    };
    st.placements.push_back({offset(m), (recurrent ? ihFloats : 0) + gate * h * cols, h * cols});
    st.placements.push_back(
        {offset(b), ihFloats + hhFloats + (recurrent ? rows : 0) + gate * h, h});
  }
}

std::shared_ptr<RnnState> prepare(const RnnProblem& p, const CudaKernelArgs& args) {
  // PyTorch's flattened weights: w_ih, w_hh, b_ih, b_hh (the same inputs of both RNN ops).
  using In = ops::RnnForwardOp;
  const float* parts[4] = {args.device.in<float>(In::kWIh), args.device.in<float>(In::kWHh),
                           args.device.in<float>(In::kBIh), args.device.in<float>(In::kBHh)};
  applyWorkspaceEnvironment(args.context.settings());
  auto st = std::make_shared<RnnState>();
  describe(p, *st);
  place(p, *st);
  // PyTorch's flattened weights, gathered from the four inputs, then spread into the space.
  const auto rows = static_cast<std::size_t>(p.gateRows());
  const std::size_t sizes[4] = {rows * static_cast<std::size_t>(p.input),
                                rows * static_cast<std::size_t>(p.hidden), rows, rows};
  DeviceArray<float> flat(static_cast<std::size_t>(p.weightElements()));
  std::size_t at = 0;
  for (std::size_t k = 0; k < 4; ++k) {
    DETBENCH_CUDA_CHECK(
        cudaMemcpy(flat.data() + at, parts[k], sizes[k] * sizeof(float), cudaMemcpyDeviceToDevice));
    at += sizes[k];
  }
  for (const Placement& pl : st->placements) {
    DETBENCH_CUDA_CHECK(cudaMemcpy(st->weights.data() + pl.space, flat.data() + pl.flat,
                                   pl.count * sizeof(float), cudaMemcpyDeviceToDevice));
  }
  // The copies above ran on the legacy default stream, which the trials' non-blocking stream
  // does not wait for.
  DETBENCH_CUDA_CHECK(cudaDeviceSynchronize());
  *args.algorithm = std::string("cuDNN RNN API, CUDNN_RNN_ALGO_STANDARD, ") +
                    (p.lstm ? "CUDNN_LSTM" : "CUDNN_RNN_TANH") +
                    (p.tf32 ? ", TF32 allowed" : ", FP32 math");
  return st;
}

void refuseAtomic(Form form, const char* op) {
  if (form != Form::Atomic) return;
  DETBENCH_THROW(NotAvailable,
                 std::string("cuDNN's RNN API has no atomic form: the atomic form of ") + op +
                     " exists on cpu-threads only");
}

void forward(const RnnState& st, const void* x, void* y) {
  DETBENCH_CUDNN_CHECK(cudnnRNNForward(st.handle.get(), st.rnn.get(), CUDNN_FWD_MODE_TRAINING,
                                       st.seqLengths.data(), st.x.get(), x, st.y.get(), y,
                                       st.h.get(), nullptr, nullptr, st.c.get(), nullptr, nullptr,
                                       st.weightBytes, st.weights.data(), st.workspaceBytes,
                                       st.workspace.data(), st.reserveBytes, st.reserve.data()));
}

}  // namespace

CudaRun makeRnnForwardCuda(const CudaKernelArgs& args) {
  refuseAtomic(args.form, "rnn_forward");
  const RnnProblem p = ops::rnnProblem(args.params);
  const float* x = args.device.in<float>(ops::RnnForwardOp::kX);
  float* y = args.device.out<float>();
  auto st = prepare(p, args);
  return [=](StreamView stream) {
    DETBENCH_CUDNN_CHECK(cudnnSetStream(st->handle.get(), stream));
    forward(*st, x, y);
  };
}

CudaRun makeRnnBackwardWeightsCuda(const CudaKernelArgs& args) {
  using Op = ops::RnnBackwardWeightsOp;
  refuseAtomic(args.form, "rnn_backward_weights");
  const RnnProblem p = ops::rnnProblem(args.params);
  const float* x = args.device.in<float>(Op::kX);
  const float* dy = args.device.in<float>(Op::kDy);
  float* out = args.device.out<float>();
  auto st = prepare(p, args);
  st->yScratch = DeviceArray<float>(static_cast<std::size_t>(p.time * p.batch * p.hidden));
  st->dx = DeviceArray<float>(static_cast<std::size_t>(p.time * p.batch * p.input));
  return [=](StreamView stream) {
    cudnnHandle_t h = st->handle.get();
    DETBENCH_CUDNN_CHECK(cudnnSetStream(h, stream));
    forward(*st, x, st->yScratch.data());
    DETBENCH_CUDNN_CHECK(cudnnRNNBackwardData_v8(
        h, st->rnn.get(), st->seqLengths.data(), st->y.get(), st->yScratch.data(), dy, st->x.get(),
        st->dx.data(), st->h.get(), nullptr, nullptr, nullptr, st->c.get(), nullptr, nullptr,
        nullptr, st->weightBytes, st->weights.data(), st->workspaceBytes, st->workspace.data(),
        st->reserveBytes, st->reserve.data()));
    DETBENCH_CUDA_CHECK(cudaMemsetAsync(st->gradients.data(), 0, st->weightBytes, stream));
    DETBENCH_CUDNN_CHECK(cudnnRNNBackwardWeights_v8(
        h, st->rnn.get(), CUDNN_WGRAD_MODE_ADD, st->seqLengths.data(), st->x.get(), x, st->h.get(),
        nullptr, st->y.get(), st->yScratch.data(), st->weightBytes, st->gradients.data(),
        st->workspaceBytes, st->workspace.data(), st->reserveBytes, st->reserve.data()));
    for (const Placement& pl : st->placements) {
      DETBENCH_CUDA_CHECK(cudaMemcpyAsync(out + pl.flat, st->gradients.data() + pl.space,
                                          pl.count * sizeof(float), cudaMemcpyDeviceToDevice,
                                          stream));
    }
  };
}

}  // namespace detbench::cuda
