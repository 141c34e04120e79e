#include "detbench/trace/TraceAlignment.hpp"

#include <algorithm>
#include <unordered_map>

#include "detbench/base/Error.hpp"

namespace detbench::trace {

namespace {

// Strings seen again and again (op names, layouts) kept once.
class Interner {
 public:
  std::uint32_t id(const std::string& text) {
    const auto [it, added] = ids_.try_emplace(text, static_cast<std::uint32_t>(texts_.size()));
    if (added) texts_.push_back(text);
    return it->second;
  }
  const std::string& text(std::uint32_t id) const { return texts_[id]; }
  std::size_t bytes() const {
    std::size_t n = 0;
    for (const auto& t : texts_) n += 2 * t.size() + 64;
    return n;
  }

 private:
  std::unordered_map<std::string, std::uint32_t> ids_;
  std::vector<std::string> texts_;
};

// A set of 64-bit digests: open addressing, linear probing, at most half full.
class DigestSet {
 public:
  void insert(std::uint64_t x) {
    if (x == 0) {
      hasZero_ = true;
      return;
    }
    if (2 * (count_ + 1) > slots_.size()) grow();
    std::size_t i = slot(x);
    while (slots_[i] != 0) {
      if (slots_[i] == x) return;
      i = (i + 1) & (slots_.size() - 1);
    }
    slots_[i] = x;
    ++count_;
  }
  bool contains(std::uint64_t x) const {
    if (x == 0) return hasZero_;
    if (slots_.empty()) return false;
    for (std::size_t i = slot(x); slots_[i] != 0; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i] == x) return true;
    }
    return false;
  }
  void clear() {
    slots_.clear();
    slots_.shrink_to_fit();
    count_ = 0;
    hasZero_ = false;
  }
  std::size_t bytes() const { return slots_.capacity() * sizeof(std::uint64_t); }

 private:
  std::size_t slot(std::uint64_t x) const {
    return static_cast<std::size_t>((x * 0x9e3779b97f4a7c15ULL) >> 17) & (slots_.size() - 1);
  }
  void grow() {
    std::vector<std::uint64_t> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : 2 * old.size(), 0);
    count_ = 0;
    for (const std::uint64_t x : old) {
      if (x != 0) insert(x);
    }
  }
  std::vector<std::uint64_t> slots_;
  std::size_t count_ = 0;
  bool hasZero_ = false;
};

struct Layout {
  std::string dtype;
  Shape shape;
  std::string device;
};

constexpr std::uint8_t kHasDigest = 1, kUninitialized = 2, kOpaque = 4;

struct StoredTensor {
  std::uint64_t digest = 0;
  std::uint32_t layout = 0;
  std::uint8_t flags = 0;
};

constexpr std::uint8_t kDigested = 1, kEntry = 2;

struct StoredOp {
  std::int64_t seq = 0;
  std::uint64_t first = 0;  // its first tensor in `tensors`: inputs, then outputs
  std::uint32_t name = 0;
  std::uint32_t site = 0;
  std::uint32_t scalars = 0;
  std::uint16_t inputs = 0;
  std::uint16_t outputs = 0;
  std::uint8_t flags = 0;
};

std::string layoutKey(const TraceTensor& t) {
  std::string key = t.dtype;
  key.push_back('|');
  key.append(t.device);
  for (const auto d : t.shape) {
    key.push_back('|');
    key.append(std::to_string(d));
  }
  return key;
}

