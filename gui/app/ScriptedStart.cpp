#include "app/ScriptedStart.hpp"

#include <QBuffer>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDockWidget>
#include <QTimer>
#include <cstdio>

#include "app/MainWindow.hpp"
#include "common/FileWriter.hpp"
#include "controllers/DemoController.hpp"
#include "controllers/InvarianceController.hpp"
#include "controllers/RunController.hpp"
#include "controllers/SlurmJobsController.hpp"
#include "controllers/TraceController.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/remote/SshTarget.hpp"
#include "widgets/DeviceSelectorWidget.hpp"
#include "widgets/LogWidget.hpp"
#include "widgets/SlurmJobsDialog.hpp"
#include "widgets/TraceWidget.hpp"

namespace detbench::gui {

namespace {

const QStringList kPanels = {QStringLiteral("log"), QStringLiteral("environment"),
                             QStringLiteral("changes")};
const QStringList kAxes = {QStringLiteral("batches"), QStringLiteral("threads"),
                           QStringLiteral("devices")};

void printLine(const QString& line) {
  std::fprintf(stderr, "detbench-gui: %s\n", line.toLocal8Bit().constData());
}

}  // namespace

void StartOptions::addTo(QCommandLineParser& parser) {
  parser.addOptions({
      {QStringLiteral("op"), QStringLiteral("Select this op at start."), QStringLiteral("name")},
      {QStringLiteral("run"), QStringLiteral("Start a run at once.")},
      {QStringLiteral("compare"), QStringLiteral("Start a comparison at once.")},
      {QStringLiteral("demo"), QStringLiteral("Open the Demos tab and run this scenario."),
       QStringLiteral("name")},
      {QStringLiteral("screenshot"),
       QStringLiteral("Save a PNG of the window once what was started has finished, then quit "
                      "(for documentation). Exit 0 with the picture; 1 when the run was refused "
                      "or the picture could not be written; 2 when the command line asks for "
                      "what cannot start. No picture after a refusal."),
       QStringLiteral("file")},
      {QStringLiteral("show"),
       QStringLiteral("Bring this panel to the front at start: log, environment or changes (the "
                      "release changes), or the Compare tab with a project's comparison "
                      "(compare); or open the remote-host dialog (remote-host), or Help's guide "
                      "or glossary (guide, glossary)."),
       QStringLiteral("panel")},
      {QStringLiteral("recipe"),
       QStringLiteral("Open the Demos tab's seeding-recipe check with this recipe (JSON or TOML)."),
       QStringLiteral("file")},
      {QStringLiteral("invariance"),
       QStringLiteral("Open the Invariance tab and run its default list on this axis: batches, "
                      "threads or devices."),
       QStringLiteral("axis")},
      {QStringLiteral("trace"),
       QStringLiteral("Open the Trace tab and trace this Python script (example: the example "
                      "that ships with detbench, with the lesson's settings)."),
       QStringLiteral("script")},
      {QStringLiteral("host"),
       QStringLiteral("Run on this remote host, [user@]host, through ssh (the Remote host "
                      "dialog's other settings as last saved)."),
       QStringLiteral("destination")},
  });
  parser.addOption({QStringLiteral("slurm-jobs"),
                    QStringLiteral("Open the Slurm batch jobs window on this --slurm-batch folder "
                                   "(with --screenshot: its picture once the jobs are listed)."),
                    QStringLiteral("folder")});
  parser.addOption({QStringLiteral("slurm"),
                    QStringLiteral("Run as a Slurm job, with the dialog's Slurm settings as last "
                                   "saved (--host: the cluster's login node).")});
  parser.addPositionalArgument(QStringLiteral("project"),
                               QStringLiteral("A .detbench project to open."));
}

StartOptions StartOptions::fromParser(const QCommandLineParser& parser) {
  auto value = [&parser](const char* name) -> std::optional<QString> {
    const QString option = QLatin1String(name);
    if (!parser.isSet(option)) return std::nullopt;
    return parser.value(option);
  };
  StartOptions o;
  if (!parser.positionalArguments().isEmpty()) o.project = parser.positionalArguments().front();
  o.op = value("op");
  o.host = value("host");
  o.show = value("show");
  o.recipe = value("recipe");
  o.demo = value("demo");
  o.invariance = value("invariance");
  o.trace = value("trace");
  o.slurmJobs = value("slurm-jobs");
  o.screenshot = value("screenshot").value_or(QString());
  o.run = parser.isSet(QStringLiteral("run"));
  o.compare = parser.isSet(QStringLiteral("compare"));
  o.slurm = parser.isSet(QStringLiteral("slurm"));
  return o;
}

ScriptedStart::ScriptedStart(MainWindow& window, StartOptions options, QObject* parent)
    : QObject(parent), window_(window), options_(std::move(options)), pictured_(&window) {
  exit_ = [](int code) {
    // Queued: the event loop may not run yet, and QCoreApplication::exit() only ends a running
    // one.
    QMetaObject::invokeMethod(
        QCoreApplication::instance(), [code] { QCoreApplication::exit(code); },
        Qt::QueuedConnection);
  };
}

void ScriptedStart::setDelays(int startMs, int settleMs) {
  startMs_ = startMs;
  settleMs_ = settleMs;
}

void ScriptedStart::refuse(const QString& why) {
  window_.logWidget()->append(LogWidget::Level::Error, why);
  if (!options_.scripted() || hasEnded()) return;
  printLine(why);
  end(2);
}

void ScriptedStart::finished(int code, const QString& why) {
  if (!options_.scripted() || hasEnded() || pictureAsked_) return;
  if (code != 0) {
    // Refused by its controller: nothing to picture.
    if (!why.isEmpty()) printLine(why);
    end(code);
    return;
  }
  pictureAsked_ = true;
  QTimer::singleShot(settleMs_, this, [this, code] { takePicture(code); });
}

void ScriptedStart::takePicture(int code) {
  if (hasEnded()) return;  // a refusal came first: no picture
  QByteArray png;
  QBuffer buffer(&png);
  buffer.open(QIODevice::WriteOnly);
  QString error;
  QWidget* pictured = pictured_ ? pictured_.data() : &window_;
  if (!pictured->grab().save(&buffer, "PNG") ||
      !FileWriter::write(options_.screenshot, png, &error)) {
    printLine(QStringLiteral("cannot write %1: %2").arg(options_.screenshot, error));
    end(1);
    return;
  }
  end(code);
}

void ScriptedStart::end(int code) {
  if (hasEnded()) return;
  exitCode_ = code;
  exit_(code);
}

void ScriptedStart::begin() {
  applyOptions();
  if (hasEnded()) return;
  if (pictured_ == &window_) window_.show();
  startWhatIsAsked();
}

void ScriptedStart::applyOptions() {
  if (options_.project) {
    QString error;
    if (!window_.openProject(*options_.project, &error)) refuse(error);
  }
  if (hasEnded()) return;
  if (options_.op && !window_.selectOp(*options_.op)) {
    refuse(QStringLiteral("unknown op %1 (see detbench ops)").arg(*options_.op));
  }
  if (hasEnded()) return;
  DeviceSelectorWidget* devices = window_.deviceSelector();
  if (options_.host || options_.slurm) {
    RemoteHost host = RemoteHost::load();
    host.slurm = options_.slurm;
    if (options_.host || !options_.slurm) host.target.destination = options_.host->toStdString();
    if (options_.slurm && !options_.host) host.target.destination.clear();
    try {
      host.plan(QString()).check();
      devices->setRemoteHost(host);
    } catch (const Error& e) {
      refuse(QString::fromStdString(e.message()));
    }
  }
  if (hasEnded()) return;
  if (options_.show == QStringLiteral("remote-host")) {
    window_.show();
    pictured_ = devices->openRemoteHostDialog();
  } else if (options_.show == QStringLiteral("guide") ||
             options_.show == QStringLiteral("glossary")) {
    window_.show();
    pictured_ =
        window_.showHelp(options_.show == QStringLiteral("guide") ? HelpDialog::Page::Guide
                                                                  : HelpDialog::Page::Glossary);
  } else if (options_.show == QStringLiteral("compare")) {
    window_.showCompareView();  // the project's comparison, where it has one
  } else if (options_.show) {
    const QString& panel = *options_.show;
    const QString dock = panel == QStringLiteral("changes") ? QStringLiteral("catalogChangesDock")
                                                            : panel + QStringLiteral("Dock");
    auto* widget = window_.findChild<QDockWidget*>(dock);
    if (widget == nullptr || !kPanels.contains(panel)) {
      refuse(QStringLiteral("unknown panel %1 (log, environment, changes, compare, remote-host, "
                            "guide or glossary)")
                 .arg(panel));
    } else {
      widget->raise();
    }
  }
  if (hasEnded()) return;
  if (options_.recipe) {
    QString why;
    if (!window_.showRecipeCheck(*options_.recipe, &why)) refuse(why);
  }
}

void ScriptedStart::connectEnd() {
  if (!options_.scripted()) return;
  auto done = [this] { finished(0); };
  auto failed = [this](const QString& why) { finished(1, why); };
  if (options_.demo) {
    connect(window_.demoController(), &DemoController::finished, this, done);
    connect(window_.demoController(), &DemoController::failed, this, failed);
  } else if (options_.invariance) {
    connect(window_.invarianceController(), &InvarianceController::finished, this, done);
    connect(window_.invarianceController(), &InvarianceController::failed, this, failed);
  } else if (options_.slurmJobs) {
    // Connected when the window opens (startWhatIsAsked), before its listing can end.
  } else if (options_.trace) {
    TraceController* trace = window_.traceView()->controller();
    connect(trace, &TraceController::finished, this, done);
    connect(trace, &TraceController::failed, this, failed);
  } else {
    connect(window_.runController(), &RunController::finished, this, done);
    connect(window_.runController(), &RunController::failed, this, failed);
  }
}

void ScriptedStart::startWhatIsAsked() {
  const bool starts = options_.demo || options_.invariance || options_.trace ||
                      options_.slurmJobs || options_.run || options_.compare;
  if (!starts) {
    finished(0);  // the picture of the window as it opened
    return;
  }
  connectEnd();
  QTimer::singleShot(startMs_, this, [this] {
    if (hasEnded()) return;
    QString why;
    if (options_.demo) {
      if (!window_.startDemo(*options_.demo, &why)) refuse(why);
    } else if (options_.invariance) {
      const QString& name = *options_.invariance;
      const auto axis = name == QStringLiteral("threads")   ? InvarianceAxis::Threads
                        : name == QStringLiteral("devices") ? InvarianceAxis::Devices
                                                            : InvarianceAxis::Batches;
      if (!kAxes.contains(name)) {
        refuse(
            QStringLiteral("unknown invariance axis %1 (batches, threads or devices)").arg(name));
      } else if (!window_.startInvariance(axis, &why)) {
        refuse(why);
      }
    } else if (options_.slurmJobs) {
      if (options_.slurmJobs->trimmed().isEmpty()) {
        refuse(QStringLiteral("--slurm-jobs needs a folder (the one given to --slurm-batch)"));
        return;
      }
      SlurmJobsDialog* dialog = window_.showSlurmJobs(*options_.slurmJobs);
      pictured_ = dialog;
      if (options_.scripted()) {
        connect(dialog->controller(), &SlurmJobsController::listed, this, [this] { finished(0); });
        connect(dialog->controller(), &SlurmJobsController::failed, this,
                [this](const QString& refusal) { finished(1, refusal); });
      }
    } else if (options_.trace) {
      if (!window_.startTrace(*options_.trace, &why)) refuse(why);
    } else {
      const bool started = options_.compare ? window_.startCompare(&why) : window_.startRun(&why);
      if (!started) refuse(why);
    }
  });
}

}  // namespace detbench::gui
