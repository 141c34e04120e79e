#pragma once
// The one table of op cases that every device's op tests run (Ginkgo's shape: each device is
// checked against the reference on the same cases). Small, contended inputs; for each case,
// the order in which each device's deterministic form adds, which says what it must equal bit
// for bit.

#include <ostream>
#include <string>
#include <vector>

#include "detbench/OpParams.hpp"

namespace detbench::testing {

enum class Order {
  Sequential,  // every element gets its terms in the sequential reference's order: equals `cpu`
  OwnTiling,   // a fixed order of detbench's own (privatised copies, tiles): equals itself at
               // any thread count; on cuda, equals cpu-threads' deterministic form
  Library,     // a library's own order (cuBLAS, cuDNN): equals itself only
};

struct OpCase {
  std::string name;  // the test's name
  std::string op;
  OpParams params;
  Order cpuThreads;        // the order of cpu-threads' deterministic form
  Order cuda;              // the order of cuda's deterministic form
  bool cudaAtomic = true;  // cuda has an atomic form (cuDNN's forward convolution has none)
  // The atomic form's result does not depend on the order and carries no rounding (integer
  // counts, counts of 1.0, maxima of inputs without signed zeros or NaN).
  bool exact = false;
};

inline std::ostream& operator<<(std::ostream& os, const OpCase& c) {
  return os << c.name;
}

inline const std::vector<OpCase>& opCases() {
  using O = Order;
  static const std::vector<OpCase> all{
      {"index_add_privatised",
       "index_add",
       {{"size", 1 << 18}, {"rows", 64}},
       O::OwnTiling,
       O::Sequential},
      {"index_add_bucketed",
       "index_add",
       {{"size", 1 << 17}, {"rows", 1 << 17}},
       O::Sequential,
       O::Sequential},
      {"index_add_wide",
       "index_add",
       {{"size", 1 << 14}, {"rows", 64}, {"cols", 32}},
       O::OwnTiling,
       O::Sequential},
      {"scatter_add_1d",
       "scatter_add",
       {{"size", 1 << 18}, {"out_size", 64}},
       O::OwnTiling,
       O::Sequential},
      {"scatter_add_2d_dim0",
       "scatter_add",
       {{"ndim", 2}, {"dim", 0}, {"size", 4096}, {"cols", 64}, {"out_size", 16}},
       O::OwnTiling,
       O::Sequential},
      {"scatter_add_2d_dim1",
       "scatter_add",
       {{"ndim", 2}, {"dim", 1}, {"size", 8}, {"cols", 65536}, {"out_size", 16}},
       O::OwnTiling,
       O::Sequential},
      {"scatter_reduce_sum",
       "scatter_reduce_sum",
       {{"size", 1 << 18}, {"out_size", 64}},
       O::OwnTiling,
       O::Sequential},
      {"scatter_reduce_mean",
       "scatter_reduce_mean",
       {{"size", 1 << 18}, {"out_size", 64}},
       O::OwnTiling,
       O::Sequential},
      {"scatter_reduce_amax",
       "scatter_reduce_amax",
       {{"size", 1 << 18}, {"out_size", 64}},
       O::Sequential,
       O::Sequential,
       /*cudaAtomic=*/true,
       /*exact=*/true},
      {"scatter_reduce_prod",
       "scatter_reduce_prod",
       {{"size", 1 << 18}, {"out_size", 64}},
       O::Sequential,
       O::Sequential},
      {"bincount",
       "bincount",
       {{"size", 1 << 18}, {"bins", 64}},
       O::OwnTiling,
       O::Sequential,
       /*cudaAtomic=*/true,
       /*exact=*/true},
      {"bincount_weighted",
       "bincount_weighted",
       {{"size", 1 << 18}, {"bins", 64}},
       O::OwnTiling,
       O::Sequential},
      {"embedding_bag_backward_sum",
       "embedding_bag_backward",
       {{"size", 1 << 16}, {"bag_size", 8}, {"embeddings", 64}, {"cols", 8}},
       O::OwnTiling,
       O::Sequential},
      {"embedding_bag_backward_mean",
       "embedding_bag_backward",
       {{"size", 1 << 16}, {"bag_size", 8}, {"embeddings", 64}, {"cols", 8}, {"mode", 1}},
       O::OwnTiling,
       O::Sequential},
      {"sum", "sum", {{"size", 1 << 20}}, O::Sequential, O::Sequential},
      {"max_pool2d_backward",
       "max_pool2d_backward",
       {{"batch", 2}, {"channels", 8}, {"height", 64}, {"width", 64}, {"stride", 1}},
       O::Sequential,
       O::Sequential},
      {"upsample_linear1d_backward",
       "upsample_linear1d_backward",
       {{"batch", 4}, {"channels", 8}, {"width", 1024}, {"scale", 2}},
       O::Sequential,
       O::Sequential},
      {"upsample_bilinear2d_backward",
       "upsample_bilinear2d_backward",
       {{"batch", 2}, {"channels", 8}, {"height", 32}, {"width", 32}},
       O::Sequential,
       O::Sequential},
      {"upsample_bicubic2d_backward",
       "upsample_bicubic2d_backward",
       {{"batch", 2}, {"channels", 4}, {"height", 12}, {"width", 10}, {"scale", 2}},
       O::Sequential,
       O::Sequential},
      {"grid_sampler_2d_backward",
       "grid_sampler_2d_backward",
       {{"batch", 2},
        {"channels", 4},
        {"height", 16},
        {"width", 16},
        {"out_height", 40},
        {"out_width", 40},
        {"zoom", 4}},
       O::Sequential,
       O::Sequential},
      {"upsample_trilinear3d_backward",
       "upsample_trilinear3d_backward",
       {{"batch", 1}, {"channels", 4}, {"depth", 8}, {"height", 12}, {"width", 12}},
       O::Sequential,
       O::Sequential},
      {"avg_pool3d_backward",
       "avg_pool3d_backward",
       {{"batch", 2}, {"channels", 4}, {"depth", 8}, {"height", 16}, {"width", 16}},
       O::Sequential,
       O::Sequential},
      {"adaptive_avg_pool2d_backward",
       "adaptive_avg_pool2d_backward",
       {{"batch", 2}, {"channels", 8}, {"height", 64}, {"width", 64}},
       O::Sequential,
       O::Sequential},
      {"replication_pad2d_backward",
       "replication_pad2d_backward",
       {{"batch", 2}, {"channels", 8}, {"height", 16}, {"width", 16}, {"pad", 24}},
       O::Sequential,
       O::Sequential},
      {"reflection_pad2d_backward",
       "reflection_pad2d_backward",
       {{"batch", 2}, {"channels", 8}, {"height", 24}, {"width", 20}, {"pad", 15}},
       O::Sequential,
       O::Sequential},
      {"histc",
       "histc",
       {{"size", 1 << 18}, {"bins", 16}},
       O::Sequential,
       O::Sequential,
       /*cudaAtomic=*/true,
       /*exact=*/true},
      {"cumsum", "cumsum", {{"size", (1 << 20) + 123}}, O::OwnTiling, O::OwnTiling},
      {"matmul", "matmul", {{"size", 96}, {"k", 1024}}, O::OwnTiling, O::Library},
      {"matmul_streams",
       "matmul",
       {{"size", 32}, {"k", 512}, {"streams", 3}},
       O::OwnTiling,
       O::Library},
      {"bmm_sparse",
       "bmm_sparse",
       {{"size", 8192}, {"batch", 4}, {"rows", 32}, {"inner", 256}, {"cols", 16}},
       O::Sequential,
       O::Sequential},
      {"bmm_sparse_dense_rows",
       "bmm_sparse",
       {{"size", 4096}, {"batch", 2}, {"rows", 4}, {"inner", 1024}, {"cols", 8}},
       O::Sequential,
       O::Sequential},
      {"conv2d_forward",
       "conv2d_forward",
       {{"batch", 2}, {"in_channels", 16}, {"out_channels", 8}, {"height", 12}, {"width", 12}},
       O::Sequential,
       O::Library,
       /*cudaAtomic=*/false},
      {"conv2d_backward_data",
       "conv2d_backward_data",
       {{"batch", 2},
        {"in_channels", 4},
        {"out_channels", 16},
        {"height", 13},
        {"width", 11},
        {"stride", 2}},
       O::Sequential,
       O::Library},
      {"conv2d_backward_filter",
       "conv2d_backward_filter",
       {{"batch", 8}, {"in_channels", 4}, {"out_channels", 4}, {"height", 16}, {"width", 16}},
       O::Sequential,
       O::Library},
  };
  return all;
}

}  // namespace detbench::testing
