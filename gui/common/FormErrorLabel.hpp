#pragma once
// The red line under a form field that says why its value is refused (hidden while it is valid).

#include <QLabel>

namespace detbench::gui {

inline QLabel* makeFormErrorLabel(QWidget* parent) {
  auto* label = new QLabel(parent);
  label->setStyleSheet(QStringLiteral("color: #c62828;"));
  label->setWordWrap(true);
  label->hide();
  return label;
}

// Shows `problem` under the field, or hides the label when it is empty.
inline void showFormError(QLabel* label, const QString& problem) {
  label->setText(problem);
  label->setVisible(!problem.isEmpty());
}

}  // namespace detbench::gui
