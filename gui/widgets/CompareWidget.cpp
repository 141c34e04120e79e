#include "widgets/CompareWidget.hpp"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "common/Text.hpp"
#include "common/Verdict.hpp"
#include "detbench/report/Format.hpp"
#include "plot/ComparePlotWidget.hpp"

namespace detbench::gui {

namespace {
constexpr int kCustomRole = Qt::UserRole + 1;
const QStringList kDefaultPresets = {QStringLiteral("default"), QStringLiteral("deterministic"),
                                     QStringLiteral("atomic")};
}  // namespace

CompareWidget::CompareWidget(QWidget* parent) : QWidget(parent) {
  auto* layout = new QHBoxLayout(this);
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  hint_ = new QLabel(left);
  hint_->setWordWrap(true);
  list_ = new QListWidget(left);
  list_->setObjectName(QStringLiteral("configurations"));
  add_ = new QPushButton(left);
  remove_ = new QPushButton(left);
  baselineLabel_ = new QLabel(left);
  baseline_ = new QComboBox(left);
  run_ = new QPushButton(left);
  run_->setObjectName(QStringLiteral("runCompare"));
  run_->setIcon(QIcon(QStringLiteral(":/icons/compare.svg")));
  leftLayout->addWidget(hint_);
  leftLayout->addWidget(list_, 1);
  auto* buttons = new QHBoxLayout();
  buttons->addWidget(add_);
  buttons->addWidget(remove_);
  leftLayout->addLayout(buttons);
  leftLayout->addWidget(baselineLabel_);
  leftLayout->addWidget(baseline_);
  leftLayout->addWidget(run_);
  left->setMaximumWidth(300);

  auto* right = new QSplitter(Qt::Vertical, this);
  plot_ = new ComparePlotWidget(right);
  table_ = new QTableWidget(right);
  table_->setColumnCount(6);
  table_->verticalHeader()->hide();
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->horizontalHeader()->setStretchLastSection(true);
  right->addWidget(plot_);
  right->addWidget(table_);
  right->setStretchFactor(0, 3);
  right->setStretchFactor(1, 1);
  layout->addWidget(left);
  layout->addWidget(right, 1);

  connect(run_, &QPushButton::clicked, this, &CompareWidget::runRequested);
  connect(add_, &QPushButton::clicked, this, &CompareWidget::addCurrentRequested);
  connect(remove_, &QPushButton::clicked, this, [this] {
    QListWidgetItem* item = list_->currentItem();
    if (!item || !item->data(kCustomRole).isValid()) return;
    const int i = item->data(kCustomRole).toInt();
    custom_.erase(custom_.begin() + i);
    rebuildList();
    emit configurationsChanged();
  });
  connect(list_, &QListWidget::itemChanged, this, &CompareWidget::configurationsChanged);
  connect(list_, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
    remove_->setEnabled(item && item->data(kCustomRole).isValid());
  });
  connect(baseline_, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
  rebuildList();
  setCheckedPresets(kDefaultPresets);
  retranslate();
}

void CompareWidget::rebuildList() {
  const QStringList checked = list_->count() ? checkedPresets() : kDefaultPresets;
  const QSignalBlocker block(list_);
  list_->clear();
  for (std::string_view name : sweepPresetNames()) {
    auto* item = new QListWidgetItem(qstr(name), list_);
    item->setData(Qt::UserRole, qstr(name));
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(checked.contains(qstr(name)) ? Qt::Checked : Qt::Unchecked);
    const auto preset = sweepPreset(name, Settings{});
    if (preset) item->setToolTip(Verdict::settingsLine(preset->settings));
  }
  for (std::size_t i = 0; i < custom_.size(); ++i) {
    auto* item = new QListWidgetItem(qstr(custom_[i].name), list_);
    item->setData(kCustomRole, static_cast<int>(i));
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(Qt::Checked);
    item->setToolTip(Verdict::settingsLine(custom_[i].settings));
  }
  remove_->setEnabled(false);
}

std::vector<SweepConfig> CompareWidget::configurations(const Settings& base) const {
  std::vector<SweepConfig> out;
  for (int i = 0; i < list_->count(); ++i) {
    const QListWidgetItem* item = list_->item(i);
    if (item->checkState() != Qt::Checked) continue;
    if (item->data(kCustomRole).isValid()) {
      out.push_back(custom_[static_cast<std::size_t>(item->data(kCustomRole).toInt())]);
    } else if (auto preset = sweepPreset(item->data(Qt::UserRole).toString().toStdString(), base)) {
      out.push_back(*preset);
    }
  }
  return out;
}

void CompareWidget::setCustomConfigurations(const std::vector<SweepConfig>& configs) {
  custom_ = configs;
  rebuildList();
}

QStringList CompareWidget::checkedPresets() const {
  QStringList names;
  for (int i = 0; i < list_->count(); ++i) {
    const QListWidgetItem* item = list_->item(i);
    if (!item->data(kCustomRole).isValid() && item->checkState() == Qt::Checked) {
      names << item->data(Qt::UserRole).toString();
    }
  }
  return names;
}

void CompareWidget::setCheckedPresets(const QStringList& names) {
  const QSignalBlocker block(list_);
  for (int i = 0; i < list_->count(); ++i) {
    QListWidgetItem* item = list_->item(i);
    if (item->data(kCustomRole).isValid()) continue;
    item->setCheckState(names.contains(item->data(Qt::UserRole).toString()) ? Qt::Checked
                                                                            : Qt::Unchecked);
  }
}

void CompareWidget::addCustom(const Settings& settings) {
  custom_.push_back({tr("custom %1").arg(custom_.size() + 1).toStdString(), settings});
  rebuildList();
  emit configurationsChanged();
}

void CompareWidget::beginCompare(const std::vector<SweepConfig>& configs) {
  names_.clear();
  series_.assign(configs.size(), RunSeries());
  results_.assign(configs.size(), std::nullopt);
  for (const auto& c : configs) names_.push_back(qstr(c.name));
  const QSignalBlocker block(baseline_);
  const QString previous = baseline_->currentText();
  baseline_->clear();
  for (const auto& n : names_) baseline_->addItem(n);
  const int keep = baseline_->findText(previous);
  baseline_->setCurrentIndex(keep >= 0 ? keep : 0);
  refresh();
}

void CompareWidget::appendTrials(int configuration, const QVector<TrialRecord>& records) {
  if (configuration < 0 || configuration >= static_cast<int>(series_.size())) return;
  for (const auto& r : records) series_[static_cast<std::size_t>(configuration)].append(r);
  refresh();
}

void CompareWidget::finishConfiguration(int configuration, const RunResult& result) {
  if (configuration < 0 || configuration >= static_cast<int>(results_.size())) return;
  results_[static_cast<std::size_t>(configuration)] = result;
  series_[static_cast<std::size_t>(configuration)] = RunSeries::fromResult(result);
  refresh();
}

void CompareWidget::showResults(const std::vector<RunResult>& results) {
  std::vector<SweepConfig> configs;
  for (const auto& r : results) configs.push_back({r.label, r.settings});
  beginCompare(configs);
  for (std::size_t i = 0; i < results.size(); ++i)
    finishConfiguration(static_cast<int>(i), results[i]);
}

void CompareWidget::clear() {
  beginCompare({});
}

PlotWidget* CompareWidget::plot() const {
  return plot_;
}

int CompareWidget::baseline() const {
  return std::max(0, baseline_->currentIndex());
}

void CompareWidget::refresh() {
  std::vector<CompareEntry> entries;
  for (std::size_t i = 0; i < names_.size(); ++i) {
    CompareEntry e;
    e.name = names_[i];
    e.trials = static_cast<int>(series_[i].size());
    e.distinct = series_[i].distinct();
    e.failed = results_[i] && results_[i]->failed();
    e.timesUs = series_[i].timeUs;
    entries.push_back(std::move(e));
  }
  plot_->setEntries(entries, baseline());
  table_->setRowCount(static_cast<int>(names_.size()));
  const auto base = static_cast<std::size_t>(baseline());
  for (std::size_t i = 0; i < names_.size(); ++i) {
    const int row = static_cast<int>(i);
    auto set = [&](int col, const QString& text) {
      auto* item = new QTableWidgetItem(text);
      item->setToolTip(text);
      table_->setItem(row, col, item);
    };
    set(0, names_[i]);
    if (const auto& r = results_[i]) {
      set(1, Verdict::headline(*r));
      table_->item(row, 1)->setForeground(Verdict::good(*r) ? QColor(46, 125, 50)
                                                            : QColor(198, 40, 40));
      set(2, r->failed() ? QStringLiteral("—") : QString::number(r->summary.distinctDigests));
      set(3, r->failed() ? QStringLiteral("—") : qstr(formatDuration(r->summary.time.median)));
      set(4, base < results_.size() && results_[base] ? Verdict::relative(*r, *results_[base])
                                                      : QString());
      QStringList notes;
      for (const auto& w : r->warnings) notes << qstr(w.message);
      set(5, notes.join(QLatin1Char(' ')));
    } else {
      set(1, series_[i].size() ? tr("running: %1 trials").arg(series_[i].size()) : tr("waiting"));
      for (int c = 2; c < 6; ++c) set(c, QString());
    }
  }
  table_->resizeColumnsToContents();
}

void CompareWidget::retranslate() {
  hint_->setText(tr("Configurations to compare, all on the same inputs:"));
  add_->setText(tr("Add current settings"));
  remove_->setText(tr("Remove"));
  baselineLabel_->setText(tr("Baseline"));
  run_->setText(tr("Run comparison"));
  table_->setHorizontalHeaderLabels({tr("Configuration"), tr("Verdict"), tr("Distinct outputs"),
                                     tr("Median time"), tr("vs baseline"), tr("Warnings")});
  refresh();
}

void CompareWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace detbench::gui
