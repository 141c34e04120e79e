#include "detbench/trace/TraceAlignment.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "DigestSet.hpp"
#include "StoredRun.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/trace/TraceCatalogLink.hpp"

namespace detbench::trace {

namespace {

// An op that writes memory that existed before it: an in-place form (aten::add_.Tensor,
// aten::normal_) or an out= form (aten::add.out).
bool writesInPlace(const std::string& name) {
  const std::string base = atenBaseName(name);
  const std::size_t dot = name.find('.', name.find(base));
  const std::string overload = dot == std::string::npos ? std::string() : name.substr(dot + 1);
  const auto endsWith = [](const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
  };
  return (!base.empty() && base.back() == '_') || overload == "out" || endsWith(overload, "_out");
}

using detail::DigestSet;
using detail::kDigested;
using detail::kEntry;
using detail::StoredOp;
using detail::StoredRun;

// A cause's key: its thread and its op number in that thread (numbers stay below 2^50, threads
// below 2^13).
std::int64_t causeKey(int thread, std::int64_t seq) {
  return (static_cast<std::int64_t>(thread) << 50) | seq;
}
std::int64_t causeKey(const TraceCause& c) {
  return causeKey(c.thread, c.seq);
}
std::int64_t keyOf(const StoredOp& op) {
  return causeKey(static_cast<int>(op.thread), op.seq);
}

std::string threadSuffix(int thread) {
  return thread == 0 ? std::string() : " on thread " + std::to_string(thread);
}

bool sameBits(const TraceTensor& a, const TraceTensor& b) {
  return a.digest == b.digest && a.shape == b.shape && a.dtype == b.dtype;
}

}  // namespace

bool TraceRunSummary::completed() const {
  if (!exit.exited || exit.code != 0 || exit.timedOut || exit.cancelled || !exit.problem.empty())
    return false;
  return end && (end->status == "ok" || (end->status == "exit" && end->exitCode == 0));
}

const std::vector<OpStatus>& TraceRunSummary::statusesOf(int thread) const {
  static const std::vector<OpStatus> kNone;
  if (thread == 0) return statuses;
  const auto t = static_cast<std::size_t>(thread);
  return thread > 0 && t <= threadStatuses.size() ? threadStatuses[t - 1] : kNone;
}

std::int64_t TraceAlignment::comparedOps() const {
  std::int64_t n = 0;
  for (std::size_t i = 1; i < runs.size(); ++i) n = std::max(n, runs[i].compared);
  return n;
}

bool TraceAlignment::reproducible() const {
  if (runs.size() < 2 || !partings.empty() || !causes.empty() || causesTruncated ||
      comparedOps() == 0 || otherThreadOps > 0 || !differingResults.empty()) {
    return false;
  }
  for (const auto& r : runs) {
    if (!r.completed() || r.differing > 0) return false;
  }
  return true;
}

std::string TraceAlignment::threadName(int thread) const {
  for (const auto& t : threads) {
    if (t.thread == thread) return t.name;
  }
  return {};
}

const TraceSite* TraceAlignment::site(int id) const {
  if (id <= 0 || static_cast<std::size_t>(id) > sites.size()) return nullptr;
  return &sites[static_cast<std::size_t>(id) - 1];
}

struct TraceAligner::State {
  AlignOptions options;
  TraceAlignment result;
  StoredRun first;  // run 1, compactly
  // The run in progress.
  int run = 0;
  std::vector<TraceSite> sites;  // this run's, by id - 1
  // This run's place in each thread's ops (0: the main thread).
  struct Lane {
    std::int64_t lastSeq = 0;
    std::size_t position = 0;  // next op of run 1's same thread to compare with
    std::size_t uses = 0;      // this run's uses on the thread so far
    bool parted = false;
    bool interrupted = false;  // run 1: a stop's interrupt came in one of its ops
  };
  // Run 1's uses, by thread, in order (at most kMaxStoredUses in all).
  struct StoredUse {
    std::string what;
    std::vector<std::uint64_t> digests;
  };
  static constexpr std::size_t kMaxStoredUses = 1 << 16;
  static constexpr std::size_t kMaxResultDifferences = 20;
  std::vector<std::vector<StoredUse>> firstUses;
  std::size_t storedUses = 0;
  std::vector<Lane> lanes;
  bool parted = false;            // some thread's ops parted from run 1's
  bool undigestedBefore = false;  // an op outside the window came before in this run
  DigestSet produced;             // digests this run's ops produced
  DigestSet changed;              // of those, the outputs that differ from run 1's at their op
  // Every cause seen, by key (sorted), before they are told apart from notes. A cause's key is
  // its thread and its op number in that thread (causeKey).
  std::vector<TraceCause> all;
  std::unordered_map<std::int64_t, std::size_t> causeIndex;
  // This run's differing digests that causes made, to the causes (keys) that made them.
  std::unordered_map<std::uint64_t, std::vector<std::int64_t>> taint;
  // The causes whose differences this run's ops wrote through views into a larger buffer (a DDP
  // bucket): a reader of the whole, whose digest no op gave, reads them.
  std::vector<std::int64_t> assembledTaint;
  // The causes that reached this run's calls of compiled code (a call that is a cause itself,
  // and the causes whose differences a call passed on): a compiled backward reads what those
  // calls' kernels saved for it, which no recorded op made.
  std::vector<std::int64_t> compiledTaint;
  bool differenceIntoBuffer = false;  // an op of this run wrote other bits through a view
  std::unordered_set<std::int64_t> matteredThisRun;  // causes whose difference reached a result
  // The numbers ops of this run handed to Python (item()) that differ from run 1's there, as
  // (run 1's, this run's): a later op given one of them as an argument got it through the script.
  std::set<std::pair<std::string, std::string>> handedToPython;
  std::set<std::int64_t> mattered;                  // in any run
  std::map<std::int64_t, TraceAbsorber> absorbers;  // the first op that absorbed a cause's
  // The generators' states at each run's end, and whether a run drew from them.
  std::map<std::string, std::set<std::string>> generatorEnds;
  std::set<std::string> generatorsDrawn;

