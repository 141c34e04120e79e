#pragma once
// The trace's words as the Trace tab shows them: the core's English (core/src/trace/TraceWords.cpp,
// TraceText.cpp) translated, and the tab's own sentences for verdicts and runs.

#include <QString>
#include <optional>
#include <string>
#include <vector>

#include "common/Text.hpp"
#include "detbench/trace/TraceReport.hpp"

namespace detbench::gui::tracetext {

QString siteText(const std::optional<trace::TraceSite>& s);
// "op 12 aten::add.Tensor at train.py:41 (<module>)", with "on thread 1 (loader)" after the
// number for an op of a thread the script started.
// A thread of an alignment, short: "thread 3", or "task 2" for a task (a pool's, asyncio's),
// whose name ("task 2: work") carries its own number, and "task 2, thread 1" for a thread that
// task started.
QString laneText(const QString& threadName, int thread);
QString opAtText(const trace::TraceAlignment& a, int thread, std::int64_t seq,
                 const std::string& name, const std::optional<trace::TraceSite>& site);
// The core's fixed English, translated (the generated CatalogTexts.cpp lists it for lupdate).
QString traceWords(std::string_view english);
// How a run ended, in the window's language where it is one of the fixed phrases; the rest (a
// problem's words, an exception's message) as the trace recorded it.
QString runEndText(const trace::TraceRunSummary& r);
QString kindText(trace::CauseKind kind);
QString fixText(const trace::CauseExplanation& e);
QString categoryText(trace::CauseCategory c);
QString verdictText(const trace::TraceConfigResult& c);
QString shapesText(const std::vector<trace::TraceTensor>& ts);
// A data cause's arguments that differed: "other was 0.5 in run 1 and 0.7 in run 2".
QString argumentsText(const trace::TraceCause& cause);
// A difference that reached no result (describeNote), and where the runs part (describeParting).
QString noteText(const trace::TraceAlignment& a, const trace::TraceCause& note);
QString partingText(const trace::TraceParting& p);
// A result that differs with no cause followed to it (describeResultDifference).
QString resultDifferenceText(const trace::TraceResultDifference& d);
// Files the runs read that an earlier run left (describeEarlierFiles); empty where none.
QString earlierFilesText(const trace::TraceConfigResult& c);
// Inside a call of compiled code: which of its kernels first left other bits (describeKernels).
QString kernelsText(const trace::KernelDifference& d);

}  // namespace detbench::gui::tracetext
