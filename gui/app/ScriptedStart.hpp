#pragma once
// The workbench's start as the command line asks for it: a project to open, an op, a remote
// host, a panel or the recipe check to show, then at most one thing started (a demo, an
// invariance run, a trace, a run or a comparison) and, with --screenshot, a picture of the window
// once that has finished.
//
// Scripted (a picture asked for), the program ends in one place, end(): its first call decides
// the exit code and every later call is ignored. A refusal ends it at once, and the picture is
// taken only while it has not ended, so no picture ever follows a refusal, whatever order the
// timers fire in. Exit codes: 0 with the picture written; 1 when what was started was refused
// by its controller (no picture) or the picture could not be written; 2 when the command line
// asks for what cannot start (the reason on stderr, no picture).

#include <QObject>
#include <QPointer>
#include <QString>
#include <functional>
#include <optional>

class QCommandLineParser;

namespace detbench::gui {

class MainWindow;

// What the command line asks of the start.
struct StartOptions {
  // Each is absent when not given (an empty value is a value, and is refused by name).
  std::optional<QString> project;     // a .detbench file to open
  std::optional<QString> op;          // --op
  std::optional<QString> host;        // --host [user@]host
  std::optional<QString> show;        // --show log|environment|changes|remote-host
  std::optional<QString> recipe;      // --recipe FILE (empty: the check without a file)
  std::optional<QString> demo;        // --demo NAME
  std::optional<QString> invariance;  // --invariance batches|threads|devices
  std::optional<QString> trace;       // --trace example|SCRIPT
  std::optional<QString> slurmJobs;   // --slurm-jobs DIR: the Slurm batch jobs window on DIR
  QString screenshot;                 // --screenshot FILE: scripted
  bool run = false;
  bool compare = false;
  bool slurm = false;  // --slurm: a Slurm job (--host: its login node)

  bool scripted() const { return !screenshot.isEmpty(); }
  // Adds the options to `parser`; after parser.process(), fromParser() reads them back.
  static void addTo(QCommandLineParser& parser);
  static StartOptions fromParser(const QCommandLineParser& parser);
};

class ScriptedStart : public QObject {
  Q_OBJECT

 public:
  // How the program ends (QCoreApplication::exit, queued, unless a test says otherwise).
  using Exit = std::function<void(int code)>;

  ScriptedStart(MainWindow& window, StartOptions options, QObject* parent = nullptr);

  // Applies the options, shows the window and starts what they ask (after `startDelayMs`, once
  // the window is up).
  void begin();

  // What cannot start: logged; scripted, the reason on stderr and end(2).
  void refuse(const QString& why);
  // What was started has finished (`code` 0) or was refused by its controller (`code` 1, the
  // reason in `why`): scripted, the picture once the window has settled (`settleMs`), then end.
  void finished(int code, const QString& why = {});

  bool hasEnded() const { return exitCode_.has_value(); }
  std::optional<int> exitCode() const { return exitCode_; }

  // For tests: how the program ends, and the delays (in ms) before the start and the picture.
  void setExit(Exit exit) { exit_ = std::move(exit); }
  void setDelays(int startMs, int settleMs);

 private:
  void applyOptions();
  void startWhatIsAsked();
  void connectEnd();
  void takePicture(int code);
  // The one exit path: the first call decides the code.
  void end(int code);

  MainWindow& window_;
  StartOptions options_;
  QPointer<QWidget> pictured_;  // the window, or a dialog opened at start
  Exit exit_;
  int startMs_ = 300;
  int settleMs_ = 600;
  bool pictureAsked_ = false;
  std::optional<int> exitCode_;
};

}  // namespace detbench::gui
