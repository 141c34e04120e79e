#include "widgets/DemosWidget.hpp"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "common/Text.hpp"
#include "controllers/DemoController.hpp"
#include "detbench/report/Format.hpp"
#include "plot/ComparePlotWidget.hpp"
#include "plot/DecoderDivergencePlotWidget.hpp"
#include "plot/LoaderHeatMapPlotWidget.hpp"
#include "plot/TrainingDivergencePlotWidget.hpp"
#include "plot/TrainingLossPlotWidget.hpp"
#include "widgets/RecipeCheckWidget.hpp"

namespace detbench::gui {

namespace {
enum Page { kRunsPage, kLoaderPage, kTrainingPage, kProcessPage, kDecoderPage };
enum RightPage { kScenarioPage, kRecipePage };
}  // namespace

DemosWidget::DemosWidget(QWidget* parent) : QWidget(parent) {
  list_ = new QListWidget(this);
  // Whole titles, wrapped to the list's width, never cut.
  list_->setMinimumWidth(230);
  list_->setWordWrap(true);
  list_->setTextElideMode(Qt::ElideNone);
  list_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  list_->setResizeMode(QListView::Adjust);
  list_->setSpacing(1);
  text_ = new QTextBrowser(this);
  text_->setObjectName(QStringLiteral("scenarioText"));
  text_->setOpenLinks(false);
  runButton_ = new QPushButton(QIcon(QStringLiteral(":/icons/run.svg")), QString(), this);
  cancelButton_ = new QPushButton(QIcon(QStringLiteral(":/icons/cancel.svg")), QString(), this);
  exportButton_ = new QPushButton(QIcon(QStringLiteral(":/icons/export.svg")), QString(), this);
  cancelButton_->setEnabled(false);
  exportButton_->setEnabled(false);
  status_ = new QLabel(this);
  status_->setWordWrap(true);

  runsTable_ = new QTableWidget(0, 5, this);
  runsTable_->setObjectName(QStringLiteral("runsTable"));
  runsTable_->verticalHeader()->hide();
  runsTable_->horizontalHeader()->setStretchLastSection(true);
  runsTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  processTable_ = new QTableWidget(0, 2, this);
  processTable_->setObjectName(QStringLiteral("processTable"));
  processTable_->verticalHeader()->hide();
  processTable_->horizontalHeader()->setStretchLastSection(true);
  processTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  heatMap_ = new LoaderHeatMapPlotWidget(this);
  lossPlot_ = new TrainingLossPlotWidget(this);
  divergencePlot_ = new TrainingDivergencePlotWidget(this);
  auto* training = new QWidget(this);
  auto* trainingLayout = new QHBoxLayout(training);
  trainingLayout->setContentsMargins(0, 0, 0, 0);
  trainingLayout->addWidget(lossPlot_);
  trainingLayout->addWidget(divergencePlot_);
  results_ = new QStackedWidget(this);
  runsPlot_ = new ComparePlotWidget(this);
  runsPlot_->setObjectName(QStringLiteral("runsPlot"));
  auto* runsPage = new QWidget(this);
  auto* runsLayout = new QVBoxLayout(runsPage);
  runsLayout->setContentsMargins(0, 0, 0, 0);
  runsLayout->addWidget(runsTable_);
  runsLayout->addWidget(runsPlot_, 1);
  runsLayout->addStretch(0);  // the table at the top when the picture is hidden
  results_->insertWidget(kRunsPage, runsPage);
  results_->insertWidget(kLoaderPage, heatMap_);
  results_->insertWidget(kTrainingPage, training);
  results_->insertWidget(kProcessPage, processTable_);
  decoderPlot_ = new DecoderDivergencePlotWidget(this);
  results_->insertWidget(kDecoderPage, decoderPlot_);
  checks_ = new QLabel(this);
  checks_->setWordWrap(true);
  checks_->setTextFormat(Qt::RichText);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(runButton_);
  buttons->addWidget(cancelButton_);
  buttons->addWidget(exportButton_);
  buttons->addWidget(status_, 1);

  auto* right = new QWidget(this);
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(0, 0, 0, 0);
  // The buttons above the lesson: in the same place for every lesson, whatever its length.
  rightLayout->addLayout(buttons);
  auto* vertical = new QSplitter(Qt::Vertical, right);
  vertical_ = vertical;
  vertical->addWidget(text_);
  auto* bottom = new QWidget(vertical);
  auto* bottomLayout = new QVBoxLayout(bottom);
  bottomLayout->setContentsMargins(0, 0, 0, 0);
  bottomLayout->addWidget(results_, 1);
  bottomLayout->addWidget(checks_);
  vertical->addWidget(bottom);
  vertical->setStretchFactor(0, 2);
  vertical->setStretchFactor(1, 5);
  rightLayout->addWidget(vertical);

  recipe_ = new RecipeCheckWidget(this);
  pages_ = new QStackedWidget(this);
  pages_->insertWidget(kScenarioPage, right);
  pages_->insertWidget(kRecipePage, recipe_);

  auto* split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(list_);
  split->addWidget(pages_);
  split->setStretchFactor(1, 1);
  split->setSizes({340, 860});
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(split);

  connect(list_, &QListWidget::currentRowChanged, this, &DemosWidget::currentRowChanged);
  connect(recipe_, &RecipeCheckWidget::scenarioRequested, this, &DemosWidget::selectScenario);
  connect(list_, &QListWidget::itemDoubleClicked, this, [this] {
    if (runButton_->isEnabled() && currentScenario() != nullptr)
      emit runRequested(currentScenario());
  });
  connect(runButton_, &QPushButton::clicked, this, [this] {
    if (const demo::Scenario* s = currentScenario()) emit runRequested(s);
  });
  connect(cancelButton_, &QPushButton::clicked, this, &DemosWidget::cancelRequested);
  connect(exportButton_, &QPushButton::clicked, this, &DemosWidget::exportRequested);

  fillList();
  list_->setCurrentRow(0);
  retranslate();
}

void DemosWidget::setLanguage(const QString& language) {
  language_ = language;
  recipe_->setLanguage(language);
  refreshTexts();
}

void DemosWidget::setController(DemoController* controller) {
  connect(controller, &DemoController::started, this, [this] { setRunning(true); });
  connect(controller, &DemoController::progress, this, &DemosWidget::showProgress);
  connect(controller, &DemoController::finished, this, [this, controller] {
    setRunning(false);
    showOutcome(*controller->scenario(), controller->outcome());
  });
  connect(controller, &DemoController::failed, this, [this] { setRunning(false); });
  connect(this, &DemosWidget::cancelRequested, controller, &DemoController::cancel);
}

void DemosWidget::currentRowChanged() {
  const bool recipe = list_->currentRow() == list_->count() - 1;
  pages_->setCurrentIndex(recipe ? kRecipePage : kScenarioPage);
  if (recipe) return;
  showScenarioText();
  // The outcome shown belongs to one lesson: another lesson's page shows none.
  const bool own = shownScenario_ != nullptr && shownScenario_ == currentScenario();
  results_->setVisible(own);
  checks_->setVisible(own);
  exportButton_->setEnabled(own && shownOutcome_ && !shownOutcome_->cancelled);
  if (!own) status_->clear();
}

void DemosWidget::fitText() {
  // The lesson whole (up to half the page), the rest for the outcome.
  const int total = vertical_->height();
  if (total <= 0) return;
  QTextDocument* doc = text_->document();
  doc->setTextWidth(text_->viewport()->width());
  const int wanted = static_cast<int>(doc->size().height()) + 2 * text_->frameWidth() + 6;
  const int h = std::min(wanted, total / 2);
  vertical_->setSizes({h, total - h});
}

void DemosWidget::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitText();
  fitRunsPlot();
  // The items' heights follow the list's new width (a title wraps instead of being cut).
  list_->doItemsLayout();
}

