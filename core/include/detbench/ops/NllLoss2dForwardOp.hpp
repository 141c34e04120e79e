#pragma once
// nll_loss2d forward with reduction 'mean' or 'sum' (F.nll_loss on [N, C, H, W] scores and
// [N, H, W] targets, with or without class weights): the loss is -sum w[t] x[n, t, h, w] over
// every position, divided by sum w[t] for the mean.
//
// The sequential form is PyTorch's CPU kernel (LossNLL2d.cpp): a cascade sum over the positions
// in order, with kLevels running partials. Position i is subtracted from partial 0; then, for
// j = 0, 1, ..., while i is a multiple of 2^(L (j + 1)), partial j is added into partial j + 1
// and cleared; at the end the partials are added from 0 to kLevels - 1, starting at zero.
// L = max(4, ceil(log2 M) / kLevels) for M positions. The weights' sum is cascaded alike.
//
// The cascade is a fixed tree, so it can be cut without changing a bit: a block of 2^(L j)
// positions (k 2^(L j), (k + 1) 2^(L j)] starts from cleared partials 0 to j - 1 and ends by
// handing one value to partial j. The deterministic forms compute those block values in
// parallel (a thread each) and replay only the upper levels in order, so they equal the
// sequential form, and PyTorch's CPU result, bit for bit on any device. PyTorch's CUDA kernel
// instead adds each thread block's partial into the result with atomicAdd (hence its alert);
// the atomic forms here do the same.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/base/HostDevice.hpp"
#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct NllLoss2dForwardOp {
  static constexpr std::string_view kName = "nll_loss2d_forward";
  static constexpr std::string_view kSizeParam = "height";
  static constexpr int kLevels = 8;

  struct Problem {
    std::int64_t batch, classes, height, width;
    bool weighted, mean;
    DETBENCH_HD std::int64_t plane() const { return height * width; }
    DETBENCH_HD std::int64_t positions() const { return batch * plane(); }
    // L: log2 of the fan-in of each cascade level.
    DETBENCH_HD std::int64_t levelPower() const {
      const std::int64_t m = positions();
      std::int64_t ceilLog2 = 1;  // PyTorch's utils::CeilLog2: 1 for m <= 2
      if (m > 2) {
        ceilLog2 = 0;
        for (std::uint64_t v = static_cast<std::uint64_t>(m - 1); v != 0; v >>= 1) ++ceilLog2;
      }
      const std::int64_t l = ceilLog2 / kLevels;
      return l > 4 ? l : 4;
    }
    // The level whose blocks the deterministic forms compute in parallel: at least 2, and
    // enough that there are at most 2^14 blocks. Any level gives the same bits.
    DETBENCH_HD int blockLevel() const {
      const std::int64_t l = levelPower();
      int j = 2;
      while (j < kLevels - 1 && (positions() >> (l * j)) > (std::int64_t{1} << 14)) ++j;
      return j;
    }
    DETBENCH_HD std::int64_t blockSize(int j) const {
      return std::int64_t{1} << (levelPower() * j);
    }
    // Complete blocks of level j: they cover positions 1 to blocks(j) * blockSize(j).
    DETBENCH_HD std::int64_t blocks(int j) const {
      return positions() > 0 ? (positions() - 1) / blockSize(j) : 0;
    }
  };
  enum Input { kInput, kTarget, kWeight };
  template <typename T>
  struct Args {
    const T* input;              // [batch, classes, height, width]
    const std::int64_t* target;  // [batch, height, width], in [0, classes)
    const T* weight;             // [classes]; unused unless weighted
  };

  // The loss's and the weight's running partials.
  template <typename T>
  struct Pair {
    T loss, weight;
  };

  template <typename T>
  DETBENCH_HD static void addPosition(const Problem& p, const Args<T>& a, std::int64_t i,
                                      Pair<T>& acc) {
    addRun(p, a, i, 1, acc);
  }

  // After position i has entered the partials from level `from` up: hand each level on while
  // i is a multiple of that level's span, as PyTorch's loop does.
  template <typename T>
  DETBENCH_HD static void carry(const Problem& p, std::int64_t i, int from, Pair<T>* partial) {
    const std::int64_t l = p.levelPower(), mask = (std::int64_t{1} << l) - 1;
    for (int j = from; j + 1 < kLevels; ++j) {
      if ((i & (mask << (j * l))) != 0) return;
      partial[j + 1].loss += partial[j].loss;
      partial[j + 1].weight += partial[j].weight;
      partial[j] = {T(0), T(0)};
    }
  }

  // Positions [first, first + count) added one after the other into acc (one division for
  // the run, not one per position).
  template <typename T>
  DETBENCH_HD static void addRun(const Problem& p, const Args<T>& a, std::int64_t first,
                                 std::int64_t count, Pair<T>& acc) {
    std::int64_t b = first / p.plane(), e = first % p.plane();
    for (std::int64_t i = first; i < first + count; ++i) {
      const std::int64_t t = a.target[i];
      const T x = a.input[(b * p.classes + t) * p.plane() + e];
      if (p.weighted) {
        const T w = a.weight[t];
        acc.loss -= x * w;
        acc.weight += w;
      } else {
        acc.loss -= x;
      }
      if (++e == p.plane()) {
        e = 0;
        ++b;
      }
    }
  }

  // The value block k of level j >= 1 hands to partial j: a block of level 1 is 2^L
  // positions added into a cleared partial 0, and a block of level l > 1 the values of its 2^L
  // blocks of level l - 1 added into a cleared partial l - 1, as the cascade does between two
  // of its carries. (A loop, not a recursion, so it compiles for the GPU without a stack.)
  template <typename T>
  DETBENCH_HD static Pair<T> blockValue(const Problem& p, const Args<T>& a, int j, std::int64_t k) {
    const std::int64_t fanIn = std::int64_t{1} << p.levelPower();
    const std::int64_t runs = std::int64_t{1} << (p.levelPower() * (j - 1));  // level-1 blocks
    Pair<T> acc[kLevels] = {};  // acc[l]: the running sum of level l - 1 values
    for (std::int64_t r = 0; r < runs; ++r) {
      Pair<T> v{T(0), T(0)};
      addRun(p, a, (k * runs + r) * fanIn + 1, fanIn, v);
      if (j == 1) return v;
      acc[2].loss += v.loss;
      acc[2].weight += v.weight;
      int l = 2;
      for (std::int64_t q = r + 1; l < j && q % fanIn == 0; q /= fanIn, ++l) {
        acc[l + 1].loss += acc[l].loss;
        acc[l + 1].weight += acc[l].weight;
        acc[l] = {T(0), T(0)};
      }
    }
    return acc[j];
  }

  // The whole cascade, with the complete blocks of level j >= 1 given as their values (j = 0:
  // none given, position by position), then the partials summed and the mean taken.
  template <typename T>
  DETBENCH_HD static T finish(const Problem& p, const Args<T>& a, int j, const Pair<T>* values) {
    Pair<T> partial[kLevels] = {};
    if (p.positions() == 0) return T(0);
    addPosition(p, a, 0, partial[0]);  // position 0 is a multiple of every span
    carry(p, 0, 0, partial);
    std::int64_t next = 1;
    if (j >= 1) {
      for (std::int64_t k = 0; k < p.blocks(j); ++k) {
        partial[j].loss += values[k].loss;
        partial[j].weight += values[k].weight;
        carry(p, (k + 1) * p.blockSize(j), j, partial);
      }
      next = p.blocks(j) * p.blockSize(j) + 1;
    }
    for (std::int64_t i = next; i < p.positions(); ++i) {
      addPosition(p, a, i, partial[0]);
      carry(p, i, 0, partial);
    }
    T loss = T(0), weight = T(0);
    for (int level = 0; level < kLevels; ++level) {
      loss += partial[level].loss;
      weight += partial[level].weight;
    }
    if (!p.weighted) weight = static_cast<T>(p.positions());
    return p.mean ? loss / weight : loss;
  }

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  // Every position is a term of the loss, and of the weights' sum that the mean divides by.
  static std::int64_t maxTerms(const Problem& p) { return 2 * p.positions() + 1; }

  template <typename T>
  static void sequential(const Problem& p, const Args<T>& a, T* out) {
    out[0] = finish<T>(p, a, 0, nullptr);
  }
};

}  // namespace detbench::ops