  TraceRunSummary& summary() { return result.runs.back(); }

  Lane& lane(int thread) {
    const auto at = static_cast<std::size_t>(thread);
    if (lanes.size() <= at) lanes.resize(at + 1);
    return lanes[at];
  }

  // Run 1's ops of `thread` (none where it ran none).
  const std::vector<std::uint32_t>& refsOf(int thread) const {
    static const std::vector<std::uint32_t> kNone;
    const auto at = static_cast<std::size_t>(thread);
    return at < first.threads.size() ? first.threads[at] : kNone;
  }

  const TraceSite* siteOf(int id) const {
    if (id <= 0 || static_cast<std::size_t>(id) > sites.size()) return nullptr;
    return &sites[static_cast<std::size_t>(id) - 1];
  }

  void part(PartingKind kind, int thread, std::int64_t seq, const StoredOp* ref,
            const TraceOp* other) {
    parted = true;
    lane(thread).parted = true;
    TraceParting p;
    p.run = run;
    p.thread = thread;
    p.seq = seq;
    p.kind = kind;
    if (ref) {
      p.reference = first.names.text(ref->name);
      if (const TraceSite* s = result.site(static_cast<int>(ref->site))) p.referenceSite = *s;
    }
    if (other) {
      p.other = other->name;
      if (const TraceSite* s = siteOf(other->site)) p.otherSite = *s;
    }
    result.partings.push_back(std::move(p));
  }

  void addCause(const StoredOp& ref, CauseCategory category, std::vector<int> inputs,
                std::vector<int> outputs, std::vector<ArgumentDifference> arguments = {}) {
    const auto found = causeIndex.find(keyOf(ref));
    if (found != causeIndex.end()) {
      TraceCause& c = all[found->second];
      if (std::find(c.runs.begin(), c.runs.end(), run) == c.runs.end()) c.runs.push_back(run);
      for (const int j : inputs) {
        if (std::find(c.inputs.begin(), c.inputs.end(), j) == c.inputs.end()) c.inputs.push_back(j);
      }
      for (auto& d : arguments) {
        const bool known =
            std::any_of(c.arguments.begin(), c.arguments.end(),
                        [&d](const ArgumentDifference& x) { return x.name == d.name; });
        if (!known) c.arguments.push_back(std::move(d));
      }
      return;
    }
    if (all.size() >= options.maxCauses) {
      result.causesTruncated = true;
      return;
    }
    TraceCause c;
    c.seq = ref.seq;
    c.thread = static_cast<int>(ref.thread);
    c.category = category;
    c.op = first.opOf(ref);
    if (const TraceSite* s = result.site(static_cast<int>(ref.site))) c.site = *s;
    c.runs.push_back(run);
    c.inputs = std::move(inputs);
    c.outputs = std::move(outputs);
    c.arguments = std::move(arguments);
    const auto at =
        std::lower_bound(all.begin(), all.end(), causeKey(c),
                         [](const TraceCause& x, std::int64_t key) { return causeKey(x) < key; });
    all.insert(at, std::move(c));
    causeIndex.clear();
    for (std::size_t i = 0; i < all.size(); ++i) causeIndex[causeKey(all[i])] = i;
  }

