#pragma once
// A --slurm-batch folder's own words in the interface's language: the batch's kind and each job's
// target ("srun gpu:a100, partition debug"). batch.json keeps the target's fields (core's
// BatchTarget), and an English label as the command line wrote it (slurmTargetLabel), which is
// all that a batch of an older detbench has. Slurm's names (a GPU type, a partition, a
// constraint) and host names stay as they are; a label of another shape stays English.

#include <QCoreApplication>
#include <QString>
#include <string>

#include "detbench/remote/SlurmJobs.hpp"

namespace detbench::gui {

class SlurmBatchText {
  Q_DECLARE_TR_FUNCTIONS(SlurmBatchText)

 public:
  // "run", "sweep".
  static QString kind(const std::string& kind);
  // "srun gpu:a100, partition debug", "srun no GPU type, partition default, constraint x",
  // "... via ssh login1": in English, the command line's label.
  static QString target(const remote::BatchTarget& target);
  // The same from the label alone, with or without "srun " and " via ssh HOST".
  static QString target(const std::string& label);
  // A job's target: from its fields where batch.json has them, else from its label.
  static QString target(const remote::BatchJobStatus& job);
};

}  // namespace detbench::gui