void DemosWidget::showRecipeCheck() {
  list_->setCurrentRow(list_->count() - 1);
}

void DemosWidget::refreshTexts() {
  const std::string lang = language_.toStdString();
  const auto& all = demo::scenarios();
  // The scenarios' items, then the recipe check's (its text is set below).
  for (int i = 0; i < static_cast<int>(all.size()); ++i) {
    const auto& s = all[static_cast<std::size_t>(i)];
    QString text = qstr(s.title.in(lang));
    if (s.needsGpu) text += QStringLiteral("  ") + tr("(GPU)");
    list_->item(i)->setText(text);
    list_->item(i)->setToolTip(text + QStringLiteral("\ndetbench demo ") + qstr(s.name));
  }
  list_->item(list_->count() - 1)->setText(tr("Check my seeding recipe…"));
  showScenarioText();
  if (shownScenario_ && shownOutcome_) showOutcome(*shownScenario_, shownOutcome_);
}

bool DemosWidget::selectScenario(const QString& name) {
  const auto& all = demo::scenarios();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (qstr(all[i].name) == name) {
      list_->setCurrentRow(static_cast<int>(i));
      return true;
    }
  }
  return false;
}

const demo::Scenario* DemosWidget::currentScenario() const {
  const int row = list_->currentRow();
  const auto& all = demo::scenarios();
  return row >= 0 && row < static_cast<int>(all.size()) ? &all[static_cast<std::size_t>(row)]
                                                        : nullptr;
}

