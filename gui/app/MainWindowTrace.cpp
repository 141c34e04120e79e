// The Trace tab's way into the workbench: a trace started from the command line, a cause opened
// as the op with its traced shapes, on PyTorch's own kernels of the kind the trace saw it on (or
// the nearest device there is here), and the tab's exports through the File menu.

#include <QStatusBar>
#include <QTabWidget>

#include "app/MainWindow.hpp"
#include "common/Text.hpp"
#include "widgets/DeviceSelectorWidget.hpp"
#include "widgets/LogWidget.hpp"
#include "widgets/OpParamsWidget.hpp"
#include "widgets/RunViewWidget.hpp"
#include "widgets/SettingsWidget.hpp"
#include "widgets/TraceSetupWidget.hpp"
#include "widgets/TraceWidget.hpp"

namespace detbench::gui {

namespace {

// Why `id` cannot run here, or empty when it can (or is not known at all).
QString unavailableReason(const BackendRegistry& registry, const QString& id) {
  for (const DeviceEntry& d : registry.devices()) {
    if (qstr(d.id) != id) continue;
    if (d.availability.available) return {};
    return d.availability.reason.empty() ? QStringLiteral("?") : qstr(d.availability.reason);
  }
  return QStringLiteral("?");
}

}  // namespace

QString MainWindow::openTracedOp(const QString& op, const OpParams& params,
                                 const QString& tracedDevice, const Settings& settings) {
  if (!selectOp(op)) return {};
  // What the trace ran, not what the workbench had before (another op's results, detbench's
  // extensions, another mode): the run view starts empty.
  runView_->clear();
  showRunView();  // first: a tab change clears the status bar, where a note may follow
  params_->setParams(params);
  const bool cuda = tracedDevice.startsWith(QLatin1String("cuda"));
  const QString torch = cuda ? QStringLiteral("torch-cuda") : QStringLiteral("torch-cpu");
  QString chosen;
  if (devices_->setDevice(torch)) {
    chosen = torch;
  } else {
    const QString why = unavailableReason(*registry_, torch);
    // The nearest device that is here: detbench's CUDA kernels for a CUDA trace, else
    // cpu-threads (detbench's kernels on CPU threads, which follow PyTorch's CUDA kernels).
    for (const QString& id :
         cuda ? QStringList{QStringLiteral("cuda"), QStringLiteral("cpu-threads")}
              : QStringList{QStringLiteral("cpu-threads")}) {
      if (devices_->setDevice(id)) {
        chosen = id;
        break;
      }
    }
    const QString note =
        chosen.isEmpty()
            ? tr("%1 is not available here (%2), and no other device could take the op.")
                  .arg(torch, why)
            : tr("%1 is not available here (%2): %3 opens on %4, detbench's kernels written to "
                 "behave as PyTorch's, not PyTorch's own.")
                  .arg(torch, why, op, chosen);
    log_->append(LogWidget::Level::Warning, note);
    statusBar()->showMessage(note, 12000);
  }
  settings_->setSettings(settings);
  if (!chosen.isEmpty() && chosen == torch) {
    log_->append(LogWidget::Level::Info,
                 tr("Opened %1 from the trace on %2 with the traced shapes.").arg(op, chosen));
  }
  return chosen;
}

bool MainWindow::startTrace(const QString& script, QString* why) {
  tabs_->setCurrentWidget(traceView_);
  if (script == QLatin1String("example")) {
    traceView_->setup()->useExample();
  } else {
    traceView_->setup()->setScript(script);
  }
  return traceView_->start(why);
}

void MainWindow::exportTrace() {
  traceView_->exportWithDialog();
}

}  // namespace detbench::gui
