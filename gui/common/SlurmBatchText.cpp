#include "common/SlurmBatchText.hpp"

#include <QStringList>

#include "common/Text.hpp"

namespace detbench::gui {

QString SlurmBatchText::kind(const std::string& kind) {
  if (kind == "run") return tr("run");
  if (kind == "sweep") return tr("sweep");
  return qstr(kind);
}

QString SlurmBatchText::target(const remote::BatchTarget& t) {
  QStringList parts;
  parts << (t.gpuType.empty() ? tr("no GPU type") : QStringLiteral("gpu:") + qstr(t.gpuType));
  parts << (t.partition.empty() ? tr("partition default")
                                : tr("partition %1").arg(qstr(t.partition)));
  if (!t.constraint.empty()) parts << tr("constraint %1").arg(qstr(t.constraint));
  const QString text = QStringLiteral("srun ") + parts.join(tr(", "));
  return t.viaHost.empty() ? text : tr("%1 via ssh %2").arg(text, qstr(t.viaHost));
}

QString SlurmBatchText::target(const remote::BatchJobStatus& job) {
  return job.target ? target(*job.target) : target(job.label);
}

QString SlurmBatchText::target(const std::string& label) {
  static const QString kSrun = QStringLiteral("srun ");
  static const QString kVia = QStringLiteral(" via ssh ");
  const QString text = qstr(label);
  if (const auto at = text.lastIndexOf(kVia); at > 0) {
    return tr("%1 via ssh %2").arg(target(text.left(at).toStdString()), text.mid(at + kVia.size()));
  }
  const QString prefix = text.startsWith(kSrun) ? kSrun : QString();
  QStringList parts;
  for (const QString& part : text.mid(prefix.size()).split(QStringLiteral(", "))) {
    if (part == QStringLiteral("no GPU type")) {
      parts << tr("no GPU type");
    } else if (part == QStringLiteral("partition default")) {
      parts << tr("partition default");
    } else if (part.startsWith(QStringLiteral("partition "))) {
      parts << tr("partition %1").arg(part.mid(10));
    } else if (part.startsWith(QStringLiteral("constraint "))) {
      parts << tr("constraint %1").arg(part.mid(11));
    } else {
      parts << part;  // gpu:TYPE, Slurm's own
    }
  }
  return prefix + parts.join(tr(", "));
}

}  // namespace detbench::gui
