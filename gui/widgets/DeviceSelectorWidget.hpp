#pragma once
// Chooses the device. Devices that cannot run here are listed greyed out, with the reason
// (in the tooltip and below the list), never hidden.

#include <QWidget>

#include "detbench/BackendRegistry.hpp"

class QComboBox;
class QLabel;
class QStandardItemModel;

namespace detbench::gui {

class DeviceSelectorWidget : public QWidget {
  Q_OBJECT

 public:
  explicit DeviceSelectorWidget(const BackendRegistry& registry, QWidget* parent = nullptr);

  QString device() const;
  // False (and nothing changes) for an unknown or unavailable device.
  bool setDevice(const QString& id);
  // Whether the chosen device follows PyTorch's CPU or CUDA traits.
  TraitsClass traitsClass() const;

 signals:
  void deviceChanged(const QString& id);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();

  std::vector<DeviceEntry> devices_;
  QComboBox* combo_;
  QStandardItemModel* model_;
  QLabel* reasons_;
};

}  // namespace detbench::gui