  bool known(std::int64_t key) const { return causeIndex.count(key) != 0; }

  // The causes behind this run's differing digest `d` (none where no cause made it).
  const std::vector<std::int64_t>* taintOf(std::uint64_t d) const {
    const auto it = taint.find(d);
    return it == taint.end() ? nullptr : &it->second;
  }

  void addTaint(std::uint64_t d, std::int64_t key) {
    auto& keys = taint[d];
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  }

  void markMattered(const std::vector<std::int64_t>& seqs) {
    for (const auto q : seqs) {
      matteredThisRun.insert(q);
      mattered.insert(q);
    }
  }

  void rememberOutputs(const TraceOp& op) {
    for (const auto& t : op.outputs) {
      if (t.digest) produced.insert(*t.digest);
    }
  }

  OpStatus compare(const TraceOp& op) {
    Lane& l = lane(op.thread);
    if (l.parted) return OpStatus::NotCompared;
    const auto& refs = refsOf(op.thread);
    if (l.position >= refs.size()) {
      // Run 1 stopped at the timeout or a cancel: the runs are compared over the ops both
      // reached, and this run going on is no parting.
      const TraceRunExit& one = result.runs.front().exit;
      if (one.timedOut || one.cancelled) {
        parted = true;
        l.parted = true;
        return OpStatus::NotCompared;
      }
      part(PartingKind::ReferenceEnded, op.thread, op.seq, nullptr, &op);
      return OpStatus::NotCompared;
    }
    const StoredOp& ref = first.ops[refs[l.position++]];
    if (first.names.text(ref.name) != op.name) {
      part(PartingKind::DifferentOp, op.thread, op.seq, &ref, &op);
      return OpStatus::NotCompared;
    }
    if (!(ref.flags & kDigested) || !op.digested) {
      rememberOutputs(op);
      undigestedBefore = true;
      return OpStatus::NotCompared;
    }
    if (ref.inputs != op.inputs.size() || ref.outputs != op.outputs.size()) {
      part(PartingKind::DifferentTensors, op.thread, op.seq, &ref, &op);
      return OpStatus::NotCompared;
    }
    std::vector<int> fromOutside, fromUninitialized, chosen;
    std::vector<std::int64_t> reached;  // causes whose differences this op reads
    bool inherited = false;
    // An input the probe could not read (a nested tensor): a difference may be in it.
    bool unreadInput = false;
    for (std::size_t j = 0; j < op.inputs.size(); ++j) {
      const TraceTensor a = first.storedInput(ref, j);
      const TraceTensor& b = op.inputs[j];
      if (!a.digest || !b.digest) {
        if (a.shape != b.shape || a.dtype != b.dtype) inherited = true;
        if (a.opaque || b.opaque) unreadInput = true;
        continue;
      }
      if (sameBits(a, b)) continue;
      // Memory no op wrote is read afresh by each reader (three detaches of one torch.empty):
      // its difference is each reader's own, not passed on from an earlier one.
      const auto* seqs = b.uninitialized ? nullptr : taintOf(*b.digest);
      if (seqs) {
        reached.insert(reached.end(), seqs->begin(), seqs->end());
      } else if (b.assembled) {
        reached.insert(reached.end(), assembledTaint.begin(), assembledTaint.end());
      } else if (op.fromCompiledCode || b.madeByCompiledCode) {
        reached.insert(reached.end(), compiledTaint.begin(), compiledTaint.end());
      }
      if (b.uninitialized ||
          (b.partlyUninitialized && !seqs && !(b.assembled && differenceIntoBuffer))) {
        // (Partly written, no difference written into it: what differs is the unwritten part.)
        fromUninitialized.push_back(static_cast<int>(j));
      } else if (!produced.contains(*b.digest) && !undigestedBefore &&
                 !(b.assembled && differenceIntoBuffer) &&
                 !((op.fromCompiledCode || b.madeByCompiledCode) && !compiledTaint.empty())) {
        // (A buffer filled through views that no difference was written into, and that reads
        // otherwise: what it holds came from elsewhere, as data.)
        fromOutside.push_back(static_cast<int>(j));
        produced.insert(*b.digest);  // later readers of the same data inherit it
        changed.insert(*b.digest);
      } else if (!seqs && !undigestedBefore && !b.assembled && !changed.contains(*b.digest) &&
                 !op.fromCompiledCode && !b.madeByCompiledCode) {
        // Made by an op of this run that gave run 1's bits there: another of this run's
        // tensors than run 1 gave the op here.
        chosen.push_back(static_cast<int>(j));
      } else {
        // Made by an earlier op of this run (whole, or piece by piece through views: a DDP
        // bucket), or perhaps by one before the window (whose outputs were not digested): not
        // data from outside.
        inherited = true;
      }
    }
    std::vector<ArgumentDifference> arguments = argumentDifferences(ref, op);
    if (auto handed = returnedDifference(ref, op)) handedToPython.insert(std::move(*handed));
    std::vector<int> differingOutputs;
    // An output with bits that were not digested in some run (the probe could not read them):
    // whether a difference read by the op went on is not known, so it is taken to go on.
    bool unseenOutput = false;
    for (std::size_t j = 0; j < op.outputs.size(); ++j) {
      const TraceTensor a = first.storedOutput(ref, j);
      const TraceTensor& b = op.outputs[j];
      if ((!a.digest || !b.digest) && !a.uninitialized && !b.uninitialized && !a.opaque &&
          !b.opaque) {
        unseenOutput = true;
      }
      const bool differ =
          (a.digest && b.digest) ? !sameBits(a, b) : (a.shape != b.shape || a.dtype != b.dtype);
      if (differ) differingOutputs.push_back(static_cast<int>(j));
    }
    // Data that enters (torch.load, a tensor set over a storage) with bits this run's ops made
    // differently before it (torch.save, then torch.load): no new difference, the earlier one
    // come back.
    const bool entry = (ref.flags & kEntry) != 0;
    std::vector<std::int64_t> cameBack;
    const bool returns = entry && !differingOutputs.empty() &&
                         std::all_of(differingOutputs.begin(), differingOutputs.end(), [&](int j) {
                           const auto& d = op.outputs[static_cast<std::size_t>(j)].digest;
                           if (!d || !changed.contains(*d)) return false;
                           if (const auto* seqs = taintOf(*d))
                             cameBack.insert(cameBack.end(), seqs->begin(), seqs->end());
                           return true;
                         });
    rememberOutputs(op);
    for (const int j : differingOutputs) {
      if (const auto& d = op.outputs[static_cast<std::size_t>(j)].digest) changed.insert(*d);
    }
    const bool intoBuffer =
        std::any_of(differingOutputs.begin(), differingOutputs.end(),
                    [&op](int j) { return op.outputs[static_cast<std::size_t>(j)].assembled; });
    if (intoBuffer) {
      differenceIntoBuffer = true;
      addAssembled(reached);
    }
    // An op without tensor outputs that reads a difference hands a value to Python (item(), a
    // comparison, an error): the difference reaches the script.
    const bool toPython = op.outputs.empty();
    const bool passesOn = !differingOutputs.empty() || toPython || unseenOutput;
    if (!reached.empty()) {
      if (passesOn) {
        markMattered(reached);
      } else {
        for (const auto q : reached) absorb(q, op);
      }
    }
    // A call of compiled code that passes a difference on saved it for its backward too.
    const bool compiledCall = op.name.rfind("compiled::", 0) == 0;
    if (compiledCall && passesOn) addCompiled(reached);
    OpStatus status = OpStatus::Equal;
    if (!fromUninitialized.empty()) {
      addCause(ref, CauseCategory::Uninitialized, fromUninitialized, differingOutputs);
      status = OpStatus::Uninitialized;
    } else if (!fromOutside.empty()) {
      promoteWriters(op.thread, op.seq);
      addCause(ref, CauseCategory::Data, fromOutside, differingOutputs);
      status = OpStatus::Data;
    } else if (inherited || (unreadInput && !differingOutputs.empty())) {
      // (Outputs that differ from equal inputs and one it could not read: that one, as far as
      // can be told, as the nested tensor a transformer's fast path pads back.)
      return passesOn ? OpStatus::Inherited : OpStatus::Absorbed;
    } else if (!chosen.empty()) {
      addCause(ref, CauseCategory::Data, chosen, differingOutputs);
      if (const auto found = causeIndex.find(keyOf(ref)); found != causeIndex.end()) {
        all[found->second].chosen = true;
      }
      status = OpStatus::Data;
    } else if (!arguments.empty() &&
               std::all_of(arguments.begin(), arguments.end(), [this](const auto& d) {
                 return handedToPython.contains({d.reference, d.other});
               })) {
      // Numbers the script took out of tensors that differ (item()) and handed to this op: the
      // difference came through Python from those, not from outside.
      return passesOn ? OpStatus::Inherited : OpStatus::Absorbed;
    } else if (!arguments.empty()) {
      addCause(ref, CauseCategory::Data, {}, differingOutputs, std::move(arguments));
      status = OpStatus::Data;
    } else if (differingOutputs.empty()) {
      return OpStatus::Equal;
    } else if (returns) {
      markMattered(cameBack);
      return OpStatus::Inherited;
    } else {
      addCause(ref, entry ? CauseCategory::Data : CauseCategory::Introduced, {}, differingOutputs);
      status = entry ? OpStatus::Data : OpStatus::Introduced;
    }
    // A cause: what it made that differs is followed to see whether it reaches a result.
    const std::int64_t key = keyOf(ref);
    if (const auto found = causeIndex.find(key); found != causeIndex.end()) {
      TraceCause& c = all[found->second];
      if (!c.kernels) c.kernels = compareKernels(c.op, op, run);
      if (!c.generator) c.generator = generatorOf(ref, op);
    }
    if (intoBuffer) addAssembled({key});
    if (compiledCall) addCompiled({key});
    if (!known(key)) return status;  // past the causes kept: counted as mattering
    for (const int j : differingOutputs) {
      const auto& t = op.outputs[static_cast<std::size_t>(j)];
      if (t.digest) addTaint(*t.digest, key);
    }
    for (const int j : fromOutside) addTaint(*op.inputs[static_cast<std::size_t>(j)].digest, key);
    if (toPython || unseenOutput) {
      markMattered({key});
    } else if (differingOutputs.empty()) {
      absorb(key, op);  // the data that came in was absorbed by the op that read it
    }
    return status;
  }