void DemosWidget::fillList() {
  for (const auto& s : demo::scenarios()) {
    auto* item = new QListWidgetItem(list_);
    item->setToolTip(QStringLiteral("detbench demo ") + qstr(s.name));
  }
  auto* recipe = new QListWidgetItem(list_);
  QFont bold = recipe->font();
  bold.setBold(true);
  recipe->setFont(bold);
  recipe->setToolTip(QStringLiteral("detbench recipe"));
}

void DemosWidget::showScenarioText() {
  const demo::Scenario* s = currentScenario();
  if (s == nullptr) return;
  const std::string lang = language_.toStdString();
  QString html =
      QStringLiteral("<h2>%1</h2><p>%2</p>")
          .arg(qstr(s->title.in(lang)).toHtmlEscaped(), qstr(s->lesson.in(lang)).toHtmlEscaped());
  if (s->needsGpu) {
    html += QStringLiteral("<p><i>%1</i></p>")
                .arg(tr("This demo is about a GPU. Without one it runs on cpu-threads, which "
                        "shows the same effect with CPU threads.")
                         .toHtmlEscaped());
  }
  html += QStringLiteral("<ol>");
  for (const auto& step : s->steps) {
    html += QStringLiteral("<li>%1</li>").arg(qstr(step.in(lang)).toHtmlEscaped());
  }
  html += QStringLiteral("</ol><p><b>%1</b> %2</p>")
              .arg(tr("What to expect:").toHtmlEscaped(), qstr(s->expect.in(lang)).toHtmlEscaped());
  html += QStringLiteral("<p style='color:#777'>%1</p>")
              .arg(tr("Command line: detbench demo %1").arg(qstr(s->name)).toHtmlEscaped());
  text_->setHtml(html);
  fitText();
}

void DemosWidget::setRunning(bool running) {
  runButton_->setEnabled(!running);
  list_->setEnabled(!running);
  cancelButton_->setEnabled(running);
  if (running) {
    // What the last run showed does not stay under the lesson now running.
    exportButton_->setEnabled(false);
    results_->hide();
    checks_->clear();
    checks_->hide();
    shownScenario_ = nullptr;
    shownOutcome_.reset();
    status_->setText(tr("Running…"));
  }
}

void DemosWidget::showProgress(const QString& what, int done, int total) {
  status_->setText(tr("Running: %1 (%2 of %3)").arg(what).arg(done).arg(total));
}

