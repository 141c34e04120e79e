#include "widgets/OpSelectorWidget.hpp"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include "common/Text.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "models/OpCatalogModel.hpp"

namespace detbench::gui {

OpSelectorWidget::OpSelectorWidget(QWidget* parent) : QWidget(parent) {
  label_ = new QLabel(this);
  combo_ = new QComboBox(this);
  combo_->setObjectName(QStringLiteral("opSelector"));
  combo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  combo_->setMinimumContentsLength(20);
  // The ops a device runs (the catalog's entries without a definition are shown in the catalog
  // only).
  for (const OpTraits& op : opCatalog()) {
    if (findOpDefinition(op.name) != nullptr) combo_->addItem(qstr(op.name), qstr(op.name));
  }
  label_->setBuddy(combo_);
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  summary_->setStyleSheet(QStringLiteral("color: palette(mid);"));
  auto* row = new QHBoxLayout;
  row->addWidget(label_);
  row->addWidget(combo_, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(row);
  layout->addWidget(summary_);
  connect(combo_, &QComboBox::currentIndexChanged, this, [this] {
    retranslate();
    emit opChosen(op());
  });
  retranslate();
}

QString OpSelectorWidget::op() const {
  return combo_->currentData().toString();
}

bool OpSelectorWidget::setOp(const QString& name) {
  const int i = combo_->findData(name);
  if (i < 0) return false;
  const QSignalBlocker block(combo_);
  combo_->setCurrentIndex(i);
  retranslate();
  return true;
}

void OpSelectorWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void OpSelectorWidget::retranslate() {
  label_->setText(tr("&Op"));
  combo_->setToolTip(tr("The op to run; the catalog below says how each one behaves"));
  for (int i = 0; i < combo_->count(); ++i) {
    if (const OpTraits* t = findOpTraits(stdstr(combo_->itemData(i).toString()))) {
      combo_->setItemData(i,
                          OpCatalogModel::translatedCatalogText(t->summary) + QStringLiteral("\n") +
                              qstr(t->pytorchApi),
                          Qt::ToolTipRole);
    }
  }
  if (const OpTraits* t = findOpTraits(stdstr(op()))) {
    summary_->setText(OpCatalogModel::translatedCatalogText(t->summary));
  }
}

}  // namespace detbench::gui
