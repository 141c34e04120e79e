#pragma once
// The catalog's entries for the indexed accumulations: index_add_, scatter_add_, index_put_ and
// put_ with accumulate, scatter_reduce_, index_reduce_.

#include "catalog/CatalogEntry.hpp"
#include "catalog/data/DocstringEntries.hpp"

namespace detbench::catalog {

// PyTorch's CPU index_put_ and put_ with accumulate=True: parallel float atomics unless serial.
inline constexpr DeviceTraits kCpuParallelAtomics{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::SwitchesToDeterministic,
    .note =
        "with 2 or more threads and at least 32768 elements, PyTorch's CPU kernel adds float "
        "values in parallel with atomic adds (nondeterministic); deterministic mode runs it "
        "serially in index order. detbench's cpu device runs that serial order, and "
        "cpu-threads' atomic form the parallel one"};
inline constexpr std::string_view kCpuParallelAtomicsSource =
    "docstrings 2.8 to 2.15 (index_put with accumulate=True, x[list of index tensors] backward "
    "and put_ with accumulate=True act deterministically on CPU tensors); "
    "aten/src/ATen/native/cpu/IndexKernel.cpp index_put_kernel (parallel cpu_atomic_add_float "
    "unless deterministic), at a revision of the main branch";
inline constexpr Releases<1> kIndexAddCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .note = "deterministic mode routes index_add_ on CUDA to index_put_ with "
                         "accumulate=True, which sorts the indices and reduces each run in index "
                         "order; PyTorch never raises for it",
                 .docstring = doc::kIndexAdd},
      .source = "docstring 2.8 to 2.15: torch.index_add() on CUDA acts deterministically; "
                "aten/src/ATen/native/TensorAdvancedIndexing.cpp (index_add via index_put_)"}}};
inline constexpr Releases<1> kScatterAddCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .note = "deterministic mode routes scatter_add_ on CUDA through index_put_ with "
                         "accumulate=True (sort, then reduce each run in index order); PyTorch "
                         "never raises for it",
                 .docstring = doc::kScatterAdd},
      .source = "docstring 2.8 to 2.15: torch.Tensor.scatter_add_() on CUDA acts "
                "deterministically; aten/src/ATen/native/TensorAdvancedIndexing.cpp "
                "(_scatter_via_index_put)"}}};
// scatter_reduce (torch.Tensor.scatter_reduce_, include_self=True). Deterministic mode sends sum
// and mean through index_put_ with accumulate; prod, amax and amin reach the CUDA kernel, which
// alerts "scatter_reduce_cuda" whatever the reduction.
inline constexpr std::string_view kScatterReduceReroute =
    "aten/src/ATen/native/TensorAdvancedIndexing.cpp scatter_impl (deterministic mode on CUDA: "
    "_scatter_via_index_put for sum and mean only), at a revision of the main branch, not at "
    "each release tag; the docstrings 2.8 to 2.15 list scatter_reduce with reduce='sum' or "
    "'mean' on CUDA among the ops that act deterministically";
inline constexpr std::string_view kScatterReduceAlert =
    "aten/src/ATen/native/cuda/ScatterGatherKernel.cu scatter_reduce_two_cuda_kernel "
    "(alertNotDeterministic(\"scatter_reduce_cuda\") for every reduction), at a revision of the "
    "main branch, not at each release tag";
inline constexpr Releases<1> kScatterReduceSumCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .note = "the CUDA kernel adds with float atomics; deterministic mode sends "
                         "scatter_reduce sum through index_put_ with accumulate=True (sort, then "
                         "reduce each run in index order)",
                 .docstring = doc::kScatterReduceSumMean},
      .source = kScatterReduceReroute}}};
inline constexpr Releases<1> kScatterReduceMeanCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .note = "the sums are added with float atomics, then divided by each element's "
                         "count (self included); deterministic mode sends the sums through "
                         "index_put_ with accumulate=True",
                 .docstring = doc::kScatterReduceSumMean},
      .source = kScatterReduceReroute}}};