void DemosWidget::showRuns(const demo::Scenario& s, const demo::ScenarioOutcome& o) {
  const std::string lang = language_.toStdString();
  runsTable_->setRowCount(static_cast<int>(o.runs.size()));
  for (std::size_t i = 0; i < o.runs.size(); ++i) {
    const RunResult& r = o.runs[i];
    const int row = static_cast<int>(i);
    auto set = [&](int col, const QString& text) {
      runsTable_->setItem(row, col, new QTableWidgetItem(text));
    };
    set(0, qstr(s.runs[i].label.in(lang)));
    set(1, qstr(r.op) + QStringLiteral(" @ ") + qstr(r.device));
    if (r.failed()) {
      set(2, QStringLiteral("–"));
      set(3, QStringLiteral("–"));
      set(4, qstr(r.errors.front().kind) + QStringLiteral(": ") + qstr(r.errors.front().message));
      continue;
    }
    set(2, tr("%1 in %2").arg(r.summary.distinctDigests).arg(r.trials.size()));
    set(3, qstr(formatDuration(r.summary.time.median)));
    QString note;
    for (const auto& t : r.trials) {
      if (!t.algorithm.empty() && !note.contains(qstr(t.algorithm))) {
        note += (note.isEmpty() ? QString() : QStringLiteral("; ")) + qstr(t.algorithm);
      }
    }
    if (!r.warnings.empty()) {
      note += (note.isEmpty() ? QString() : QStringLiteral("; ")) +
              tr("warning: %1").arg(qstr(r.warnings.front().message));
    }
    if (i < o.drawnNumbers.size() && !o.drawnNumbers[i].empty()) {
      QStringList numbers;
      for (const double v : o.drawnNumbers[i]) numbers << QString::number(v, 'f', 4);
      note += (note.isEmpty() ? QString() : QStringLiteral("; ")) +
              tr("first numbers: %1 …").arg(numbers.join(QLatin1Char(' ')));
    }
    set(4, note);
    runsTable_->item(row, 2)->setForeground(r.summary.reproducible ? QColor(44, 160, 44)
                                                                   : QColor(214, 39, 40));
  }
  runsTable_->resizeColumnsToContents();
  // The table as tall as its rows: the picture below takes the rest.
  runsTable_->setMaximumHeight(runsTable_->horizontalHeader()->height() +
                               runsTable_->verticalHeader()->length() +
                               2 * runsTable_->frameWidth() + 2);
  std::vector<CompareEntry> entries;
  for (std::size_t i = 0; i < o.runs.size(); ++i) {
    entries.push_back(CompareEntry::fromRun(o.runs[i], qstr(s.runs[i].label.in(lang))));
  }
  runsPlot_->setEntries(entries, 0);
  // Once the page is laid out with the table's new height.
  QTimer::singleShot(0, this, &DemosWidget::fitRunsPlot);
}

void DemosWidget::fitRunsPlot() {
  // Under about 300 pixels the picture would be too small to read: the table alone.
  runsPlot_->setVisible(results_->height() - runsTable_->maximumHeight() >= 260);
}

void DemosWidget::showProcessRows(const QString& what, const QString& result,
                                  const std::vector<std::pair<QString, QString>>& rows) {
  // A result seen in more than one row gets a colour of its own; one seen once stays white, so
  // that a colour always means "the same as the rows of this colour".
  static const QColor kColours[] = {
      {214, 245, 214}, {204, 229, 255}, {255, 226, 204}, {240, 215, 245}, {255, 245, 200}};
  std::vector<QString> shared;
  processTable_->setRowCount(static_cast<int>(rows.size()));
  processTable_->setHorizontalHeaderLabels({what, result});
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const int row = static_cast<int>(i);
    processTable_->setItem(row, 0, new QTableWidgetItem(rows[i].first));
    processTable_->setItem(row, 1, new QTableWidgetItem(rows[i].second));
    const auto same = std::count_if(rows.begin(), rows.end(),
                                    [&](const auto& r) { return r.second == rows[i].second; });
    if (same < 2) continue;
    auto colour = std::find(shared.begin(), shared.end(), rows[i].second);
    if (colour == shared.end()) colour = shared.insert(shared.end(), rows[i].second);
    const auto index = static_cast<std::size_t>(colour - shared.begin()) % std::size(kColours);
    for (int col = 0; col < 2; ++col) processTable_->item(row, col)->setBackground(kColours[index]);
  }
  processTable_->resizeColumnsToContents();
}

void DemosWidget::showHash(const demo::HashOutcome& h) {
  std::vector<std::pair<QString, QString>> rows;
  int counts[3] = {0, 0, 0};
  for (const auto& interpreter : h.interpreters) {
    const int n = ++counts[static_cast<int>(interpreter.setting)];
    const QString setting = interpreter.setting == demo::HashSeedSetting::Unset
                                ? tr("unset, interpreter %1").arg(n)
                            : interpreter.setting == demo::HashSeedSetting::InScript
                                ? tr("os.environ in the script, interpreter %1").arg(n)
                                : tr("=0 before the start, interpreter %1").arg(n);
    rows.emplace_back(setting, qstr(python::listRepr(interpreter.order)));
  }
  showProcessRows(tr("PYTHONHASHSEED"), tr("list(set(...)) in CPython %1").arg(qstr(h.python)),
                  rows);
}

