#include "widgets/RemoteHostDialog.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "common/FormErrorLabel.hpp"
#include "common/Text.hpp"
#include "detbench/base/Error.hpp"

namespace detbench::gui {

RemoteHostDialog::RemoteHostDialog(const RemoteHost& initial, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Remote host or Slurm cluster"));
  auto* layout = new QVBoxLayout(this);
  intro_ = new QLabel(this);
  intro_->setWordWrap(true);
  layout->addWidget(intro_);
  auto* form = new QFormLayout;
  form_ = form;
  through_ = new QComboBox(this);
  through_->setObjectName(QStringLiteral("through"));
  through_->addItem(tr("ssh to a host"));
  through_->addItem(tr("a Slurm job (srun)"));
  through_->setCurrentIndex(initial.slurm ? 1 : 0);
  form->addRow(tr("Reach it through:"), through_);
  destination_ = new QLineEdit(qstr(initial.target.destination), this);
  destination_->setObjectName(QStringLiteral("destination"));
  form->addRow(tr("Destination:"), destination_);
  partition_ = new QLineEdit(qstr(initial.partition), this);
  partition_->setObjectName(QStringLiteral("partition"));
  partition_->setPlaceholderText(tr("the cluster's default"));
  form->addRow(tr("Partition:"), partition_);
  gpuType_ = new QLineEdit(qstr(initial.gpuType), this);
  gpuType_->setObjectName(QStringLiteral("gpuType"));
  gpuType_->setPlaceholderText(tr("a100, h100, …"));
  gpuType_->setToolTip(tr("Asked for as --gres=gpu:TYPE:1"));
  form->addRow(tr("GPU type:"), gpuType_);
  timeLimit_ = new QLineEdit(qstr(initial.timeLimit), this);
  timeLimit_->setPlaceholderText(tr("the partition's (such as 30 or 1:00:00)"));
  form->addRow(tr("Time limit:"), timeLimit_);
  port_ = new QSpinBox(this);
  port_->setRange(0, 65535);
  port_->setSpecialValueText(tr("ssh's default"));
  port_->setValue(initial.target.port);
  form->addRow(tr("Port:"), port_);
  identity_ = new QLineEdit(qstr(initial.target.identityFile), this);
  identity_->setPlaceholderText(tr("ssh's default keys"));
  auto* browse = new QPushButton(tr("Browse…"), this);
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString file = QFileDialog::getOpenFileName(this, tr("Identity file"),
                                                      QDir::homePath() + QStringLiteral("/.ssh"));
    if (!file.isEmpty()) identity_->setText(file);
  });
  auto* identityRow = new QHBoxLayout;
  identityRow->addWidget(identity_, 1);
  identityRow->addWidget(browse);
  form->addRow(tr("Identity file:"), identityRow);
  program_ = new QLineEdit(qstr(initial.target.remoteDetbench), this);
  form->addRow(tr("detbench there:"), program_);
  device_ = new QComboBox(this);
  for (const char* d : {"cuda", "cpu-threads", "cpu", "torch-cuda", "torch-cpu"})
    device_->addItem(QString::fromLatin1(d));
  device_->setCurrentText(initial.device);
  form->addRow(tr("Device there:"), device_);
  timeout_ = new QSpinBox(this);
  timeout_->setRange(1, 3600);
  timeout_->setSuffix(tr(" s"));
  timeout_->setValue(initial.timeoutSeconds);
  timeout_->setToolTip(tr("The longest wait for the login and for each answer"));
  form->addRow(tr("Wait at most:"), timeout_);
  layout->addLayout(form);
  error_ = makeFormErrorLabel(this);
  layout->addWidget(error_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &RemoteHostDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  connect(through_, &QComboBox::currentIndexChanged, this, &RemoteHostDialog::showMode);
  showMode();
}

void RemoteHostDialog::showMode() {
  const bool slurm = through_->currentIndex() == 1;
  intro_->setText(
      slurm ? tr("Runs go to detbench on a node Slurm allocates (srun … detbench serve --stdio), "
                 "on this machine or on the cluster's login node through ssh. A job that waits "
                 "in the queue shows its state and Slurm's reason in the log; Cancel cancels the "
                 "job.")
            : tr("Runs go to detbench on another machine through ssh (ssh -T host detbench serve "
                 "--stdio). Log in with a key or an agent: ssh runs in batch mode and never asks "
                 "for a password, and detbench stores none."));
  if (auto* label = qobject_cast<QLabel*>(form_->labelForField(destination_))) {
    label->setText(slurm ? tr("Login node:") : tr("Destination:"));
  }
  destination_->setPlaceholderText(slurm ? tr("none: srun on this machine")
                                         : tr("user@gpu-server"));
  for (QWidget* w : {static_cast<QWidget*>(partition_), static_cast<QWidget*>(gpuType_),
                     static_cast<QWidget*>(timeLimit_)}) {
    form_->setRowVisible(w, slurm);
  }
}

RemoteHost RemoteHostDialog::host() const {
  RemoteHost h;
  h.target.destination = destination_->text().trimmed().toStdString();
  h.target.port = port_->value();
  h.target.identityFile = identity_->text().trimmed().toStdString();
  h.target.remoteDetbench = program_->text().trimmed().toStdString();
  h.device = device_->currentText();
  h.timeoutSeconds = timeout_->value();
  h.slurm = through_->currentIndex() == 1;
  if (h.slurm) {
    h.partition = partition_->text().trimmed().toStdString();
    h.gpuType = gpuType_->text().trimmed().toStdString();
    h.timeLimit = timeLimit_->text().trimmed().toStdString();
  }
  return h;
}

void RemoteHostDialog::accept() {
  try {
    host().plan(QString()).check();
  } catch (const Error& e) {
    showFormError(error_, qstr(e.message()));
    return;
  }
  showFormError(error_, {});
  QDialog::accept();
}

}  // namespace detbench::gui
