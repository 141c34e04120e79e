// The trace's Markdown with text from a hostile script: an exception message with pipes,
// newlines, a heading, HTML and terminal escapes stays inside its code span and its table cell;
// a standard error with backtick fences stays inside its block.

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "detbench/trace/TraceReport.hpp"

namespace detbench::trace {
namespace {

TEST(TraceMarkdown, TextFromTheScriptCannotAddRowsHeadingsOrMarkup) {
  TraceRunSummary run;
  run.run = 1;
  run.exit.exited = true;
  run.exit.code = 1;
  run.exit.stderrTail = "Traceback\n```\n# not a heading\n```";
  TraceEnd end;
  end.status = "exception";
  end.type = "ValueError";
  end.message = "a | b |\n# Injected\n<script>alert(1)</script>\x1b]0;title\x07 `tick`";
  run.end = end;
  TraceConfigResult config;
  config.config.name = "default";
  config.alignment.runs.push_back(run);
  TraceDocument doc;
  doc.result.configs.push_back(config);
  const std::string md = traceToMarkdown(doc);
  EXPECT_EQ(md.find('\x1b'), std::string::npos);
  EXPECT_EQ(md.find('\x07'), std::string::npos);
  EXPECT_EQ(md.find("\n# Injected"), std::string::npos);
  // The run's row: one line, its cells the table's six (the message's pipes escaped).
  std::istringstream lines(md);
  std::string line, row;
  while (std::getline(lines, line)) {
    if (line.rfind("| 1 |", 0) == 0) row = line;
  }
  ASSERT_FALSE(row.empty()) << md;
  int pipes = 0;
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (row[i] == '|' && (i == 0 || row[i - 1] != '\\')) ++pipes;
  }
  EXPECT_EQ(pipes, 7) << row;
  EXPECT_NE(row.find("<script>"), std::string::npos);  // shown as text, inside the code span
  // The standard error's block is fenced longer than the fences inside it.
  EXPECT_NE(md.find("````\nTraceback\n```\n# not a heading\n```\n````"), std::string::npos) << md;
}

}  // namespace
}  // namespace detbench::trace
