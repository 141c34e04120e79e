#pragma once
// The trace's words as the Trace tab shows them: the core's English (core/src/trace/TraceWords.cpp,
// TraceText.cpp) translated, and the tab's own sentences for verdicts and runs.

#include <QString>
#include <optional>
#include <string>
#include <vector>

#include "detbench/trace/TraceReport.hpp"

namespace detbench::gui::tracetext {

QString qstr(const std::string& s);
QString siteText(const std::optional<trace::TraceSite>& s);
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

}  // namespace detbench::gui::tracetext
