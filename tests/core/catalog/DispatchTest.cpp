#include <gtest/gtest.h>

#include "detbench/base/Error.hpp"
#include "detbench/catalog/Dispatch.hpp"
#include "detbench/catalog/OpCatalog.hpp"

namespace detbench {
namespace {

Context make(DeterministicMode mode, FormRequest form = FormRequest::Default,
             CatalogSemantics sem = CatalogSemantics::PyTorch) {
  Settings s;
  s.deterministic = mode;
  s.form = form;
  s.semantics = sem;
  return Context(s);
}

const OpTraits& op(const char* name) {
  const OpTraits* t = findOpTraits(name);
  EXPECT_NE(t, nullptr) << name;
  return *t;
}

TEST(DispatchTest, AtomicByDefaultDeterministicInDeterministicMode) {
  auto off = make(DeterministicMode::Off);
  EXPECT_EQ(dispatch(op("index_add"), TraitsClass::Cuda, off).form, Form::Atomic);
  auto err = make(DeterministicMode::Error);
  const auto d = dispatch(op("index_add"), TraitsClass::Cuda, err);
  EXPECT_EQ(d.form, Form::Deterministic);
  EXPECT_FALSE(d.extension);
  EXPECT_TRUE(err.warnings().empty());
}

TEST(DispatchTest, OpsWithoutADeterministicFormRaiseInErrorModeAndWarnInWarnMode) {
  for (const char* name :
       {"bincount_weighted", "histc", "avg_pool3d_backward", "adaptive_avg_pool2d_backward"}) {
    auto err = make(DeterministicMode::Error);
    EXPECT_THROW(dispatch(op(name), TraitsClass::Cuda, err), NondeterministicError) << name;
    auto warn = make(DeterministicMode::Warn);
    EXPECT_EQ(dispatch(op(name), TraitsClass::Cuda, warn).form, Form::Atomic) << name;
    ASSERT_EQ(warn.warnings().size(), 1u) << name;
    EXPECT_EQ(warn.warnings()[0].caller, op(name).cuda.pytorchCaller);
  }
}

TEST(DispatchTest, ExtensionsSemanticsUsesDetbenchKernelsInsteadOfRaising) {
  auto ext = make(DeterministicMode::Error, FormRequest::Default, CatalogSemantics::Extensions);
  const auto d = dispatch(op("avg_pool3d_backward"), TraitsClass::Cuda, ext);
  EXPECT_EQ(d.form, Form::Deterministic);
  EXPECT_TRUE(d.extension);
}

TEST(DispatchTest, DeterministicByDefaultOpsOfferTheAtomicFormAsAContrast) {
  for (const char* name : {"sum", "max_pool2d_backward", "embedding_bag_backward"}) {
    auto off = make(DeterministicMode::Off);
    EXPECT_EQ(dispatch(op(name), TraitsClass::Cuda, off).form, Form::Deterministic) << name;
    auto contrast = make(DeterministicMode::Off, FormRequest::Atomic);
    const auto d = dispatch(op(name), TraitsClass::Cuda, contrast);
    EXPECT_EQ(d.form, Form::Atomic);
    EXPECT_TRUE(d.contrast);
    // The contrast is nondeterministic, so error mode refuses it.
    auto err = make(DeterministicMode::Error, FormRequest::Atomic);
    EXPECT_THROW(dispatch(op(name), TraitsClass::Cuda, err), NondeterministicError) << name;
  }
}

TEST(DispatchTest, IntegerAtomicsAreExactAndNeverAlert) {
  auto err = make(DeterministicMode::Error);
  const auto d = dispatch(op("bincount"), TraitsClass::Cuda, err);
  EXPECT_EQ(d.form, Form::Atomic);
  EXPECT_TRUE(d.deterministicExpected);
}

// The cpu device raises only where PyTorch's CPU kernel does (put_ without accumulate,
// max_unpool, resize_ of a quantized tensor), with PyTorch's caller.
TEST(DispatchTest, TheCpuDeviceIsSequentialAndRaisesOnlyWherePyTorchsCpuKernelDoes) {
  int raising = 0;
  for (const auto& t : opCatalog()) {
    auto err = make(DeterministicMode::Error);
    if (t.cpu.errorMode == ErrorModeBehavior::Raises) {
      ++raising;
      EXPECT_THROW(dispatch(t, TraitsClass::Cpu, err), NondeterministicError) << t.name;
      auto warn = make(DeterministicMode::Warn);
      EXPECT_EQ(dispatch(t, TraitsClass::Cpu, warn).form, Form::Sequential) << t.name;
      ASSERT_EQ(warn.warnings().size(), 1u) << t.name;
      EXPECT_EQ(warn.warnings()[0].caller, t.cpu.pytorchCaller) << t.name;
      continue;
    }
    EXPECT_EQ(dispatch(t, TraitsClass::Cpu, err).form, Form::Sequential) << t.name;
  }
  EXPECT_EQ(raising, 5);  // put, max_unpool1d, 2d and 3d, resize_quantized
  auto atomic = make(DeterministicMode::Off, FormRequest::Atomic);
  EXPECT_THROW(dispatch(op("sum"), TraitsClass::Cpu, atomic), InvalidArgument);
}

TEST(DispatchTest, AnExtensionFormNeedsExtensionsSemantics) {
  auto pytorch = make(DeterministicMode::Off, FormRequest::Deterministic);
  EXPECT_THROW(dispatch(op("bincount_weighted"), TraitsClass::Cuda, pytorch), InvalidArgument);
}

TEST(CatalogTest, NeverClaimsADeterministicDefaultWithAnAlert) {
  for (const auto& t : opCatalog()) {
    const DeviceTraits& c = t.cuda;
    if (c.errorMode == ErrorModeBehavior::Raises) {
      // PyTorch raises for nondeterministic kernels, and for scatter_reduce's amax, whose
      // atomics give the same maximum in any order.
      EXPECT_TRUE(c.nondeterministicByDefault || c.source == NondeterminismSource::OrderFreeAtomics)
          << t.name;
      EXPECT_FALSE(c.pytorchCaller.empty()) << t.name;
    }
    if (c.atomicContrast) {
      EXPECT_FALSE(c.nondeterministicByDefault) << t.name;
    }
    // PyTorch's CPU kernels vary only where they add with atomics in parallel, and then
    // deterministic mode makes them serial (index_put_ and put_ with accumulate); where they
    // write in parallel (index_put_, index_copy_: serial in deterministic mode; put_ and
    // max_unpool: raise); and where memory is left uninitialized (resize_ of a quantized
    // tensor: raises).
    if (t.cpu.nondeterministicByDefault) {
      if (t.cpu.source == NondeterminismSource::FloatAtomics) {
        EXPECT_EQ(t.cpu.errorMode, ErrorModeBehavior::SwitchesToDeterministic) << t.name;
      } else if (t.cpu.source == NondeterminismSource::UninitializedMemory) {
        EXPECT_EQ(t.cpu.errorMode, ErrorModeBehavior::Raises) << t.name;
      } else {
        EXPECT_EQ(t.cpu.source, NondeterminismSource::RacingWrites) << t.name;
        EXPECT_NE(t.cpu.errorMode, ErrorModeBehavior::Runs) << t.name;
      }
    }
  }
}

}  // namespace
}  // namespace detbench
