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
  setWindowTitle(tr("Remote host"));
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(
      tr("Runs go to detbench on another machine through ssh (ssh -T host detbench serve "
         "--stdio). Log in with a key or an agent: ssh runs in batch mode and never asks for a "
         "password, and detbench stores none."),
      this);
  intro->setWordWrap(true);
  layout->addWidget(intro);
  auto* form = new QFormLayout;
  destination_ = new QLineEdit(qstr(initial.target.destination), this);
  destination_->setObjectName(QStringLiteral("destination"));
  destination_->setPlaceholderText(tr("user@gpu-server"));
  form->addRow(tr("Destination:"), destination_);
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
}

RemoteHost RemoteHostDialog::host() const {
  RemoteHost h;
  h.target.destination = destination_->text().trimmed().toStdString();
  h.target.port = port_->value();
  h.target.identityFile = identity_->text().trimmed().toStdString();
  h.target.remoteDetbench = program_->text().trimmed().toStdString();
  h.device = device_->currentText();
  h.timeoutSeconds = timeout_->value();
  return h;
}

void RemoteHostDialog::accept() {
  try {
    remote::checkSshTarget(host().target);
  } catch (const Error& e) {
    showFormError(error_, qstr(e.message()));
    return;
  }
  showFormError(error_, {});
  QDialog::accept();
}

}  // namespace detbench::gui
