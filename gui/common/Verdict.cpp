#include "common/Verdict.hpp"

#include "common/Text.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/report/Format.hpp"

namespace detbench::gui {

QString Verdict::headline(const RunResult& r) {
  if (r.failed()) {
    const auto& e = r.errors.front();
    return r.raisedNondeterministic() ? tr("Raised in error mode: %1").arg(qstr(e.message))
                                      : tr("Failed: %1").arg(qstr(e.message));
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
  if (r.summary.trials == 1)
    return tr("%1 (one trial: no spread to show)").arg(qstr(formatDuration(t.mean)));
  return tr("mean %1 ± %2 (min %3 … max %4), median %5")
      .arg(qstr(formatDuration(t.mean)), qstr(formatDuration(t.stddev)),
           qstr(formatDuration(t.min)), qstr(formatDuration(t.max)),
           qstr(formatDuration(t.median)));
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
  parts << tr("deterministic algorithms: %1").arg(qstr(toString(s.deterministic)));
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

QString Verdict::relative(const RunResult& r, const RunResult& baseline) {
  const double a = r.summary.time.median, b = baseline.summary.time.median;
  if (r.failed() || baseline.failed() || a <= 0 || b <= 0) return QStringLiteral("—");
  const double ratio = a / b;
  if (ratio >= 1.005) return tr("%1× slower").arg(ratio, 0, 'f', 2);
  if (ratio <= 1 / 1.005) return tr("%1× faster").arg(1 / ratio, 0, 'f', 2);
  return tr("same speed");
}

}  // namespace detbench::gui
