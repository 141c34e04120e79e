// The RNN and LSTM ops' math in float64, checked apart from PyTorch (the peer test checks the
// float32 ops against it): the weight gradients equal central differences of the loss
// sum(dy * y) for every weight and bias, both cells; the forward pass of one unit is the
// cell's formula; with one time step the recurrent weights get no gradient; and bad shapes
// are refused.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "detbench/base/Error.hpp"
#include "detbench/ops/RnnOps.hpp"

namespace detbench {
namespace {

using ops::RnnProblem;

struct Net {
  RnnProblem p;
  std::vector<double> x, weights, dy;  // weights: w_ih, w_hh, b_ih, b_hh, flattened

  explicit Net(RnnProblem problem) : p(problem) {
    // Small, fixed, irregular values (a linear congruential stream), no test depends on luck.
    std::uint64_t s = 12345;
    auto next = [&s] {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      return static_cast<double>(s >> 11) / 9007199254740992.0 * 2.0 - 1.0;
    };
    x.resize(static_cast<std::size_t>(p.time * p.batch * p.input));
    weights.resize(static_cast<std::size_t>(p.weightElements()));
    dy.resize(static_cast<std::size_t>(p.time * p.batch * p.hidden));
    for (auto& v : x) v = next();
    for (auto& v : weights) v = 0.6 * next();
    for (auto& v : dy) v = next();
  }
  const double* wIh(const std::vector<double>& w) const { return w.data(); }
  const double* wHh(const std::vector<double>& w) const {
    return w.data() + p.gateRows() * p.input;
  }
  const double* bIh(const std::vector<double>& w) const { return wHh(w) + p.gateRows() * p.hidden; }
  const double* bHh(const std::vector<double>& w) const { return bIh(w) + p.gateRows(); }

  std::vector<double> saved(const std::vector<double>& w) const {
    std::vector<double> s(static_cast<std::size_t>(p.time * p.batch * p.savedPerRow()));
    p.forward(x.data(), wIh(w), wHh(w), bIh(w), bHh(w), s.data());
    return s;
  }
  // sum(dy * y) over every step, row and unit.
  double loss(const std::vector<double>& w) const {
    const auto s = saved(w);
    double l = 0;
    for (std::int64_t tb = 0; tb < p.time * p.batch; ++tb) {
      const double* h = s.data() + tb * p.savedPerRow() + p.gateRows() + p.hidden;
      for (std::int64_t j = 0; j < p.hidden; ++j) l += dy[tb * p.hidden + j] * h[j];
    }
    return l;
  }
  std::vector<double> gradient() const {
    std::vector<double> g(weights.size());
    ops::RnnBackwardWeightsOp::sequential<double>(p, x.data(), wIh(weights), wHh(weights),
                                                  bIh(weights), bHh(weights), dy.data(), g.data());
    return g;
  }
};

void expectGradientIsTheLossSlope(const RnnProblem& p) {
  const Net net(p);
  const auto g = net.gradient();
  const double step = 1e-6;
  for (std::size_t e = 0; e < g.size(); ++e) {
    auto up = net.weights;
    auto down = net.weights;
    up[e] += step;
    down[e] -= step;
    const double slope = (net.loss(up) - net.loss(down)) / (2 * step);
    EXPECT_NEAR(g[e], slope, 1e-6 * (1 + std::fabs(slope))) << "element " << e;
  }
}

TEST(RnnOpsTest, LstmWeightGradientIsTheSlopeOfTheLoss) {
  expectGradientIsTheLossSlope(
      {.batch = 2, .time = 5, .input = 3, .hidden = 4, .lstm = true, .tf32 = false});
}

TEST(RnnOpsTest, TanhRnnWeightGradientIsTheSlopeOfTheLoss) {
  expectGradientIsTheLossSlope(
      {.batch = 3, .time = 6, .input = 2, .hidden = 5, .lstm = false, .tf32 = false});
}

TEST(RnnOpsTest, OneLstmUnitFollowsTheCellFormula) {
  const RnnProblem p{.batch = 1, .time = 2, .input = 1, .hidden = 1, .lstm = true, .tf32 = false};
  const double x[2] = {0.5, -0.25};
  const double wIh[4] = {0.1, 0.2, 0.3, 0.4};
  const double wHh[4] = {-0.5, 0.6, -0.7, 0.8};
  const double bIh[4] = {0.01, 0.02, 0.03, 0.04};
  const double bHh[4] = {-0.01, 0.05, 0.0, 0.02};
  std::vector<double> saved(static_cast<std::size_t>(p.time * p.savedPerRow()));
  p.forward(x, wIh, wHh, bIh, bHh, saved.data());
  double h = 0, c = 0;
  auto sigmoid = [](double v) { return 1 / (1 + std::exp(-v)); };
  for (int t = 0; t < 2; ++t) {
    double a[4];
    for (int g = 0; g < 4; ++g) a[g] = wIh[g] * x[t] + bIh[g] + wHh[g] * h + bHh[g];
    c = sigmoid(a[1]) * c + sigmoid(a[0]) * std::tanh(a[2]);
    h = sigmoid(a[3]) * std::tanh(c);
    EXPECT_NEAR(saved[static_cast<std::size_t>(t * p.savedPerRow() + 4)], c, 1e-15);
    EXPECT_NEAR(saved[static_cast<std::size_t>(t * p.savedPerRow() + 5)], h, 1e-15);
  }
}

TEST(RnnOpsTest, OneStepGivesTheRecurrentWeightsNoGradient) {
  const RnnProblem p{.batch = 2, .time = 1, .input = 3, .hidden = 2, .lstm = true, .tf32 = false};
  const Net net(p);
  const auto g = net.gradient();
  for (std::int64_t e = p.gateRows() * p.input; e < p.gateRows() * (p.input + p.hidden); ++e) {
    EXPECT_EQ(g[static_cast<std::size_t>(e)], 0.0) << "w_hh element " << e;
  }
  // b_ih and b_hh enter the gates the same way: equal gradients.
  const std::int64_t biases = p.gateRows() * (p.input + p.hidden);
  for (std::int64_t r = 0; r < p.gateRows(); ++r) {
    EXPECT_EQ(g[static_cast<std::size_t>(biases + r)],
              g[static_cast<std::size_t>(biases + p.gateRows() + r)]);
  }
}

TEST(RnnOpsTest, ParamsAreChecked) {
  const auto& specs = ops::rnnParams();
  EXPECT_THROW(resolveParams("rnn_forward", specs, {{"mode", 2}}), InvalidArgument);
  EXPECT_THROW(resolveParams("rnn_forward", specs, {{"hidden", 0}}), InvalidArgument);
  const RnnProblem p = ops::rnnProblem(resolveParams("rnn_forward", specs, {}));
  EXPECT_TRUE(p.lstm);
  EXPECT_EQ(p.gateRows(), 4 * p.hidden);
  EXPECT_EQ(p.weightElements(), 4 * p.hidden * (p.input + p.hidden + 2));
  const RnnProblem tanh = ops::rnnProblem(resolveParams("rnn_forward", specs, {{"mode", 0}}));
  EXPECT_EQ(tanh.gateRows(), tanh.hidden);
}

}  // namespace
}  // namespace detbench
