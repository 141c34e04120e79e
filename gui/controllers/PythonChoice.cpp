#include "controllers/PythonChoice.hpp"

#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <cstdlib>

#include "common/Text.hpp"
#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/catalog/PyTorchDetection.hpp"

namespace detbench::gui {

namespace {

const QString kSettingsKey = QStringLiteral("python");
// What reports and `how` say of a choice made here (core text, English as the reports are).
constexpr const char* kChosenHere = "chosen in the workbench";

// The major.minor of a version ("2.15.0+cu132": "2.15").
QString majorMinor(const QString& version) {
  const QStringList parts = version.split(QLatin1Char('.'));
  return parts.size() >= 2 ? parts[0] + QLatin1Char('.') + parts[1] : version;
}

}  // namespace

PythonChoice::PythonChoice(std::shared_ptr<const BackendRegistry> registry, QObject* parent)
    : QObject(parent), registry_(std::move(registry)) {}

void PythonChoice::restore() {
  if (std::getenv("DETBENCH_PYTHON") != nullptr) return;
  const QString saved = QSettings().value(kSettingsKey).toString();
  if (!saved.isEmpty()) chooseUserPython(saved.toStdString(), kChosenHere);
}

bool PythonChoice::choose(const QString& interpreter, QString* why) {
  const QString chosen = interpreter.trimmed();
  if (!chosen.isEmpty()) {
    const bool found = chosen.contains(QLatin1Char('/'))
                           ? QFileInfo(chosen).isExecutable()
                           : !QStandardPaths::findExecutable(chosen).isEmpty();
    if (!found) {
      if (why) *why = tr("%1: no such program").arg(chosen);
      return false;
    }
    const std::string dir = torchPackageDir(chosen.toStdString());
    if (dir.empty()) {
      if (why) *why = tr("%1 has no PyTorch (import torch finds nothing)").arg(chosen);
      return false;
    }
  }
  chooseUserPython(chosen.toStdString(), kChosenHere);
  QSettings().setValue(kSettingsKey, chosen);
  emit changed();
  return true;
}

QString PythonChoice::interpreter() {
  const std::string python = userPython().interpreter;
  return python.empty() ? QStringLiteral("python3") : qstr(python);
}

QString PythonChoice::label() const {
  const UserPython python = userPython();
  const PyTorchDefault release = defaultPyTorchRelease();
  if (python.interpreter.empty()) return tr("Python: none");
  return release.foundVersion ? tr("Python: %1 · PyTorch %2")
                                    .arg(qstr(python.interpreter), qstr(*release.foundVersion))
                              : tr("Python: %1 · no PyTorch").arg(qstr(python.interpreter));
}

QString PythonChoice::details() const {
  const UserPython python = userPython();
  const PyTorchDefault release = defaultPyTorchRelease();
  QString text = tr("The Python that the trace, the trace lesson and the catalog's default "
                    "release follow: %1 (%2).")
                     .arg(python.interpreter.empty() ? tr("none") : qstr(python.interpreter),
                          qstr(python.how));
  text += QLatin1Char('\n') + tr("Catalog release: %1. Click to choose another Python.")
                                  .arg(qstr(toString(release.release)));
  // Only once the module has been asked (libtorchMismatch): a tooltip does not load libtorch.
  if (libtorch_) {
    const QString mismatch = libtorchMismatch();
    if (!mismatch.isEmpty()) text += QLatin1Char('\n') + mismatch;
  }
  return text;
}

QString PythonChoice::libtorchMismatch() const {
  if (!libtorch_) {
    libtorch_ = QString();
    for (const auto& d : registry_ ? registry_->devices() : std::vector<DeviceEntry>{}) {
      if (d.id != "torch-cpu" || !d.availability.available) continue;
      const auto info = registry_->get(d.id).deviceInfo();
      if (const auto it = info.find("pytorch"); it != info.end()) libtorch_ = qstr(it->second);
    }
  }
  const PyTorchDefault release = defaultPyTorchRelease();
  if (libtorch_->isEmpty() || !release.foundVersion) return {};
  const QString user = qstr(*release.foundVersion);
  if (majorMinor(*libtorch_) == majorMinor(user)) return {};
  return tr("The torch devices run libtorch %1, the release this build was made with; the "
            "trace and the catalog follow PyTorch %2. Rebuild (scripts/build) with that "
            "Python active to run the same release on both.")
      .arg(*libtorch_, user);
}

}  // namespace detbench::gui
