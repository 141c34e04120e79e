#include "widgets/CompareWidget.hpp"

#include <algorithm>

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTime>
#include <QVBoxLayout>

#include "common/Text.hpp"
#include "common/Verdict.hpp"
#include "detbench/report/Format.hpp"
#include "plot/ComparePlotWidget.hpp"

namespace detbench::gui {

namespace {
constexpr int kCustomRole = Qt::UserRole + 1;
constexpr int kMadeRole = Qt::UserRole + 2;
constexpr std::size_t kMaxMade = 6;
// The question a person means first: PyTorch's defaults against deterministic mode.
const QStringList kDefaultPresets = {QStringLiteral("default"), QStringLiteral("deterministic")};

bool sameInputs(const RunResult& r, const RunRequest& form) {
  return r.op == form.op && r.params == form.params && r.device == form.device &&
         r.dataSeed == form.dataSeed;
}

}  // namespace

QString CompareWidget::presetDescription(const QString& name) {
  if (name == QLatin1String("default"))
    return tr("PyTorch's defaults: deterministic algorithms off, cuDNN benchmark off.");
  if (name == QLatin1String("deterministic"))
    return tr(
        "torch.use_deterministic_algorithms(True): ops switch to a deterministic kernel, "
        "or raise where PyTorch has none.");
  if (name == QLatin1String("warn"))
    return tr(
        "use_deterministic_algorithms(True, warn_only=True): where PyTorch has no "
        "deterministic kernel, the op warns and runs.");
  if (name == QLatin1String("extensions"))
    return tr(
        "Deterministic algorithms, with detbench's own deterministic kernels where PyTorch "
        "has none (not PyTorch's behaviour).");
  if (name == QLatin1String("atomic"))
    return tr(
        "A contrast, not PyTorch's behaviour: the float-atomic form even where PyTorch's "
        "default is deterministic.");
  if (name == QLatin1String("benchmark"))
    return tr(
        "torch.backends.cudnn.benchmark = True: cuDNN times its algorithms and keeps the "
        "fastest (convolutions).");
  if (name == QLatin1String("cudnn-deterministic"))
    return tr(
        "torch.backends.cudnn.deterministic = True: only the algorithms cuDNN marks "
        "deterministic (convolutions).");
  return {};
}

CompareWidget::CompareWidget(QWidget* parent) : QWidget(parent) {
  auto* layout = new QHBoxLayout(this);
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  hint_ = new QLabel(left);
  hint_->setWordWrap(true);
  list_ = new QListWidget(left);
  list_->setObjectName(QStringLiteral("configurations"));
  description_ = new QLabel(left);
  description_->setObjectName(QStringLiteral("configurationDescription"));
  description_->setWordWrap(true);
  description_->setStyleSheet(QStringLiteral("color: palette(dark);"));
  add_ = new QPushButton(left);
  remove_ = new QPushButton(left);
  baselineLabel_ = new QLabel(left);
  baseline_ = new QComboBox(left);
  run_ = new QPushButton(left);
  run_->setObjectName(QStringLiteral("runCompare"));
  run_->setIcon(QIcon(QStringLiteral(":/icons/compare.svg")));
  leftLayout->addWidget(hint_);
  leftLayout->addWidget(list_, 1);
  leftLayout->addWidget(description_);
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
    describeCurrent();
  });
  connect(list_, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
    if (item->data(kMadeRole).isValid())
      madeChecked_[static_cast<std::size_t>(item->data(kMadeRole).toInt())] =
          item->checkState() == Qt::Checked;
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
  }
  for (std::size_t i = 0; i < custom_.size(); ++i) {
    auto* item = new QListWidgetItem(qstr(custom_[i].name), list_);
    item->setData(kCustomRole, static_cast<int>(i));
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(Qt::Checked);
  }
  for (std::size_t i = 0; i < made_.size(); ++i) {
    auto* item = new QListWidgetItem(list_);
    item->setData(kMadeRole, static_cast<int>(i));
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    const bool usable = sameInputs(made_[i], form_);
    if (!usable) item->setFlags(item->flags() & ~Qt::ItemIsEnabled);
    item->setCheckState(usable && madeChecked_[i] ? Qt::Checked : Qt::Unchecked);
  }
  remove_->setEnabled(false);
  retranslateItems();
}

