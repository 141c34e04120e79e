#pragma once
// Slurm's job states and pending reasons in the interface's language: the progress line of a
// run whose job waits in the queue, and the Slurm jobs window. The English words are those of
// core's describeSlurmState; a reason code without words stays Slurm's code.

#include <QCoreApplication>
#include <QString>

#include "detbench/remote/SlurmTarget.hpp"

namespace detbench::gui {

class SlurmStateText {
  Q_DECLARE_TR_FUNCTIONS(SlurmStateText)

 public:
  // "pending", "node fail", "timeout": Slurm's state word (PENDING, NODE_FAIL, TIMEOUT).
  static QString state(const std::string& state);
  // "Priority: jobs of higher priority are ahead of it", or the code itself where it has no
  // words; "" for none ("None").
  static QString reason(const std::string& reason);
  // "pending (Priority: jobs of higher priority are ahead of it)".
  static QString stateAndReason(const remote::SlurmJobState& s);
  // "job 12 pending (Priority: ...)".
  static QString job(const remote::SlurmJobState& s);
};

}  // namespace detbench::gui
