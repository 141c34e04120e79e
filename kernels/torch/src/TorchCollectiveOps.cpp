// The collectives on the torch devices (all_reduce, reduce_scatter): the ranks of a job as
// threads of this process, each with its own gloo process group (libtorch's ProcessGroupGloo over
// the loopback, meeting through one HashStore), made once by the setup. Each call sums every
// rank's share of the gradients with PyTorch's sum and hands the partials to gloo: all_reduce's
// result is rank 0's, reduce_scatter's the ranks' shards one after another. The torch-cuda device
// refuses them: NCCL needs a GPU per rank, and gloo on CUDA tensors is not what a GPU job runs.

// libtorch's ProcessGroupGloo.hpp includes gloo's own headers, which a libtorch install may
// lack (Debian ships them apart, in libgloo-dev): without them all_reduce says so when it runs.
#if __has_include(<gloo/algorithm.h>)
#define DETBENCH_TORCH_GLOO 1
#ifndef USE_C10D_GLOO
#define USE_C10D_GLOO 1
#endif
#include <torch/csrc/distributed/c10d/HashStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#endif

#include <torch/version.h>

#include <chrono>
#include <exception>
#include <string>
#include <thread>
#include <vector>

#include "TorchCallArgs.hpp"
#include "TorchOpTable.hpp"
#include "detbench/base/Error.hpp"

namespace detbench::torchdev {

#if DETBENCH_TORCH_GLOO
namespace {

using Group = c10::intrusive_ptr<c10d::ProcessGroupGloo>;

// Runs fn(r) for every rank on a thread of its own (the ranks of a collective wait for each
// other), and rethrows the first failure.
template <typename Fn>
void onEveryRank(std::int64_t ranks, Fn fn) {
  std::vector<std::exception_ptr> failures(static_cast<std::size_t>(ranks));
  std::vector<std::thread> threads;
  threads.reserve(failures.size());
  for (std::int64_t r = 0; r < ranks; ++r) {
    threads.emplace_back([&, r] {
      try {
        fn(r);
      } catch (...) {
        failures[static_cast<std::size_t>(r)] = std::current_exception();
      }
    });
  }
  for (auto& t : threads) t.join();
  for (const auto& f : failures) {
    if (f) std::rethrow_exception(f);
  }
}

struct GlooRanks {
  std::vector<Group> groups;
};

}  // namespace

void glooRanksSetup(TorchCallArgs& a) {
  if (a.options.device().is_cuda()) {
    DETBENCH_THROW(NotAvailable,
                   "the collectives on torch-cuda: NCCL needs a GPU per rank, and gloo on CUDA "
                   "tensors is not what a GPU job runs; the cuda device runs detbench's orders, "
                   "and torch-cpu runs gloo");
  }
  const std::int64_t ranks = a.p("ranks");
  auto state = std::make_shared<GlooRanks>();
  state->groups.resize(static_cast<std::size_t>(ranks));
  const auto store = c10::make_intrusive<c10d::HashStore>();
  // The groups meet through the store: each constructor waits for the others.
  onEveryRank(ranks, [&](std::int64_t r) {
    auto options = c10d::ProcessGroupGloo::Options::create();
    options->timeout = std::chrono::milliseconds(60000);
    options->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1"));
    state->groups[static_cast<std::size_t>(r)] = c10::make_intrusive<c10d::ProcessGroupGloo>(
        store, static_cast<int>(r), static_cast<int>(ranks), options);
  });
  a.state = state;
}

at::Tensor allReduce(TorchCallArgs& a) {
  const auto& state = *static_cast<GlooRanks*>(a.state.get());
  const at::Tensor& grads = a.in("grads");
  const std::int64_t ranks = a.p("ranks");
  std::vector<at::Tensor> partials(static_cast<std::size_t>(ranks));
  onEveryRank(ranks, [&](std::int64_t r) {
    std::vector<at::Tensor> mine{grads.slice(0, r, grads.size(0), ranks).sum(0)};
    state.groups[static_cast<std::size_t>(r)]->allreduce(mine)->wait();
    partials[static_cast<std::size_t>(r)] = mine[0];
  });
  return partials[0];
}

namespace {

// Rank r's shard of the reduce-scatter of `partial` (PyTorch's reduce_scatter_tensor).
at::Tensor reduceScatterShard(const Group& group, at::Tensor partial, std::int64_t ranks) {
  at::Tensor shard = at::empty({partial.numel() / ranks}, partial.options());
  group->_reduce_scatter_base(shard, partial)->wait();
  return shard;
}

}  // namespace

void reduceScatterSetup(TorchCallArgs& a) {
  glooRanksSetup(a);
  // PyTorch 1.13's gloo has no reduce_scatter; a call on a tensor of one element per rank says
  // whether this release's has.
  const auto& state = *static_cast<GlooRanks*>(a.state.get());
  const std::int64_t ranks = a.p("ranks");
  try {
    onEveryRank(ranks, [&](std::int64_t r) {
      reduceScatterShard(state.groups[static_cast<std::size_t>(r)], at::ones({ranks}, a.options),
                         ranks);
    });
  } catch (const c10::Error& e) {
    DETBENCH_THROW(NotAvailable,
                   std::string("reduce_scatter on torch-cpu: PyTorch ") + TORCH_VERSION +
                       "'s gloo has no reduce_scatter (it says: " + e.what_without_backtrace() +
                       "); later releases' gloo has it, and all_reduce runs here");
  }
}

at::Tensor reduceScatter(TorchCallArgs& a) {
  const auto& state = *static_cast<GlooRanks*>(a.state.get());
  const at::Tensor& grads = a.in("grads");
  const std::int64_t ranks = a.p("ranks");
  std::vector<at::Tensor> shards(static_cast<std::size_t>(ranks));
  onEveryRank(ranks, [&](std::int64_t r) {
    shards[static_cast<std::size_t>(r)] =
        reduceScatterShard(state.groups[static_cast<std::size_t>(r)],
                           grads.slice(0, r, grads.size(0), ranks).sum(0), ranks);
  });
  return at::cat(shards);
}

#else

void glooRanksSetup(TorchCallArgs&) {
  DETBENCH_THROW(NotAvailable,
                 "the collectives on torch-cpu: this build found no gloo headers next to libtorch "
                 "(Debian: apt install libgloo-dev, then build again)");
}

at::Tensor allReduce(TorchCallArgs&) {
  DETBENCH_THROW(NotAvailable, "all_reduce on torch-cpu: this build has no gloo");
}

void reduceScatterSetup(TorchCallArgs& a) {
  glooRanksSetup(a);
}

at::Tensor reduceScatter(TorchCallArgs&) {
  DETBENCH_THROW(NotAvailable, "reduce_scatter on torch-cpu: this build has no gloo");
}

#endif

}  // namespace detbench::torchdev