void CompareWidget::retranslateItems() {
  const QSignalBlocker block(list_);
  for (int i = 0; i < list_->count(); ++i) {
    QListWidgetItem* item = list_->item(i);
    if (item->data(kMadeRole).isValid()) {
      const RunResult& r = made_[static_cast<std::size_t>(item->data(kMadeRole).toInt())];
      item->setText(tr("made: %1").arg(qstr(r.label)));
      item->setToolTip((sameInputs(r, form_)
                            ? tr("A run already made on these inputs: compared as it is, "
                                 "not run again.")
                            : tr("Made with other inputs (op, parameters, device or data "
                                 "seed): it cannot join this comparison.")) +
                       QLatin1Char('\n') + Verdict::settingsLine(r.settings));
    } else if (item->data(kCustomRole).isValid()) {
      const auto& c = custom_[static_cast<std::size_t>(item->data(kCustomRole).toInt())];
      item->setToolTip(tr("Your settings, added with \"Add current settings\".") +
                       QLatin1Char('\n') + Verdict::settingsLine(c.settings));
    } else {
      const QString name = item->data(Qt::UserRole).toString();
      const auto preset = sweepPreset(name.toStdString(), Settings{});
      item->setToolTip(presetDescription(name) + QLatin1Char('\n') +
                       (preset ? Verdict::settingsLine(preset->settings) : QString()));
    }
  }
  describeCurrent();
}

void CompareWidget::describeCurrent() {
  const QListWidgetItem* item = list_->currentItem();
  description_->setText(item ? item->toolTip().section(QLatin1Char('\n'), 0, 0)
                             : tr("Point at or select a configuration to see what it sets."));
}

void CompareWidget::addMadeRun(const RunResult& run) {
  if (run.failed() || run.trials.empty()) return;
  RunResult r = run;
  // Named by what it set (the op, device and inputs are the form's, as for every run it can be
  // compared with), and when it was made, to tell two alike apart.
  r.label = QStringLiteral("%1, %2")
                .arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")),
                     Verdict::settingsShort(r.settings))
                .toStdString();
  made_.insert(made_.begin(), std::move(r));
  madeChecked_.insert(madeChecked_.begin(), false);
  if (made_.size() > kMaxMade) {
    made_.resize(kMaxMade);
    madeChecked_.resize(kMaxMade);
  }
  rebuildList();
}

void CompareWidget::setForm(const RunRequest& form) {
  const bool changed = !(form.op == form_.op && form.params == form_.params &&
                         form.device == form_.device && form.dataSeed == form_.dataSeed);
  form_ = form;
  if (changed && !made_.empty()) rebuildList();
}

std::vector<RunResult> CompareWidget::reusedRuns(const RunRequest& form) const {
  std::vector<RunResult> out;
  for (std::size_t i = 0; i < made_.size(); ++i) {
    if (madeChecked_[i] && sameInputs(made_[i], form)) out.push_back(made_[i]);
  }
  return out;
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
  // One unit for the column, the baseline's median's (else the first one's), as on the plot.
  double typical = 0;
  if (base < results_.size() && results_[base] && !results_[base]->failed())
    typical = results_[base]->summary.time.median;
  for (std::size_t i = 0; i < results_.size() && typical <= 0; ++i) {
    if (results_[i] && !results_[i]->failed()) typical = results_[i]->summary.time.median;
  }
  unit_ = TimeUnit::forNs(typical);
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
      set(2, i == base                                  ? tr("baseline")
             : base < results_.size() && results_[base] ? Verdict::relative(*r, *results_[base])
                                                        : QString());
      table_->item(row, 2)->setToolTip(
          tr("The median time against the baseline's; in brackets the range from the quartiles "
             "of one run's times to the other's. Where the middle halves of the times overlap, "
             "there is no clear difference."));
      set(3, r->failed() ? QStringLiteral("—") : unit_.format(r->summary.time.median));
      set(4, r->failed() ? QStringLiteral("—") : QString::number(r->summary.distinctDigests));
      QStringList notes;
      for (const auto& w : r->warnings) notes << qstr(w.message);
      set(5, notes.join(QLatin1Char(' ')));
    } else {
      set(1, series_[i].size() ? tr("running: %1 trials").arg(series_[i].size()) : tr("waiting"));
      for (int c = 2; c < 6; ++c) set(c, QString());
    }
  }
  table_->resizeColumnsToContents();
  // The verdict is the widest text: cut (its cell's tooltip holds it whole) so that the speed
  // fits beside it at 1280 x 720.
  table_->setColumnWidth(1, std::min(table_->columnWidth(1), 190));
}

void CompareWidget::retranslate() {
  hint_->setText(
      tr("Configurations to compare, all on the same inputs. Default against "
         "deterministic is the usual question; select one to see what it sets."));
  add_->setText(tr("Add current settings"));
  remove_->setText(tr("Remove"));
  baselineLabel_->setText(tr("Baseline"));
  run_->setText(tr("Run comparison"));
  // The speed beside the verdict: in view at 1280 x 720, where the table is narrow.
  table_->setHorizontalHeaderLabels({tr("Configuration"), tr("Verdict"), tr("Speed vs baseline"),
                                     tr("Median time"), tr("Distinct outputs"), tr("Warnings")});
  retranslateItems();
  refresh();
}

void CompareWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace detbench::gui
