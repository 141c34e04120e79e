// The window's Slurm batch jobs window (Run > Slurm batch jobs…): one, kept while the window
// lives, shown beside it rather than over it.

#include "app/MainWindow.hpp"
#include "widgets/SlurmJobsDialog.hpp"

namespace detbench::gui {

SlurmJobsDialog* MainWindow::showSlurmJobs(const QString& folder) {
  if (!slurmJobs_) slurmJobs_ = new SlurmJobsDialog(this);
  slurmJobs_->show();
  slurmJobs_->raise();
  slurmJobs_->activateWindow();
  if (folder.isEmpty()) {
    slurmJobs_->refreshShown();  // the folder of the last time
  } else {
    slurmJobs_->showFolder(folder);
  }
  return slurmJobs_;
}

}  // namespace detbench::gui
