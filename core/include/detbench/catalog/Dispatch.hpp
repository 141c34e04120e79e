#pragma once
// Chooses which implementation of an op runs, as PyTorch's dispatch does under the
// determinism settings, and raises the alerts PyTorch raises.

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
};

// Raises NondeterministicError in error mode for ops without a deterministic form (warn mode
// records the warning in `context`), and InvalidArgument for a form that does not exist.
DispatchDecision dispatch(const OpTraits& op, TraitsClass cls, Context& context);

}  // namespace detbench
