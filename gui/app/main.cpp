// detbench-gui: the Qt workbench. The start the command line asks for (a project, an op, a
// run, a demo, a screenshot, ...) is ScriptedStart's.

#include <QApplication>
#include <QCommandLineParser>
#include <QLocale>
#include <QSettings>
#include <csignal>

#include "app/MainWindow.hpp"
#include "app/ScriptedStart.hpp"
#include "controllers/LanguageController.hpp"
#include "controllers/PythonChoice.hpp"
#include "detbench/DefaultRegistry.hpp"
#include "detbench/base/BuildInfo.hpp"

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
  const QCommandLineOption languageOption(
      QStringLiteral("language"),
      QStringLiteral("Interface language: en or zh_CN (default: the last one chosen, else the "
                     "system locale)."),
      QStringLiteral("language"));
  parser.addOption(languageOption);
  detbench::gui::StartOptions::addTo(parser);
  parser.process(app);

  detbench::gui::LanguageController language;
  QString lang = parser.value(languageOption);
  if (lang.isEmpty()) lang = QSettings().value(QStringLiteral("language")).toString();
  if (lang.isEmpty())
    lang = detbench::gui::LanguageController::languageForLocale(QLocale::system().name());
  language.setLanguage(lang);
  detbench::gui::PythonChoice::restore();

  auto registry =
      std::make_shared<const detbench::BackendRegistry>(detbench::makeDefaultRegistry());
  detbench::gui::MainWindow window(registry, &language);
  detbench::gui::ScriptedStart start(window, detbench::gui::StartOptions::fromParser(parser));
  start.begin();
  return QApplication::exec();
}
