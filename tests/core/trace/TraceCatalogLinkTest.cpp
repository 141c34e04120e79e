// Causes joined with the catalog: ATen names to the catalog's ops with their shapes, and the
// kind and fix of each cause.

#include "detbench/trace/TraceCatalogLink.hpp"

#include <gtest/gtest.h>

namespace detbench::trace {
namespace {

TraceTensor T(Shape shape, std::string dtype = "float32", std::string device = "cpu") {
  TraceTensor t;
  t.digest = 1;
  t.dtype = std::move(dtype);
  t.shape = std::move(shape);
  t.device = std::move(device);
  return t;
}

TraceCause CauseOf(std::string name, std::vector<TraceTensor> in, std::vector<TraceTensor> out,
                   std::vector<std::pair<std::string, std::string>> scalars = {},
                   CauseCategory category = CauseCategory::Introduced) {
  TraceCause c;
  c.seq = 7;
  c.category = category;
  c.op.seq = 7;
  c.op.name = std::move(name);
  c.op.digested = true;
  c.op.inputs = std::move(in);
  c.op.outputs = std::move(out);
  c.op.scalars = std::move(scalars);
  return c;
}

TEST(TraceCatalogLink, BaseNames) {
  EXPECT_EQ(atenBaseName("aten::index_put_"), "index_put_");
  EXPECT_EQ(atenBaseName("aten::add.Tensor"), "add");
  EXPECT_EQ(atenBaseName("mm"), "mm");
}

TEST(TraceCatalogLink, IndexPutWithAccumulateIsTheCatalogsOpWithItsShapes) {
  const TraceCause c = CauseOf("aten::index_put_", {T({8, 64}), T({1024}, "int64"), T({1024, 64})},
                               {T({8, 64})}, {{"accumulate", "true"}});
  const auto m = matchCatalogOp(c.op);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->op, "index_put_accumulate");
  EXPECT_EQ(m->params, (std::vector<std::pair<std::string, std::int64_t>>{
                           {"size", 1024}, {"cols", 64}, {"rows", 8}}));
  const CauseExplanation e = explainCause(c, PyTorchRelease{2, 8});
  EXPECT_EQ(e.kind, CauseKind::FloatAtomics);
  EXPECT_EQ(e.fix, TraceFix::Deterministic);
  ASSERT_NE(e.traits, nullptr);
  EXPECT_EQ(e.traitsClass, TraitsClass::Cpu);
  EXPECT_EQ(e.command,
            "detbench run --op index_put_accumulate --device torch-cpu -p size=1024 -p cols=64 "
            "-p rows=8");
}

TEST(TraceCatalogLink, IndexPutWithoutAccumulateIsNotInTheCatalog) {
  const TraceCause c = CauseOf("aten::index_put_", {T({8}), T({4}, "int64"), T({4})}, {T({8})},
                               {{"accumulate", "false"}});
  EXPECT_FALSE(matchCatalogOp(c.op).has_value());
  const CauseExplanation e = explainCause(c, PyTorchRelease{2, 8});
  EXPECT_EQ(e.kind, CauseKind::Unknown);
  EXPECT_TRUE(e.command.empty());
}

TEST(TraceCatalogLink, ACudaTensorNamesTheTorchCudaDeviceAndTheCudaTraits) {
  const TraceCause c = CauseOf("aten::index_add_",
                               {T({16, 4}, "float32", "cuda:0"), T({100}, "int64", "cuda:0"),
                                T({100, 4}, "float32", "cuda:0")},
                               {T({16, 4}, "float32", "cuda:0")}, {{"dim", "0"}});
  const CauseExplanation e = explainCause(c, PyTorchRelease{2, 8});
  EXPECT_EQ(e.traitsClass, TraitsClass::Cuda);
  EXPECT_EQ(e.kind, CauseKind::FloatAtomics);
  EXPECT_EQ(e.command,
            "detbench run --op index_add --device torch-cuda -p size=100 -p cols=4 -p rows=16");
}

TEST(TraceCatalogLink, RandomOpsAreFixedBySeeding) {
  for (const char* name : {"aten::uniform_", "aten::bernoulli_.float", "aten::randperm",
                           "aten::random_", "aten::normal_"}) {
    const CauseExplanation e = explainCause(CauseOf(name, {}, {T({4})}), PyTorchRelease{2, 8});
    EXPECT_EQ(e.kind, CauseKind::RandomNumbers) << name;
    EXPECT_EQ(e.fix, TraceFix::Seed) << name;
  }
  EXPECT_EQ(matchCatalogOp(CauseOf("aten::uniform_", {}, {T({64, 16})}).op)->op, "rand");
  EXPECT_FALSE(isRandomOp("aten::add.Tensor"));
}

TEST(TraceCatalogLink, AnOpTheCatalogCallsDeterministicHereIsADisagreement) {
  // matmul on the CPU: deterministic by the catalog.
  const TraceCause c = CauseOf("aten::mm", {T({4, 3}), T({3, 5})}, {T({4, 5})});
  const CauseExplanation e = explainCause(c, PyTorchRelease{2, 8});
  EXPECT_EQ(e.match->op, "matmul");
  EXPECT_EQ(e.match->params,
            (std::vector<std::pair<std::string, std::int64_t>>{{"size", 4}, {"k", 3}, {"n", 5}}));
  EXPECT_EQ(e.kind, CauseKind::CatalogDisagrees);
}

TEST(TraceCatalogLink, DataAndUninitializedMemoryHaveTheirOwnFixes) {
  const CauseExplanation data = explainCause(
      CauseOf("aten::relu", {T({4})}, {T({4})}, {}, CauseCategory::Data), PyTorchRelease{2, 8});
  EXPECT_EQ(data.kind, CauseKind::Data);
  EXPECT_EQ(data.fix, TraceFix::SeedDataLoader);
  const CauseExplanation memory = explainCause(
      CauseOf("aten::index_put_", {T({4})}, {T({4})}, {}, CauseCategory::Uninitialized),
      PyTorchRelease{2, 8});
  EXPECT_EQ(memory.kind, CauseKind::UninitializedMemory);
  EXPECT_EQ(memory.fix, TraceFix::InitializeMemory);
}

TEST(TraceCatalogLink, ScatterReduceByItsReduction) {
  const TraceCause c = CauseOf("aten::scatter_reduce.two", {T({4}), T({8}, "int64"), T({8})},
                               {T({4})}, {{"dim", "0"}, {"reduce", "\"amax\""}});
  EXPECT_EQ(matchCatalogOp(c.op)->op, "scatter_reduce_amax");
}

}  // namespace
}  // namespace detbench::trace
