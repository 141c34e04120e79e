// detbench-gui: the Qt workbench.

#include <QApplication>
#include <QCommandLineParser>
#include <QLocale>
#include <QSettings>
#include <QTimer>

#include "app/MainWindow.hpp"
#include "controllers/DemoController.hpp"
#include "controllers/LanguageController.hpp"
#include "controllers/RunController.hpp"
#include "detbench/BuildInfo.hpp"
#include "detbench/DefaultRegistry.hpp"
#include "widgets/LogWidget.hpp"

int main(int argc, char** argv) {
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
  parser.addOptions({opOption, runOption, compareOption, demoOption, screenshotOption});
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
  if (!parser.positionalArguments().isEmpty()) {
    QString error;
    if (!window.openProject(parser.positionalArguments().front(), &error)) {
      window.logWidget()->append(detbench::gui::LogWidget::Level::Error, error);
    }
  }
  if (parser.isSet(opOption)) window.selectOp(parser.value(opOption));
  window.show();
  const QString screenshot = parser.value(screenshotOption);
  auto grab = [&window, screenshot] {
    QTimer::singleShot(600, &window, [&window, screenshot] {
      const bool ok = window.grab().save(screenshot, "PNG");
      QApplication::exit(ok ? 0 : 1);
    });
  };
  if (parser.isSet(demoOption)) {
    if (!screenshot.isEmpty()) {
      QObject::connect(window.demoController(), &detbench::gui::DemoController::finished, &window,
                       grab);
      QObject::connect(window.demoController(), &detbench::gui::DemoController::failed, &window,
                       grab);
    }
    QTimer::singleShot(300, &window, [&window, name = parser.value(demoOption)] {
      if (!window.startDemo(name)) {
        window.logWidget()->append(detbench::gui::LogWidget::Level::Error,
                                   QStringLiteral("No demo named %1").arg(name));
      }
    });
  } else if (parser.isSet(runOption) || parser.isSet(compareOption)) {
    if (!screenshot.isEmpty()) {
      QObject::connect(window.runController(), &detbench::gui::RunController::finished, &window,
                       grab);
      QObject::connect(window.runController(), &detbench::gui::RunController::failed, &window,
                       grab);
    }
    QTimer::singleShot(300, &window, [&window, &parser, &compareOption] {
      if (parser.isSet(compareOption)) {
        window.startCompare();
      } else {
        window.startRun();
      }
    });
  } else if (!screenshot.isEmpty()) {
    grab();
  }
  return QApplication::exec();
}
