#include "widgets/OpParamsWidget.hpp"

#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

#include "common/FormErrorLabel.hpp"
#include "common/Text.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/base/IntegerText.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/run/TrialRunner.hpp"
#include "models/OpCatalogModel.hpp"

namespace detbench::gui {

OpParamsWidget::OpParamsWidget(QWidget* parent) : QWidget(parent) {
  form_ = new QFormLayout(this);
  form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  form_->setContentsMargins(0, 0, 0, 0);
  form_->setVerticalSpacing(3);
  paramsBox_ = new QWidget(this);
  paramsGrid_ = new QGridLayout(paramsBox_);
  paramsGrid_->setContentsMargins(0, 0, 0, 0);
  paramsGrid_->setVerticalSpacing(3);
  form_->addRow(paramsBox_);
  shapes_ = new QLabel(this);
  shapes_->setWordWrap(true);
  shapes_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  shapes_->setStyleSheet(QStringLiteral("color: palette(mid);"));
  shapesError_ = makeFormErrorLabel(this);
  form_->addRow(shapes_);
  form_->addRow(shapesError_);
  trials_ = new QSpinBox(this);
  trials_->setObjectName(QStringLiteral("trials"));
  trials_->setRange(1, kMaxTrials);
  trials_->setValue(50);
  warmup_ = new QSpinBox(this);
  warmup_->setRange(0, kMaxWarmup);
  warmup_->setValue(3);
  dataSeed_ = new QLineEdit(QStringLiteral("0"), this);
  for (auto*& l : labels_) l = new QLabel(this);
  // Trials and warm-up share a row: the form fits a 720-pixel screen beside the settings.
  auto* counts = new QWidget(this);
  auto* countsLayout = new QHBoxLayout(counts);
  countsLayout->setContentsMargins(0, 0, 0, 0);
  countsLayout->addWidget(trials_, 1);
  countsLayout->addWidget(labels_[1]);
  countsLayout->addWidget(warmup_, 1);
  form_->addRow(labels_[0], counts);
  form_->addRow(labels_[2], dataSeed_);
  connect(trials_, &QSpinBox::valueChanged, this, &OpParamsWidget::changed);
  connect(warmup_, &QSpinBox::valueChanged, this, &OpParamsWidget::changed);
  connect(dataSeed_, &QLineEdit::textChanged, this, [this] {
    validate();
    emit changed();
  });
  retranslate();
}

void OpParamsWidget::retranslate() {
  labels_[0]->setText(tr("Trials"));
  labels_[1]->setText(tr("Warm-up"));
  warmup_->setToolTip(tr("Warm-up runs before the trials, not recorded."));
  labels_[2]->setText(tr("Data seed"));
  dataSeed_->setToolTip(
      tr("Seeds the generated inputs; separate from the seed under study, so "
         "every trial and configuration sees bit-identical inputs."));
  trials_->setToolTip(tr("Trials recorded, each on the same inputs."));
  // The parameters' help comes from the core in English; its translation is looked up like
  // the catalog's texts (gui/tools/CatalogTextsGenerator.cpp lists both).
  for (const Field& f : fields_) {
    f.edit->setToolTip(OpCatalogModel::translatedCatalogText(f.help) + QLatin1Char('\n') +
                       tr("from %1 to %2").arg(f.min).arg(f.max));
  }
  validate();
}

void OpParamsWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void OpParamsWidget::setOp(const QString& op) {
  op_ = op;
  for (const Field& f : fields_) {
    delete f.label;
    delete f.edit;
    delete f.error;
  }
  fields_.clear();
  const OpDefinition* def = findOpDefinition(op.toStdString());
  if (def) {
    // Up to three parameters one under the other; more in two columns (matmul has nine), so
    // the form stays whole on a 720-pixel screen. Each field's error goes under it.
    const int columns = def->params().size() > 3 ? 2 : 1;
    int i = 0;
    for (const ParamSpec& spec : def->params()) {
      Field f{QString::fromStdString(spec.name),
              new QLabel(QString::fromStdString(spec.name), paramsBox_),
              new QLineEdit(paramsBox_),
              makeFormErrorLabel(paramsBox_),
              spec.min,
              spec.max,
              spec.help};
      f.edit->setObjectName(QStringLiteral("param_") + f.name);
      f.edit->setText(QString::number(spec.defaultValue));
      f.label->setBuddy(f.edit);
      connect(f.edit, &QLineEdit::textChanged, this, [this] {
        validate();
        emit changed();
      });
      const int row = (i / columns) * 2;
      const int col = (i % columns) * 2;
      paramsGrid_->addWidget(f.label, row, col);
      paramsGrid_->addWidget(f.edit, row, col + 1);
      paramsGrid_->addWidget(f.error, row + 1, col, 1, 2);
      fields_.push_back(f);
      ++i;
    }
    for (int c = 0; c < 4; ++c) paramsGrid_->setColumnStretch(c, c % 2 == 1 ? 1 : 0);
  }
  retranslate();
  emit changed();
}

QString OpParamsWidget::fieldProblem(const Field& f) const {
  bool ok = false;
  const qlonglong v = f.edit->text().trimmed().toLongLong(&ok);
  if (!ok) return tr("%1 must be a whole number.").arg(f.name);
  if (v < f.min || v > f.max)
    return tr("%1 must be from %2 to %3.").arg(f.name).arg(f.min).arg(f.max);
  return {};
}

std::optional<OpParams> OpParamsWidget::params() const {
  OpParams p;
  for (const Field& f : fields_) {
    if (!fieldProblem(f).isEmpty()) return std::nullopt;
    p[f.name.toStdString()] = f.edit->text().trimmed().toLongLong();
  }
  return p;
}

void OpParamsWidget::setParams(const OpParams& params) {
  for (const Field& f : fields_) {
    const auto it = params.find(f.name.toStdString());
    if (it != params.end()) {
      const QSignalBlocker block(f.edit);
      f.edit->setText(QString::number(it->second));
    }
  }
  validate();
  emit changed();
}

int OpParamsWidget::trials() const {
  return trials_->value();
}
void OpParamsWidget::setTrials(int trials) {
  trials_->setValue(trials);
}
int OpParamsWidget::warmup() const {
  return warmup_->value();
}
void OpParamsWidget::setWarmup(int warmup) {
  warmup_->setValue(warmup);
}

std::uint64_t OpParamsWidget::dataSeed() const {
  return parseInteger<std::uint64_t>(dataSeed_->text().trimmed().toStdString()).value_or(0);
}

void OpParamsWidget::setDataSeed(std::uint64_t seed) {
  dataSeed_->setText(QString::number(seed));
}

QString OpParamsWidget::problem() const {
  for (const Field& f : fields_) {
    const QString p = fieldProblem(f);
    if (!p.isEmpty()) return p;
  }
  if (!parseInteger<std::uint64_t>(dataSeed_->text().trimmed().toStdString())) {
    return tr("The data seed must be an integer from 0 to 18446744073709551615.");
  }
  if (!shapesError_->text().isEmpty()) return shapesError_->text();
  return {};
}

void OpParamsWidget::validate() {
  bool allOk = true;
  for (const Field& f : fields_) {
    const QString p = fieldProblem(f);
    showFormError(f.error, p);
    f.edit->setStyleSheet(p.isEmpty() ? QString() : QStringLiteral("border: 1px solid #c62828;"));
    allOk = allOk && p.isEmpty();
  }
  shapesError_->clear();
  shapesError_->hide();
  shapes_->clear();
  const OpDefinition* def = findOpDefinition(op_.toStdString());
  if (!def || !allOk) return;
  try {
    const OpParams resolved = resolveParams(def->name().data(), def->params(), *params());
    // One run of text ("self [4096, 1] float32; index [...] int64 → out [...] float32"),
    // wrapped to the panel's width.
    QStringList inputs;
    for (const TensorSpec& t : def->inputSpecs(resolved)) {
      inputs << QStringLiteral("%1 %2 %3")
                    .arg(QString::fromStdString(t.name), QString::fromStdString(toString(t.shape)),
                         qstr(toString(t.dtype)));
    }
    const TensorSpec out = def->outputSpec(resolved);
    shapes_->setText(inputs.join(QStringLiteral("; ")) +
                     QStringLiteral(" → %1 %2 %3")
                         .arg(QString::fromStdString(out.name),
                              QString::fromStdString(toString(out.shape)),
                              qstr(toString(out.dtype))));
  } catch (const Error& e) {
    shapesError_->setText(QString::fromStdString(e.message()));
    shapesError_->show();
  }
}

}  // namespace detbench::gui
