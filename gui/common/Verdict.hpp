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
  // What a run set, short enough to name it beside others: only what differs from the defaults
  // (deterministic mode, seed, threads, cuDNN, form, extensions), else "defaults".
  static QString settingsShort(const Settings& s);
  // true: green; false: red (differs or raised).
  static bool good(const RunResult& r) { return !r.failed() && r.summary.reproducible; }
  // Median time relative to `baseline`, as "1.52× slower" / "1.10× faster" / "same speed":
  // the one direction the compare view, its plot and the reports use.
  static QString relative(const RunResult& r, const RunResult& baseline);
  static QString relative(double medianNs, double baselineMedianNs);
  // The deterministic-algorithms mode as the settings panel names it ("error (True)").
  static QString mode(DeterministicMode mode);
  // A run on a device that runs a library's own dispatch (the torch devices): which release ran
  // it and the catalog's prediction beside what it did ("PyTorch 1.13.0 ran it; the catalog
  // (2.8) predicted a switch to its deterministic kernel: as predicted."), then, where outputs
  // varied that the catalog calls reproducible, a sentence saying so. Empty for other runs.
  static QString library(const RunResult& r);
  // Whether the library did what the catalog predicted (true for runs without a check).
  static bool libraryAgrees(const RunResult& r) {
    return !r.libraryCheck || r.libraryCheck->agrees();
  }
  // The implementation that ran: detbench's form ("atomic", "deterministic (detbench
  // extension)"), or, on a torch device, the library's own dispatch with what the catalog
  // expects of it (never a form of detbench's). Empty when nothing was dispatched.
  static QString implementation(const RunResult& r);
};

}  // namespace detbench::gui