inline constexpr DeviceTraits kScatterReduceAmaxTraits{
    .nondeterministicByDefault = false,
    .source = NS::OrderFreeAtomics,
    .errorMode = EM::Raises,
    .detbenchExtension = true,
    .pytorchCaller = "scatter_reduce_cuda",
    .note =
        "an atomic maximum gives the same result in any order (for inputs without "
        "signed zeros or NaN, whose ties keep whichever came first), yet "
        "PyTorch's kernel raises in error mode as it does for every reduction; "
        "detbench's extension reduces each element in index order"};
// Before 2.15 only reduce='prod' raises: the maximum runs in error mode.
inline constexpr DeviceTraits kScatterReduceAmaxRunsTraits{
    .nondeterministicByDefault = false,
    .source = NS::OrderFreeAtomics,
    .errorMode = EM::Runs,
    .note =
        "an atomic maximum gives the same result in any order (for inputs without signed "
        "zeros or NaN, whose ties keep whichever came first), and deterministic mode lets "
        "it run (only reduce='prod' raises before 2.15)"};
inline constexpr DeviceTraits kScatterReduceProdTraits{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::Raises,
    .detbenchExtension = true,
    .pytorchCaller = "scatter_reduce_cuda",
    .note =
        "the CUDA kernel multiplies with atomic compare-and-swap loops, so the "
        "products round in the order the threads run; PyTorch has no "
        "deterministic form, detbench's extension multiplies in index order"};
// 2.15's docstring names every reduction of scatter_reduce on CUDA (and MPS) as raising.
inline constexpr std::string_view kScatterReduce215 =
    "docstring 2.15: torch.Tensor.scatter_reduce raises when called on CUDA or MPS tensor (2.14: "
    "with reduce='prod' only)";
inline constexpr Releases<2> kScatterReduceAmaxCuda{{
    {.since = Since{2, 8},
     .traits = kScatterReduceAmaxRunsTraits,
     .source = "docstrings 2.8 to 2.14 name scatter_reduce on CUDA as raising with "
               "reduce='prod' only; measured: PyTorch 2.11.0+cu130 on an NVIDIA H200 ran "
               "reduce='amax' in error mode"},
    {.since = Since{2, 15},
     .traits = withDocstring(kScatterReduceAmaxTraits, doc::kScatterReduce),
     .source = kScatterReduce215,
     .mps = doc::kScatterReduce},
}};
inline constexpr Releases<2> kScatterReduceProdCuda{{
    {.since = Since{2, 8},
     .traits = withDocstring(kScatterReduceProdTraits, doc::kScatterReduceProd),
     .source = kScatterReduceAlert},
    {.since = Since{2, 15},
     .traits = withDocstring(kScatterReduceProdTraits, doc::kScatterReduce),
     .source = kScatterReduce215,
     .mps = doc::kScatterReduce},
}};
inline constexpr DeviceTraits kIndexPutAccumulateTraits{
    .nondeterministicByDefault = false,
    .source = NS::None,
    .errorMode = EM::Runs,
    .atomicContrast = true,
    .note =
        "on CUDA, index_put_ with accumulate=True always takes the sort-based "
        "index_put_with_sort (deterministic: each row's values in index order); "
        "the atomic form is a contrast here, and the kernel PyTorch's CPU build "
        "runs with several threads"};
inline constexpr std::string_view kIndexPutAccumulateSource =
    "docstrings 2.8 to 2.15 (index_put with accumulate=True switches on CPU tensors; on CUDA "
    "only accumulate=False is listed); aten/src/ATen/native/TensorAdvancedIndexing.cpp "
    "_index_put_impl_ (CUDA and accumulate: index_put_with_sort_stub), at a revision of the main "
    "branch";
