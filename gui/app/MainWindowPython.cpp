// The status bar's Python: which interpreter the trace, the trace lesson and the catalog's default
// release follow, chosen here or on the Trace tab (PythonChoice), and where the torch devices run
// another release, one message at the start.

#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>

#include "app/MainWindow.hpp"
#include "controllers/PythonChoice.hpp"
#include "widgets/SettingsWidget.hpp"
#include "widgets/TraceSetupWidget.hpp"
#include "widgets/TraceWidget.hpp"

namespace detbench::gui {

void MainWindow::connectPython() {
  pythonButton_ = new QToolButton(this);
  pythonButton_->setObjectName(QStringLiteral("pythonButton"));
  pythonButton_->setAutoRaise(true);
  connect(pythonButton_, &QToolButton::clicked, this, &MainWindow::choosePython);
  statusBar()->addPermanentWidget(pythonButton_);
  connect(python_, &PythonChoice::changed, this, [this] {
    showPython();
    settings_->followDefaultRelease();
    traceView_->setup()->setPython(PythonChoice::interpreter());
  });
  connect(traceView_->setup(), &TraceSetupWidget::pythonEdited, this,
          [this](const QString& interpreter) {
            QString why;
            if (!python_->choose(interpreter, &why)) statusBar()->showMessage(why, 10000);
          });
  showPython();
  // Said once, after the window is up: a trace that blames an op of another release than the
  // one the Run tab runs would otherwise puzzle.
  QTimer::singleShot(0, this, [this] {
    const QString mismatch = python_->libtorchMismatch();
    if (!mismatch.isEmpty()) statusBar()->showMessage(mismatch, 15000);
    showPython();  // the tooltip says it too, from now on
  });
}

void MainWindow::showPython() {
  if (pythonButton_ == nullptr) return;
  pythonButton_->setText(python_->label());
  pythonButton_->setToolTip(python_->details());
}

void MainWindow::choosePython() {
  QMenu menu(this);
  QAction* other = menu.addAction(tr("Choose another Python…"));
  QAction* rule =
      menu.addAction(tr("The default: the python3 on PATH with PyTorch, else Debian's"));
  QAction* picked = menu.exec(pythonButton_->mapToGlobal(QPoint(0, 0)));
  QString interpreter;
  if (picked == other) {
    interpreter = QFileDialog::getOpenFileName(
        this, tr("Choose the Python whose PyTorch the workbench follows"),
        PythonChoice::interpreter());
    if (interpreter.isEmpty()) return;
  } else if (picked != rule) {
    return;
  }
  QString why;
  if (!python_->choose(interpreter, &why)) {
    QMessageBox::warning(this, tr("Python"), why);
    return;
  }
  statusBar()->showMessage(python_->label(), 5000);
}

}  // namespace detbench::gui
