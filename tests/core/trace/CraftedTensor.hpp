#pragma once
// The tensor the crafted-record tests build their ops from (float32 on the CPU, with a digest
// standing for its bits), their ops, and the end of a run they feed.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "detbench/trace/TraceAlignment.hpp"
#include "detbench/trace/TraceRecords.hpp"

namespace detbench::trace::crafted {

inline TraceTensor T(std::uint64_t digest, Shape shape = {4}) {
  TraceTensor t;
  t.digest = digest;
  t.dtype = "float32";
  t.shape = std::move(shape);
  t.device = "cpu";
  return t;
}

// An op inside the window: its tensors digested, called at site `site`, on thread `thread`.
inline TraceOp Op(std::int64_t seq, std::string name, std::vector<TraceTensor> in,
                  std::vector<TraceTensor> out, int site = 1, int thread = 0) {
  TraceOp op;
  op.seq = seq;
  op.thread = thread;
  op.name = std::move(name);
  op.site = site;
  op.digested = true;
  op.inputs = std::move(in);
  op.outputs = std::move(out);
  return op;
}

// Ends the run being fed: the probe's end record (`ops` ops, status ok), then a clean exit.
inline void EndRun(TraceAligner& a, std::int64_t ops) {
  TraceEnd end;
  end.ops = ops;
  end.status = "ok";
  a.add(end);
  TraceRunExit exit;
  exit.exited = true;
  a.endRun(exit);
}

}  // namespace detbench::trace::crafted
