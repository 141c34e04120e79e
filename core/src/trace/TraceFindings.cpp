#include "detbench/trace/TraceFindings.hpp"

#include <set>
#include <tuple>

namespace detbench::trace {

std::string confirmingConfig(TraceFix fix) {
  switch (fix) {
    case TraceFix::Seed:
    case TraceFix::SeedDataLoader:
    case TraceFix::SeedPythonRandom:
    case TraceFix::SeedNumpyRandom:
    case TraceFix::SeedDrawnNumber:
    case TraceFix::SeedSpawnedProcess:
      return "seeded";
    case TraceFix::Deterministic:
    case TraceFix::InitializeMemory:
      return "deterministic";
    case TraceFix::CudnnDeterministic:
      return "cudnn-deterministic";
    case TraceFix::NoDeterministicForm:
      return "warn";
    case TraceFix::NoCudnnBenchmark:
    case TraceFix::SeedFixedNumber:
    case TraceFix::OtherDraws:
    case TraceFix::SameNumber:
    case TraceFix::InductorDeterministic:
    case TraceFix::CompileEager:
    case TraceFix::CollectiveSettings:
    case TraceFix::FromWorkerProcess:
    case TraceFix::SharedMemory:
    case TraceFix::None:
      return "";
  }
  return "";
}

std::vector<TraceFinding> groupCauses(const TraceAlignment& alignment, PyTorchRelease release) {
  std::vector<TraceFinding> findings;
  std::vector<std::set<std::tuple<std::string, std::int64_t, std::string>>> sites;
  for (const auto& cause : alignment.causes) {
    const CauseExplanation e = explainCause(cause, release, alignment.unseededGenerators);
    std::size_t i = 0;
    while (i < findings.size() && !(findings[i].kind == e.kind && findings[i].fix == e.fix)) ++i;
    if (i == findings.size()) {
      TraceFinding f;
      f.kind = e.kind;
      f.fix = e.fix;
      f.firstSeq = cause.seq;
      f.firstThread = cause.thread;
      f.firstName = cause.op.name;
      f.firstSite = cause.site;
      f.confirmWith = confirmingConfig(e.fix);
      findings.push_back(std::move(f));
      sites.emplace_back();
    }
    ++findings[i].count;
    if (cause.site) sites[i].emplace(cause.site->file, cause.site->line, cause.site->function);
  }
  for (std::size_t i = 0; i < findings.size(); ++i) findings[i].sites = sites[i].size();
  return findings;
}

}  // namespace detbench::trace
