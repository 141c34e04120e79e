#include "widgets/DeviceSelectorWidget.hpp"

#include <QComboBox>
#include <QEvent>
#include <QLabel>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include "common/Text.hpp"

namespace detbench::gui {

namespace {

// "a gpu:h100 node", "a node of partition gpu": what a Slurm job runs on, in the list's words.
std::string slurmNode(const RemoteHost& h) {
  std::string node = h.gpuType.empty() ? "a node" : "a gpu:" + h.gpuType + " node";
  if (!h.partition.empty()) node += " of " + h.partition;
  return node;
}

// The list shows every device, the torch devices (loaded on first use elsewhere) included.
std::vector<DeviceEntry> allDevices(const BackendRegistry& registry) {
  registry.loadAll();
  return registry.devices();
}

}  // namespace

DeviceSelectorWidget::DeviceSelectorWidget(const BackendRegistry& registry, QWidget* parent)
    : QWidget(parent), devices_(allDevices(registry)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  combo_ = new QComboBox(this);
  combo_->setObjectName(QStringLiteral("device"));
  model_ = new QStandardItemModel(this);
  for (const DeviceEntry& d : devices_) {
    auto* item = new QStandardItem(qstr(d.id));
    item->setData(qstr(d.id), Qt::UserRole);
    if (!d.availability.available)
      item->setFlags(item->flags() & ~Qt::ItemIsEnabled & ~Qt::ItemIsSelectable);
    model_->appendRow(item);
  }
  auto* remoteItem = new QStandardItem;
  remoteItem->setData(QStringLiteral("@remote"), Qt::UserRole);
  model_->appendRow(remoteItem);
  combo_->setModel(model_);
  reasons_ = new QLabel(this);
  reasons_->setWordWrap(true);
  reasons_->setStyleSheet(QStringLiteral("color: palette(mid);"));
  reasons_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(combo_);
  layout->addWidget(reasons_);
  // The parallel CPU device mirrors the GPU's traits; it is the default where there is no GPU.
  if (!setDevice(QStringLiteral("cuda"))) setDevice(QStringLiteral("cpu-threads"));
  connect(combo_, &QComboBox::activated, this, [this] {
    if (remoteChosen()) openRemoteHostDialog();
  });
  connect(combo_, &QComboBox::currentIndexChanged, this, [this] {
    if (!remoteChosen()) localIndex_ = combo_->currentIndex();
    retranslate();
    if (!remoteChosen() || remote_) emit deviceChanged(device());
  });
  retranslate();
}

bool DeviceSelectorWidget::remoteChosen() const {
  return combo_->currentData(Qt::UserRole).toString() == QStringLiteral("@remote");
}

RemoteHostDialog* DeviceSelectorWidget::openRemoteHostDialog() {
  auto* dialog = new RemoteHostDialog(remote_ ? *remote_ : RemoteHost::load(), this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &QDialog::accepted, this, [this, dialog] {
    setRemoteHost(dialog->host());
    remote_->save();
  });
  connect(dialog, &QDialog::rejected, this, [this] {
    if (!remote_) combo_->setCurrentIndex(localIndex_);
  });
  dialog->open();
  return dialog;
}

void DeviceSelectorWidget::setRemoteHost(const RemoteHost& host) {
  remote_ = host;
  retranslate();
  const int last = model_->rowCount() - 1;
  if (combo_->currentIndex() == last) {
    emit deviceChanged(device());
  } else {
    combo_->setCurrentIndex(last);
  }
}

std::optional<RemoteHost> DeviceSelectorWidget::remoteHost() const {
  if (!remoteChosen()) return std::nullopt;
  return remote_;
}

QString DeviceSelectorWidget::device() const {
  if (remoteChosen()) return remote_ ? remote_->device : QString();
  return combo_->currentData(Qt::UserRole).toString();
}

bool DeviceSelectorWidget::setDevice(const QString& id) {
  for (int i = 0; i < model_->rowCount(); ++i) {
    QStandardItem* item = model_->item(i);
    if (item->data(Qt::UserRole).toString() == id && item->isEnabled()) {
      combo_->setCurrentIndex(i);
      return true;
    }
  }
  return false;
}

TraitsClass DeviceSelectorWidget::traitsClass() const {
  if (remoteChosen()) {
    return device() == QStringLiteral("cpu") ? TraitsClass::Cpu : TraitsClass::Cuda;
  }
  for (const DeviceEntry& d : devices_) {
    if (qstr(d.id) == device() && d.backend) return d.backend->traitsClass();
  }
  return TraitsClass::Cuda;
}

void DeviceSelectorWidget::retranslate() {
  QStringList unavailable;
  QStringList reasons;
  QStandardItem* remoteItem = model_->item(model_->rowCount() - 1);
  if (remote_ && remote_->slurm) {
    remoteItem->setText(tr("%1 on %2 (Slurm)…").arg(remote_->device, qstr(slurmNode(*remote_))));
  } else if (remote_) {
    remoteItem->setText(
        tr("%1 on %2 (ssh)…").arg(remote_->device, qstr(remote_->target.destination)));
  } else {
    remoteItem->setText(tr("Remote host or Slurm cluster…"));
  }
  remoteItem->setToolTip(tr("Run on a device of another machine, through ssh or as a Slurm job"));
  for (int i = 0; i < model_->rowCount() - 1; ++i) {
    const DeviceEntry& d = devices_[static_cast<std::size_t>(i)];
    QStandardItem* item = model_->item(i);
    if (d.availability.available) {
      item->setText(qstr(d.id));
      item->setToolTip(
          d.backend && d.backend->traitsClass() == TraitsClass::Cpu
              ? tr("Sequential reference with PyTorch's CPU semantics")
              : tr("Follows PyTorch's CUDA kernels: float atomics where PyTorch has them"));
    } else {
      item->setText(tr("%1 (unavailable)").arg(qstr(d.id)));
      item->setToolTip(qstr(d.availability.reason));
      unavailable << qstr(d.id);
      reasons << tr("%1 is unavailable: %2").arg(qstr(d.id), qstr(d.availability.reason));
    }
  }
  // One line whatever the number of devices; the reasons (the drivers' own words) in its
  // tooltip and the list's.
  QString line;
  if (!unavailable.isEmpty()) {
    line = tr("Unavailable here: %1 (point at it for the reason)")
               .arg(unavailable.join(QStringLiteral(", ")));
  }
  // With a remote host chosen, what matters is where the run goes, not this machine's devices.
  if (remoteChosen() && remote_) {
    line = remote_->slurm ? tr("Runs on %1 of %2, as a Slurm job.")
                                .arg(remote_->device, qstr(slurmNode(*remote_)))
                          : tr("Runs on %1 of %2, through ssh.")
                                .arg(remote_->device, qstr(remote_->target.destination));
    reasons.clear();
  }
  reasons_->setText(line);
  reasons_->setToolTip(reasons.join(QLatin1Char('\n')));
  reasons_->setVisible(!line.isEmpty());
}

void DeviceSelectorWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace detbench::gui