std::string scalarsKey(const TraceOp& op) {
  std::string key;
  for (const auto& [k, v] : op.scalars) {
    key.append(k).push_back('\x1f');
    key.append(v).push_back('\x1e');
  }
  return key;
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

bool TraceAlignment::reproducible() const {
  if (runs.size() < 2 || !partings.empty()) return false;
  for (const auto& r : runs) {
    if (!r.completed() || r.differing > 0) return false;
  }
  return true;
}

const TraceSite* TraceAlignment::site(int id) const {
  if (id <= 0 || static_cast<std::size_t>(id) > sites.size()) return nullptr;
  return &sites[static_cast<std::size_t>(id) - 1];
}

struct TraceAligner::State {
  AlignOptions options;
  TraceAlignment result;
  // Run 1, compactly.
  Interner names, layoutKeys, scalarKeys;
  std::vector<Layout> layouts;
  std::vector<std::vector<std::pair<std::string, std::string>>> scalarSets;
  std::vector<StoredOp> ops;
  std::vector<StoredTensor> tensors;
  // The run in progress.
  int run = 0;
  std::int64_t lastSeq = 0;
  std::vector<TraceSite> sites;  // this run's, by id - 1
  std::size_t position = 0;      // next op of run 1 to compare with
  bool parted = false;
  DigestSet produced;  // digests this run's ops produced
  std::unordered_map<std::int64_t, std::size_t> causeIndex;

  TraceRunSummary& summary() { return result.runs.back(); }

  std::uint32_t layoutOf(const TraceTensor& t) {
    const std::uint32_t id = layoutKeys.id(layoutKey(t));
    if (id == layouts.size()) layouts.push_back(Layout{t.dtype, t.shape, t.device});
    return id;
  }

  void store(const TraceOp& op) {
    StoredOp s;
    s.seq = op.seq;
    s.first = tensors.size();
    s.name = names.id(op.name);
    s.site = static_cast<std::uint32_t>(op.site);
    s.flags = static_cast<std::uint8_t>((op.digested ? kDigested : 0) | (op.entry ? kEntry : 0));
    if (op.digested) {
      const std::uint32_t sc = scalarKeys.id(scalarsKey(op));
      if (sc == scalarSets.size()) scalarSets.push_back(op.scalars);
      s.scalars = sc;
      s.inputs = static_cast<std::uint16_t>(op.inputs.size());
      s.outputs = static_cast<std::uint16_t>(op.outputs.size());
      for (const auto* list : {&op.inputs, &op.outputs}) {
        for (const auto& t : *list) {
          StoredTensor st;
          st.digest = t.digest.value_or(0);
          st.layout = layoutOf(t);
          st.flags = static_cast<std::uint8_t>((t.digest ? kHasDigest : 0) |
                                               (t.uninitialized ? kUninitialized : 0) |
                                               (t.opaque ? kOpaque : 0));
          tensors.push_back(st);
        }
      }
    }
    ops.push_back(s);
  }

  TraceTensor tensorOf(const StoredTensor& st) const {
    TraceTensor t;
    if (st.flags & kHasDigest) t.digest = st.digest;
    const Layout& l = layouts[st.layout];
    t.dtype = l.dtype;
    t.shape = l.shape;
    t.device = l.device;
    t.uninitialized = (st.flags & kUninitialized) != 0;
    t.opaque = (st.flags & kOpaque) != 0;
    return t;
  }

  TraceOp opOf(const StoredOp& s) const {
    TraceOp op;
    op.seq = s.seq;
    op.name = names.text(s.name);
    op.site = static_cast<int>(s.site);
    op.digested = (s.flags & kDigested) != 0;
    op.entry = (s.flags & kEntry) != 0;
    if (op.digested) {
      op.scalars = scalarSets[s.scalars];
      for (std::uint64_t i = 0; i < s.inputs; ++i)
        op.inputs.push_back(tensorOf(tensors[s.first + i]));
      for (std::uint64_t i = 0; i < s.outputs; ++i) {
        op.outputs.push_back(tensorOf(tensors[s.first + s.inputs + i]));
      }
    }
    return op;
  }

  TraceTensor storedInput(const StoredOp& s, std::size_t j) const {
    return tensorOf(tensors[s.first + j]);
  }

  const TraceSite* siteOf(int id) const {
    if (id <= 0 || static_cast<std::size_t>(id) > sites.size()) return nullptr;
    return &sites[static_cast<std::size_t>(id) - 1];
  }

  void part(PartingKind kind, std::int64_t seq, const StoredOp* ref, const TraceOp* other) {
    parted = true;
    TraceParting p;
    p.run = run;
    p.seq = seq;
    p.kind = kind;
    if (ref) {
      p.reference = names.text(ref->name);
      if (const TraceSite* s = result.site(static_cast<int>(ref->site))) p.referenceSite = *s;
    }
    if (other) {
      p.other = other->name;
      if (const TraceSite* s = siteOf(other->site)) p.otherSite = *s;
    }
    result.partings.push_back(std::move(p));
  }

  void addCause(const StoredOp& ref, CauseCategory category, std::vector<int> inputs,
                std::vector<int> outputs) {
    const auto found = causeIndex.find(ref.seq);
    if (found != causeIndex.end()) {
      TraceCause& c = result.causes[found->second];
      if (std::find(c.runs.begin(), c.runs.end(), run) == c.runs.end()) c.runs.push_back(run);
      for (const int j : inputs) {
        if (std::find(c.inputs.begin(), c.inputs.end(), j) == c.inputs.end()) c.inputs.push_back(j);
      }
      return;
    }
    if (result.causes.size() >= options.maxCauses) {
      result.causesTruncated = true;
      return;
    }
    TraceCause c;
    c.seq = ref.seq;
    c.category = category;
    c.op = opOf(ref);
    if (const TraceSite* s = result.site(static_cast<int>(ref.site))) c.site = *s;
    c.runs.push_back(run);
    c.inputs = std::move(inputs);
    c.outputs = std::move(outputs);
    const auto at =
        std::lower_bound(result.causes.begin(), result.causes.end(), c.seq,
                         [](const TraceCause& a, std::int64_t seq) { return a.seq < seq; });
    result.causes.insert(at, std::move(c));
    causeIndex.clear();
    for (std::size_t i = 0; i < result.causes.size(); ++i) causeIndex[result.causes[i].seq] = i;
  }

  void rememberOutputs(const TraceOp& op) {
    for (const auto& t : op.outputs) {
      if (t.digest) produced.insert(*t.digest);
    }
  }

  OpStatus compare(const TraceOp& op) {
    if (parted) return OpStatus::NotCompared;
    if (position >= ops.size()) {
      part(PartingKind::ReferenceEnded, op.seq, nullptr, &op);
      return OpStatus::NotCompared;
    }
    const StoredOp& ref = ops[position++];
    if (names.text(ref.name) != op.name) {
      part(PartingKind::DifferentOp, op.seq, &ref, &op);
      return OpStatus::NotCompared;
    }
    if (!(ref.flags & kDigested) || !op.digested) {
      rememberOutputs(op);
      return OpStatus::NotCompared;
    }
    if (ref.inputs != op.inputs.size() || ref.outputs != op.outputs.size()) {
      part(PartingKind::DifferentTensors, op.seq, &ref, &op);
      return OpStatus::NotCompared;
    }
    std::vector<int> fromOutside, fromUninitialized;
    bool inherited = false;
    for (std::size_t j = 0; j < op.inputs.size(); ++j) {
      const TraceTensor a = storedInput(ref, j);
      const TraceTensor& b = op.inputs[j];
      if (!a.digest || !b.digest) {
        if (a.shape != b.shape || a.dtype != b.dtype) inherited = true;
        continue;
      }
      if (sameBits(a, b)) continue;
      if (b.uninitialized) {
        fromUninitialized.push_back(static_cast<int>(j));
      } else if (!produced.contains(*b.digest)) {
        fromOutside.push_back(static_cast<int>(j));
        produced.insert(*b.digest);  // later readers of the same data inherit it
      } else {
        inherited = true;
      }
    }
    std::vector<int> differingOutputs;
    for (std::size_t j = 0; j < op.outputs.size(); ++j) {
      const TraceTensor a = tensorOf(tensors[ref.first + ref.inputs + j]);
      const TraceTensor& b = op.outputs[j];
      const bool differ =
          (a.digest && b.digest) ? !sameBits(a, b) : (a.shape != b.shape || a.dtype != b.dtype);
      if (differ) differingOutputs.push_back(static_cast<int>(j));
    }
    rememberOutputs(op);
    if (!fromUninitialized.empty()) {
      addCause(ref, CauseCategory::Uninitialized, fromUninitialized, differingOutputs);
      return OpStatus::Uninitialized;
    }
    if (!fromOutside.empty()) {
      addCause(ref, CauseCategory::Data, fromOutside, differingOutputs);
      return OpStatus::Data;
    }
    if (inherited) return differingOutputs.empty() ? OpStatus::Absorbed : OpStatus::Inherited;
    if (differingOutputs.empty()) return OpStatus::Equal;
    const bool entry = (ref.flags & kEntry) != 0;
    addCause(ref, entry ? CauseCategory::Data : CauseCategory::Introduced, {}, differingOutputs);
    return entry ? OpStatus::Data : OpStatus::Introduced;
  }

  void onOp(const TraceOp& op) {
    DETBENCH_CHECK_ARG(op.seq == lastSeq + 1, "op " + std::to_string(op.seq) + " came after op " +
                                                  std::to_string(lastSeq));
    lastSeq = op.seq;
    TraceRunSummary& s = summary();
    ++s.ops;
    OpStatus status = OpStatus::NotCompared;
    if (run == 1) {
      store(op);
      if (op.digested) {
        status = OpStatus::Equal;
        ++s.compared;
      }
    } else {
      status = compare(op);
      if (status != OpStatus::NotCompared) ++s.compared;
      if (status != OpStatus::NotCompared && status != OpStatus::Equal) {
        if (s.firstDifference == 0) s.firstDifference = op.seq;
        if (status != OpStatus::Absorbed) ++s.differing;
      }
    }
    if (options.keepStatuses) s.statuses.push_back(status);
  }
};

TraceAligner::TraceAligner(AlignOptions options) : state_(std::make_unique<State>()) {
  state_->options = options;
}

TraceAligner::~TraceAligner() = default;

void TraceAligner::beginRun() {
  State& s = *state_;
  ++s.run;
  s.lastSeq = 0;
  s.sites.clear();
  s.position = 0;
  s.parted = false;
  s.produced.clear();
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
  }
}

