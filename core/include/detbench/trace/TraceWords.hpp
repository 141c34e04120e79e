#pragma once
// The trace's words, in one home: what kind of cause an op is, what fixes it, where a difference
// came from, and the verdict on a configuration. The command line and the reports use the
// command line's words (its flags); the workbench uses its own (its settings), translated from
// the English here (gui/tools/CatalogTextsGenerator.cpp lists them for lupdate).

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/trace/TraceCatalogLink.hpp"
#include "detbench/trace/TraceSession.hpp"

namespace detbench::trace {

enum class TextSurface { CommandLine, Workbench };

// "float atomics: the op adds with atomics, in whatever order the threads get there".
std::string_view causeKindText(CauseKind kind);
// The fix, naming the command line's flags or the workbench's settings.
std::string_view fixText(TraceFix fix, TextSurface surface);
// Added to NoDeterministicForm's fix where detbench has a deterministic kernel of its own.
std::string_view extensionText(TextSurface surface);
// "introduced (inputs equal)": a table's column.
std::string_view categoryLabel(CauseCategory category);
// "introduced here: its inputs were equal in every run": a report's sentence.
std::string_view categorySentence(CauseCategory category);

// Every fixed text the workbench shows from here, for translation.
std::vector<std::string_view> workbenchTexts();

enum class VerdictKind {
  RaisedInDeterministicMode,
  Cancelled,
  TimeoutOneRun,           // stopped at the timeout with one run: nothing to compare
  AgreeUntilTimeout,       // the runs agree over the ops both reached
  TimeoutNothingCompared,  // stopped at the timeout before any op was compared
  DifferUntilTimeout,      // causes found before the timeout
  PartUntilTimeout,        // the op sequences part before the timeout
  ScriptFailed,
  ProcessFailed,  // the script's runs completed; a process it started (a rank, a child) did not
  OneRun,
  NothingCompared,  // no op of the runs after the first was digested
  NotAllCompared,   // ops ran on the script's own threads, which the trace does not record
  Agree,            // in every result (`notes` differences reached none)
  Differ,
  SequencesPart,
};

// What the verdict on a configuration rests on: decided once, worded by each surface.
struct TraceVerdict {
  VerdictKind kind = VerdictKind::Agree;
  std::size_t runs = 0;
  std::size_t compared = 0;  // ops compared
  std::size_t causes = 0;
  bool causesTruncated = false;
  std::size_t notes = 0;
  std::size_t otherThreadOps = 0;
  std::size_t differingResults = 0;  // results that differ with no cause followed to them
};

TraceVerdict traceVerdict(const TraceConfigResult& config);

// One rank of a job, in the order a reader needs it: a run that ended early, else the rank's
// first cause, else what it inherited, else where its ops parted, else how much agreed.
enum class RankVerdictKind {
  RunEnded,
  FirstCause,
  Inherited,
  Parted,
  OneRun,
  NothingCompared,
  Agrees
};

// What a rank's line rests on: decided once, worded by each surface. The pointers are into the
// rank it was made from (the one the kind names is set).
struct RankVerdict {
  RankVerdictKind kind = RankVerdictKind::Agrees;
  const TraceRunSummary* endedRun = nullptr;   // RunEnded
  const TraceCause* cause = nullptr;           // FirstCause
  const RankInheritance* inherited = nullptr;  // Inherited
  const TraceParting* parting = nullptr;       // Parted
  std::int64_t compared = 0;                   // ops compared
};

RankVerdict rankVerdict(const TraceRankResult& rank);

}  // namespace detbench::trace
