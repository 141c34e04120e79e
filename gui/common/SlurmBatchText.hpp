#pragma once
// A --slurm-batch folder's own words in the interface's language: the batch's kind and each job's
// target ("srun gpu:a100, partition debug"), which the folder's batch.json keeps in English as
// the command line wrote them (core's slurmTargetLabel). Slurm's names (a GPU type, a partition,
// a constraint) stay as they are; words of another shape stay English.

#include <QCoreApplication>
#include <QString>
#include <string>

namespace detbench::gui {

class SlurmBatchText {
  Q_DECLARE_TR_FUNCTIONS(SlurmBatchText)

 public:
  // "run", "sweep".
  static QString kind(const std::string& kind);
  // "srun gpu:a100, partition debug", "srun no GPU type, partition default, constraint x"; the
  // same without "srun ".
  static QString target(const std::string& label);
};

}  // namespace detbench::gui