void DemosWidget::showGenerators(const demo::GeneratorOutcome& g) {
  std::vector<std::pair<QString, QString>> rows;
  for (const auto& d : g.draws) {
    QString values;
    for (const double v : d.values) {
      values += (values.isEmpty() ? QString() : QStringLiteral(", ")) + QString::number(v, 'f', 8);
    }
    const QString stream = d.stream == demo::GeneratorStream::GlobalSeeded
                               ? QStringLiteral("np.random.rand")
                           : d.stream == demo::GeneratorStream::GeneratorUnseeded
                               ? QStringLiteral("np.random.default_rng().random")
                               : QStringLiteral("np.random.default_rng(%1).random").arg(g.seed);
    rows.emplace_back(tr("process %1: %2").arg(d.process).arg(stream),
                      QStringLiteral("[%1]").arg(values));
  }
  showProcessRows(tr("after np.random.seed(%1)").arg(g.seed), tr("values"), rows);
}

void DemosWidget::showOutcome(const demo::Scenario& s,
                              std::shared_ptr<const demo::ScenarioOutcome> outcome) {
  shownScenario_ = &s;
  shownOutcome_ = std::move(outcome);
  const demo::ScenarioOutcome& o = *shownOutcome_;
  if (o.loader) {
    heatMap_->setOutcome(*o.loader);
    results_->setCurrentIndex(kLoaderPage);
  } else if (o.hash) {
    showHash(*o.hash);
    results_->setCurrentIndex(kProcessPage);
  } else if (o.generators) {
    showGenerators(*o.generators);
    results_->setCurrentIndex(kProcessPage);
  } else if (o.decoder) {
    decoderPlot_->setOutcome(*o.decoder, s.decoder ? s.decoder->steps : 1);
    results_->setCurrentIndex(kDecoderPage);
  } else if (o.training) {
    lossPlot_->setOutcome(*o.training);
    divergencePlot_->setOutcome(*o.training);
    results_->setCurrentIndex(kTrainingPage);
  } else {
    showRuns(s, o);
    results_->setCurrentIndex(kRunsPage);
  }
  QString html = QStringLiteral("<p>");
  if (o.fallback)
    html += tr("No GPU here: ran on cpu-threads.").toHtmlEscaped() + QStringLiteral("<br>");
  for (const auto& c : o.checks) {
    html += QStringLiteral("<span style='color:%1'>%2</span> %3<br>")
                .arg(c.passed ? QStringLiteral("#2ca02c") : QStringLiteral("#d62728"),
                     c.passed ? QStringLiteral("✔") : QStringLiteral("✘"),
                     qstr(c.what.in(language_.toStdString())).toHtmlEscaped());
  }
  html += QStringLiteral("<b>%1</b></p>")
              .arg(o.cancelled      ? tr("Cancelled.")
                   : o.asExpected() ? tr("As expected.")
                                    : tr("Not as the text says: see the marks above."));
  checks_->setText(html);
  const bool own = shownScenario_ == currentScenario();
  results_->setVisible(own);
  checks_->setVisible(own);
  // The status and the export speak of the lesson on the page: another lesson's outcome (kept
  // for when its page comes back, retranslated on a language change) shows neither.
  exportButton_->setEnabled(own && !o.cancelled);
  if (!own) {
    status_->clear();
    return;
  }
  // The PYTHONHASHSEED and NumPy lessons run no op on a device.
  status_->setText(o.hash || o.generators ? tr("Finished.")
                                          : tr("Finished on %1.").arg(qstr(o.device)));
}

std::vector<PlotWidget*> DemosWidget::visiblePlots() const {
  switch (results_->currentIndex()) {
    case kLoaderPage:
      return {heatMap_};
    case kTrainingPage:
      return {lossPlot_, divergencePlot_};
    case kDecoderPage:
      return {decoderPlot_};
    case kRunsPage:
      if (runsPlot_->isVisible()) return {runsPlot_};
      return {};
    default:
      return {};
  }
}

void DemosWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void DemosWidget::retranslate() {
  runButton_->setText(tr("Run demo"));
  cancelButton_->setText(tr("Cancel"));
  exportButton_->setText(tr("Export…"));
  runsTable_->setHorizontalHeaderLabels(
      {tr("run"), tr("op @ device"), tr("distinct outputs"), tr("median time"), tr("note")});
  refreshTexts();
}

}  // namespace detbench::gui
