#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "detbench/base/Error.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/op/OpList.hpp"
#include "detbench/ops/MatmulOp.hpp"

namespace detbench {
namespace {

TEST(OpDefinitionTest, EveryCatalogOpHasADefinitionAndBack) {
  // Every op but the catalog's entries only (no detbench device runs them), which say so.
  int catalogOnly = 0;
  for (const auto& t : opCatalog()) {
    if (!opKernelDevices(t.name)[0]) {
      ++catalogOnly;
      EXPECT_EQ(findOpDefinition(t.name), nullptr) << t.name;
      try {
        opDefinition(t.name);
        ADD_FAILURE() << t.name;
      } catch (const InvalidArgument& e) {
        EXPECT_NE(e.message().find("catalog entry only"), std::string::npos) << e.message();
      }
      continue;
    }
    EXPECT_NE(findOpDefinition(t.name), nullptr) << t.name;
  }
  EXPECT_EQ(catalogOnly, 1);  // resize_quantized
  for (const auto& d : opDefinitions()) EXPECT_NE(findOpTraits(d->name()), nullptr) << d->name();
}

TEST(OpDefinitionTest, UnknownOpListsTheKnownOnes) {
  try {
    opDefinition("index_ad");
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("index_add"), std::string::npos);
  }
}

TEST(OpDefinitionTest, ParametersAreCheckedByNameAndRange) {
  const OpDefinition& op = opDefinition("index_add");
  EXPECT_THROW(resolveParams("index_add", op.params(), {{"depth", 3}}), InvalidArgument);
  EXPECT_THROW(resolveParams("index_add", op.params(), {{"size", 0}}), InvalidArgument);
  EXPECT_THROW(resolveParams("index_add", op.params(), {{"size", -5}}), InvalidArgument);
  const OpParams p = resolveParams("index_add", op.params(), {{"cols", 8}});
  EXPECT_EQ(p.at("cols"), 8);
  EXPECT_EQ(p.at("size"), 1 << 20);
}

// A parameter that only means something beside another is refused alone, with the reason.
TEST(OpDefinitionTest, MatmulsPinnedCublasLtFormNeedsBatchInvariant) {
  const OpDefinition& op = opDefinition("matmul");
  const OpParams alone = resolveParams("matmul", op.params(), {{"pinned_cublaslt", 1}});
  try {
    (void)op.inputSpecs(alone);
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("needs batch_invariant = 1"), std::string::npos);
  }
  const OpParams both =
      resolveParams("matmul", op.params(), {{"pinned_cublaslt", 1}, {"batch_invariant", 1}});
  EXPECT_EQ(op.inputSpecs(both).size(), 2u);
}

// pinned_cublaslt's value says which batch the pinned algorithm is chosen for, and a batch of
// another size keeps that choice: the form is the same at every batch.
TEST(OpDefinitionTest, MatmulsPinnedCublasLtValueIsTheBatchItsAlgorithmIsChosenFor) {
  const OpDefinition& op = opDefinition("matmul");
  const auto problemFor = [&](std::int64_t pinned) {
    return ops::MatmulOp::problem(resolveParams(
        "matmul", op.params(), {{"pinned_cublaslt", pinned}, {"batch_invariant", 1}}));
  };
  const auto splitFree = problemFor(1);
  EXPECT_TRUE(splitFree.pinnedCublasLt);
  EXPECT_EQ(splitFree.pinnedRows(), 0);
  EXPECT_EQ(ops::MatmulOp::batchParams(splitFree, 7).at("pinned_cublaslt"), 1);
  const auto small = problemFor(64);
  EXPECT_TRUE(small.pinnedCublasLt);
  EXPECT_EQ(small.pinnedRows(), 64);
  EXPECT_EQ(ops::MatmulOp::batchParams(small, 7).at("pinned_cublaslt"), 64);
  EXPECT_FALSE(problemFor(0).pinnedCublasLt);
}

TEST(OpDefinitionTest, AbsurdSizesAreRefusedBeforeAllocatingWithTheMemoryNeeded) {
  const OpDefinition& op = opDefinition("index_add");
  try {
    prepareInputs(op, {{"size", std::int64_t{1} << 40}, {"cols", 1 << 20}}, 0,
                  std::int64_t{1} << 30);
    FAIL();
  } catch (const InvalidArgument& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("would need about"), std::string::npos) << m;
    EXPECT_NE(m.find("EiB"), std::string::npos) << m;
  }
}

TEST(OpDefinitionTest, InputsAreBitIdenticalForTheSameDataSeed) {
  for (const auto& d : opDefinitions()) {
    OpParams small;
    for (const auto& spec : d->params()) {
      // At most 4096 along the size (decode_attention's sequences are large already at 8).
      if (spec.name == "size") small["size"] = std::min<std::int64_t>(4096, spec.defaultValue);
    }
    const OpInputs a = prepareInputs(*d, small, 11, std::int64_t{1} << 33);
    const OpInputs b = prepareInputs(*d, small, 11, std::int64_t{1} << 33);
    const OpInputs c = prepareInputs(*d, small, 12, std::int64_t{1} << 33);
    EXPECT_EQ(a.fingerprint, b.fingerprint) << d->name();
    // rand and randn take no inputs: nothing for the data seed to change.
    if (!a.tensors.empty()) {
      EXPECT_NE(a.fingerprint, c.fingerprint) << d->name();
    }
    ASSERT_EQ(a.tensors.size(), a.specs.size());
    for (std::size_t i = 0; i < a.specs.size(); ++i) {
      EXPECT_EQ(a.tensors[i].shape(), a.specs[i].shape);
      EXPECT_EQ(a.tensors[i].dtype(), a.specs[i].dtype);
    }
  }
}

TEST(OpDefinitionTest, InconsistentParametersAreRefused) {
  EXPECT_THROW(prepareInputs(opDefinition("scatter_add"), {{"ndim", 1}, {"dim", 1}}, 0, 1LL << 33),
               InvalidArgument);
  EXPECT_THROW(prepareInputs(opDefinition("embedding_bag_backward"),
                             {{"size", 100}, {"bag_size", 16}}, 0, 1LL << 33),
               InvalidArgument);
  EXPECT_THROW(prepareInputs(opDefinition("max_pool2d_backward"), {{"height", 2}}, 0, 1LL << 33),
               InvalidArgument);
}

}  // namespace
}  // namespace detbench
