#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "detbench/base/Error.hpp"
#include "detbench/catalog/Dispatch.hpp"
#include "detbench/catalog/OpCatalog.hpp"

namespace detbench {
namespace {

using EM = ErrorModeBehavior;

const OpTraits& at(const char* name, PyTorchRelease release) {
  const OpTraits* t = findOpTraits(name, release);
  EXPECT_NE(t, nullptr) << name;
  return *t;
}

// What the docstrings (and, where noted in the catalog, ATen) say deterministic mode does on
// CUDA, written out here independently of the table, for every release the catalog holds.
TEST(OpCatalogTest, EveryReleaseGivesTheDocumentedBehaviour) {
  for (const PyTorchRelease r : catalogReleases()) {
    SCOPED_TRACE(toString(r));
    for (const char* op :
         {"bincount_weighted", "avg_pool3d_backward", "adaptive_avg_pool2d_backward", "histc",
          "scatter_reduce_prod", "upsample_linear1d_backward", "index_reduce_prod"}) {
      EXPECT_EQ(at(op, r).cuda.errorMode, EM::Raises) << op;
      EXPECT_FALSE(at(op, r).cuda.pytorchCaller.empty()) << op;
    }
    for (const char* op : {"index_add", "scatter_add", "scatter_reduce_sum", "scatter_reduce_mean",
                           "upsample_bilinear2d_backward", "replication_pad2d_backward", "cumsum",
                           "conv2d_backward_data", "conv2d_backward_filter"}) {
      EXPECT_EQ(at(op, r).cuda.errorMode, EM::SwitchesToDeterministic) << op;
    }
    for (const char* op : {"bincount", "embedding_bag_backward", "sum", "max_pool2d_backward",
                           "matmul", "conv2d_forward", "rand", "randn", "dropout"}) {
      EXPECT_EQ(at(op, r).cuda.errorMode, EM::Runs) << op;
    }
    // F.interpolate's trilinear backward is rerouted in deterministic mode from 2.9.
    EXPECT_EQ(at("upsample_trilinear3d_backward", r).cuda.errorMode,
              (r < PyTorchRelease{2, 9} ? EM::Raises : EM::SwitchesToDeterministic));
    // scatter_reduce's maximum raises from 2.15 (its docstring names every reduction); before,
    // only 'prod' raises (2.14's docstring; a GPU run of 2.11 let 'amax' run).
    if (r < PyTorchRelease{2, 15}) {
      EXPECT_EQ(at("scatter_reduce_amax", r).cuda.errorMode, EM::Runs);
    } else {
      EXPECT_EQ(at("scatter_reduce_amax", r).cuda.errorMode, EM::Raises);
      EXPECT_EQ(at("scatter_reduce_amax", r).cuda.pytorchCaller, "scatter_reduce_cuda");
    }
    // index_add_ and scatter_add_ are rerouted, never raised for: no alert caller.
    EXPECT_TRUE(at("index_add", r).cuda.pytorchCaller.empty());
    EXPECT_TRUE(at("scatter_add", r).cuda.pytorchCaller.empty());
    EXPECT_EQ(at("histc", r).cuda.pytorchCaller, "_histc_cuda with floating point input");
    // The cuBLAS workspace rule holds up to 2.9 and is gone from 2.10.
    EXPECT_EQ(at("matmul", r).cublasWorkspaceCheck, (r < PyTorchRelease{2, 10}));
    for (const auto& op : opCatalog(r)) {
      EXPECT_FALSE(op.cudaSource.empty()) << op.name;
      EXPECT_EQ(op.release, r);
      EXPECT_LE(op.cudaSince, r) << op.name;
      // PyTorch's CPU kernels are deterministic but index_put_'s and put_'s with accumulate,
      // which add in parallel with atomics (and serially in deterministic mode), the parallel
      // writes of index_put_ and index_copy_ (serial in deterministic mode), put_ and max_unpool
      // (which raise), and resize_ of a quantized tensor (uninitialized memory; raises).
      const bool cpuAtomics = op.name == "index_put_accumulate" || op.name == "put_accumulate";
      const bool cpuSwitchingWrites = op.name == "index_put" || op.name == "index_copy";
      const bool cpuRaises =
          op.name == "put" || op.name.starts_with("max_unpool") || op.name == "resize_quantized";
      EXPECT_EQ(op.cpu.nondeterministicByDefault, cpuAtomics || cpuSwitchingWrites || cpuRaises)
          << op.name;
      if (cpuAtomics || cpuSwitchingWrites) {
        EXPECT_EQ(op.cpu.errorMode, EM::SwitchesToDeterministic) << op.name;
      }
      EXPECT_EQ(op.cpu.errorMode == EM::Raises, cpuRaises) << op.name;
      EXPECT_FALSE(op.cpuSource.empty()) << op.name;
      if (!op.cublas) {
        EXPECT_FALSE(op.cublasWorkspaceCheck) << op.name;
      }
    }
  }
}

TEST(OpCatalogTest, AReleaseOutsideTheCatalogIsRefused) {
  EXPECT_THROW(opCatalog(PyTorchRelease{2, 7}), InvalidArgument);
  EXPECT_THROW(findOpTraits("sum", PyTorchRelease{3, 0}), InvalidArgument);
  EXPECT_THROW(catalogChanges(PyTorchRelease{2, 11}, PyTorchRelease{2, 8}), InvalidArgument);
}

const CatalogChange* changeOf(const std::vector<CatalogChange>& changes, std::string_view op) {
  for (const auto& c : changes) {
    if (c.after->name == op) return &c;
  }
  return nullptr;
}

TEST(OpCatalogTest, ChangesListWhatChangedAndWhen) {
  const auto changes = catalogChanges(PyTorchRelease{2, 8}, PyTorchRelease{2, 11});
  // matmul and trilinear, kthvalue (deterministic on CUDA from 2.10) and embedding_backward (an
  // atomic kernel outside deterministic mode from 2.11).
  ASSERT_EQ(changes.size(), 4u);
  ASSERT_NE(changeOf(changes, "kthvalue"), nullptr);
  EXPECT_EQ(changeOf(changes, "kthvalue")->after->cuda.errorMode, EM::Runs);
  ASSERT_NE(changeOf(changes, "embedding_backward"), nullptr);
  const CatalogChange* matmul = changeOf(changes, "matmul");
  ASSERT_NE(matmul, nullptr);
  ASSERT_EQ(matmul->changedIn.size(), 1u);
  EXPECT_EQ(matmul->changedIn[0], (PyTorchRelease{2, 10}));
  EXPECT_TRUE(matmul->before->cublasWorkspaceCheck);
  EXPECT_FALSE(matmul->after->cublasWorkspaceCheck);
  bool saidWorkspace = false;
  for (const auto& d : matmul->differences) {
    saidWorkspace |= d.find("CUBLAS_WORKSPACE_CONFIG") != std::string::npos &&
                     d.find("yes -> no") != std::string::npos;
  }
  EXPECT_TRUE(saidWorkspace);
  const CatalogChange* trilinear = changeOf(changes, "upsample_trilinear3d_backward");
  ASSERT_NE(trilinear, nullptr);
  EXPECT_EQ(trilinear->changedIn.front(), (PyTorchRelease{2, 9}));
  EXPECT_EQ(trilinear->differences.front(),
            "deterministic mode: raises (warn mode: warns) -> switches to deterministic");
  // 2.11 to 2.13: embedding_backward (2.11) and max_pool3d_backward (2.13) only.
  const auto later = catalogChanges(PyTorchRelease{2, 11}, PyTorchRelease{2, 13});
  ASSERT_EQ(later.size(), 1u);
  EXPECT_EQ(later.front().after->name, "max_pool3d_backward");
  EXPECT_TRUE(catalogChanges(PyTorchRelease{2, 11}, PyTorchRelease{2, 12}).empty());
  EXPECT_TRUE(catalogChanges(PyTorchRelease{2, 9}, PyTorchRelease{2, 9}).empty());
}

Context contextFor(PyTorchRelease release, DeterministicMode mode, FormRequest form,
                   const char* workspace = nullptr) {
  Settings s;
  s.pytorch = release;
  s.deterministic = mode;
  s.form = form;
  if (workspace) s.cublasWorkspaceConfig = WorkspaceConfig::parse(workspace);
  return Context(s);
}

std::string raisedMessage(const char* op, Context& c) {
  try {
    dispatch(at(op, c.settings().pytorch), TraitsClass::Cuda, c);
  } catch (const NondeterministicError& e) {
    return e.message();
  }
  return {};
}

TEST(OpCatalogTest, TheCublasWorkspaceRuleFollowsTheRelease) {
  const PyTorchRelease r29{2, 9}, r210{2, 10};
  auto old = contextFor(r29, DeterministicMode::Error, FormRequest::Default);
  const std::string m = raisedMessage("matmul", old);
  EXPECT_NE(m.find("it uses CuBLAS and you have CUDA >= 10.2"), std::string::npos) << m;
  EXPECT_NE(m.find("CUBLAS_WORKSPACE_CONFIG=:4096:8"), std::string::npos) << m;
  auto set = contextFor(r29, DeterministicMode::Error, FormRequest::Default, ":16:8");
  EXPECT_EQ(raisedMessage("matmul", set), "");
  auto newer = contextFor(r210, DeterministicMode::Error, FormRequest::Default);
  EXPECT_EQ(raisedMessage("matmul", newer), "");
}

TEST(OpCatalogTest, AlertsArePyTorchsWordsAndContrastsSayTheyAreDetbenchs) {
  auto pytorch = contextFor(newestCatalogRelease(), DeterministicMode::Error, FormRequest::Default);
  const std::string m = raisedMessage("avg_pool3d_backward", pytorch);
  EXPECT_EQ(m.rfind("avg_pool3d_backward_cuda does not have a deterministic implementation, but "
                    "you set 'torch.use_deterministic_algorithms(True)'. You can turn off "
                    "determinism just for this operation, or you can use the 'warn_only=True' "
                    "option",
                    0),
            0u)
      << m;
  // index_add's atomic form is never run by PyTorch in deterministic mode: detbench's words.
  auto contrast = contextFor(newestCatalogRelease(), DeterministicMode::Error, FormRequest::Atomic);
  const std::string c = raisedMessage("index_add", contrast);
  EXPECT_EQ(c.rfind("detbench (not PyTorch)", 0), 0u) << c;
  EXPECT_EQ(c.find("index_add_cuda_"), std::string::npos) << c;
  // The bilinear backward called as the ATen op raises PyTorch's own alert.
  auto direct = contextFor(newestCatalogRelease(), DeterministicMode::Error, FormRequest::Atomic);
  const std::string d = raisedMessage("upsample_bilinear2d_backward", direct);
  EXPECT_EQ(d.rfind("upsample_bilinear2d_backward_out_cuda does not have", 0), 0u) << d;
  // So does replication pad's, which F.pad reroutes.
  auto pad = contextFor(newestCatalogRelease(), DeterministicMode::Error, FormRequest::Atomic);
  const std::string r = raisedMessage("replication_pad2d_backward", pad);
  EXPECT_EQ(r.rfind("replication_pad2d_backward_out_cuda does not have", 0), 0u) << r;
  // scatter_reduce's amax: its atomics are exact, yet PyTorch's kernel alerts, asked for by
  // default or by form.
  for (const FormRequest form : {FormRequest::Default, FormRequest::Atomic}) {
    auto amax = contextFor(newestCatalogRelease(), DeterministicMode::Error, form);
    const std::string a = raisedMessage("scatter_reduce_amax", amax);
    EXPECT_EQ(a.rfind("scatter_reduce_cuda does not have", 0), 0u) << a;
  }
  // Warn mode: the contrast runs with detbench's warning.
  auto warn = contextFor(newestCatalogRelease(), DeterministicMode::Warn, FormRequest::Atomic);
  EXPECT_EQ(dispatch(at("scatter_add", warn.settings().pytorch), TraitsClass::Cuda, warn).form,
            Form::Atomic);
  ASSERT_EQ(warn.warnings().size(), 1u);
  EXPECT_EQ(warn.warnings()[0].code, AlertCode::DetbenchContrast);
  EXPECT_EQ(warn.warnings()[0].message.rfind("detbench (not PyTorch)", 0), 0u);
}

}  // namespace
}  // namespace detbench
