#pragma once
// The sentences a person reads about a trial set: the verdict and the timing, in the current
// language. Shared by the run view, the compare view and the exported reports.

#include <QCoreApplication>
#include <QString>

#include "detbench/run/RunResult.hpp"

namespace detbench::gui {

class Verdict {
  Q_DECLARE_TR_FUNCTIONS(Verdict)

 public:
  // "Bitwise reproducible over 50 trials", "7 distinct outputs over 50 trials",
  // "Raised in error mode", "Failed: <the error's first line>", "... — cancelled after 12 of 50".
  static QString headline(const RunResult& r);
  // After a run that raised or failed: what raised and why, in one line of the interface's
  // language (PyTorch's own text is the error's message). Empty for a run that did not fail.
  static QString problem(const RunResult& r);
  // After warn mode warned: one line saying so, for the header. Empty without warnings.
  static QString warning(const RunResult& r);
  // Whether the failure is the cuBLAS workspace check of deterministic mode.
  static bool needsWorkspaceConfig(const RunResult& r);
  // "mean 1.23 ms ± 0.05 ms (min 1.1 ms … max 1.4 ms)".
  static QString timing(const RunResult& r);
  // "max |diff| 3.1e-07 (12 ULP) in up to 4 elements; float64 reference error 1.2e-06".
  static QString differences(const RunResult& r);
  // The configuration's settings in one line ("deterministic: error, seed 42, ...").
  static QString settingsLine(const Settings& s);
  // true: green; false: red (differs or raised).
  static bool good(const RunResult& r) { return !r.failed() && r.summary.reproducible; }
  // Median time relative to `baseline`, as "1.52× slower" / "1.10× faster" / "same speed":
  // the one direction the compare view, its plot and the reports use.
  static QString relative(const RunResult& r, const RunResult& baseline);
  static QString relative(double medianNs, double baselineMedianNs);
  // The deterministic-algorithms mode as the settings panel names it ("error (True)").
  static QString mode(DeterministicMode mode);
};

}  // namespace detbench::gui
