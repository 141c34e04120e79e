// Causes joined with the catalog: ATen names to the catalog's ops with their shapes, and the
// kind and fix of each cause.

#include "detbench/trace/TraceCatalogLink.hpp"
#include "detbench/trace/TraceFindings.hpp"

#include <gtest/gtest.h>

#include <tuple>
#include <vector>

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

TEST(TraceCatalogLink, ShapesWhoseProductOverflowsAreClampedNotWrapped) {
  // A hostile record: 2^40 x 2^40 columns. Signed overflow was undefined behaviour here.
  const std::int64_t huge = std::int64_t{1} << 40;
  const TraceCause c =
      CauseOf("aten::index_put_", {T({8, huge, huge}), T({4}, "int64"), T({4, huge, huge})},
              {T({8, huge, huge})}, {{"accumulate", "true"}});
  const auto m = matchCatalogOp(c.op);
  ASSERT_TRUE(m.has_value());
  for (const auto& [name, value] : m->params) {
    if (name == "cols") {
      EXPECT_EQ(value, INT64_MAX);
    }
  }
}

TEST(TraceCatalogLink, IndexPutWithoutAccumulateIsTheCatalogsRacingWrite) {
  const TraceCause c = CauseOf("aten::index_put_", {T({8}), T({4}, "int64"), T({4})}, {T({8})},
                               {{"accumulate", "false"}}, CauseCategory::Introduced);
  ASSERT_TRUE(matchCatalogOp(c.op).has_value());
  EXPECT_EQ(matchCatalogOp(c.op)->op, "index_put");
  const CauseExplanation e = explainCause(c, PyTorchRelease{2, 8});
  EXPECT_EQ(e.kind, CauseKind::RacingWrites);
  EXPECT_FALSE(e.command.empty());
}

TEST(TraceCatalogLink, AnOpOutsideTheCatalogIsUnknownWithNoCommand) {
  const TraceCause c = CauseOf("aten::add.Tensor", {T({8}), T({8})}, {T({8})});
  EXPECT_FALSE(matchCatalogOp(c.op).has_value());
  const CauseExplanation e = explainCause(c, PyTorchRelease{2, 8});
  EXPECT_EQ(e.kind, CauseKind::Unknown);
  EXPECT_TRUE(e.command.empty());
}

