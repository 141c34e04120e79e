#pragma once
// Run > Slurm batch jobs…: the jobs that `--slurm-batch DIR` submitted, batch by batch, each
// task with the scheduler's state (pending and why, running, completed, timed out, cancelled,
// preempted) or, once Slurm has forgotten it, what its files say; Cancel job cancels the chosen
// job with scancel; Collect writes each finished job's report into DIR/reports, as `detbench jobs
// --collect` would. With a login node named, DIR is a folder there, the detbench there answers
// through ssh (with the remote host settings' port, identity and program), and Collect writes
// the reports into a folder here. The folder, the login node and the reports' folder are
// remembered between sessions.

#include <QDialog>

#include "controllers/SlurmJobsController.hpp"

class QLabel;
class QLineEdit;
class QPushButton;
class QTreeWidget;

namespace detbench::gui {

class SlurmJobsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit SlurmJobsDialog(QWidget* parent = nullptr);

  SlurmJobsController* controller() const { return jobs_; }
  QTreeWidget* tree() const { return tree_; }
  // Lists `folder` (remembered for the next time).
  void showFolder(const QString& folder);
  // Lists the folder named in the window again (nothing where none is named).
  void refreshShown();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void fill();  // the tree from the controller's listing
  // A task's state in the interface's language: Slurm's while it knows the task, else its files'.
  static QString taskState(const remote::BatchTaskStatus& t);
  void setBusy(bool busy);
  void showLoginMode();  // the reports' row only with a login node
  void updateButtons();
  void report(const QStringList& lines);

  SlurmJobsController* jobs_;
  QLabel* intro_;
  QLabel* loginLabel_;
  QLineEdit* login_;
  QLabel* folderLabel_;
  QLineEdit* folder_;
  QLabel* reportsLabel_;
  QLineEdit* reports_;  // where Collect writes through a login node
  QPushButton* browse_;
  QPushButton* refresh_;
  QTreeWidget* tree_;
  QPushButton* cancelJob_;
  QPushButton* collect_;
  QPushButton* close_;
  QLabel* status_;
  QString summary_;  // the listing's counts, above what a step reports
};

}  // namespace detbench::gui
