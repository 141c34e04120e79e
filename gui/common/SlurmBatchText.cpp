#include "common/SlurmBatchText.hpp"

#include <QStringList>

#include "common/Text.hpp"

namespace detbench::gui {

QString SlurmBatchText::kind(const std::string& kind) {
  if (kind == "run") return tr("run");
  if (kind == "sweep") return tr("sweep");
  return qstr(kind);
}

QString SlurmBatchText::target(const std::string& label) {
  static const QString kSrun = QStringLiteral("srun ");
  const QString text = qstr(label);
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
