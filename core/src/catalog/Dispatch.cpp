#include "detbench/catalog/Dispatch.hpp"

#include <string>

#include "detbench/base/Error.hpp"

namespace detbench {

std::string_view toString(Form form) {
  switch (form) {
    case Form::Sequential:
      return "sequential";
    case Form::Atomic:
      return "atomic";
    case Form::Deterministic:
      return "deterministic";
  }
  return "?";
}

namespace {

std::string callerOf(const OpTraits& op, const DeviceTraits& t) {
  return t.pytorchCaller.empty() ? std::string(op.name) : std::string(t.pytorchCaller);
}

// What PyTorch does instead of the atomic form, for detbench's contrast alert.
std::string_view contrastReason(const DeviceTraits& t) {
  if (t.errorMode == ErrorModeBehavior::SwitchesToDeterministic)
    return "it switches to a deterministic algorithm and raises nothing";
  return "its own kernel is deterministic";
}

bool atomicIsExact(const DeviceTraits& t) {
  return t.source == NondeterminismSource::IntegerAtomics ||
         t.source == NondeterminismSource::OrderFreeAtomics;
}

// The decisions dispatch makes, by name.
constexpr DispatchDecision kPyTorchDeterministic{.form = Form::Deterministic,
                                                 .extension = false,
                                                 .contrast = false,
                                                 .deterministicExpected = true};
constexpr DispatchDecision kDetbenchExtension{.form = Form::Deterministic,
                                              .extension = true,
                                              .contrast = false,
                                              .deterministicExpected = true};
constexpr DispatchDecision kAtomicDefault{
    .form = Form::Atomic, .extension = false, .contrast = false, .deterministicExpected = false};

}  // namespace

DispatchDecision dispatch(const OpTraits& op, TraitsClass cls, Context& context) {
  const FormRequest request = context.settings().form;
  if (cls == TraitsClass::Cpu) {
    if (request == FormRequest::Atomic) {
      DETBENCH_THROW(InvalidArgument, "op " + std::string(op.name) +
                                          ": the cpu device runs the sequential reference only; "
                                          "atomic forms are on cpu-threads and cuda");
    }
    // Where PyTorch's CPU kernel raises in deterministic mode (put_ without accumulate,
    // max_unpool), the cpu device raises too (error mode) or warns and runs (warn mode).
    if (op.cpu.errorMode == ErrorModeBehavior::Raises && context.deterministicAlgorithms()) {
      context.alertNotDeterministic(callerOf(op, op.cpu));
    }
    return {.form = Form::Sequential,
            .extension = false,
            .contrast = false,
            .deterministicExpected = true};
  }

  // PyTorch (up to 2.9) checks the cuBLAS workspace before the op runs (raises in error mode,
  // warns in warn mode, whatever form follows).
  if (op.cublasWorkspaceCheck && context.deterministicAlgorithms()) {
    context.alertCublasConfigNotDeterministic(op.name);
  }

  // cudnn.deterministic alone (without deterministic algorithms) restricts cuDNN's choice.
  if (op.cudnn && request == FormRequest::Default && context.settings().cudnnDeterministic) {
    return kPyTorchDeterministic;
  }

  const DeviceTraits& t = op.cuda;
  const bool semanticsExtensions = context.settings().semantics == CatalogSemantics::Extensions;
  const bool hasPyTorchDeterministic =
      (!t.nondeterministicByDefault && t.errorMode != ErrorModeBehavior::Raises) ||
      t.errorMode == ErrorModeBehavior::SwitchesToDeterministic;

  switch (request) {
    case FormRequest::Atomic: {
      // Where PyTorch has an alert for this kernel (its default, or the ATen op called
      // directly), it is PyTorch's; otherwise the atomic form is detbench's contrast.
      // An exact atomic kernel may alert all the same (scatter_reduce's amax).
      if (!atomicIsExact(t) || t.errorMode == ErrorModeBehavior::Raises) {
        if (!t.pytorchCaller.empty()) {
          context.alertNotDeterministic(t.pytorchCaller);
        } else {
          context.alertDetbenchContrast(op.name, contrastReason(t));
        }
      }
      return {.form = Form::Atomic,
              .extension = false,
              .contrast = t.atomicContrast,
              .deterministicExpected = atomicIsExact(t)};
    }
    case FormRequest::Deterministic: {
      if (hasPyTorchDeterministic) return kPyTorchDeterministic;
      if (t.detbenchExtension && semanticsExtensions) return kDetbenchExtension;
      if (t.detbenchExtension) {
        DETBENCH_THROW(
            InvalidArgument,
            "op " + std::string(op.name) +
                ": PyTorch has no deterministic form; detbench's deterministic kernel is "
                "an extension: choose extensions semantics to use it");
      }
      DETBENCH_THROW(InvalidArgument,
                     "op " + std::string(op.name) + " has no deterministic form on this device");
    }
    case FormRequest::Default:
      break;
  }

  if (!t.nondeterministicByDefault) {
    // PyTorch's default is deterministic. For exact atomics the atomic kernel is the default,
    // and PyTorch may alert for it all the same (scatter_reduce's amax).
    if (t.errorMode == ErrorModeBehavior::Raises && context.deterministicAlgorithms()) {
      if (t.detbenchExtension && semanticsExtensions) return kDetbenchExtension;
      context.alertNotDeterministic(callerOf(op, t));
    }
    return {.form = atomicIsExact(t) ? Form::Atomic : Form::Deterministic,
            .extension = false,
            .contrast = false,
            .deterministicExpected = true};
  }
  if (!context.deterministicAlgorithms()) return kAtomicDefault;
  // Deterministic mode leaves the op as it is (PyTorch does not check it): no alert.
  if (t.errorMode == ErrorModeBehavior::Runs) return kAtomicDefault;
  if (hasPyTorchDeterministic) return kPyTorchDeterministic;
  if (t.detbenchExtension && semanticsExtensions) return kDetbenchExtension;
  context.alertNotDeterministic(callerOf(op, t));  // raises in error mode
  return kAtomicDefault;
}

std::string_view toString(LibraryOutcome outcome) {
  switch (outcome) {
    case LibraryOutcome::Runs:
      return "runs";
    case LibraryOutcome::Switches:
      return "switches";
    case LibraryOutcome::Warns:
      return "warns";
    case LibraryOutcome::Raises:
      return "raises";
  }
  return "?";
}

std::optional<LibraryOutcome> parseLibraryOutcome(std::string_view text) {
  for (const LibraryOutcome o : {LibraryOutcome::Runs, LibraryOutcome::Switches,
                                 LibraryOutcome::Warns, LibraryOutcome::Raises}) {
    if (toString(o) == text) return o;
  }
  return std::nullopt;
}

LibraryPrediction predictLibrary(const OpTraits& op, TraitsClass cls, const Settings& settings) {
  const DeviceTraits& t = op.traits(cls);
  const bool deterministic = settings.deterministic != DeterministicMode::Off;
  const bool warnOnly = settings.deterministic == DeterministicMode::Warn;
  const LibraryOutcome alert = warnOnly ? LibraryOutcome::Warns : LibraryOutcome::Raises;
  LibraryPrediction p;
  p.deterministicExpected = !t.nondeterministicByDefault || atomicIsExact(t);
  if (cls == TraitsClass::Cuda && op.cudnn) {
    // cuDNN's choice: deterministic algorithms only with cudnn.deterministic (or implied by
    // deterministic mode); benchmark mode may pick another algorithm in each process.
    p.deterministicExpected = settings.cudnnDeterministic || deterministic;
  }
  if (!deterministic) return p;
  if (cls == TraitsClass::Cuda && op.cublasWorkspaceCheck &&
      !(settings.cublasWorkspaceConfig &&
        settings.cublasWorkspaceConfig->isDeterministicForCublas())) {
    p.outcome = alert;
    p.caller = std::string(op.name);
    return p;
  }
  switch (t.errorMode) {
    case ErrorModeBehavior::Runs:
      p.outcome = LibraryOutcome::Runs;
      break;
    case ErrorModeBehavior::SwitchesToDeterministic:
      p.outcome = LibraryOutcome::Switches;
      p.deterministicExpected = true;
      break;
    case ErrorModeBehavior::Raises:
      p.outcome = alert;
      p.caller = callerOf(op, t);
      break;
  }
  return p;
}

}  // namespace detbench
