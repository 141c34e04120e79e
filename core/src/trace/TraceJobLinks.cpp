// How a job's processes are read together once every run is collected: a rank's or the
// script's difference that came from another rank, from the process pool, or from the script
// (linkRanks, linkPool), and the ranks that should have got the same bits from a collective and
// did not (findDisagreement). TraceJob.hpp says what each reads.

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "detbench/trace/TraceCatalogLink.hpp"
#include "detbench/trace/TraceJob.hpp"

namespace detbench::trace {

namespace {

// Whether rank `r`'s main thread parted from run 1's in run `run` at or before its op `seq`:
// what it fed a collective after that is not known.
bool partedBefore(const TraceRankResult& r, int run, std::int64_t seq) {
  return std::any_of(
      r.alignment.partings.begin(), r.alignment.partings.end(),
      [&](const TraceParting& p) { return p.run == run && p.thread == 0 && p.seq <= seq; });
}

bool inputDiffered(OpStatus s) {
  return s == OpStatus::Inherited || s == OpStatus::Absorbed || s == OpStatus::Data ||
         s == OpStatus::Uninitialized;
}

OpStatus statusAt(const TraceRankResult& r, int run, std::int64_t seq) {
  if (run < 1 || static_cast<std::size_t>(run) > r.alignment.runs.size() || seq < 1) {
    return OpStatus::NotCompared;
  }
  const auto& statuses = r.alignment.runs[static_cast<std::size_t>(run) - 1].statuses;
  const auto at = static_cast<std::size_t>(seq - 1);
  return at < statuses.size() ? statuses[at] : OpStatus::NotCompared;
}

bool everyRun(const std::vector<int>& runs, const std::function<bool(int)>& holds) {
  return !runs.empty() && std::all_of(runs.begin(), runs.end(), holds);
}

// Moves the causes `from` gives a source for out of `a`, into `into`, their statuses Inherited.
// A source is a rank (0 included), kPoolRank or kScriptRank.
void inherit(TraceAlignment& a, const std::function<std::optional<int>(const TraceCause&)>& from,
             std::vector<RankInheritance>& into) {
  std::vector<TraceCause> kept;
  for (auto& cause : a.causes) {
    const std::optional<int> source = from(cause);
    if (!source) {
      kept.push_back(std::move(cause));
      continue;
    }
    for (const int run : cause.runs) {
      if (run < 1 || static_cast<std::size_t>(run) > a.runs.size()) continue;
      TraceRunSummary& summary = a.runs[static_cast<std::size_t>(run) - 1];
      const auto t = static_cast<std::size_t>(cause.thread);
      std::vector<OpStatus>* statuses = nullptr;
      if (t == 0) {
        statuses = &summary.statuses;
      } else if (t <= summary.threadStatuses.size()) {
        statuses = &summary.threadStatuses[t - 1];
      }
      const auto k = static_cast<std::size_t>(cause.seq - 1);
      if (statuses && k < statuses->size()) (*statuses)[k] = OpStatus::Inherited;
    }
    into.push_back({cause.seq, cause.thread, cause.op.name, *source, cause.runs});
  }
  a.causes = std::move(kept);
}

}  // namespace

void linkPool(TraceAlignment& process, TraceRankResult& pool, std::vector<RankInheritance>& into,
              int owner) {
  // The pool's threads that worked for `owner`.
  const auto owns = [&pool, owner](int thread) {
    if (pool.taskOwners.empty()) return owner == kScriptRank;
    return thread >= 1 && static_cast<std::size_t>(thread) <= pool.taskOwners.size() &&
           pool.taskOwners[static_cast<std::size_t>(thread) - 1] == owner;
  };
  // Decided on the causes as aligned, then applied.
  const auto processCauseIn = [&process](int run) {
    return std::any_of(process.causes.begin(), process.causes.end(), [run](const TraceCause& c) {
      return !cameThroughProcessPool(c) &&
             std::find(c.runs.begin(), c.runs.end(), run) != c.runs.end();
    });
  };
  // Whether a task of `owner` gave other bits than run 1's, or took other ops, in `run`.
  const auto tasksDifferedIn = [&pool, &owns](int run) {
    const auto& a = pool.alignment;
    if (run < 1 || static_cast<std::size_t>(run) > a.runs.size()) return false;
    const TraceRunSummary& summary = a.runs[static_cast<std::size_t>(run) - 1];
    for (std::size_t t = 0; t < summary.threadStatuses.size(); ++t) {
      if (!owns(static_cast<int>(t) + 1)) continue;
      for (const OpStatus status : summary.threadStatuses[t]) {
        if (status != OpStatus::NotCompared && status != OpStatus::Equal &&
            status != OpStatus::Absorbed) {
          return true;
        }
      }
    }
    return std::any_of(a.partings.begin(), a.partings.end(),
                       [&](const TraceParting& p) { return p.run == run && owns(p.thread); });
  };
  std::vector<CauseId> fromProcess, fromTasks;
  for (const auto& c : pool.alignment.causes) {
    if (owns(c.thread) && cameThroughProcessPool(c) && everyRun(c.runs, processCauseIn))
      fromProcess.push_back(causeId(c));
  }
  for (const auto& c : process.causes) {
    if (cameThroughProcessPool(c) && everyRun(c.runs, tasksDifferedIn))
      fromTasks.push_back(causeId(c));
  }
  const auto among = [](const std::vector<CauseId>& ids, int source) {
    return [&ids, source](const TraceCause& c) -> std::optional<int> {
      if (std::find(ids.begin(), ids.end(), causeId(c)) == ids.end()) return std::nullopt;
      return source;
    };
  };
  inherit(pool.alignment, among(fromProcess, owner), pool.inherited);
  inherit(process, among(fromTasks, kPoolRank), into);
}

std::optional<RankDisagreement> findDisagreement(const std::vector<TraceRankResult>& ranks) {
  if (ranks.size() < 2) return std::nullopt;
  std::size_t n = ranks[0].collectiveDigests.size();
  for (const auto& r : ranks) n = std::min(n, r.collectiveDigests.size());
  // The collectives whose every rank receives the same bits: torch.distributed's functions as
  // the probe wraps them, and its ops as DDP calls them from C++ (PyTorch 2.x).
  static const char* const kSameEverywhere[] = {"c10d::all_reduce",
                                                "c10d::broadcast",
                                                "c10d::all_gather",
                                                "c10d::all_gather_into_tensor",
                                                "c10d::_all_gather_base",
                                                "c10d::allreduce_",
                                                "c10d::allreduce_coalesced_",
                                                "c10d::broadcast_",
                                                "c10d::allgather_",
                                                "c10d::_allgather_base_",
                                                "c10d::allgather_into_tensor_coalesced_"};
  for (std::size_t k = 0; k < n; ++k) {
    const std::string& op = ranks[0].collectiveNames[k];
    const bool sameOp = std::all_of(ranks.begin(), ranks.end(), [&](const TraceRankResult& r) {
      return r.collectiveNames[k] == op;
    });
    if (!sameOp)
      return std::nullopt;  // the ranks' collectives part: nothing more to set side by side
    if (std::none_of(std::begin(kSameEverywhere), std::end(kSameEverywhere),
                     [&op](const char* name) { return op == name; })) {
      continue;
    }
    RankDisagreement d{k + 1, op, ranks[0].rank, {}};
    for (std::size_t i = 1; i < ranks.size(); ++i) {
      if (ranks[i].collectiveDigests[k] != ranks[0].collectiveDigests[k]) {
        d.ranks.push_back(ranks[i].rank);
      }
    }
    if (!d.ranks.empty()) return d;
  }
  return std::nullopt;
}

void linkRanks(std::vector<TraceRankResult>& ranks) {
  // Decided on the statuses as aligned, then applied: a rank's collective marked inherited must
  // not look, to the ranks after it, like an input that differed.
  std::vector<std::map<std::int64_t, int>> from(ranks.size());  // cause seq -> source rank
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    const TraceRankResult& r = ranks[i];
    for (const auto& cause : r.alignment.causes) {
      const auto at = std::find(r.collectives.begin(), r.collectives.end(), cause.seq);
      if (cause.thread != 0 || cause.category != CauseCategory::Introduced ||
          !isCollective(cause.op.name) || at == r.collectives.end() || cause.runs.empty()) {
        continue;
      }
      const auto n = static_cast<std::size_t>(at - r.collectives.begin());
      int source = -1;
      bool everyRun = true;
      for (const int run : cause.runs) {
        int here = -1;
        for (std::size_t q = 0; q < ranks.size() && here < 0; ++q) {
          if (q == i || n >= ranks[q].collectives.size()) continue;
          const std::int64_t theirs = ranks[q].collectives[n];
          if (inputDiffered(statusAt(ranks[q], run, theirs)) ||
              partedBefore(ranks[q], run, theirs)) {
            here = ranks[q].rank;
          }
        }
        if (here < 0) {
          everyRun = false;
          break;
        }
        source = source < 0 ? here : std::min(source, here);
      }
      if (everyRun) from[i][cause.seq] = source;
    }
  }
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    const auto& sources = from[i];
    inherit(
        ranks[i].alignment,
        [&sources](const TraceCause& cause) -> std::optional<int> {
          const auto it = sources.find(cause.seq);
          if (cause.thread != 0 || it == sources.end()) return std::nullopt;
          return it->second;
        },
        ranks[i].inherited);
  }
}

}  // namespace detbench::trace