inline constexpr Releases<2> kIndexPutAccumulateCuda{{
    {.since = Since{2, 8},
     .traits = kIndexPutAccumulateTraits,
     .source = kIndexPutAccumulateSource},
    {.since = Since{2, 15},
     .traits = kIndexPutAccumulateTraits,
     .source = kIndexPutAccumulateSource,
     .mps = doc::kMpsIndexPutAccumulate},
}};
inline constexpr Releases<1> kPutAccumulateCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .pytorchCaller = "put_",
                 .note = "on CUDA, put_ with accumulate=True adds with atomics and raises in "
                         "deterministic mode (PyTorch has no deterministic form there, while its "
                         "CPU kernel goes serial); detbench's extension sorts the contributions "
                         "by element and adds each element's in index order",
                 .docstring = doc::kPutAccumulateCuda},
      .source = "docstrings of torch.use_deterministic_algorithms, 2.8 to 2.15 (put_ with "
                "accumulate=True raises on CUDA tensors, switches on CPU tensors); "
                "aten/src/ATen/native/TensorAdvancedIndexing.cpp put_ (alert put_ when "
                "accumulating on CUDA); aten/src/ATen/native/cpu/IndexKernel.cpp put_kernel"}}};
inline constexpr OpEntry kIndexAddEntry{
    .name = "index_add",
    .pytorchApi = "torch.Tensor.index_add_(0, index, source)",
    .summary = "out[index[i], :] += source[i, :] along dim 0, rows of D columns",
    .cpu = kCpuDeterministic,
    .cuda = kIndexAddCuda,
    .trace = {.aten = "index_add_,index_add", .shape = TraceShape::IndexAdd},
    .pytorchCall = "    return torch.index_add(io['self'], 0, io['index'], io['source'])\n"};
inline constexpr OpEntry kScatterAddEntry{
    .name = "scatter_add",
    .pytorchApi = "torch.Tensor.scatter_add_(dim, index, src)",
    .summary = "out[index[i]] += src[i] (1-D), or along dim 0 or 1 of a 2-D tensor",
    .cpu = kCpuDeterministic,
    .cuda = kScatterAddCuda,
    .trace = {.aten = "scatter_add_,scatter_add", .shape = TraceShape::ScatterAdd},
    .pytorchCall = "    return torch.scatter_add(io['self'], P['dim'], io['index'], io['src'])\n"};
inline constexpr OpEntry kIndexPutAccumulateEntry{
    .name = "index_put_accumulate",
    .pytorchApi =
        "torch.Tensor.index_put_((indices,), values, accumulate=True); also the "
        "backward of x[list of index tensors]",
    .summary =
        "self[indices[i], :] += values[i, :]: index_add's sum, PyTorch's other "
        "treatment",
    .cpu = withDocstring(kCpuParallelAtomics, doc::kIndexPutAccumulateCpu),
    .cuda = kIndexPutAccumulateCuda,
    .cpuSource = kCpuParallelAtomicsSource,
    .trace = {.aten = "index_put_,index_put,_index_put_impl_",
              .when = TraceWhen::ArgumentTrue,
              .argument = "accumulate",
              .shape = TraceShape::IndexPut},
    .pytorchCall =
        "    return io['self'].clone().index_put_((io['indices'],), io['values'], "
        "accumulate=True)\n"};
inline constexpr OpEntry kPutAccumulateEntry{
    .name = "put_accumulate",
    .pytorchApi = "torch.Tensor.put_(index, source, accumulate=True)",
    .summary =
        "each source value added into the element of the flattened self that its "
        "index names",
    .cpu = withDocstring(kCpuParallelAtomics, doc::kPutAccumulateCpu),
    .cuda = kPutAccumulateCuda,
    .cpuSource = kCpuParallelAtomicsSource,
    .trace = {.aten = "put_,put",
              .when = TraceWhen::ArgumentTrue,
              .argument = "accumulate",
              .shape = TraceShape::Put},
    .pytorchCall =
        "    return io['self'].clone().put_(io['index'], io['source'], accumulate=True)\n"};
inline constexpr OpEntry kScatterReduceSumEntry{
    .name = "scatter_reduce_sum",
    .pytorchApi = "torch.Tensor.scatter_reduce_(0, index, src, 'sum')",
    .summary = "out[index[i]] += src[i] over a 1-D tensor, self included",
    .cpu = kCpuDeterministic,
    .cuda = kScatterReduceSumCuda,
    .trace = {.aten = "scatter_reduce_,scatter_reduce",
              .when = TraceWhen::ArgumentIs,
              .argument = "reduce",
              .value = "\"sum\""},
    .pytorchCall =
        "    return torch.scatter_reduce(io['self'], 0, io['index'], io['src'], 'sum',\n"
        "                                include_self=True)\n"};
