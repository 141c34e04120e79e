#pragma once
// "Temperature 0 is not enough": a tiny greedy decoder with fixed random weights, built from
// the workbench's own ops (rms_norm, matmul, decode_attention, softmax), generates from one
// prompt alone and inside batches of other prompts. Every op is deterministic run to run; the
// default forms choose their split by the batch size (as libraries do), the batch-invariant
// forms do not. The lesson records, per batch size, the first step where the prompt's logits
// differ in any bit from its logits alone, the first generated token that differs, and how
// close the two candidates' logits were at that step (the near-tie that flipped).
//
// Every op's output is rounded to bfloat16 (kept in float32), as served models keep their
// activations: a difference in the last bit of a float32 sum then changes a bfloat16 value by a
// whole unit now and then, and logits in bfloat16 tie often, so a near-tie can flip.
//
// The model: tokens embedded (E, plus a random embedding of the position), then `layers` blocks of
//   h = rms_norm(x); q, k, v = h Wq, h Wk, h Wv (k and v appended to the block's cache);
//   a = attention(q, cache); x = x + tanh(gain * (a Wo))
// and logits = rms_norm(x) Wout, probabilities = softmax(logits), the next token their argmax.
// The prompt is fed one token at a time (each position a decoding step), every sequence of the
// batch in step. The gain makes the blocks stretch small differences, as a deep model's many
// layers do; the weights, the prompts and the embeddings come from the lesson's seed.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/demo/Scenario.hpp"
#include "detbench/run/CancelToken.hpp"

namespace detbench::demo {

struct DecoderBatchOutcome {
  int batchSize = 0;
  std::vector<int> tokens;        // the prompt's generated tokens in this batch
  int firstDifferentLogits = -1;  // the first generation step whose logits differ from alone
  int divergedAt = -1;            // the first generated token that differs from alone; -1: none
  // At divergedAt: the logit gap between the two tokens in the prompt's run alone
  // (logit[alone's token] - logit[this batch's token]), and that gap over the larger logit.
  double flipGap = 0;
  double flipRelativeGap = 0;
  double maxLogitDiff = 0;  // before divergedAt (or over all steps): max |logit - logit alone|
};

struct DecoderFormOutcome {
  bool batchInvariant = false;
  std::vector<DecoderBatchOutcome> batches;  // in the spec's order; batch size 1 first
  std::string error;
  int diverged() const;  // how many batch sizes generated other tokens than alone
};

struct DecoderOutcome {
  std::string device;
  int threads = 0;                        // on cpu-threads
  std::vector<DecoderFormOutcome> forms;  // default kernels, then batch-invariant ones
};

// (form, batch size, steps done in all, steps in all)
using DecoderProgress = std::function<void(bool, int, int, int)>;

DecoderOutcome runDecoderLesson(const DecoderSpec& spec, const BackendRegistry& registry,
                                const std::string& device, const DecoderProgress& progress = {},
                                const CancelToken* cancel = nullptr);

// Sequence 0's logits at each generation step and its tokens, for one batch size (for tests).
struct DecoderRun {
  std::vector<std::vector<float>> logits;  // [step][vocab]
  std::vector<int> tokens;
};
DecoderRun generate(const DecoderSpec& spec, const BackendRegistry& registry,
                    const std::string& device, int batchSize, bool batchInvariant,
                    const CancelToken* cancel = nullptr);

}  // namespace detbench::demo