  void addAssembled(const std::vector<std::int64_t>& seqs) {
    for (const auto q : seqs) {
      if (std::find(assembledTaint.begin(), assembledTaint.end(), q) == assembledTaint.end()) {
        assembledTaint.push_back(q);
      }
    }
  }

  void addCompiled(const std::vector<std::int64_t>& seqs) {
    for (const auto q : seqs) {
      if (std::find(compiledTaint.begin(), compiledTaint.end(), q) == compiledTaint.end()) {
        compiledTaint.push_back(q);
      }
    }
  }

  void absorb(std::int64_t key, const TraceOp& op) {
    if (absorbers.count(key)) return;
    TraceAbsorber a;
    a.seq = op.seq;
    a.thread = op.thread;
    a.name = op.name;
    if (const TraceSite* s = siteOf(op.site)) a.site = *s;
    absorbers.emplace(key, std::move(a));
  }

  // The value of the scalar `name` among `scalars` (nullptr: none).
  static const std::string* scalarNamed(
      const std::vector<std::pair<std::string, std::string>>& scalars, std::string_view name) {
    for (const auto& [key, value] : scalars) {
      if (key == name) return &value;
    }
    return nullptr;
  }

  // A random op's generator in run 1 and in this run (none where the probe recorded none).
  std::optional<ArgumentDifference> generatorOf(const StoredOp& ref, const TraceOp& op) const {
    const std::string* mine = scalarNamed(first.scalarSets[ref.scalars], kGeneratorArgument);
    const std::string* theirs = scalarNamed(op.scalars, kGeneratorArgument);
    if (!mine || !theirs) return std::nullopt;
    return ArgumentDifference{kGeneratorArgument, *mine, *theirs, run};
  }

