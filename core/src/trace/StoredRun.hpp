#pragma once
// Internal to the trace's analysis: run 1's ops kept compactly (names, layouts and argument sets
// interned, digests in one array), each op's thread kept with it and each thread's ops listed,
// for the later runs to be compared with.

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "Interner.hpp"
#include "detbench/trace/TraceRecords.hpp"

namespace detbench::trace::detail {

struct Layout {
  std::string dtype;
  Shape shape;
  std::string device;
};

constexpr std::uint8_t kHasDigest = 1, kUninitialized = 2, kOpaque = 4, kAssembled = 8,
                       kSentThroughPool = 16, kMadeByCompiledCode = 32, kInSharedMemory = 64;

struct StoredTensor {
  std::uint64_t digest = 0;
  std::uint32_t layout = 0;
  std::uint8_t flags = 0;
};

constexpr std::uint8_t kDigested = 1, kEntry = 2, kFromCompiledCode = 4;

struct StoredOp {
  std::int64_t seq = 0;     // in its thread
  std::uint64_t first = 0;  // its first tensor in `tensors`: inputs, then outputs
  std::uint32_t name = 0;
  std::uint32_t site = 0;
  std::uint32_t scalars = 0;
  std::uint32_t thread = 0;
  std::uint16_t inputs = 0;
  std::uint16_t outputs = 0;
  std::uint8_t flags = 0;
};

inline std::string layoutKey(const TraceTensor& t) {
  std::string key = t.dtype;
  key.push_back('|');
  key.append(t.device);
  for (const auto d : t.shape) {
    key.push_back('|');
    key.append(std::to_string(d));
  }
  return key;
}

inline std::string scalarsKey(const TraceOp& op) {
  std::string key;
  for (const auto& [k, v] : op.scalars) {
    key.append(k).push_back('\x1f');
    key.append(v).push_back('\x1e');
  }
  return key;
}

class StoredRun {
 public:
  Interner names, layoutKeys, scalarKeys;
  std::vector<Layout> layouts;
  std::vector<std::vector<std::pair<std::string, std::string>>> scalarSets;
  std::vector<StoredOp> ops;
  std::vector<StoredTensor> tensors;
  // Each thread's ops (0: the main thread), as indices into `ops`.
  std::vector<std::vector<std::uint32_t>> threads;
  // The kernels of the calls of compiled code that listed them, by index into `ops`.
  std::unordered_map<std::size_t, std::pair<std::vector<TraceKernel>, std::int64_t>> kernels;

  std::uint32_t layoutOf(const TraceTensor& t) {
    const std::uint32_t id = layoutKeys.id(layoutKey(t));
    if (id == layouts.size()) layouts.push_back(Layout{t.dtype, t.shape, t.device});
    return id;
  }

  void store(const TraceOp& op) {
    StoredOp s;
    s.seq = op.seq;
    s.thread = static_cast<std::uint32_t>(op.thread);
    if (threads.size() <= s.thread) threads.resize(s.thread + 1);
    threads[s.thread].push_back(static_cast<std::uint32_t>(ops.size()));
    s.first = tensors.size();
    s.name = names.id(op.name);
    s.site = static_cast<std::uint32_t>(op.site);
    s.flags = static_cast<std::uint8_t>((op.digested ? kDigested : 0) | (op.entry ? kEntry : 0) |
                                        (op.fromCompiledCode ? kFromCompiledCode : 0));
    if (op.digested) {
      const std::uint32_t sc = scalarKeys.id(scalarsKey(op));
      if (sc == scalarSets.size()) scalarSets.push_back(op.scalars);
      s.scalars = sc;
      s.inputs = static_cast<std::uint16_t>(op.inputs.size());
      s.outputs = static_cast<std::uint16_t>(op.outputs.size());
      for (const auto* list : {&op.inputs, &op.outputs}) {
        for (const auto& t : *list) {
          StoredTensor st;
          st.digest = t.digest.value_or(0);
          st.layout = layoutOf(t);
          st.flags = static_cast<std::uint8_t>(
              (t.digest ? kHasDigest : 0) | (t.uninitialized ? kUninitialized : 0) |
              (t.opaque ? kOpaque : 0) | (t.assembled ? kAssembled : 0) |
              (t.sentThroughPool ? kSentThroughPool : 0) |
              (t.madeByCompiledCode ? kMadeByCompiledCode : 0) |
              (t.inSharedMemory ? kInSharedMemory : 0));
          tensors.push_back(st);
        }
      }
    }
    if (op.kernelCalls != 0) kernels[ops.size()] = {op.kernels, op.kernelCalls};
    ops.push_back(s);
  }

  TraceTensor tensorOf(const StoredTensor& st) const {
    TraceTensor t;
    if (st.flags & kHasDigest) t.digest = st.digest;
    const Layout& l = layouts[st.layout];
    t.dtype = l.dtype;
    t.shape = l.shape;
    t.device = l.device;
    t.uninitialized = (st.flags & kUninitialized) != 0;
    t.opaque = (st.flags & kOpaque) != 0;
    t.assembled = (st.flags & kAssembled) != 0;
    t.sentThroughPool = (st.flags & kSentThroughPool) != 0;
    t.madeByCompiledCode = (st.flags & kMadeByCompiledCode) != 0;
    t.inSharedMemory = (st.flags & kInSharedMemory) != 0;
    return t;
  }

  TraceOp opOf(const StoredOp& s) const {
    TraceOp op;
    op.seq = s.seq;
    op.name = names.text(s.name);
    op.site = static_cast<int>(s.site);
    op.digested = (s.flags & kDigested) != 0;
    op.entry = (s.flags & kEntry) != 0;
    op.fromCompiledCode = (s.flags & kFromCompiledCode) != 0;
    if (op.digested) {
      op.scalars = scalarSets[s.scalars];
      for (std::uint64_t i = 0; i < s.inputs; ++i)
        op.inputs.push_back(tensorOf(tensors[s.first + i]));
      for (std::uint64_t i = 0; i < s.outputs; ++i) {
        op.outputs.push_back(tensorOf(tensors[s.first + s.inputs + i]));
      }
    }
    if (!kernels.empty() && &s >= ops.data() && &s < ops.data() + ops.size()) {
      if (const auto k = kernels.find(static_cast<std::size_t>(&s - ops.data()));
          k != kernels.end()) {
        op.kernels = k->second.first;
        op.kernelCalls = k->second.second;
      }
    }
    return op;
  }

  TraceTensor storedInput(const StoredOp& s, std::size_t j) const {
    return tensorOf(tensors[s.first + j]);
  }

  TraceTensor storedOutput(const StoredOp& s, std::size_t j) const {
    return tensorOf(tensors[s.first + s.inputs + j]);
  }

  std::size_t bytes() const {
    std::size_t n = ops.capacity() * sizeof(StoredOp) + tensors.capacity() * sizeof(StoredTensor) +
                    names.bytes() + layoutKeys.bytes() + scalarKeys.bytes();
    for (const auto& refs : threads) n += refs.capacity() * sizeof(std::uint32_t);
    return n;
  }
};

}  // namespace detbench::trace::detail
