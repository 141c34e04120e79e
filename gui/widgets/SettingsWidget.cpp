#include "widgets/SettingsWidget.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QThread>

#include "common/FormErrorLabel.hpp"
#include "common/Verdict.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/base/IntegerText.hpp"
#include "detbench/catalog/PyTorchDetection.hpp"

namespace detbench::gui {

namespace {

std::optional<std::uint64_t> parseSeed(const QString& text) {
  return parseInteger<std::uint64_t>(text.trimmed().toStdString());
}

}  // namespace

SettingsWidget::SettingsWidget(QWidget* parent) : QWidget(parent) {
  form_ = new QFormLayout(this);
  form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  form_->setVerticalSpacing(3);  // every row fits a 720-pixel screen beside the op's form

  seedSet_ = new QCheckBox(this);
  seed_ = new QLineEdit(QStringLiteral("0"), this);
  seed_->setObjectName(QStringLiteral("seed"));
  seedError_ = makeFormErrorLabel(this);
  auto* seedRow = new QWidget(this);
  auto* seedLayout = new QHBoxLayout(seedRow);
  seedLayout->setContentsMargins(0, 0, 0, 0);
  seedLayout->addWidget(seedSet_);
  seedLayout->addWidget(seed_, 1);

  cudnnBenchmark_ = new QCheckBox(QStringLiteral("cudnn.benchmark"), this);
  cudnnDeterministic_ = new QCheckBox(QStringLiteral("cudnn.deterministic"), this);
  deterministic_ = new QComboBox(this);
  deterministic_->setObjectName(QStringLiteral("deterministicMode"));
  deterministic_->addItems({QString(), QString(), QString()});
  fillMemory_ = new QCheckBox(this);
  workspace_ = new QComboBox(this);
  workspace_->setEditable(true);
  workspace_->addItems({QString(), QStringLiteral(":4096:8"), QStringLiteral(":16:8")});
  workspaceError_ = makeFormErrorLabel(this);
  threads_ = new QSpinBox(this);
  threads_->setRange(0, 1024);
  semantics_ = new QComboBox(this);
  semantics_->addItems({QString(), QString()});
  form_request_ = new QComboBox(this);
  form_request_->addItems({QString(), QString(), QString()});

  pytorch_ = new QComboBox(this);
  pytorch_->setObjectName(QStringLiteral("pytorchRelease"));
  for (const PyTorchRelease r : catalogReleases()) {
    pytorch_->addItem(QString(), QString::fromStdString(toString(r)));
  }

  for (auto*& l : labels_) l = new QLabel(this);
  form_->addRow(labels_[9], pytorch_);
  form_->addRow(labels_[0], seedRow);
  form_->addRow(QString(), seedError_);
  form_->addRow(labels_[1], cudnnBenchmark_);
  form_->addRow(labels_[2], cudnnDeterministic_);
  form_->addRow(labels_[3], deterministic_);
  form_->addRow(labels_[4], fillMemory_);
  form_->addRow(labels_[5], workspace_);
  form_->addRow(QString(), workspaceError_);
  form_->addRow(labels_[6], threads_);
  form_->addRow(labels_[7], semantics_);
  form_->addRow(labels_[8], form_request_);

  const auto changedSlot = [this] {
    validate();
    emit changed();
  };
  connect(seedSet_, &QCheckBox::toggled, this, [this, changedSlot](bool on) {
    seed_->setEnabled(on);
    changedSlot();
  });
  connect(seed_, &QLineEdit::textChanged, this, changedSlot);
  connect(cudnnBenchmark_, &QCheckBox::toggled, this, changedSlot);
  connect(cudnnDeterministic_, &QCheckBox::toggled, this, changedSlot);
  connect(deterministic_, &QComboBox::currentIndexChanged, this, changedSlot);
  connect(fillMemory_, &QCheckBox::toggled, this, changedSlot);
  connect(workspace_, &QComboBox::currentTextChanged, this, changedSlot);
  connect(threads_, &QSpinBox::valueChanged, this, changedSlot);
  connect(semantics_, &QComboBox::currentIndexChanged, this, changedSlot);
  connect(form_request_, &QComboBox::currentIndexChanged, this, changedSlot);
  connect(pytorch_, &QComboBox::currentIndexChanged, this, changedSlot);

  retranslate();
  Settings initial;
  initial.pytorch = defaultPyTorchRelease().release;
  setSettings(initial);
}

void SettingsWidget::followDefaultRelease() {
  retranslate();
  const int i =
      pytorch_->findData(QString::fromStdString(toString(defaultPyTorchRelease().release)));
  if (i >= 0) pytorch_->setCurrentIndex(i);
}

void SettingsWidget::retranslate() {
  labels_[0]->setText(tr("Seed"));
  labels_[1]->setText(tr("Autotuning"));
  labels_[2]->setText(tr("cuDNN"));
  labels_[3]->setText(tr("Deterministic algorithms"));
  labels_[4]->setText(tr("Uninitialized memory"));
  labels_[5]->setText(QStringLiteral("CUBLAS_WORKSPACE_CONFIG"));
  labels_[6]->setText(tr("CPU threads"));
  labels_[7]->setText(tr("Catalog"));
  labels_[8]->setText(tr("Implementation"));
  labels_[9]->setText(tr("PyTorch release"));
  const PyTorchDefault found = defaultPyTorchRelease();
  for (int i = 0; i < pytorch_->count(); ++i) {
    const QString release = pytorch_->itemData(i).toString();
    const bool isDefault = release.toStdString() == toString(found.release);
    // A release outside the catalog's is followed by its nearest: the label says from which.
    const QString foundVersion =
        QString::fromStdString(found.foundVersion.value_or("")).section(QLatin1Char('.'), 0, 1);
    const bool nearest = isDefault && !foundVersion.isEmpty() && foundVersion != release;
    pytorch_->setItemText(i, nearest ? tr("%1 (default: nearest to %2)").arg(release, foundVersion)
                             : isDefault ? tr("%1 (default)").arg(release)
                                         : release);
  }
  pytorch_->setToolTip(
      tr("What deterministic mode does, the alerts and the cuBLAS workspace rule follow this "
         "release. Default: %1.")
          .arg(QString::fromStdString(found.how)));
  seedSet_->setText(tr("set"));
  seedSet_->setToolTip(
      tr("torch.manual_seed(seed). Unset: a fresh seed per run, recorded in the report."));
  seed_->setPlaceholderText(tr("64-bit integer"));
  cudnnBenchmark_->setToolTip(
      tr("Time the candidate algorithms per shape and keep the fastest "
         "(cudnnFind*AlgorithmEx); off: heuristics."));
  cudnnDeterministic_->setToolTip(tr("Keep only algorithms cuDNN marks as deterministic."));
  // The combo says which call each choice is: error is use_deterministic_algorithms(True).
  for (int i = 0; i < 3; ++i)
    deterministic_->setItemText(i, Verdict::mode(static_cast<DeterministicMode>(i)));
  deterministic_->setToolTip(
      tr("torch.use_deterministic_algorithms(mode): ops with a deterministic alternative switch "
         "to it; ops without one raise (error: True) or warn and run (warn: True, "
         "warn_only=True)."));
  fillMemory_->setText(tr("fill with NaN / max"));
  fillMemory_->setToolTip(
      tr("torch.utils.deterministic.fill_uninitialized_memory: in deterministic mode, fresh "
         "outputs are filled with NaN (floats) or the largest value (integers)."));
  workspace_->setItemText(0, QString());
  workspace_->lineEdit()->setPlaceholderText(tr("unset"));
  workspace_->setToolTip(
      tr("In deterministic mode, cuBLAS ops raise unless this is :4096:8 or "
         ":16:8 (PyTorch 2.8 and 2.9; from 2.10 no longer checked)."));
  threads_->setSpecialValueText(tr("one per core"));
  semantics_->setItemText(0, tr("PyTorch semantics"));
  semantics_->setItemText(1, tr("detbench extensions"));
  semantics_->setToolTip(
      tr("Extensions: deterministic kernels detbench offers where PyTorch has none."));
  form_request_->setItemText(0, tr("default dispatch"));
  form_request_->setItemText(1, tr("atomic form (contrast)"));
  form_request_->setItemText(2, tr("deterministic form"));
  validate();
}

void SettingsWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

std::optional<Settings> SettingsWidget::settings() const {
  if (!problem().isEmpty()) return std::nullopt;
  Settings s;
  if (seedSet_->isChecked()) s.seed = parseSeed(seed_->text());
  s.cudnnBenchmark = cudnnBenchmark_->isChecked();
  s.cudnnDeterministic = cudnnDeterministic_->isChecked();
  s.deterministic = static_cast<DeterministicMode>(deterministic_->currentIndex());
  s.fillUninitializedMemory = fillMemory_->isChecked();
  const QString ws = workspace_->currentText().trimmed();
  if (!ws.isEmpty()) s.cublasWorkspaceConfig = WorkspaceConfig::parse(ws.toStdString());
  s.threads = threads_->value();
  s.semantics = static_cast<CatalogSemantics>(semantics_->currentIndex());
  s.form = static_cast<FormRequest>(form_request_->currentIndex());
  if (const auto r = parsePyTorchRelease(pytorch_->currentData().toString().toStdString())) {
    s.pytorch = *r;
  }
  return s;
}

void SettingsWidget::setSettings(const Settings& s) {
  const QSignalBlocker blockers[] = {
      QSignalBlocker(seedSet_),        QSignalBlocker(seed_),
      QSignalBlocker(cudnnBenchmark_), QSignalBlocker(cudnnDeterministic_),
      QSignalBlocker(deterministic_),  QSignalBlocker(fillMemory_),
      QSignalBlocker(workspace_),      QSignalBlocker(threads_),
      QSignalBlocker(semantics_),      QSignalBlocker(form_request_),
      QSignalBlocker(pytorch_)};
  seedSet_->setChecked(s.seed.has_value());
  seed_->setEnabled(s.seed.has_value());
  if (s.seed) seed_->setText(QString::number(*s.seed));
  cudnnBenchmark_->setChecked(s.cudnnBenchmark);
  cudnnDeterministic_->setChecked(s.cudnnDeterministic);
  deterministic_->setCurrentIndex(static_cast<int>(s.deterministic));
  fillMemory_->setChecked(s.fillUninitializedMemory);
  workspace_->setCurrentText(
      s.cublasWorkspaceConfig ? QString::fromStdString(s.cublasWorkspaceConfig->text) : QString());
  threads_->setValue(s.threads);
  semantics_->setCurrentIndex(static_cast<int>(s.semantics));
  form_request_->setCurrentIndex(static_cast<int>(s.form));
  pytorch_->setCurrentIndex(pytorch_->findData(QString::fromStdString(toString(s.pytorch))));
  validate();
  emit changed();
}

QString SettingsWidget::problem() const {
  if (seedSet_->isChecked() && !parseSeed(seed_->text())) {
    return tr("The seed must be an integer from 0 to 18446744073709551615.");
  }
  const QString ws = workspace_->currentText().trimmed();
  if (!ws.isEmpty()) {
    try {
      WorkspaceConfig::parse(ws.toStdString());
    } catch (const Error& e) {
      return QString::fromStdString(e.message());
    }
  }
  return {};
}

void SettingsWidget::validate() {
  const bool seedBad = seedSet_->isChecked() && !parseSeed(seed_->text());
  seedError_->setText(seedBad ? tr("The seed must be an integer from 0 to 18446744073709551615.")
                              : QString());
  seedError_->setVisible(seedBad);
  QString wsProblem;
  const QString ws = workspace_->currentText().trimmed();
  if (!ws.isEmpty()) {
    try {
      WorkspaceConfig::parse(ws.toStdString());
    } catch (const Error& e) {
      wsProblem = QString::fromStdString(e.message());
    }
  }
  workspaceError_->setText(wsProblem);
  workspaceError_->setVisible(!wsProblem.isEmpty());
}

}  // namespace detbench::gui