  std::vector<ArgumentDifference> argumentDifferences(const StoredOp& ref,
                                                      const TraceOp& op) const {
    std::vector<ArgumentDifference> out;
    const auto& mine = first.scalarSets[ref.scalars];
    if (mine == op.scalars) return out;
    for (const auto& [name, value] : op.scalars) {
      if (name == kGeneratorArgument || name == kReturnedValue) continue;
      const auto it = std::find_if(mine.begin(), mine.end(),
                                   [&name = name](const auto& kv) { return kv.first == name; });
      const std::string reference = it == mine.end() ? std::string() : it->second;
      if (reference != value) out.push_back({name, reference, value, run});
    }
    for (const auto& [name, value] : mine) {
      if (name == kGeneratorArgument || name == kReturnedValue) continue;
      const bool present = std::any_of(op.scalars.begin(), op.scalars.end(),
                                       [&name = name](const auto& kv) { return kv.first == name; });
      if (!present) out.push_back({name, value, std::string(), run});
    }
    return out;
  }

  // The number the op handed to Python, as (run 1's, this run's), where the two differ.
  std::optional<std::pair<std::string, std::string>> returnedDifference(const StoredOp& ref,
                                                                        const TraceOp& op) const {
    const std::string* mine = scalarNamed(first.scalarSets[ref.scalars], kReturnedValue);
    const std::string* theirs = scalarNamed(op.scalars, kReturnedValue);
    if (!mine || !theirs || *mine == *theirs) return std::nullopt;
    return std::make_pair(*mine, *theirs);
  }

