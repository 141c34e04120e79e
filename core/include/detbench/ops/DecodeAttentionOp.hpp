#pragma once
// decode_attention: one decoding step of attention, as a served model runs it. Each sequence of
// the batch has one query per head and a KV cache of kv_len keys and values:
// out[b][h] = softmax(q[b][h] . K[b][h]^T / sqrt(head_dim)) . V[b][h]
// (torch.nn.functional.scaled_dot_product_attention with a query of length 1). The sequences
// are the batch.
//
// Order. The `cpu` device takes a head's scores, their maximum, the exponentials' sum and the
// weighted sum of the values in one pass each, left to right. Split-KV ("flash decoding") cuts
// the cache into splits; each split keeps its own maximum, sum and weighted values, and the
// splits are merged in order (each rescaled by exp(m_split - m)). One split is the `cpu`
// device's bits. The default form on cpu-threads and CUDA chooses the number of splits so that
// the batch fills the threads or the device (the fewer the sequences, the more splits): the
// same bits every run, but a sequence's bits depend on how many others share its batch.
// batch_invariant = 1 (a detbench extension) splits by a fixed size, kFixedSplit keys, whatever
// the batch (what batch-invariant inference engines do). The atomic form adds each split's
// rescaled contribution atomically (an m fixed beforehand), in whatever order splits finish.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/RowSplit.hpp"

namespace detbench::ops {

struct DecodeAttentionOp {
  static constexpr std::string_view kName = "decode_attention";
  static constexpr std::string_view kSizeParam = "size";
  static constexpr std::int64_t kFixedSplit = 256;  // keys per split, batch-invariant form
  static constexpr std::int64_t kMinSplit = 64;     // the shortest split the default cuts
  struct Problem {
    std::int64_t batch;
    std::int64_t heads;
    std::int64_t headDim;
    std::int64_t kvLen;
    bool batchInvariant;
    std::int64_t rows() const { return batch * heads; }  // one (sequence, head) each
    double scale() const { return 1.0 / std::sqrt(static_cast<double>(headDim)); }
  };
  enum Input { kQ, kK, kV };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  // The kv_len-term sums, and the scores' error (head_dim products of at most sqrt(head_dim)
  // in sum after scaling) amplified by exp: within kv_len + 16 head_dim + 16 eps of the
  // weighted mean of |v|.
  static std::int64_t maxTerms(const Problem& p) { return p.kvLen + 16 * p.headDim + 16; }
  static std::int64_t batchRows(const Problem& p) { return p.batch; }
  static OpParams batchParams(const Problem& p, std::int64_t rows);

  // Splits of the cache: fixed-size ones (batch-invariant), or as many as fill `threads` when
  // the (sequence, head) rows do not.
  static std::int64_t splits(const Problem& p, int threads) {
    if (p.batchInvariant) return (p.kvLen + kFixedSplit - 1) / kFixedSplit;
    return slicesForIdleThreads(p.rows(), threads, p.kvLen, kMinSplit);
  }
  static std::int64_t splitBegin(const Problem& p, std::int64_t splits, std::int64_t s) {
    return p.batchInvariant ? std::min(p.kvLen, s * kFixedSplit) : s * p.kvLen / splits;
  }

  // One split of row r (= b * heads + h) over keys [l0, l1): its maximum score, the sum of
  // exp(score - max) and the values weighted by those exponentials (acc, head_dim long).
  template <typename T>
  static void split(const Problem& p, const T* q, const T* k, const T* v, std::int64_t r,
                    std::int64_t l0, std::int64_t l1, T& max, T& sum, T* acc) {
    using std::exp;
    const T* qr = q + r * p.headDim;
    const T* kr = k + r * p.kvLen * p.headDim;
    const T* vr = v + r * p.kvLen * p.headDim;
    const T scale = static_cast<T>(p.scale());
    std::vector<T> scores(static_cast<std::size_t>(l1 - l0));
    for (std::int64_t l = l0; l < l1; ++l) {
      T dot = T{0};
      for (std::int64_t d = 0; d < p.headDim; ++d) dot += qr[d] * kr[l * p.headDim + d];
      scores[static_cast<std::size_t>(l - l0)] = dot * scale;
    }
    max = scores.empty() ? T{0} : *std::max_element(scores.begin(), scores.end());
    sum = T{0};
    for (std::int64_t d = 0; d < p.headDim; ++d) acc[d] = T{0};
    for (std::int64_t l = l0; l < l1; ++l) {
      const T e = exp(scores[static_cast<std::size_t>(l - l0)] - max);
      sum += e;
      for (std::int64_t d = 0; d < p.headDim; ++d) acc[d] += e * vr[l * p.headDim + d];
    }
  }

  // Merges a row's splits in order into out (head_dim long). maxes, sums: one per split; accs:
  // head_dim per split.
  template <typename T>
  static void merge(const Problem& p, std::int64_t splits, const T* maxes, const T* sums,
                    const T* accs, T* out) {
    using std::exp;
    const T m = *std::max_element(maxes, maxes + splits);
    T total = T{0};
    for (std::int64_t d = 0; d < p.headDim; ++d) out[d] = T{0};
    for (std::int64_t s = 0; s < splits; ++s) {
      const T w = exp(maxes[s] - m);
      total += sums[s] * w;
      for (std::int64_t d = 0; d < p.headDim; ++d) out[d] += accs[s * p.headDim + d] * w;
    }
    for (std::int64_t d = 0; d < p.headDim; ++d) out[d] /= total;
  }

  template <typename T>
  static void sequential(const Problem& p, const T* q, const T* k, const T* v, T* out) {
    std::vector<T> acc(static_cast<std::size_t>(p.headDim));
    for (std::int64_t r = 0; r < p.rows(); ++r) {
      T max;
      T sum;
      split(p, q, k, v, r, 0, p.kvLen, max, sum, acc.data());
      merge(p, 1, &max, &sum, acc.data(), out + r * p.headDim);
    }
  }
};

}  // namespace detbench::ops
