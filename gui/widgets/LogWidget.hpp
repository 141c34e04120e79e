#pragma once
// The log: warn mode's warnings and error mode's errors as the core gives them, and what the
// workbench itself did (runs started, finished, files written), each with the time.

#include <QWidget>

class QPlainTextEdit;

namespace detbench::gui {

class LogWidget : public QWidget {
  Q_OBJECT

 public:
  enum class Level { Info, Warning, Error };
  explicit LogWidget(QWidget* parent = nullptr);

  void append(Level level, const QString& text);
  void clear();
  QString plainText() const;
  int entries() const { return entries_; }

 private:
  QPlainTextEdit* view_;
  int entries_ = 0;
};

}  // namespace detbench::gui