  // The differences of this run before op `seq` of `thread` that seemed to reach nothing and
  // were written into memory that existed before (an in-place op, an out= form): a view or a
  // NumPy array taken of that memory earlier reads them without an op the digests follow. They
  // count as mattering; an op's fresh output (a library's scratch workspace) cannot be read so.
  std::vector<CauseId> promoteWriters(int thread, std::int64_t seq) {
    std::vector<CauseId> promoted;
    for (const auto& c : all) {
      if (std::find(c.runs.begin(), c.runs.end(), run) == c.runs.end()) continue;
      if (c.thread == thread && c.seq >= seq) continue;
      const std::int64_t key = causeKey(c);
      if (matteredThisRun.count(key) || !writesInPlace(c.op.name)) continue;
      promoted.push_back(causeId(c));
      markMattered({key});
    }
    return promoted;
  }

  void onUse(const TraceUse& use) {
    const auto th = static_cast<std::size_t>(use.thread);
    if (run == 1) {
      if (storedUses >= kMaxStoredUses) return;
      if (firstUses.size() <= th) firstUses.resize(th + 1);
      firstUses[th].push_back({use.what, use.digests});
      ++storedUses;
      return;
    }
    // A digest a cause made is its own; one an op made that differs from run 1's there was
    // made from a difference that op read, which mattered then (compare).
    bool tainted = false;
    for (const auto d : use.digests) {
      if (const auto* seqs = taintOf(d)) {
        markMattered(*seqs);
        tainted = true;
      } else if (changed.contains(d)) {
        tainted = true;
      }
    }
    Lane& l = lane(use.thread);
    const std::size_t at = l.uses++;
    if (tainted || l.parted || th >= firstUses.size() || at >= firstUses[th].size()) return;
    const StoredUse& ref = firstUses[th][at];
    if (ref.what != use.what || ref.digests == use.digests) return;
    // A result differs and no difference the alignment followed reaches it: the differences
    // before it that seemed to reach nothing may reach it through memory the digests cannot
    // follow (a view taken before a write, a NumPy array over a tensor's memory).
    TraceResultDifference d;
    d.run = run;
    d.thread = use.thread;
    d.seq = use.seq;
    d.what = use.what;
    if (const TraceSite* s = siteOf(use.site)) d.site = *s;
    d.suspects = promoteWriters(use.thread, use.seq + 1);
    auto& kept = result.differingResults;
    const bool firstOfRun =
        std::none_of(kept.begin(), kept.end(), [this](const auto& x) { return x.run == run; });
    if (firstOfRun && kept.size() < kMaxResultDifferences) kept.push_back(std::move(d));
  }

