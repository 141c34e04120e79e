#pragma once
// Chooses which implementation of an op runs, as PyTorch's dispatch does under the
// determinism settings, and raises the alerts PyTorch raises.

#include <optional>
#include <string>
#include <string_view>

#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/settings/Context.hpp"

namespace detbench {

enum class Form {
  Sequential,     // the `cpu` device: one thread, fixed order
  Atomic,         // float (or integer) atomics; order depends on scheduling
  Deterministic,  // fixed order, independent of the thread count
};

std::string_view toString(Form form);

struct DispatchDecision {
  Form form;
  bool extension = false;  // a detbench extension kernel (PyTorch has no deterministic form)
  bool contrast = false;   // an atomic form that is not PyTorch's default
  bool deterministicExpected = false;  // the catalog says this form is run-to-run reproducible
  // A library's own dispatch chose the kernel (the torch devices): `form` is what the catalog
  // predicts it chose, deterministic or not.
  bool library = false;
};

// Raises NondeterministicError in error mode for ops without a deterministic form (warn mode
// records the warning in `context`), and InvalidArgument for a form that does not exist.
DispatchDecision dispatch(const OpTraits& op, TraitsClass cls, Context& context);

// What a library's own dispatch does with an op (PyTorch's, on the torch devices): as the catalog
// predicts it, or as observed.
enum class LibraryOutcome {
  Runs,      // runs its default kernel, silently
  Switches,  // deterministic mode switches it to a deterministic kernel, silently
  Warns,     // warn mode: runs and warns that it has no deterministic implementation
  Raises,    // error mode: raises that it has no deterministic implementation
};
std::string_view toString(LibraryOutcome outcome);  // "runs", "switches", "warns", "raises"
std::optional<LibraryOutcome> parseLibraryOutcome(std::string_view text);

struct LibraryPrediction {
  LibraryOutcome outcome = LibraryOutcome::Runs;
  // The catalog says the outputs repeat run to run (a deterministic kernel, or atomics whose
  // result does not depend on their order).
  bool deterministicExpected = false;
  std::string caller;  // the alert's caller, where the library alerts
};

// The catalog's prediction for `op` on a device that follows `cls`'s traits, under `settings`
// (the release, deterministic mode, the cuDNN flags, CUBLAS_WORKSPACE_CONFIG). Never raises for
// the alert itself: the library will, or will not, and the run compares.
LibraryPrediction predictLibrary(const OpTraits& op, TraitsClass cls, const Settings& settings);

}  // namespace detbench
