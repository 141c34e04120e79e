// detbench-gui: the Qt workbench.

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QLocale>
#include <QSettings>
#include <QTimer>
#include <csignal>
#include <cstdio>

#include "app/MainWindow.hpp"
#include "common/FileWriter.hpp"
#include "controllers/DemoController.hpp"
#include "controllers/InvarianceController.hpp"
#include "controllers/LanguageController.hpp"
#include "controllers/RunController.hpp"
#include "detbench/DefaultRegistry.hpp"
#include "detbench/base/BuildInfo.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/remote/SshTarget.hpp"
#include "widgets/DeviceSelectorWidget.hpp"
#include "widgets/InvarianceWidget.hpp"
#include "widgets/LogWidget.hpp"

int main(int argc, char** argv) {
  // A report exported into a pipe whose reader has gone must fail with a message, not end the
  // workbench (and the work in it) by SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("detbench"));
  QApplication::setApplicationName(QStringLiteral("detbench"));
  QApplication::setApplicationVersion(QString::fromUtf8(detbench::kToolVersion));
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/detbench.svg")));

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("detbench workbench"));
  parser.addHelpOption();
  parser.addVersionOption();
  QCommandLineOption languageOption(QStringLiteral("language"),
                                    QStringLiteral("Interface language: en or zh_CN (default: the "
                                                   "last one chosen, else the system locale)."),
                                    QStringLiteral("language"));
  parser.addOption(languageOption);
  QCommandLineOption opOption(QStringLiteral("op"), QStringLiteral("Select this op at start."),
                              QStringLiteral("name"));
  QCommandLineOption runOption(QStringLiteral("run"), QStringLiteral("Start a run at once."));
  QCommandLineOption compareOption(QStringLiteral("compare"),
                                   QStringLiteral("Start a comparison at once."));
  QCommandLineOption screenshotOption(
      QStringLiteral("screenshot"),
      QStringLiteral("Save a PNG of the window once the started run has finished, then quit "
                     "(for documentation)."),
      QStringLiteral("file"));
  QCommandLineOption demoOption(QStringLiteral("demo"),
                                QStringLiteral("Open the Demos tab and run this scenario."),
                                QStringLiteral("name"));
  QCommandLineOption showOption(
      QStringLiteral("show"),
      QStringLiteral("Bring this panel to the front at start: log, environment or changes (the "
                     "release changes); or open the remote-host dialog (remote-host)."),
      QStringLiteral("panel"));
  QCommandLineOption recipeOption(
      QStringLiteral("recipe"),
      QStringLiteral("Open the Demos tab's seeding-recipe check with this recipe (JSON or TOML)."),
      QStringLiteral("file"));
  QCommandLineOption invarianceOption(
      QStringLiteral("invariance"),
      QStringLiteral("Open the Invariance tab and run its default list on this axis: batches, "
                     "threads or devices."),
      QStringLiteral("axis"));
  QCommandLineOption hostOption(
      QStringLiteral("host"),
      QStringLiteral("Run on this remote host, [user@]host, through ssh (the Remote host "
                     "dialog's other settings as last saved)."),
      QStringLiteral("destination"));
  parser.addOptions({opOption, runOption, compareOption, demoOption, screenshotOption, showOption,
                     recipeOption, invarianceOption, hostOption});
  parser.addPositionalArgument(QStringLiteral("project"),
                               QStringLiteral("A .detbench project to open."));
  parser.process(app);

  detbench::gui::LanguageController language;
  QString lang = parser.value(languageOption);
  if (lang.isEmpty()) lang = QSettings().value(QStringLiteral("language")).toString();
  if (lang.isEmpty())
    lang = detbench::gui::LanguageController::languageForLocale(QLocale::system().name());
  language.setLanguage(lang);

  auto registry =
      std::make_shared<const detbench::BackendRegistry>(detbench::makeDefaultRegistry());
  detbench::gui::MainWindow window(registry, &language);
  const QString screenshot = parser.value(screenshotOption);
  // Scripted (a screenshot asked for): whatever cannot start ends the program with exit 2 and
  // the reason on stderr, so a script never waits for a run that will not come.
  const bool scripted = !screenshot.isEmpty();
  auto cannotStart = [&window, scripted](const QString& why) {
    window.logWidget()->append(detbench::gui::LogWidget::Level::Error, why);
    if (scripted) {
      std::fprintf(stderr, "detbench-gui: %s\n", why.toLocal8Bit().constData());
      QTimer::singleShot(0, [] { QApplication::exit(2); });
    }
  };
  if (!parser.positionalArguments().isEmpty()) {
    QString error;
    if (!window.openProject(parser.positionalArguments().front(), &error)) cannotStart(error);
  }
  if (parser.isSet(opOption) && !window.selectOp(parser.value(opOption))) {
    cannotStart(QStringLiteral("unknown op %1 (see detbench ops)").arg(parser.value(opOption)));
  }
  auto* devices = window.findChild<detbench::gui::DeviceSelectorWidget*>();
  if (parser.isSet(hostOption)) {
    detbench::gui::RemoteHost host = detbench::gui::RemoteHost::load();
    host.target.destination = parser.value(hostOption).toStdString();
    try {
      detbench::remote::checkSshTarget(host.target);
      devices->setRemoteHost(host);
    } catch (const detbench::Error& e) {
      cannotStart(QString::fromStdString(e.message()));
    }
  }
  // What the screenshot shows: the window, or a dialog opened at start.
  QWidget* pictured = &window;
  if (parser.value(showOption) == QStringLiteral("remote-host")) {
    window.show();
    pictured = devices->openRemoteHostDialog();
  } else if (parser.isSet(showOption)) {
    const QString panel = parser.value(showOption);
    const QString dock = panel == QStringLiteral("changes") ? QStringLiteral("catalogChangesDock")
                                                            : panel + QStringLiteral("Dock");
    auto* widget = window.findChild<QDockWidget*>(dock);
    if (widget == nullptr || !QStringList{QStringLiteral("log"), QStringLiteral("environment"),
                                          QStringLiteral("changes")}
                                  .contains(panel)) {
      cannotStart(QStringLiteral("unknown panel %1 (log, environment or changes)").arg(panel));
    } else {
      widget->raise();
    }
  }
  if (parser.isSet(recipeOption)) {
    QString why;
    if (!window.showRecipeCheck(parser.value(recipeOption), &why)) cannotStart(why);
  }
  window.show();
  // The picture is taken once the window has settled; exit 0, or 1 when the run failed or the
  // picture could not be written.
  auto grabThenExit = [&window, pictured, screenshot](int code) {
    QTimer::singleShot(600, &window, [pictured, screenshot, code] {
      QByteArray png;
      QBuffer buffer(&png);
      buffer.open(QIODevice::WriteOnly);
      QString error;
      if (!pictured->grab().save(&buffer, "PNG") ||
          !detbench::gui::FileWriter::write(screenshot, png, &error)) {
        std::fprintf(stderr, "detbench-gui: cannot write %s: %s\n",
                     screenshot.toLocal8Bit().constData(), error.toLocal8Bit().constData());
        QApplication::exit(1);
        return;
      }
      QApplication::exit(code);
    });
  };
  auto grab = [grabThenExit] { grabThenExit(0); };
  auto grabFailed = [grabThenExit] { grabThenExit(1); };
  if (parser.isSet(demoOption)) {
    if (scripted) {
      QObject::connect(window.demoController(), &detbench::gui::DemoController::finished, &window,
                       grab);
      QObject::connect(window.demoController(), &detbench::gui::DemoController::failed, &window,
                       grabFailed);
    }
    QTimer::singleShot(300, &window, [&window, cannotStart, name = parser.value(demoOption)] {
      QString why;
      if (!window.startDemo(name, &why)) cannotStart(why);
    });
  } else if (parser.isSet(invarianceOption)) {
    const QString name = parser.value(invarianceOption);
    const auto axis = name == QStringLiteral("threads")   ? detbench::InvarianceAxis::Threads
                      : name == QStringLiteral("devices") ? detbench::InvarianceAxis::Devices
                                                          : detbench::InvarianceAxis::Batches;
    if (scripted) {
      auto* controller = window.findChild<detbench::gui::InvarianceController*>();
      QObject::connect(controller, &detbench::gui::InvarianceController::finished, &window, grab);
      QObject::connect(controller, &detbench::gui::InvarianceController::failed, &window,
                       grabFailed);
    }
    QTimer::singleShot(300, &window, [&window, cannotStart, axis, name] {
      QString why;
      if (!QStringList{QStringLiteral("batches"), QStringLiteral("threads"),
                       QStringLiteral("devices")}
               .contains(name)) {
        cannotStart(
            QStringLiteral("unknown invariance axis %1 (batches, threads or devices)").arg(name));
      } else if (!window.startInvariance(axis, &why)) {
        cannotStart(why);
      }
    });
  } else if (parser.isSet(runOption) || parser.isSet(compareOption)) {
    if (scripted) {
      QObject::connect(window.runController(), &detbench::gui::RunController::finished, &window,
                       grab);
      QObject::connect(window.runController(), &detbench::gui::RunController::failed, &window,
                       grabFailed);
    }
    QTimer::singleShot(300, &window, [&window, cannotStart, compare = parser.isSet(compareOption)] {
      QString why;
      const bool started = compare ? window.startCompare(&why) : window.startRun(&why);
      if (!started) cannotStart(why);
    });
  } else if (scripted) {
    grab();
  }
  return QApplication::exec();
}
