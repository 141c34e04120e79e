#include "detbench/catalog/OpCatalog.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "catalog/CatalogEntry.hpp"
#include "detbench/base/Error.hpp"

namespace detbench {

namespace {

using catalog::OpEntry;
using NS = NondeterminismSource;
using EM = ErrorModeBehavior;

const CudaReleaseTraits& cudaEntryFor(const OpEntry& op, PyTorchRelease release) {
  const CudaReleaseTraits* found = &op.cuda.front();
  for (const auto& e : op.cuda) {
    if (e.since <= release) found = &e;
  }
  return *found;
}

OpTraits resolve(const OpEntry& op, PyTorchRelease release) {
  const CudaReleaseTraits& e = cudaEntryFor(op, release);
  return OpTraits{.name = op.name,
                  .pytorchApi = op.pytorchApi,
                  .summary = op.summary,
                  .cpu = op.cpu,
                  .cuda = e.traits,
                  .cpuSource = op.cpuSource,
                  .cublas = op.cublas,
                  .cublasWorkspaceCheck = e.cublasWorkspaceCheck,
                  .cudnn = op.cudnn,
                  .batchInvariance = op.batchInvariance,
                  .release = release,
                  .cudaSince = e.since,
                  .cudaSource = e.source,
                  .mps = e.mps};
}

// One resolved table per release, made once.
const std::vector<std::vector<OpTraits>>& resolvedTables() {
  static const std::vector<std::vector<OpTraits>> tables = [] {
    std::vector<std::vector<OpTraits>> t;
    for (const PyTorchRelease r : catalogReleases()) {
      std::vector<OpTraits> ops;
      ops.reserve(catalog::catalogEntries().size());
      for (const auto& op : catalog::catalogEntries()) ops.push_back(resolve(op, r));
      t.push_back(std::move(ops));
    }
    return t;
  }();
  return tables;
}

std::string callerText(std::string_view caller) {
  return caller.empty() ? std::string("none") : std::string(caller);
}

std::string yesNo(bool value) {
  return value ? "yes" : "no";
}

std::vector<TraitsField> fieldsBetween(const OpTraits& a, const OpTraits& b) {
  std::vector<TraitsField> f;
  if (a.cuda.errorMode != b.cuda.errorMode) f.push_back(TraitsField::DeterministicMode);
  if (a.cuda.nondeterministicByDefault != b.cuda.nondeterministicByDefault)
    f.push_back(TraitsField::NondeterministicByDefault);
  if (a.cuda.pytorchCaller != b.cuda.pytorchCaller) f.push_back(TraitsField::AlertCaller);
  if (a.cublasWorkspaceCheck != b.cublasWorkspaceCheck)
    f.push_back(TraitsField::CublasWorkspaceCheck);
  if (a.cuda.detbenchExtension != b.cuda.detbenchExtension)
    f.push_back(TraitsField::DetbenchExtension);
  if (a.cuda.docstring != b.cuda.docstring) f.push_back(TraitsField::Docstring);
  if (a.mps != b.mps) f.push_back(TraitsField::Mps);
  if (a.cuda.note != b.cuda.note) f.push_back(TraitsField::Note);
  return f;
}

std::string sentenceFor(const OpTraits& a, const OpTraits& b, TraitsField field) {
  const auto change = [](const char* what, const std::string& x, const std::string& y) {
    std::string line(what);
    line.append(": ").append(x).append(" -> ").append(y);
    return line;
  };
  switch (field) {
    case TraitsField::DeterministicMode:
      return change("deterministic mode", std::string(describe(a.cuda.errorMode)),
                    std::string(describe(b.cuda.errorMode)));
    case TraitsField::NondeterministicByDefault:
      return change("nondeterministic by default", yesNo(a.cuda.nondeterministicByDefault),
                    yesNo(b.cuda.nondeterministicByDefault));
    case TraitsField::AlertCaller:
      return change("alert caller", callerText(a.cuda.pytorchCaller),
                    callerText(b.cuda.pytorchCaller));
    case TraitsField::CublasWorkspaceCheck:
      return change("CUBLAS_WORKSPACE_CONFIG checked in deterministic mode",
                    yesNo(a.cublasWorkspaceCheck), yesNo(b.cublasWorkspaceCheck));
    case TraitsField::DetbenchExtension:
      return change("detbench extension", yesNo(a.cuda.detbenchExtension),
                    yesNo(b.cuda.detbenchExtension));
    case TraitsField::Docstring:
      return b.cuda.docstring.empty() ? std::string("docstring: no longer names it on CUDA")
                                      : "docstring: " + std::string(b.cuda.docstring);
    case TraitsField::Mps:
      return "MPS (not a detbench device): " + std::string(b.mps);
    case TraitsField::Note:
      return "note: " + std::string(b.cuda.note);
  }
  return {};
}

std::size_t releaseIndex(PyTorchRelease release) {
  const auto releases = catalogReleases();
  const auto it = std::find(releases.begin(), releases.end(), release);
  if (it == releases.end()) {
    std::string m("the catalog has no PyTorch ");
    m.append(toString(release)).append(" (it holds ").append(toString(oldestCatalogRelease()));
    m.append(" to ").append(toString(newestCatalogRelease())).append(")");
    DETBENCH_THROW(InvalidArgument, m);
  }
  return static_cast<std::size_t>(it - releases.begin());
}

}  // namespace

std::span<const OpTraits> opCatalog(PyTorchRelease release) {
  return resolvedTables()[releaseIndex(release)];
}

const OpTraits* findOpTraits(std::string_view name, PyTorchRelease release) {
  for (const auto& op : opCatalog(release)) {
    if (op.name == name) return &op;
  }
  return nullptr;
}

std::vector<CatalogChange> catalogChanges(PyTorchRelease from, PyTorchRelease to) {
  const std::size_t a = releaseIndex(from), b = releaseIndex(to);
  DETBENCH_CHECK_ARG(
      a <= b, "the older release comes first (" + toString(from) + ".." + toString(to) + ")");
  const auto& tables = resolvedTables();
  const auto releases = catalogReleases();
  std::vector<CatalogChange> changes;
  for (std::size_t i = 0; i < catalog::catalogEntries().size(); ++i) {
    CatalogChange c{&tables[a][i], &tables[b][i], {}, {}, {}, {}};
    for (std::size_t r = a + 1; r <= b; ++r) {
      if (tables[r][i].cudaSince != tables[r - 1][i].cudaSince) {
        c.changedIn.push_back(releases[r]);
        c.sources.push_back(tables[r][i].cudaSource);
      }
    }
    if (c.changedIn.empty()) continue;
    c.fields = fieldsBetween(*c.before, *c.after);
    for (const TraitsField field : c.fields) {
      c.differences.push_back(sentenceFor(*c.before, *c.after, field));
    }
    changes.push_back(std::move(c));
  }
  return changes;
}

bool hasFloat64Reference(std::string_view op) {
  const OpTraits* t = findOpTraits(op);
  return t == nullptr || t->cuda.source != NS::Rng;
}

std::string_view toString(NondeterminismSource source) {
  switch (source) {
    case NS::None:
      return "none";
    case NS::FloatAtomics:
      return "float_atomics";
    case NS::IntegerAtomics:
      return "integer_atomics";
    case NS::OrderFreeAtomics:
      return "order_free_atomics";
    case NS::RacingWrites:
      return "racing_writes";
    case NS::UninitializedMemory:
      return "uninitialized_memory";
    case NS::AlgorithmChoice:
      return "algorithm_choice";
    case NS::Autotuning:
      return "autotuning";
    case NS::Rng:
      return "rng";
  }
  return "none";
}

std::string_view toString(ErrorModeBehavior behavior) {
  switch (behavior) {
    case EM::Runs:
      return "runs";
    case EM::SwitchesToDeterministic:
      return "switches_to_deterministic";
    case EM::Raises:
      return "raises";
  }
  return "runs";
}

std::string_view describe(ErrorModeBehavior behavior) {
  switch (behavior) {
    case EM::Runs:
      return "runs as is";
    case EM::SwitchesToDeterministic:
      return "switches to deterministic";
    case EM::Raises:
      return "raises (warn mode: warns)";
  }
  return "runs as is";
}

}  // namespace detbench
