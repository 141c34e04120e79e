#include "detbench/ops/SelectionOps.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

template <Selection S>
const std::vector<ParamSpec>& SelectionOp<S>::params() {
  static const std::vector<ParamSpec> specs = [] {
    std::vector<ParamSpec> s{
        {"rows", "rows (each gives one index)", 4096, 1, std::int64_t{1} << 30},
        {"cols", "values in each row", 101, 1, 1 << 24},
        {"levels", "distinct values a row draws from (fewer: more ties)", 8, 1, 1 << 24},
    };
    if (S == Selection::Kthvalue)
      s.push_back({"k", "the rank k (1: the smallest)", 25, 1, 1 << 24});
    return s;
  }();
  return specs;
}

template <Selection S>
typename SelectionOp<S>::Problem SelectionOp<S>::problem(const OpParams& p) {
  Problem pr{param(p, "rows"), param(p, "cols"), param(p, "levels"),
             S == Selection::Kthvalue ? param(p, "k") : 1};
  DETBENCH_CHECK_ARG(pr.k <= pr.cols, "op kthvalue: k must not exceed cols");
  return pr;
}

template <Selection S>
std::vector<TensorSpec> SelectionOp<S>::inputSpecs(const Problem& p) {
  return {{"input", {p.rows, p.cols}, DType::Float32}};
}

template <Selection S>
TensorSpec SelectionOp<S>::outputSpec(const Problem& p) {
  return {"indices", {p.rows}, DType::Int64};
}

template <Selection S>
std::vector<HostTensor> SelectionOp<S>::makeInputs(const Problem& p, const DataGenerator& data) {
  // Each value one of `levels` evenly spaced values in [-1, 1).
  HostTensor levels({p.rows, p.cols}, DType::Int64);
  data.indices(levels.as<std::int64_t>(), 1, p.levels);
  HostTensor input({p.rows, p.cols}, DType::Float32);
  const auto from = levels.as<std::int64_t>();
  auto to = input.as<float>();
  for (std::size_t i = 0; i < to.size(); ++i) {
    to[i] = -1.0f + 2.0f * static_cast<float>(from[i]) / static_cast<float>(p.levels);
  }
  std::vector<HostTensor> t;
  t.push_back(std::move(input));
  return t;
}

template <Selection S>
Reference SelectionOp<S>::reference(const Problem& p, const OpInputs& in) {
  // The positions, found on the float64 copy of the values (the same comparisons).
  const auto values = toDouble(in.at(kInput), false);
  std::vector<std::int64_t> positions(static_cast<std::size_t>(p.rows));
  sequential<double>(p, values.data(), positions.data());
  Reference ref;
  for (const std::int64_t i : positions) {
    ref.value.push_back(static_cast<double>(i));
    ref.magnitude.push_back(static_cast<double>(p.cols));
  }
  return ref;
}

template struct SelectionOp<Selection::Kthvalue>;
template struct SelectionOp<Selection::Median>;

std::unique_ptr<OpDefinition> makeKthvalueDefinition() {
  return makeDefinition<KthvalueOp>();
}
std::unique_ptr<OpDefinition> makeMedianDefinition() {
  return makeDefinition<MedianOp>();
}

}  // namespace detbench::ops
