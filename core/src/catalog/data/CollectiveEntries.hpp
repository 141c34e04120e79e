#pragma once
// The catalog's entries for the collectives of multi-process training: all_reduce (DDP) and
// reduce_scatter (FSDP, ZeRO).

#include "catalog/CatalogEntry.hpp"

namespace detbench::catalog {

inline constexpr Releases<1> kAllReduceCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .atomicContrast = true,
                 .note = "NCCL reduces in an order fixed by its algorithm (ring, tree, NVLS), "
                         "protocol, channel count and the world size: the bits repeat run to run "
                         "for one job and change with any of them (NCCL_ALGO, NCCL_PROTO, "
                         "NCCL_MIN_NCHANNELS, NCCL_MAX_NCHANNELS and NCCL_NVLS_ENABLE=0 pin them; "
                         "the world size cannot change). Deterministic mode does not touch "
                         "collectives. The atomic form (ranks added as they arrive) is a contrast"},
      .source = "NCCL issue 157: the ring starts each chunk's sum at another rank; the same "
                "sizes give the same bits, a reduce and broadcast from one root one order"}}};
inline constexpr Releases<1> kReduceScatterCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .atomicContrast = true,
                 .note = "NCCL's reduce-scatter (ring, or PAT and NVLS where it picks them) adds "
                         "the ranks in an order fixed by its algorithm, protocol, channel count "
                         "and the world size: the bits repeat run to run for one job, and each "
                         "shard's order and boundaries change with the world size (FSDP's "
                         "gradients). NCCL_ALGO, NCCL_PROTO and the channel counts pin the order; "
                         "deterministic mode does not touch collectives. The atomic form (pieces "
                         "added as they arrive) is a contrast"},
      .source = "NCCL's documentation: ReduceScatter gives rank i the i-th block of the "
                "reduction; its ring adds each block along the ring to its owner"}}};
inline constexpr OpEntry kAllReduceEntry{
    .name = "all_reduce",
    .pytorchApi = "torch.distributed.all_reduce(tensor), DDP's gradient all-reduce",
    .summary =
        "the sum over the ranks of a job of each rank's partial sum of its share of the "
        "gradients; every rank receives it",
    .cpu = kCpuDeterministic,
    .cuda = kAllReduceCuda,
    .batchInvariance =
        "not across world sizes: each rank's partial and the collective's order both follow "
        "the number of ranks, so `ranks` changes the bits of the same sum (sweep it); at one "
        "world size the ring and the tree (`algorithm`) give other bits too",
    .trace = {.aten = "all_reduce,allreduce_", .shape = TraceShape::InputSize},
    .pytorchCall =
        "    # The ranks as threads of this process, each with its own gloo process group.\n"
        "    import datetime, threading\n"
        "    import torch.distributed as dist\n"
        "    grads, world = io['grads'], P['ranks']\n"
        "    store, results = dist.HashStore(), [None] * world\n"
        "    def rank(r):\n"
        "        group = dist.ProcessGroupGloo(store, r, world, datetime.timedelta(seconds=60))\n"
        "        partial = grads[r::world].sum(dim=0)\n"
        "        group.allreduce([partial]).wait()\n"
        "        results[r] = partial\n"
        "    ranks = [threading.Thread(target=rank, args=(r,)) for r in range(world)]\n"
        "    for t in ranks:\n"
        "        t.start()\n"
        "    for t in ranks:\n"
        "        t.join()\n"
        "    return results[0]\n"};
inline constexpr OpEntry kReduceScatterEntry{
    .name = "reduce_scatter",
    .pytorchApi =
        "torch.distributed.reduce_scatter_tensor(output, input), FSDP's gradient reduce-scatter",
    .summary =
        "the sum over the ranks of each rank's partial sum of its share of the gradients, each "
        "rank receiving one shard of it (the output: the shards one after another)",
    .cpu = kCpuDeterministic,
    .cuda = kReduceScatterCuda,
    .batchInvariance =
        "not across world sizes: each rank's partial, the shards' boundaries and the order each "
        "shard adds the ranks all follow the number of ranks (sweep `ranks`, a divisor of "
        "size); at one world size the ring and the direct order (`algorithm`) give other bits "
        "too",
    .trace = {.aten = "reduce_scatter,reduce_scatter_tensor,_reduce_scatter_base,reduce_scatter_,"
                      "_reduce_scatter_base_,reduce_scatter_tensor_coalesced_",
              .shape = TraceShape::InputSize},
    .pytorchCall =
        "    # The ranks as threads of this process, each with its own gloo process group.\n"
        "    # PyTorch 2.15's gloo all-reduces the whole tensor and keeps the rank's shard;\n"
        "    # PyTorch 1.13's gloo has no reduce_scatter and raises.\n"
        "    import datetime, threading\n"
        "    import torch.distributed as dist\n"
        "    grads, world = io['grads'], P['ranks']\n"
        "    store, shards, failures = dist.HashStore(), [None] * world, []\n"
        "    def rank(r):\n"
        "        try:\n"
        "            group = dist.ProcessGroupGloo(store, r, world, "
        "datetime.timedelta(seconds=60))\n"
        "            partial = grads[r::world].sum(dim=0)\n"
        "            shard = torch.empty(partial.numel() // world)\n"
        "            group._reduce_scatter_base(shard, partial).wait()\n"
        "            shards[r] = shard\n"
        "        except Exception as e:  # the first failure is raised below\n"
        "            failures.append(e)\n"
        "    ranks = [threading.Thread(target=rank, args=(r,)) for r in range(world)]\n"
        "    for t in ranks:\n"
        "        t.start()\n"
        "    for t in ranks:\n"
        "        t.join()\n"
        "    if failures:\n"
        "        raise failures[0]\n"
        "    return torch.cat(shards)\n"};

}  // namespace detbench::catalog
