#pragma once
// What the command line prints: the progress bar and the summaries.

#include <chrono>
#include <ostream>
#include <string>

#include "detbench/report/Report.hpp"
#include "detbench/report/ReportCompare.hpp"

namespace detbench::cli {

// A one-line progress bar on stderr, drawn only when stderr is a terminal.
class ProgressBar {
 public:
  ProgressBar(std::ostream& err, bool enabled, std::string label);
  ~ProgressBar();
  void update(int done, int total);
  void setLabel(std::string label) { label_ = std::move(label); }
  void finish();

 private:
  std::ostream& err_;
  bool enabled_;
  bool drawn_ = false;
  std::string label_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point lastDraw_;
};

// `text` padded with spaces to `width` characters on the terminal (UTF-8: "µs" is two bytes
// but one column wide, which std::setw does not know).
std::string padded(const std::string& text, std::size_t width);

void printRunSummary(std::ostream& out, const RunResult& r);
void printSweepSummary(std::ostream& out, const ReportDocument& doc);
void printCompare(std::ostream& out, const CompareResult& result);
void printEnvironment(std::ostream& out, const Environment& env);

}  // namespace detbench::cli
