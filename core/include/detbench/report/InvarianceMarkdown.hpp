#pragma once
// An invariance run as Markdown, ready to paste into a bug report: the op and how it ran, a
// table of the configurations (each one's run to run verdict, time, and its bits against the
// first and, on the batches axis, its first row against the row computed alone), and the
// guarantee measured.

#include <string>

#include "detbench/run/Invariance.hpp"

namespace detbench {

// `heading`: the level-2 title of the section (the form, when a workbench exports two).
std::string invarianceToMarkdown(const RunRequest& base, const InvarianceResult& result,
                                 const std::string& heading = "");

}  // namespace detbench
