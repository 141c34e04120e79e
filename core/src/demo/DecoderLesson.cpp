#include "detbench/demo/DecoderLesson.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "demo/FloatData.hpp"
#include "demo/OpCaller.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/op/DataGenerator.hpp"

namespace detbench::demo {

namespace {

struct Weights {
  HostTensor embedding;  // vocab x hidden
  HostTensor positions;  // positions x hidden: where a token is, added to its embedding
  std::vector<HostTensor> wq, wk, wv, wo;  // per block, hidden x hidden
  HostTensor norm;                         // hidden (rms_norm's weight: ones)
  HostTensor out;                          // hidden x vocab
};

// Uniform weights with variance scale^2 / fanIn.
HostTensor randomMatrix(const DataGenerator& data, std::uint64_t stream, std::int64_t rows,
                        std::int64_t cols, float scale) {
  HostTensor t({rows, cols}, DType::Float32);
  const float bound = scale * std::sqrt(3.0f / static_cast<float>(rows));
  data.uniform(t.as<float>(), stream, -bound, bound);
  return t;
}

Weights makeWeights(const DecoderSpec& s) {
  const DataGenerator data(s.seed);
  Weights w;
  w.embedding = HostTensor({s.vocab, s.hidden}, DType::Float32);
  data.uniform(w.embedding.as<float>(), 1, -1.0f, 1.0f);
  w.positions = HostTensor({s.promptLength + s.steps, s.hidden}, DType::Float32);
  data.uniform(w.positions.as<float>(), 3, -1.0f, 1.0f);
  for (int l = 0; l < s.layers; ++l) {
    const auto base = static_cast<std::uint64_t>(10 + 4 * l);
    w.wq.push_back(randomMatrix(data, base, s.hidden, s.hidden, 1.0f));
    w.wk.push_back(randomMatrix(data, base + 1, s.hidden, s.hidden, 1.0f));
    w.wv.push_back(randomMatrix(data, base + 2, s.hidden, s.hidden, 1.0f));
    w.wo.push_back(randomMatrix(data, base + 3, s.hidden, s.hidden, 1.0f));
  }
  w.norm = HostTensor({s.hidden}, DType::Float32);
  std::fill(f(w.norm), f(w.norm) + s.hidden, 1.0f);
  w.out = randomMatrix(data, 2, s.hidden, s.vocab, 4.0f);
  return w;
}

// Prompt p's token at position i (prompt 0 is the one followed; the others share its batch).
int promptToken(const DecoderSpec& s, int p, int i) {
  const DataGenerator data(s.seed);
  return static_cast<int>(
      data.bits(1000 + static_cast<std::uint64_t>(p), static_cast<std::uint64_t>(i)) %
      static_cast<std::uint64_t>(s.vocab));
}

// Rounds every value to bfloat16 (the nearest, ties to even), kept in float32: each op's output
// is stored as served models store activations. The ops still compute in float32.
HostTensor bf16(HostTensor t) {
  for (float& v : t.as<float>()) {
    const auto bits = std::bit_cast<std::uint32_t>(v);
    if ((bits & 0x7f800000u) == 0x7f800000u) continue;  // infinities and NaN stay
    const std::uint32_t rounded = (bits + 0x7fffu + ((bits >> 16) & 1u)) & 0xffff0000u;
    v = std::bit_cast<float>(rounded);
  }
  return t;
}

HostTensor rows(const HostTensor& t, std::int64_t n, std::int64_t cols) {
  HostTensor r({n, cols}, DType::Float32);
  std::copy(f(t), f(t) + n * cols, f(r));
  return r;
}

}  // namespace

int DecoderFormOutcome::diverged() const {
  return static_cast<int>(
      std::count_if(batches.begin(), batches.end(),
                    [](const DecoderBatchOutcome& b) { return b.divergedAt >= 0; }));
}

DecoderRun generate(const DecoderSpec& s, const BackendRegistry& registry,
                    const std::string& device, int batch, bool batchInvariant,
                    const CancelToken* cancel) {
  DETBENCH_CHECK_ARG(s.vocab >= 2 && s.hidden >= 1 && s.layers >= 1 && s.promptLength >= 1 &&
                         s.steps >= 1 && batch >= 1,
                     "the decoder needs a vocabulary, a hidden size, blocks, a prompt, steps and "
                     "a batch");
  Settings settings;
  settings.threads = s.threads;
  OpCaller ops(registry, device, settings);
  const Weights w = makeWeights(s);
  const std::int64_t B = batch, H = s.hidden, V = s.vocab;
  const std::int64_t inv = batchInvariant ? 1 : 0;
  const OpParams norm{{"size", B}, {"cols", H}, {"batch_invariant", inv}};
  const OpParams proj{{"size", B}, {"n", H}, {"k", H}, {"batch_invariant", inv}};
  const OpParams head{{"size", B}, {"n", V}, {"k", H}, {"batch_invariant", inv}};
  const OpParams probs{{"size", B}, {"cols", V}, {"batch_invariant", inv}};
  // Per block and sequence, the cached keys and values (positions x hidden).
  std::vector<std::vector<std::vector<float>>> keys(
      static_cast<std::size_t>(s.layers),
      std::vector<std::vector<float>>(static_cast<std::size_t>(B)));
  auto values = keys;
  std::vector<int> current(static_cast<std::size_t>(B));
  for (int b = 0; b < B; ++b) current[static_cast<std::size_t>(b)] = promptToken(s, b, 0);
  DecoderRun run;
  const int positions = s.promptLength - 1 + s.steps;
  for (int t = 0; t < positions; ++t) {
    if (cancel && cancel->cancelled()) break;
    HostTensor x({B, H}, DType::Float32);
    for (std::int64_t b = 0; b < B; ++b) {
      const float* e = f(w.embedding) + current[static_cast<std::size_t>(b)] * H;
      const float* pos = f(w.positions) + t * H;
      for (std::int64_t i = 0; i < H; ++i) f(x)[b * H + i] = e[i] + pos[i];
    }
    const std::int64_t L = t + 1;
    for (int l = 0; l < s.layers; ++l) {
      const auto li = static_cast<std::size_t>(l);
      const HostTensor h = bf16(ops.call("rms_norm", norm, tensors(x.clone(), w.norm.clone())));
      const HostTensor q = bf16(ops.call("matmul", proj, tensors(h.clone(), w.wq[li].clone())));
      const HostTensor k = bf16(ops.call("matmul", proj, tensors(h.clone(), w.wk[li].clone())));
      const HostTensor v = bf16(ops.call("matmul", proj, tensors(h.clone(), w.wv[li].clone())));
      HostTensor kc({B, 1, L, H}, DType::Float32), vc({B, 1, L, H}, DType::Float32);
      for (std::int64_t b = 0; b < B; ++b) {
        auto& kb = keys[li][static_cast<std::size_t>(b)];
        auto& vb = values[li][static_cast<std::size_t>(b)];
        kb.insert(kb.end(), f(k) + b * H, f(k) + (b + 1) * H);
        vb.insert(vb.end(), f(v) + b * H, f(v) + (b + 1) * H);
        std::copy(kb.begin(), kb.end(), f(kc) + b * L * H);
        std::copy(vb.begin(), vb.end(), f(vc) + b * L * H);
      }
      const OpParams attention{
          {"size", B}, {"heads", 1}, {"head_dim", H}, {"kv_len", L}, {"batch_invariant", inv}};
      HostTensor qh({B, 1, H}, DType::Float32);
      std::copy(f(q), f(q) + B * H, f(qh));
      const HostTensor a = bf16(ops.call("decode_attention", attention,
                                         tensors(std::move(qh), std::move(kc), std::move(vc))));
      const HostTensor o = ops.call("matmul", proj, tensors(rows(a, B, H), w.wo[li].clone()));
      for (std::int64_t i = 0; i < B * H; ++i) f(x)[i] += std::tanh(s.gain * f(o)[i]);
      x = bf16(std::move(x));
    }
    const HostTensor h = bf16(ops.call("rms_norm", norm, tensors(x.clone(), w.norm.clone())));
    const HostTensor logits = bf16(ops.call("matmul", head, tensors(h.clone(), w.out.clone())));
    const HostTensor p = ops.call("softmax", probs, tensors(rows(logits, B, V)));
    for (std::int64_t b = 0; b < B; ++b) {
      int next = 0;
      if (t + 1 < s.promptLength) {
        next = promptToken(s, static_cast<int>(b), t + 1);
      } else {
        const float* pb = f(p) + b * V;
        next = static_cast<int>(std::max_element(pb, pb + V) - pb);
      }
      current[static_cast<std::size_t>(b)] = next;
    }
    if (t + 1 >= s.promptLength) {
      run.logits.emplace_back(f(logits), f(logits) + V);
      run.tokens.push_back(current[0]);
    }
  }
  return run;
}

DecoderOutcome runDecoderLesson(const DecoderSpec& s, const BackendRegistry& registry,
                                const std::string& device, const DecoderProgress& progress,
                                const CancelToken* cancel) {
  DecoderOutcome out;
  out.device = device;
  out.threads = s.threads;
  int total = 0;
  for (int b : s.batchSizes) total += b > 0 ? 1 : 0;
  total *= 2;
  int done = 0;
  for (const bool invariant : {false, true}) {
    DecoderFormOutcome form;
    form.batchInvariant = invariant;
    try {
      DecoderRun alone;
      for (int b : s.batchSizes) {
        if (cancel && cancel->cancelled()) break;
        DecoderRun r = generate(s, registry, device, b, invariant, cancel);
        if (b == s.batchSizes.front()) alone = r;
        DecoderBatchOutcome o;
        o.batchSize = b;
        o.tokens = r.tokens;
        const std::size_t steps = std::min(r.tokens.size(), alone.tokens.size());
        for (std::size_t i = 0; i < steps; ++i) {
          const auto& mine = r.logits[i];
          const auto& ref = alone.logits[i];
          if (o.firstDifferentLogits < 0 &&
              !std::equal(mine.begin(), mine.end(), ref.begin(), [](float x, float y) {
                return std::bit_cast<std::uint32_t>(x) == std::bit_cast<std::uint32_t>(y);
              })) {
            o.firstDifferentLogits = static_cast<int>(i);
          }
          for (std::size_t j = 0; j < mine.size(); ++j) {
            o.maxLogitDiff =
                std::max(o.maxLogitDiff, std::fabs(static_cast<double>(mine[j]) - ref[j]));
          }
          if (r.tokens[i] != alone.tokens[i]) {
            o.divergedAt = static_cast<int>(i);
            const double gap = static_cast<double>(ref[static_cast<std::size_t>(alone.tokens[i])]) -
                               ref[static_cast<std::size_t>(r.tokens[i])];
            o.flipGap = gap;
            o.flipRelativeGap = gap / std::max(std::fabs(static_cast<double>(
                                                   ref[static_cast<std::size_t>(alone.tokens[i])])),
                                               1e-30);
            break;  // after the first different token the two generate from different texts
          }
        }
        form.batches.push_back(std::move(o));
        if (progress) progress(invariant, b, ++done, total);
      }
    } catch (const Error& e) {
      form.error = e.message();
    }
    out.forms.push_back(std::move(form));
  }
  return out;
}

}  // namespace detbench::demo