// Each ATen name a trace records for an op of the catalog, as PyTorch's profiler spells it,
// names that op; the reductions and modes that make another op name none or the other.
TEST(TraceCatalogLink, TheCatalogsIndexPoolingAndPaddingOpsByTheirAtenNames) {
  const std::vector<
      std::tuple<std::string, std::vector<std::pair<std::string, std::string>>, std::string>>
      cases = {
          {"aten::put_", {{"accumulate", "false"}}, "put"},
          {"aten::index_copy_", {{"dim", "0"}}, "index_copy"},
          {"aten::scatter_.src", {{"dim", "0"}}, "scatter"},
          {"aten::scatter_.reduce", {{"dim", "0"}, {"reduce", "\"add\""}}, ""},
          {"aten::index_reduce_", {{"dim", "0"}, {"reduce", "\"prod\""}}, "index_reduce_prod"},
          {"aten::index_reduce_", {{"dim", "0"}, {"reduce", "\"amax\""}}, ""},
          {"aten::gather_backward", {}, "gather_backward"},
          {"aten::index_select_backward", {}, "index_select_backward"},
          {"aten::embedding_dense_backward", {}, "embedding_backward"},
          {"aten::_embedding_bag_backward", {{"mode", "2"}}, "embedding_bag_max_backward"},
          {"aten::_embedding_bag_backward", {{"mode", "0"}}, "embedding_bag_backward"},
          {"aten::kthvalue", {{"k", "2"}, {"dim", "-1"}}, "kthvalue"},
          {"aten::median.dim", {{"dim", "1"}}, "median"},
          {"aten::median", {}, ""},
          {"aten::max_pool3d_with_indices_backward", {}, "max_pool3d_backward"},
          {"aten::adaptive_max_pool2d_backward", {}, "adaptive_max_pool2d_backward"},
          {"aten::fractional_max_pool2d_backward", {}, "fractional_max_pool2d_backward"},
          {"aten::fractional_max_pool3d_backward", {}, "fractional_max_pool3d_backward"},
          {"aten::max_unpool2d", {}, "max_unpool2d"},
          {"aten::max_unpool3d", {}, "max_unpool3d"},
          {"aten::_adaptive_avg_pool3d_backward", {}, "adaptive_avg_pool3d_backward"},
          {"aten::replication_pad1d_backward", {}, "replication_pad1d_backward"},
          {"aten::replication_pad3d_backward", {}, "replication_pad3d_backward"},
          {"aten::reflection_pad1d_backward", {}, "reflection_pad1d_backward"},
          {"aten::reflection_pad3d_backward", {}, "reflection_pad3d_backward"},
      };
  for (const auto& [name, scalars, expected] : cases) {
    const TraceCause c = CauseOf(name, {T({4, 4})}, {T({4, 4})}, scalars);
    const auto match = matchCatalogOp(c.op);
    if (expected.empty()) {
      EXPECT_FALSE(match.has_value()) << name;
      continue;
    }
    ASSERT_TRUE(match.has_value()) << name;
    EXPECT_EQ(match->op, expected) << name;
    EXPECT_NE(explainCause(c, PyTorchRelease{2, 15}).kind, CauseKind::Unknown) << name;
  }
  // resize_ only on a quantized tensor.
  EXPECT_EQ(matchCatalogOp(CauseOf("aten::resize_", {T({4}, "quint8")}, {}).op)->op,
            "resize_quantized");
  EXPECT_FALSE(matchCatalogOp(CauseOf("aten::resize_", {T({4})}, {}).op).has_value());
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

// The probe's record of the generator a random op drew from (generators.py), in run 1 and 2.
TraceCause RandomCauseDrawingFrom(const std::string& run1, const std::string& run2) {
  TraceCause c = CauseOf("aten::rand", {}, {T({4})});
  c.generator = ArgumentDifference{kGeneratorArgument, run1, run2, 2};
  return c;
}

TEST(TraceCatalogLink, SeedingIsTheFixOnlyWhereNothingSeededTheGenerator) {
  const auto fixOf = [](const std::string& run1, const std::string& run2) {
    const CauseExplanation e =
        explainCause(RandomCauseDrawingFrom(run1, run2), PyTorchRelease{2, 8});
    EXPECT_EQ(e.kind, CauseKind::RandomNumbers);
    return e.fix;
  };
  // Each process's own seed at start: nothing seeded it.
  EXPECT_EQ(fixOf(R"("start 11")", R"("start 12")"), TraceFix::Seed);
  // The script seeded it, with another number each run (torch.seed(), the clock).
  EXPECT_EQ(fixOf(R"("script 11")", R"("script 12")"), TraceFix::SeedFixedNumber);
  // A generator of the script's own seeded otherwise, torch's own seeded alike (--seed): the
  // script's seeding; torch's own unseeded: likely its source (a DataLoader's sampler).
  EXPECT_EQ(fixOf(R"("script 11 trace")", R"("script 12 trace")"), TraceFix::SeedFixedNumber);
  EXPECT_EQ(fixOf(R"("script 11 start")", R"("script 12 start")"), TraceFix::Seed);
  // Seeded by the script after it drew from Python's random unseeded (the dcgan example's
  // torch.manual_seed(random.randint(1, 10000))): --seed may fix it; the word follows MAIN.
  EXPECT_EQ(fixOf(R"("script 11 drawn:random")", R"("script 12 drawn:random")"),
            TraceFix::SeedDrawnNumber);
  EXPECT_EQ(fixOf(R"("script 11 script drawn:numpy")", R"("script 12 script drawn:numpy")"),
            TraceFix::SeedDrawnNumber);
  EXPECT_EQ(fixOf(R"("script 11 start drawn:numpy")", R"("script 12 start drawn:numpy")"),
            TraceFix::Seed);
  EXPECT_EQ(confirmingConfig(TraceFix::SeedDrawnNumber), "seeded");
  // A process mp.spawn started: unseeded whatever its parent seeded; and a generator of its own
  // seeded from that process's torch generator.
  EXPECT_EQ(fixOf(R"("spawned 11")", R"("spawned 12")"), TraceFix::SeedSpawnedProcess);
  EXPECT_EQ(fixOf(R"("script 11 spawned")", R"("script 12 spawned")"),
            TraceFix::SeedSpawnedProcess);
  EXPECT_EQ(toString(TraceFix::SeedSpawnedProcess), "seed_spawned_process");
  // Reseeded by PyTorch's own code (a DataLoader's worker) from an unseeded parent.
  EXPECT_EQ(fixOf(R"("torch 11")", R"("torch 12")"), TraceFix::Seed);
  // Seeded alike: it had drawn other amounts before.
  EXPECT_EQ(fixOf(R"("trace 7")", R"("trace 7")"), TraceFix::OtherDraws);
  EXPECT_EQ(fixOf(R"("script 0")", R"("script 0")"), TraceFix::OtherDraws);
  // A record it cannot read: the fix it gave before there was one.
  EXPECT_EQ(fixOf("7", "8"), TraceFix::Seed);
  EXPECT_EQ(confirmingConfig(TraceFix::SeedFixedNumber), "");
  EXPECT_EQ(toString(TraceFix::OtherDraws), "other_draws");
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
  TraceCause made = CauseOf("aten::relu", {T({4})}, {T({4})}, {}, CauseCategory::Data);
  const CauseExplanation data = explainCause(made, PyTorchRelease{2, 8});
  EXPECT_EQ(data.kind, CauseKind::Data);
  // Made or read here while no global generator was drawn unseeded (a file, the clock): no seed
  // makes it repeat.
  EXPECT_EQ(data.fix, TraceFix::SameNumber);
  EXPECT_EQ(explainCause(made, PyTorchRelease{2, 8}, {"torch"}).fix, TraceFix::SeedDataLoader);
  // A batch a DataLoader brings in: its workers' generators, which the trace does not see.
  made.op.entry = true;
  EXPECT_EQ(explainCause(made, PyTorchRelease{2, 8}).fix, TraceFix::SeedDataLoader);
  const CauseExplanation memory = explainCause(
      CauseOf("aten::index_put_", {T({4})}, {T({4})}, {}, CauseCategory::Uninitialized),
      PyTorchRelease{2, 8});
  EXPECT_EQ(memory.kind, CauseKind::UninitializedMemory);
  EXPECT_EQ(memory.fix, TraceFix::InitializeMemory);
}

// A tensor that came in where a process pool receives its workers' results was made in a
// worker, whose ops are not compared: the fix says so, not "seed the DataLoader". The same
// entry anywhere else (a DataLoader's batch) keeps the loader's fix.
TEST(TraceCatalogLink, DataFromAProcessPoolsWorkerIsSaidToComeFromThere) {
  for (const char* file :
       {"/usr/lib/python3.11/multiprocessing/pool.py",
        "/usr/lib/python3.11/concurrent/futures/process.py",
        "/usr/lib/python3/dist-packages/joblib/externals/loky/process_executor.py"}) {
    TraceCause c = CauseOf("aten::set_.source_Storage_storage_offset", {T({16})}, {T({16})}, {},
                           CauseCategory::Data);
    c.op.entry = true;
    c.site = TraceSite{3, file, 618, "wait_result_broken_or_wakeup"};
    const CauseExplanation e = explainCause(c, PyTorchRelease{2, 8});
    EXPECT_EQ(e.kind, CauseKind::Data) << file;
    EXPECT_EQ(e.fix, TraceFix::FromWorkerProcess) << file;
    EXPECT_EQ(toString(e.fix), "from_worker_process");
  }
  TraceCause loader = CauseOf("aten::set_.source_Storage_storage_offset", {T({16})}, {T({16})}, {},
                              CauseCategory::Data);
  loader.op.entry = true;
  loader.site = TraceSite{3, "/home/me/train.py", 40, "main"};
  EXPECT_EQ(explainCause(loader, PyTorchRelease{2, 8}).fix, TraceFix::SeedDataLoader);
  // Not an entry (an op whose input differs) at such a site: no claim about workers.
  TraceCause op = CauseOf("aten::add.Tensor", {T({16})}, {T({16})}, {}, CauseCategory::Data);
  op.site = TraceSite{4, "/usr/lib/python3.11/multiprocessing/pool.py", 125, "worker"};
  EXPECT_EQ(explainCause(op, PyTorchRelease{2, 8}, {"torch"}).fix, TraceFix::SeedDataLoader);
}

// A number given to an op that differs by run, where torch's generator was drawn from without a
// seed (a DataLoader's shuffle takes randperm's indices as a list): seeding fixes it. Without
// that, it is a number the script computes differently.
TEST(TraceCatalogLink, ANumberWhereTorchsGeneratorWasUnseededIsFixedBySeeding) {
  TraceCause c =
      CauseOf("aten::select.int", {T({16, 4})}, {T({4})}, {{"index", "3"}}, CauseCategory::Data);
  c.arguments = {ArgumentDifference{}};
  EXPECT_EQ(explainCause(c, PyTorchRelease{2, 8}, {"torch"}).fix, TraceFix::SeedDataLoader);
  EXPECT_EQ(explainCause(c, PyTorchRelease{2, 8}, {"torch"}).kind, CauseKind::PythonNumber);
  EXPECT_EQ(explainCause(c, PyTorchRelease{2, 8}, {}).fix, TraceFix::SameNumber);
  EXPECT_EQ(explainCause(c, PyTorchRelease{2, 8}, {"torch", "random"}).fix,
            TraceFix::SeedPythonRandom);
}

// Memory another process can write (Hogwild's shared model) that differs without an op of this
// process making it differ: the cause is the shared memory, not the data's seed. The same op
// whose input is not shared keeps the data's fix, and a differing number is still the number.
TEST(TraceCatalogLink, DataInSharedMemoryIsSaidToBeWrittenByAnotherProcess) {
  TraceTensor weight = T({10, 1, 5, 5});
  weight.inSharedMemory = true;
  TraceCause c = CauseOf("aten::convolution", {T({64, 1, 28, 28}), weight}, {T({64, 10, 24, 24})},
                         {}, CauseCategory::Data);
  c.inputs = {1};
  const CauseExplanation e = explainCause(c, PyTorchRelease{2, 8});
  EXPECT_EQ(e.kind, CauseKind::SharedMemory);
  EXPECT_EQ(e.fix, TraceFix::SharedMemory);
  EXPECT_EQ(toString(e.kind), "shared_memory");
  EXPECT_EQ(toString(e.fix), "shared_memory");
  c.inputs = {0};  // the batch differs, the shared weight does not
  EXPECT_EQ(explainCause(c, PyTorchRelease{2, 8}, {"torch"}).fix, TraceFix::SeedDataLoader);
  c.inputs = {1};
  c.arguments = {ArgumentDifference{}};
  EXPECT_EQ(explainCause(c, PyTorchRelease{2, 8}).kind, CauseKind::PythonNumber);
}

TEST(TraceCatalogLink, ScatterReduceByItsReduction) {
  const TraceCause c = CauseOf("aten::scatter_reduce.two", {T({4}), T({8}, "int64"), T({8})},
                               {T({4})}, {{"dim", "0"}, {"reduce", "\"amax\""}});
  EXPECT_EQ(matchCatalogOp(c.op)->op, "scatter_reduce_amax");
}

}  // namespace
}  // namespace detbench::trace
