#include "detbench/ops/GridSampler2dBackwardOp.hpp"

#include <cmath>
#include <limits>

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& GridSampler2dBackwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"batch", "N", 4, 1, 1 << 16},
      {"channels", "C", 16, 1, 1 << 16},
      {"height", "input H", 64, 1, 1 << 15},
      {"width", "input W", 64, 1, 1 << 15},
      {"out_height", "output H (grid rows)", 64, 1, 1 << 15},
      {"out_width", "output W (grid columns)", 64, 1, 1 << 15},
      {"zoom",
       "the grid covers 1/zoom of the input across (larger: more points per input pixel, more "
       "contention)",
       1, 1, 1 << 10},
  };
  return specs;
}

GridSampler2dBackwardOp::Problem GridSampler2dBackwardOp::problem(const OpParams& p) {
  const Problem pr{param(p, "batch"), param(p, "channels"),   param(p, "height"),
                   param(p, "width"), param(p, "out_height"), param(p, "out_width"),
                   param(p, "zoom")};
  // The cell index numbers points and cells with 32 bits (as the cuda form sorts them).
  DETBENCH_CHECK_ARG(pr.batch * pr.cells() < std::numeric_limits<std::uint32_t>::max() &&
                         pr.batch * pr.points() < std::numeric_limits<std::uint32_t>::max(),
                     "grid_sampler_2d_backward: at most 2^32 - 1 grid points and index cells");
  return pr;
}

std::vector<TensorSpec> GridSampler2dBackwardOp::inputSpecs(const Problem& p) {
  return {{"grad_output", {p.batch, p.channels, p.outHeight, p.outWidth}, DType::Float32},
          {"grid", {p.batch, p.outHeight, p.outWidth, 2}, DType::Float32}};
}

TensorSpec GridSampler2dBackwardOp::outputSpec(const Problem& p) {
  return {"grad_input", {p.batch, p.channels, p.height, p.width}, DType::Float32};
}

std::vector<HostTensor> GridSampler2dBackwardOp::makeInputs(const Problem& p,
                                                            const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kGradOutput], data, 1));
  // A little past [-1, 1] at zoom 1, so some corners fall outside and are dropped (zero
  // padding); a zoom of z samples the middle 1/z of the input.
  HostTensor grid(inputSpecs(p)[kGrid].shape, DType::Float32);
  const float reach = 1.1f / static_cast<float>(p.zoom);
  data.uniform(grid.as<float>(), 2, -reach, reach);
  t.push_back(std::move(grid));
  return t;
}

Reference GridSampler2dBackwardOp::reference(const Problem& p, const OpInputs& in) {
  // The weights are never negative; the magnitude takes |g| with the grid as it is.
  const auto n = static_cast<std::size_t>(numel(in.output.shape));
  Reference ref{std::vector<double>(n), std::vector<double>(n)};
  const DoubleInputs value = doubleInputs(in, false);
  const DoubleInputs absolute = doubleInputs(in, true);
  sequential<double>(p, {value.f(kGradOutput), value.f(kGrid)}, ref.value.data());
  sequential<double>(p, {absolute.f(kGradOutput), value.f(kGrid)}, ref.magnitude.data());
  return ref;
}

void GridSampler2dBackwardOp::buildCellIndex(const Problem& p, const float* grid,
                                             std::vector<std::uint32_t>& cellStart,
                                             std::vector<std::uint32_t>& cellPoints) {
  const std::int64_t cells = p.cells();
  cellStart.assign(static_cast<std::size_t>(p.batch * (cells + 1)), 0);
  cellPoints.clear();
  std::vector<std::int64_t> cellOfPoint(static_cast<std::size_t>(p.points()));
  for (std::int64_t n = 0; n < p.batch; ++n) {
    std::uint32_t* start = cellStart.data() + n * (cells + 1);
    const auto offset = static_cast<std::uint32_t>(cellPoints.size());
    std::vector<std::uint32_t> count(static_cast<std::size_t>(cells), 0);
    for (std::int64_t point = 0; point < p.points(); ++point) {
      const Sample<float> s = sample<float>(p, grid, n, point);
      const std::int64_t cell = cellOf(p, s.x, s.y);
      cellOfPoint[static_cast<std::size_t>(point)] = cell;
      if (cell >= 0) ++count[static_cast<std::size_t>(cell)];
    }
    std::uint32_t running = offset;
    for (std::int64_t c = 0; c < cells; ++c) {
      start[c] = running;
      running += count[static_cast<std::size_t>(c)];
    }
    start[cells] = running;
    cellPoints.resize(running);
    std::vector<std::uint32_t> next(start, start + cells);
    for (std::int64_t point = 0; point < p.points(); ++point) {
      const std::int64_t cell = cellOfPoint[static_cast<std::size_t>(point)];
      if (cell >= 0) {
        cellPoints[next[static_cast<std::size_t>(cell)]++] = static_cast<std::uint32_t>(point);
      }
    }
  }
}

std::unique_ptr<OpDefinition> makeGridSampler2dBackwardDefinition() {
  return makeDefinition<GridSampler2dBackwardOp>();
}

}  // namespace detbench::ops