void TraceAligner::endRun(const TraceRunExit& exit) {
  State& s = *state_;
  DETBENCH_CHECK_ARG(s.run > 0, "the end of a run before the first run");
  s.summary().exit = exit;
  if (s.run > 1 && !s.parted && s.position < s.ops.size()) {
    s.part(PartingKind::RunEnded, s.ops[s.position].seq, &s.ops[s.position], nullptr);
  }
  s.produced.clear();
}

std::size_t TraceAligner::heldBytes() const {
  const State& s = *state_;
  std::size_t statuses = 0;
  for (const auto& r : s.result.runs) statuses += r.statuses.capacity();
  return s.ops.capacity() * sizeof(StoredOp) + s.tensors.capacity() * sizeof(StoredTensor) +
         s.names.bytes() + s.layoutKeys.bytes() + s.scalarKeys.bytes() + s.produced.bytes() +
         statuses;
}

const TraceAlignment& TraceAligner::result() const {
  return state_->result;
}

std::string_view toString(OpStatus status) {
  switch (status) {
    case OpStatus::NotCompared:
      return "not_compared";
    case OpStatus::Equal:
      return "equal";
    case OpStatus::Absorbed:
      return "absorbed";
    case OpStatus::Inherited:
      return "inherited";
    case OpStatus::Introduced:
      return "introduced";
    case OpStatus::Data:
      return "data";
    case OpStatus::Uninitialized:
      return "uninitialized";
  }
  return "?";
}

std::string_view toString(CauseCategory category) {
  switch (category) {
    case CauseCategory::Introduced:
      return "introduced";
    case CauseCategory::Data:
      return "data";
    case CauseCategory::Uninitialized:
      return "uninitialized";
  }
  return "?";
}

std::string_view toString(PartingKind kind) {
  switch (kind) {
    case PartingKind::DifferentOp:
      return "different_op";
    case PartingKind::DifferentTensors:
      return "different_tensors";
    case PartingKind::ReferenceEnded:
      return "reference_ended";
    case PartingKind::RunEnded:
      return "run_ended";
  }
  return "?";
}

bool isCause(OpStatus status) {
  return status == OpStatus::Introduced || status == OpStatus::Data ||
         status == OpStatus::Uninitialized;
}

}  // namespace detbench::trace