  // After run k: the causes seen in it whose differences reached nothing are notes there, and
  // the causes and notes are told apart over all runs so far.
  void settle(const TraceRunExit& exit) {
    TraceRunSummary& s = summary();
    if (s.end) result.otherThreadOps = std::max(result.otherThreadOps, s.end->otherThreadOps);
    if (const auto& end = s.end) {
      for (const auto& [name, states] : end->generators) {
        generatorEnds[name].insert(states.second);
        if (states.first != states.second) generatorsDrawn.insert(name);
      }
    }
    result.unseededGenerators.clear();
    for (const auto& [name, ends] : generatorEnds) {
      if (ends.size() > 1 && generatorsDrawn.count(name)) result.unseededGenerators.push_back(name);
    }
    if (run < 2) return;
    // Where the run did not complete or its ops parted from run 1's, nothing is known of where
    // its differences went: every cause it showed matters.
    const bool whole = s.completed() && !parted && exit.problem.empty();
    for (auto& c : all) {
      if (std::find(c.runs.begin(), c.runs.end(), run) == c.runs.end()) continue;
      const std::int64_t key = causeKey(c);
      if (!whole) {
        matteredThisRun.insert(key);
        mattered.insert(key);
      }
      if (matteredThisRun.count(key)) continue;
      const auto at = static_cast<std::size_t>(c.seq - 1);
      std::vector<OpStatus>* statuses = &s.statuses;
      if (c.thread > 0) {
        const auto t = static_cast<std::size_t>(c.thread);
        statuses = t <= s.threadStatuses.size() ? &s.threadStatuses[t - 1] : nullptr;
      }
      if (statuses != nullptr && at < statuses->size() && isCause((*statuses)[at])) {
        (*statuses)[at] = OpStatus::Unused;
      }
      if (s.differing > 0) --s.differing;
    }
    result.causes.clear();
    result.notes.clear();
    for (const auto& c : all) {
      TraceCause copy = c;
      copy.matters = mattered.count(causeKey(c)) != 0;
      if (!copy.matters) {
        if (const auto a = absorbers.find(causeKey(c)); a != absorbers.end()) {
          copy.absorbedBy = a->second;
        }
      }
      (copy.matters ? result.causes : result.notes).push_back(std::move(copy));
    }
  }

