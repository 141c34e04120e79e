#pragma once
// Chooses the device. Devices that cannot run here are listed greyed out, with the reason
// (in the tooltip and below the list), never hidden. The last entry, "Remote host…", opens the
// RemoteHostDialog: runs then go to a device on another machine through ssh.

#include <QWidget>
#include <optional>

#include "detbench/backend/BackendRegistry.hpp"
#include "widgets/RemoteHostDialog.hpp"

class QComboBox;
class QLabel;
class QStandardItemModel;

namespace detbench::gui {

class DeviceSelectorWidget : public QWidget {
  Q_OBJECT

 public:
  explicit DeviceSelectorWidget(const BackendRegistry& registry, QWidget* parent = nullptr);

  // The chosen device's id (on the remote host when one is chosen).
  QString device() const;
  // False (and nothing changes) for an unknown or unavailable device of this machine.
  bool setDevice(const QString& id);
  // Whether the chosen device follows PyTorch's CPU or CUDA traits.
  TraitsClass traitsClass() const;
  // The remote host, when "Remote host…" is the choice.
  std::optional<RemoteHost> remoteHost() const;
  // Chooses the remote host without the dialog (a project, `--host`, a test).
  void setRemoteHost(const RemoteHost& host);
  // Opens the Remote host dialog (window-modal); accepting it chooses and remembers the host.
  RemoteHostDialog* openRemoteHostDialog();

 signals:
  void deviceChanged(const QString& id);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  bool remoteChosen() const;

  std::vector<DeviceEntry> devices_;
  std::optional<RemoteHost> remote_;
  int localIndex_ = 0;  // the last local choice, to go back to when the dialog is cancelled
  QComboBox* combo_;
  QStandardItemModel* model_;
  QLabel* reasons_;
};

}  // namespace detbench::gui
