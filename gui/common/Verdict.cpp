#include "common/Verdict.hpp"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "common/Text.hpp"
#include "common/TimeUnit.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/run/Statistics.hpp"

namespace detbench::gui {

namespace {

QString firstLine(const std::string& text) {
  QString line = qstr(text).section(QLatin1Char('\n'), 0, 0).trimmed();
  if (line.size() > 140) line = line.left(139) + QStringLiteral("…");
  return line;
}

}  // namespace

QString Verdict::headline(const RunResult& r) {
  if (r.failed()) {
    return r.raisedNondeterministic() ? tr("Raised in error mode")
                                      : tr("Failed: %1").arg(firstLine(r.errors.front().message));
  }
  const int n = r.summary.trials;
  QString text;
  if (n == 0) {
    text = tr("No trials recorded");
  } else if (r.summary.reproducible) {
    text = tr("Bitwise reproducible over %1 trials").arg(n);
  } else {
    text = tr("%1 distinct outputs over %2 trials").arg(r.summary.distinctDigests).arg(n);
  }
  if (r.cancelled)
    text += QStringLiteral(" — ") + tr("cancelled after %1 of %2").arg(n).arg(r.requestedTrials);
  return text;
}

QString Verdict::timing(const RunResult& r) {
  if (r.summary.trials == 0) return {};
  const auto& t = r.summary.time;
  // One unit for every number of the line, that of the larger of the mean and the median: a
  // few slow trials (a mean of 3.77 ms over a median of 0.80 ms) read in ms, not as "3772 µs".
  const TimeUnit unit = TimeUnit::forNs(std::max(t.mean, t.median));
  if (r.summary.trials == 1)
    return tr("%1 (one trial: no spread to show)").arg(unit.format(t.mean));
  return tr("mean %1 ± %2 (min %3 … max %4), median %5")
      .arg(unit.format(t.mean), unit.format(t.stddev), unit.format(t.min), unit.format(t.max),
           unit.format(t.median));
}

QString Verdict::problem(const RunResult& r) {
  if (!r.failed()) return {};
  const ErrorRecord& e = r.errors.front();
  if (!r.raisedNondeterministic()) return firstLine(e.message);
  const QString release = qstr(toString(r.settings.pytorch));
  // A torch device: the library itself raised, in its own release.
  if (r.libraryCheck && !needsWorkspaceConfig(r)) {
    return tr("%1 raised at %2 on %3: it has no deterministic implementation there, and "
              "deterministic algorithms are at error, so no trial ran.")
        .arg(qstr(r.libraryCheck->library), qstr(r.op), qstr(r.device));
  }
  if (needsWorkspaceConfig(r)) {
    return tr("%1 runs on cuBLAS, and deterministic algorithms in PyTorch %2 raise unless "
              "CUBLAS_WORKSPACE_CONFIG is :4096:8 or :16:8.")
        .arg(qstr(r.op), release);
  }
  QString line = tr("%1 has no deterministic implementation on %2 in PyTorch %3, and "
                    "deterministic algorithms are at error, so it raised before any trial.")
                     .arg(qstr(r.op), qstr(r.device), release);
  // cpu-threads follows PyTorch's CUDA kernels, and PyTorch's text names the CUDA one.
  if (r.device != "cuda" && qstr(e.message).contains(QLatin1String("cuda"))) {
    line += QLatin1Char(' ') +
            tr("(%1 follows PyTorch's CUDA kernels: the message names the CUDA one.)")
                .arg(qstr(r.device));
  }
  return line;
}

QString Verdict::warning(const RunResult& r) {
  if (r.warnings.empty()) return {};
  const Alert& w = r.warnings.front();
  const int n = static_cast<int>(r.warnings.size());
  QString what;
  switch (w.code) {
    case AlertCode::NoDeterministicImplementation:
      what = tr("%1 has no deterministic implementation: warn mode let it run, and its output "
                "may vary.")
                 .arg(qstr(w.caller.empty() ? r.op : w.caller));
      break;
    case AlertCode::CublasWorkspaceConfig:
      what =
          tr("cuBLAS ran without CUBLAS_WORKSPACE_CONFIG=:4096:8 or :16:8: warn mode let it "
             "run, and its output may vary.");
      break;
    case AlertCode::DetbenchContrast:
      what = tr("A contrast form PyTorch never runs in deterministic mode ran (warn mode).");
      break;
    case AlertCode::LibraryWarning:
      what = tr("PyTorch warned while the op ran: %1").arg(qstr(w.message));
      break;
  }
  return n == 1 ? tr("Warning: %1").arg(what) : tr("%1 warnings: %2").arg(n).arg(what);
}

bool Verdict::needsWorkspaceConfig(const RunResult& r) {
  for (const auto& e : r.errors) {
    if (e.kind == "NondeterministicError" &&
        qstr(e.message).contains(QLatin1String("CUBLAS_WORKSPACE_CONFIG")))
      return true;
  }
  return false;
}

QString Verdict::mode(DeterministicMode mode) {
  switch (mode) {
    case DeterministicMode::Off:
      return tr("off (False)");
    case DeterministicMode::Warn:
      return tr("warn (True, warn_only=True)");
    case DeterministicMode::Error:
      return tr("error (True)");
  }
  return {};
}

namespace {

QString predictedText(LibraryOutcome outcome) {
  switch (outcome) {
    case LibraryOutcome::Runs:
      return Verdict::tr("its default kernel");
    case LibraryOutcome::Switches:
      return Verdict::tr("a switch to its deterministic kernel");
    case LibraryOutcome::Warns:
      return Verdict::tr("a warning");
    case LibraryOutcome::Raises:
      return Verdict::tr("an error");
  }
  return {};
}

QString observedText(LibraryOutcome outcome, const QString& library) {
  switch (outcome) {
    case LibraryOutcome::Runs:
    case LibraryOutcome::Switches:  // a switch is silent: it reads as running
      return Verdict::tr("%1 ran it").arg(library);
    case LibraryOutcome::Warns:
      return Verdict::tr("%1 ran it and warned").arg(library);
    case LibraryOutcome::Raises:
      return Verdict::tr("%1 raised").arg(library);
  }
  return {};
}

}  // namespace

QString Verdict::library(const RunResult& r) {
  if (!r.libraryCheck) return {};
  const LibraryCheck& c = *r.libraryCheck;
  const QString library = qstr(c.library);
  const QString ran = observedText(c.observed, library);
  const QString release = qstr(toString(c.catalogRelease));
  const QString predicted = predictedText(c.predicted);
  QString line =
      c.outcomeAgrees()
          ? tr("%1; the catalog (%2) predicted %3: as predicted.").arg(ran, release, predicted)
          : tr("%1; the catalog (%2) predicted %3: they disagree. The measurement stands; the "
               "catalog's entry may not fit %4.")
                .arg(ran, release, predicted, library);
  if (!c.variationAgrees()) {
    // A random op repeats from its seed: with none set, varying is what it should do.
    const OpTraits* traits = findOpTraits(r.op, r.settings.pytorch);
    const bool random = traits != nullptr && (traits->cpu.source == NondeterminismSource::Rng ||
                                              traits->cuda.source == NondeterminismSource::Rng);
    line += QLatin1Char(' ') +
            (random && !r.settings.seed
                 ? tr("The outputs varied because no seed was set: a random op repeats only "
                      "from the same seed (Settings, Seed).")
                 : tr("The outputs varied although the catalog calls this op reproducible "
                      "here."));
  }
  return line;
}

QString Verdict::implementation(const RunResult& r) {
  if (!r.dispatched) return {};
  if (r.dispatch.library) {
    const QString library =
        r.libraryCheck ? qstr(r.libraryCheck->library) : QStringLiteral("PyTorch");
    return r.dispatch.deterministicExpected
               ? tr("%1's own dispatch (the catalog expects reproducible outputs)").arg(library)
               : tr("%1's own dispatch (the catalog expects outputs that may vary)").arg(library);
  }
  QString text;
  switch (r.dispatch.form) {
    case Form::Sequential:
      text = tr("sequential");
      break;
    case Form::Atomic:
      text = tr("atomic");
      break;
    case Form::Deterministic:
      text = tr("deterministic");
      break;
  }
  if (r.dispatch.extension) text += QLatin1Char(' ') + tr("(detbench extension)");
  if (r.dispatch.contrast) text += QLatin1Char(' ') + tr("(contrast: not PyTorch's default)");
  return text;
}

QString Verdict::differences(const RunResult& r) {
  if (r.summary.trials == 0) return {};
  QString text;
  if (r.summary.reproducible) {
    text = tr("every output equals trial 0 bit for bit");
  } else {
    text = tr("%1 of %2 trials differ from trial 0; max |diff| %3 (%4 ULP), up to %5 elements")
               .arg(r.summary.trialsDifferingFromFirst)
               .arg(r.summary.trials)
               .arg(qstr(formatFloat(r.summary.maxAbsDiff)))
               .arg(r.summary.maxUlp)
               .arg(r.summary.maxNDiff);
  }
  if (hasFloat64Reference(r.op)) {
    text += QStringLiteral("; ") +
            tr("float64 reference error %1").arg(qstr(formatFloat(r.summary.refMaxAbsErr)));
  }
  return text;
}

QString Verdict::settingsLine(const Settings& s) {
  QStringList parts;
  parts << tr("deterministic algorithms: %1").arg(mode(s.deterministic));
  parts << (s.seed ? tr("seed %1").arg(*s.seed) : tr("seed unset"));
  if (s.cudnnBenchmark) parts << QStringLiteral("cudnn.benchmark");
  if (s.cudnnDeterministic) parts << QStringLiteral("cudnn.deterministic");
  if (s.cublasWorkspaceConfig)
    parts << QStringLiteral("CUBLAS_WORKSPACE_CONFIG=") + qstr(s.cublasWorkspaceConfig->text);
  if (s.form != FormRequest::Default) parts << tr("form: %1").arg(qstr(toString(s.form)));
  if (s.semantics == CatalogSemantics::Extensions) parts << tr("detbench extensions");
  if (s.threads > 0) parts << tr("%1 threads").arg(s.threads);
  parts << QStringLiteral("PyTorch ") + qstr(toString(s.pytorch));
  return parts.join(QStringLiteral(", "));
}

QString Verdict::settingsShort(const Settings& s) {
  QStringList parts;
  switch (s.deterministic) {
    case DeterministicMode::Off:
      break;  // the default, as everything not named
    case DeterministicMode::Warn:
      parts << tr("warn mode");
      break;
    case DeterministicMode::Error:
      parts << tr("error mode");
      break;
  }
  if (s.seed) parts << tr("seed %1").arg(*s.seed);
  if (s.threads > 0) parts << tr("%1 threads").arg(s.threads);
  if (s.cudnnBenchmark) parts << QStringLiteral("cudnn.benchmark");
  if (s.cudnnDeterministic) parts << QStringLiteral("cudnn.deterministic");
  if (s.form != FormRequest::Default) parts << qstr(toString(s.form));
  if (s.semantics == CatalogSemantics::Extensions) parts << tr("detbench extensions");
  return parts.isEmpty() ? tr("defaults") : parts.join(QStringLiteral(", "));
}

namespace {

// The middle half of a run's trial times (their quartiles, in nanoseconds), or nothing with
// fewer than four trials.
std::optional<std::pair<double, double>> middleHalf(const RunResult& r) {
  if (r.trials.size() < 4) return std::nullopt;
  std::vector<double> times;
  times.reserve(r.trials.size());
  for (const TrialRecord& t : r.trials) times.push_back(static_cast<double>(t.timeNs));
  std::sort(times.begin(), times.end());
  return std::pair{quantileOfSorted(times, 0.25), quantileOfSorted(times, 0.75)};
}

}  // namespace

QString Verdict::relative(const RunResult& r, const RunResult& baseline) {
  if (r.failed() || baseline.failed()) return QStringLiteral("—");
  const QString medians = relative(r.summary.time.median, baseline.summary.time.median);
  // A ratio with its spread: from the run's quartiles against the baseline's. Where the middle
  // halves of the two runs' times overlap, the ratio of medians is noise as much as speed.
  const auto a = middleHalf(r), b = middleHalf(baseline);
  if (!a || !b || a->first <= 0 || b->first <= 0) return medians;
  const double low = a->first / b->second, high = a->second / b->first;
  if (low <= 1.0 && high >= 1.0) {
    return tr("no clear difference (the middle halves of the times overlap)");
  }
  const bool slower = low > 1.0;
  const QString from = QString::number(slower ? low : 1 / high, 'f', 2);
  const QString to = QString::number(slower ? high : 1 / low, 'f', 2);
  if (from == to) return medians;
  return tr("%1 (%2–%3×)").arg(medians, from, to);
}

QString Verdict::relative(double a, double b) {
  if (a <= 0 || b <= 0) return QStringLiteral("—");
  const double ratio = a / b;
  if (ratio >= 1.005) return tr("%1× slower").arg(ratio, 0, 'f', 2);
  if (ratio <= 1 / 1.005) return tr("%1× faster").arg(1 / ratio, 0, 'f', 2);
  return tr("same speed");
}

}  // namespace detbench::gui
