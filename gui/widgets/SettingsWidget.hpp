#pragma once
// The determinism knobs, bound one to one to detbench::Settings: what the widgets show is what
// settings() returns, and setSettings() shows any Settings exactly.

#include <QWidget>
#include <optional>

#include "detbench/settings/Settings.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QFormLayout;

namespace detbench::gui {

class SettingsWidget : public QWidget {
  Q_OBJECT

 public:
  explicit SettingsWidget(QWidget* parent = nullptr);

  // The settings shown; nullopt (with the reason next to the field) when a field is invalid.
  std::optional<Settings> settings() const;
  void setSettings(const Settings& settings);
  // The first problem in the form, or empty.
  QString problem() const;
  // The user's Python changed: the release it has becomes the default, and the one shown.
  void followDefaultRelease();

 signals:
  void changed();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void validate();
  QString seedProblem() const;
  QString workspaceProblem() const;

  QFormLayout* form_;
  QCheckBox* seedSet_;
  QLineEdit* seed_;
  QLabel* seedError_;
  QCheckBox* cudnnBenchmark_;
  QCheckBox* cudnnDeterministic_;
  QComboBox* deterministic_;
  QCheckBox* fillMemory_;
  QComboBox* workspace_;
  QLabel* workspaceError_;
  QSpinBox* threads_;
  QComboBox* semantics_;
  QComboBox* form_request_;
  QComboBox* pytorch_;
  QLabel* labels_[10];
};

}  // namespace detbench::gui