  void onOp(const TraceOp& op) {
    DETBENCH_CHECK_ARG(op.thread >= 0 && op.thread <= kMaxScriptThreads,
                       "thread " + std::to_string(op.thread) + " out of range");
    Lane& l = lane(op.thread);
    DETBENCH_CHECK_ARG(op.seq == l.lastSeq + 1, "op " + std::to_string(op.seq) + " came after op " +
                                                    std::to_string(l.lastSeq) +
                                                    threadSuffix(op.thread));
    l.lastSeq = op.seq;
    TraceRunSummary& s = summary();
    ++s.ops;
    OpStatus status = OpStatus::NotCompared;
    // An op that the timeout's or a cancel's interrupt (KeyboardInterrupt) came in ended half
    // way, without outputs: the runs are compared over the ops before it, on its thread.
    const bool interrupted = op.raised && s.lastRaise && s.lastRaise->seq == op.seq &&
                             s.lastRaise->thread == op.thread &&
                             s.lastRaise->type == "KeyboardInterrupt";
    if (run == 1 && (interrupted || l.interrupted)) {
      l.interrupted = true;
    } else if (run > 1 && interrupted) {
      parted = true;
      l.parted = true;
    } else if (run == 1) {
      first.store(op);
      if (op.digested) {
        status = OpStatus::Equal;
        ++s.compared;
      }
    } else {
      status = compare(op);
      if (status != OpStatus::NotCompared) ++s.compared;
      if (status != OpStatus::NotCompared && status != OpStatus::Equal) {
        if (s.firstDifference == 0 && op.thread == 0) s.firstDifference = op.seq;
        if (status != OpStatus::Absorbed) ++s.differing;
      }
    }
    if (options.keepStatuses) {
      if (op.thread == 0) {
        s.statuses.push_back(status);
      } else {
        const auto t = static_cast<std::size_t>(op.thread);
        if (s.threadStatuses.size() < t) s.threadStatuses.resize(t);
        s.threadStatuses[t - 1].push_back(status);
      }
    }
  }
};

TraceAligner::TraceAligner(AlignOptions options) : state_(std::make_unique<State>()) {
  state_->options = options;
}

TraceAligner::~TraceAligner() = default;

void TraceAligner::beginRun() {
  State& s = *state_;
  ++s.run;
  s.sites.clear();
  s.lanes.assign(s.first.threads.size(), State::Lane{});
  s.parted = false;
  s.undigestedBefore = false;
  s.produced.clear();
  s.changed.clear();
  s.taint.clear();
  s.assembledTaint.clear();
  s.compiledTaint.clear();
  s.differenceIntoBuffer = false;
  s.matteredThisRun.clear();
  s.handedToPython.clear();
  TraceRunSummary summary;
  summary.run = s.run;
  s.result.runs.push_back(std::move(summary));
}

void TraceAligner::add(const TraceEvent& event) {
  State& s = *state_;
  DETBENCH_CHECK_ARG(s.run > 0, "a record before the first run");
  TraceRunSummary& summary = s.summary();
  if (const auto* op = std::get_if<TraceOp>(&event)) {
    s.onOp(*op);
  } else if (const auto* site = std::get_if<TraceSite>(&event)) {
    DETBENCH_CHECK_ARG(static_cast<std::size_t>(site->id) == s.sites.size() + 1,
                       "call site " + std::to_string(site->id) + " out of order");
    s.sites.push_back(*site);
    if (s.run == 1) s.result.sites.push_back(*site);
  } else if (const auto* start = std::get_if<TraceStart>(&event)) {
    summary.start = *start;
  } else if (const auto* end = std::get_if<TraceEnd>(&event)) {
    summary.end = *end;
  } else if (const auto* raised = std::get_if<TraceRaise>(&event)) {
    summary.lastRaise = *raised;
    summary.lastRaiseSite.reset();
    if (const TraceSite* where = s.siteOf(raised->site)) summary.lastRaiseSite = *where;
  } else if (const auto* warning = std::get_if<TraceWarning>(&event)) {
    if (summary.warnings.size() < 100) summary.warnings.push_back(*warning);
  } else if (const auto* fatal = std::get_if<TraceFatal>(&event)) {
    summary.fatal = *fatal;
  } else if (const auto* file = std::get_if<TraceFileRead>(&event)) {
    if (summary.earlierFiles.size() < kMaxEarlierFiles) {
      TraceEarlierFile f{file->path, file->thread, file->seq, std::nullopt};
      if (const TraceSite* where = s.siteOf(file->site)) f.site = *where;
      summary.earlierFiles.push_back(std::move(f));
    }
  } else if (const auto* use = std::get_if<TraceUse>(&event)) {
    s.onUse(*use);
  } else if (const auto* thread = std::get_if<TraceThread>(&event)) {
    if (s.run == 1 && s.result.threads.size() < static_cast<std::size_t>(kMaxScriptThreads)) {
      s.result.threads.push_back(*thread);
    }
  }
}

void TraceAligner::endRun(const TraceRunExit& exit) {
  State& s = *state_;
  DETBENCH_CHECK_ARG(s.run > 0, "the end of a run before the first run");
  s.summary().exit = exit;
  // A run stopped at the timeout or a cancel ends early by design: compared over the ops both
  // reached, it does not part.
  // Each thread of run 1 whose ops this run did not reach to their end parts where it stopped.
  for (std::size_t th = 0; s.run > 1 && th < s.first.threads.size(); ++th) {
    const int thread = static_cast<int>(th);
    const State::Lane& l = s.lane(thread);
    const auto& refs = s.first.threads[th];
    if (l.parted || l.position >= refs.size() || exit.timedOut || exit.cancelled) continue;
    const StoredOp& ref = s.first.ops[refs[l.position]];
    s.part(PartingKind::RunEnded, thread, ref.seq, &ref, nullptr);
  }
  s.settle(exit);
  s.produced.clear();
  s.changed.clear();
  s.taint.clear();
}

std::size_t TraceAligner::heldBytes() const {
  const State& s = *state_;
  std::size_t statuses = 0;
  for (const auto& r : s.result.runs) {
    statuses += r.statuses.capacity();
    for (const auto& t : r.threadStatuses) statuses += t.capacity();
  }
  return s.first.bytes() + s.produced.bytes() + s.changed.bytes() + s.taint.size() * 64 + statuses;
}

const TraceAlignment& TraceAligner::result() const {
  return state_->result;
}

}  // namespace detbench::trace
