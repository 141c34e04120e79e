#include "widgets/LogWidget.hpp"

#include <QDateTime>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace detbench::gui {

LogWidget::LogWidget(QWidget* parent) : QWidget(parent), view_(new QPlainTextEdit(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(view_);
  view_->setReadOnly(true);
  view_->setMaximumBlockCount(10000);
  view_->setObjectName(QStringLiteral("log"));
}

void LogWidget::append(Level level, const QString& text) {
  const QString time = QTime::currentTime().toString(QStringLiteral("HH:mm:ss"));
  QString color = QStringLiteral("#333333");
  QString tag;
  if (level == Level::Warning) {
    color = QStringLiteral("#b26a00");
    tag = tr("warning") + QStringLiteral(": ");
  } else if (level == Level::Error) {
    color = QStringLiteral("#c62828");
    tag = tr("error") + QStringLiteral(": ");
  }
  view_->appendHtml(
      QStringLiteral("<span style=\"color:#888\">%1</span> <span style=\"color:%2\">%3%4</span>")
          .arg(time, color, tag.toHtmlEscaped(), text.toHtmlEscaped()));
  ++entries_;
}

void LogWidget::clear() {
  view_->clear();
  entries_ = 0;
}

QString LogWidget::plainText() const {
  return view_->toPlainText();
}

}  // namespace detbench::gui