inline constexpr OpEntry kScatterReduceMeanEntry{
    .name = "scatter_reduce_mean",
    .pytorchApi = "torch.Tensor.scatter_reduce_(0, index, src, 'mean')",
    .summary = "the mean of self and the src values scattered to each element (1-D)",
    .cpu = kCpuDeterministic,
    .cuda = kScatterReduceMeanCuda,
    .trace = {.aten = "scatter_reduce_,scatter_reduce",
              .when = TraceWhen::ArgumentIs,
              .argument = "reduce",
              .value = "\"mean\""},
    .pytorchCall =
        "    return torch.scatter_reduce(io['self'], 0, io['index'], io['src'], 'mean',\n"
        "                                include_self=True)\n"};
inline constexpr OpEntry kScatterReduceAmaxEntry{
    .name = "scatter_reduce_amax",
    .pytorchApi = "torch.Tensor.scatter_reduce_(0, index, src, 'amax')",
    .summary = "the largest of self and the src values scattered to each element (1-D)",
    .cpu = kCpuDeterministic,
    .cuda = kScatterReduceAmaxCuda,
    .trace = {.aten = "scatter_reduce_,scatter_reduce",
              .when = TraceWhen::ArgumentIs,
              .argument = "reduce",
              .value = "\"amax\""},
    .pytorchCall =
        "    return torch.scatter_reduce(io['self'], 0, io['index'], io['src'], 'amax',\n"
        "                                include_self=True)\n"};
inline constexpr OpEntry kScatterReduceProdEntry{
    .name = "scatter_reduce_prod",
    .pytorchApi = "torch.Tensor.scatter_reduce_(0, index, src, 'prod')",
    .summary = "the product of self and the src values scattered to each element (1-D)",
    .cpu = kCpuDeterministic,
    .cuda = kScatterReduceProdCuda,
    .trace = {.aten = "scatter_reduce_,scatter_reduce",
              .when = TraceWhen::ArgumentIs,
              .argument = "reduce",
              .value = "\"prod\""},
    .pytorchCall =
        "    return torch.scatter_reduce(io['self'], 0, io['index'], io['src'], 'prod',\n"
        "                                include_self=True)\n"};
inline constexpr DeviceTraits kIndexReduceProdTraits{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::Raises,
    .pytorchCaller = "index_reduce_cuda",
    .note =
        "the CUDA kernel multiplies with atomics, so the products round in the order the "
        "threads run; deterministic mode raises (PyTorch has no deterministic form), though "
        "the docstrings do not name it",
    .docstringDiffers = true};
inline constexpr std::string_view kIndexReduceMeasured =
    "the docstrings 2.8 to 2.15 do not name index_reduce on CUDA; measured: PyTorch 2.11.0+cu130 "
    "on an NVIDIA H200 raised in error mode; aten/src/ATen/"
    "native/cuda/Indexing.cu index_reduce_func_cuda_impl calls alertNotDeterministic("
    "\"index_reduce_cuda\")";
inline constexpr Releases<2> kIndexReduceProdCuda{{
    {.since = Since{2, 8}, .traits = kIndexReduceProdTraits, .source = kIndexReduceMeasured},
    {.since = Since{2, 15},
     .traits = kIndexReduceProdTraits,
     .source = kIndexReduceMeasured,
     .mps = doc::kMpsIndexReduce},
}};
inline constexpr OpEntry kIndexReduceProdEntry{
    .name = "index_reduce_prod",
    .pytorchApi = "torch.Tensor.index_reduce_(0, index, source, 'prod')",
    .summary = "out[index[i], :] *= source[i, :] along dim 0, self included",
    .cpu = kCpuDeterministic,
    .cuda = kIndexReduceProdCuda,
    .trace = {.aten = "index_reduce_,index_reduce",
              .when = TraceWhen::ArgumentIs,
              .argument = "reduce",
              .value = "\"prod\""},
    .pytorchCall =
        "    return io['self'].clone().index_reduce_(0, io['index'], io['source'], 'prod')\n"};

}  // namespace detbench::catalog
