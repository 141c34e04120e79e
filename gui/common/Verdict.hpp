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
  // "Raised: ...", "Cancelled after 12 of 50 trials: ...".
  static QString headline(const RunResult& r);
  // "mean 1.23 ms ± 0.05 ms (min 1.1 ms … max 1.4 ms)".
  static QString timing(const RunResult& r);
  // "max |diff| 3.1e-07 (12 ULP) in up to 4 elements; float64 reference error 1.2e-06".
  static QString differences(const RunResult& r);
  // The configuration's settings in one line ("deterministic: error, seed 42, ...").
  static QString settingsLine(const Settings& s);
  // true: green; false: red (differs or raised).
  static bool good(const RunResult& r) { return !r.failed() && r.summary.reproducible; }
  // Median time relative to `baseline`, as "1.52× slower" / "1.10× faster" / "same".
  static QString relative(const RunResult& r, const RunResult& baseline);
};

}  // namespace detbench::gui
