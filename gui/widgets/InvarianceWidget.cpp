#include "widgets/InvarianceWidget.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "common/Text.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/base/IntegerText.hpp"
#include "detbench/report/Format.hpp"
#include "plot/InvariancePlotWidget.hpp"

namespace detbench::gui {

namespace {

QString defaultList(InvarianceAxis axis) {
  switch (axis) {
    case InvarianceAxis::Batches:
      return QStringLiteral("auto");
    case InvarianceAxis::Threads:
      return QStringLiteral("1,2,4,8");
    case InvarianceAxis::Devices:
      return QStringLiteral("cpu,cpu-threads");
  }
  return {};
}

}  // namespace

InvarianceWidget::InvarianceWidget(InvarianceController* controller, RequestSource request,
                                   QWidget* parent)
    : QWidget(parent), controller_(controller), request_(std::move(request)) {
  axisLabel_ = new QLabel(this);
  axis_ = new QComboBox(this);
  axis_->addItem(QString(), static_cast<int>(InvarianceAxis::Batches));
  axis_->addItem(QString(), static_cast<int>(InvarianceAxis::Threads));
  axis_->addItem(QString(), static_cast<int>(InvarianceAxis::Devices));
  axis_->setObjectName(QStringLiteral("invarianceAxis"));
  listLabel_ = new QLabel(this);
  list_ = new QLineEdit(defaultList(InvarianceAxis::Batches), this);
  list_->setObjectName(QStringLiteral("invarianceList"));
  list_->setMinimumWidth(160);
  invariantForm_ = new QCheckBox(this);
  invariantForm_->setChecked(true);
  otherRows_ = new QCheckBox(this);
  otherRows_->setObjectName(QStringLiteral("invarianceOtherRows"));
  run_ = new QPushButton(this);
  run_->setDefault(true);
  cancel_ = new QPushButton(this);
  cancel_->setEnabled(false);
  status_ = new QLabel(this);
  verdict_ = new QLabel(this);
  verdict_->setWordWrap(true);
  verdict_->setTextFormat(Qt::RichText);
  plot_ = new InvariancePlotWidget(this);
  table_ = new QTableWidget(this);
  table_->setColumnCount(8);
  table_->verticalHeader()->setVisible(false);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->horizontalHeader()->setStretchLastSection(true);

  // Two rows, so the tab fits beside the form's panels on a 1280-pixel screen.
  auto* controls = new QHBoxLayout;
  controls->addWidget(axisLabel_);
  controls->addWidget(axis_);
  controls->addWidget(listLabel_);
  controls->addWidget(list_, 1);
  controls->addWidget(run_);
  controls->addWidget(cancel_);
  auto* options = new QHBoxLayout;
  options->addWidget(invariantForm_);
  options->addWidget(otherRows_);
  options->addStretch(1);
  status_->setWordWrap(true);
  auto* splitter = new QSplitter(Qt::Vertical, this);
  splitter->addWidget(plot_);
  splitter->addWidget(table_);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(controls);
  layout->addLayout(options);
  layout->addWidget(status_);
  layout->addWidget(verdict_);
  layout->addWidget(splitter, 1);

  connect(axis_, &QComboBox::currentIndexChanged, this, [this] { axisChanged(); });
  connect(run_, &QPushButton::clicked, this, [this] {
    QString why;
    if (!start(&why)) emit message(why, true);
  });
  connect(cancel_, &QPushButton::clicked, controller_, &InvarianceController::cancel);
  connect(controller_, &InvarianceController::started, this, [this](int total) {
    run_->setEnabled(false);
    cancel_->setEnabled(true);
    status_->setText(tr("Running: 0 of %1 configurations…").arg(total));
  });
  connect(controller_, &InvarianceController::progress, this,
          [this](int done, int total, const QString& label) {
            status_->setText(
                tr("Running: %1 of %2 configurations (%3 done)…").arg(done).arg(total).arg(label));
          });
  connect(controller_, &InvarianceController::finished, this,
          [this](const std::vector<InvarianceOutcome>& outcomes, bool cancelled) {
            showOutcomes(outcomes, cancelled);
          });
  connect(controller_, &InvarianceController::failed, this, [this](const QString& why) {
    run_->setEnabled(true);
    cancel_->setEnabled(false);
    status_->setText(why);
    emit message(why, true);
  });
  retranslate();
}

PlotWidget* InvarianceWidget::plot() const {
  return plot_;
}

void InvarianceWidget::setAxis(InvarianceAxis axis) {
  axis_->setCurrentIndex(axis_->findData(static_cast<int>(axis)));
}

void InvarianceWidget::axisChanged() {
  const auto axis = static_cast<InvarianceAxis>(axis_->currentData().toInt());
  list_->setText(defaultList(axis));
  invariantForm_->setEnabled(axis == InvarianceAxis::Batches);
  otherRows_->setEnabled(axis == InvarianceAxis::Batches);
}

std::optional<InvariancePlan> InvarianceWidget::plan(QString* why) const {
  InvariancePlan plan;
  plan.axis = static_cast<InvarianceAxis>(axis_->currentData().toInt());
  plan.otherRows = plan.axis == InvarianceAxis::Batches && otherRows_->isChecked();
  const QString text = list_->text().trimmed();
  if (plan.axis == InvarianceAxis::Batches && text == QStringLiteral("auto")) return plan;
  const QStringList items = text.split(QLatin1Char(','));
  for (const QString& raw : items) {
    const QString item = raw.trimmed();
    if (item.isEmpty()) {
      *why = tr("The list has an empty item: '%1'.").arg(text);
      return std::nullopt;
    }
    if (plan.axis == InvarianceAxis::Devices) {
      plan.devices.push_back(stdstr(item));
      continue;
    }
    const auto n = parseInteger<std::int64_t>(stdstr(item));
    if (!n || *n < 1) {
      *why = tr("'%1' is not a whole number of 1 or more.").arg(item);
      return std::nullopt;
    }
    if (plan.axis == InvarianceAxis::Threads) {
      if (*n > kMaxThreads) {
        *why = tr("Thread counts go up to %1, not %2.").arg(kMaxThreads).arg(item);
        return std::nullopt;
      }
      plan.threads.push_back(static_cast<int>(*n));
    } else {
      plan.batches.push_back(*n);
    }
  }
  return plan;
}

bool InvarianceWidget::start(QString* why) {
  QString reason;
  auto fail = [&](const QString& text) {
    status_->setText(text);
    if (why) *why = text;
    return false;
  };
  if (controller_->isRunning()) return fail(tr("An invariance run is already in progress."));
  std::optional<RunPlan> runPlan = request_(&reason);
  if (!runPlan) return fail(reason);
  RunRequest* request = &runPlan->request;
  const std::optional<InvariancePlan> p = plan(&reason);
  if (!p) return fail(reason);
  // Thread counts are a setting of cpu-threads and torch-cpu; other devices take cpu-threads.
  if (p->axis == InvarianceAxis::Threads && !threadsAreASetting(request->device))
    request->device = "cpu-threads";
  try {
    validateInvariancePlan(*request, *p);
  } catch (const Error& e) {
    return fail(qstr(e.message()));
  }
  InvarianceJob job{*request, *p, invariantForm_->isChecked(), runPlan->remote};
  startedRequest_ = *request;
  controller_->start(job);
  return true;
}

void InvarianceWidget::showOutcomes(const std::vector<InvarianceOutcome>& outcomes,
                                    bool cancelled) {
  outcomes_ = outcomes;
  shownRequest_ = startedRequest_;
  if (outcomes_.size() > 1) shownRequest_.params["batch_invariant"] = 0;
  cancelled_ = cancelled;
  run_->setEnabled(true);
  cancel_->setEnabled(false);
  status_->setText(endedText());
  plot_->setOutcomes(outcomes_);
  fillTable();
  verdict_->setText(verdictText());
}

// What the status line says of the outcomes shown (made again on a language change).
QString InvarianceWidget::endedText() const {
  QString status =
      cancelled_ ? tr("Cancelled: the configurations that ran are shown.") : tr("Finished.");
  // A remote run that ended early says why (its last run carries the error).
  for (const auto& o : outcomes_) {
    for (const auto& p : o.result.points) {
      for (const auto& e : p.run.errors) {
        if (e.kind == "RemoteError") status = tr("Stopped early: %1").arg(qstr(e.message));
      }
    }
  }
  if (!outcomes_.empty() && outcomes_.front().remoteContext) {
    status += QLatin1Char(' ') + tr("Ran on %1 (%2).")
                                     .arg(qstr(outcomes_.front().remoteContext->host),
                                          qstr(outcomes_.front().reachedThrough));
  }
  return status;
}

QString InvarianceWidget::verdictText() const {
  QStringList lines;
  for (const auto& o : outcomes_) {
    const InvarianceResult& r = o.result;
    QString level;
    if (r.cancelled) {
      level =
          tr("<b>nothing measured</b>: the run did not finish, and the guarantee needs every "
             "configuration");
    } else {
      switch (r.measured) {
        case GuaranteeLevel::NotGuaranteed:
          level = tr("<b>not guaranteed</b>: some configuration does not repeat its own output");
          break;
        case GuaranteeLevel::RunToRun:
          level = r.axis == InvarianceAxis::Batches
                      ? tr("<b>run to run</b> only: each batch size repeats, but a row's bits "
                           "change with the batch it is in")
                      : tr("<b>run to run</b> only: each configuration repeats, but the bits "
                           "change between them");
          break;
        case GuaranteeLevel::BatchInvariant:
          level = tr("<b>batch invariant</b>: every row has the same bits at every batch size");
          break;
        case GuaranteeLevel::ThreadCountInvariant:
          level = tr("<b>thread-count invariant</b>: the same bits at every thread count");
          break;
        case GuaranteeLevel::DeviceInvariant:
          level = tr("<b>device invariant</b>: the same bits on every device");
          break;
      }
    }
    const QString form = r.axis != InvarianceAxis::Batches ? tr("Measured")
                         : o.invariantForm                 ? tr("Batch-invariant form")
                                                           : tr("Default form");
    lines << QStringLiteral("%1: %2").arg(form, level);
  }
  return lines.join(QStringLiteral("<br>"));
}

void InvarianceWidget::fillTable() {
  table_->setRowCount(0);
  for (const auto& o : outcomes_) {
    const InvarianceResult& r = o.result;
    for (const auto& p : r.points) {
      const int row = table_->rowCount();
      table_->insertRow(row);
      const QString form = r.axis != InvarianceAxis::Batches ? QStringLiteral("—")
                           : o.invariantForm                 ? tr("batch-invariant")
                                                             : tr("default");
      QString repeats;
      QString time;
      QString perRow;
      if (p.run.failed()) {
        repeats = qstr(p.run.errors.front().message);
      } else {
        repeats = p.run.summary.reproducible ? tr("repeats")
                                             : tr("%1 outputs in %2")
                                                   .arg(p.run.summary.distinctDigests)
                                                   .arg(p.run.summary.trials);
        time = qstr(formatDuration(p.run.summary.time.median));
        if (p.rows > 0) {
          perRow = qstr(formatDuration(p.run.summary.time.median / static_cast<double>(p.rows)));
        }
      }
      auto against = [](bool compared, bool equal, const OutputDiff& d) {
        if (!compared) return QStringLiteral("—");
        if (equal) return tr("identical");
        return tr("%1 elements differ, max %2 ULP").arg(d.nDiff).arg(d.maxUlp);
      };
      const bool first = &p == &r.points.front();
      const QString vsFirst =
          first ? tr("(reference)") : against(p.compared, p.equalToFirst, p.diff);
      const QString vsOne = r.axis == InvarianceAxis::Batches
                                ? against(p.comparedToOne && p.rows != 1, p.equalToOne, p.diffToOne)
                                : QStringLiteral("—");
      const QString config = r.axis == InvarianceAxis::Batches
                                 ? (p.rows == 1 ? tr("1 row") : tr("%1 rows").arg(p.rows))
                                 : qstr(p.label);
      const QString amongOthers =
          against(p.comparedAmongOthers, p.equalAmongOthers, p.diffAmongOthers);
      const QStringList cells{form, config, repeats, time, perRow, vsFirst, vsOne, amongOthers};
      for (int c = 0; c < cells.size(); ++c) {
        auto* item = new QTableWidgetItem(cells[c]);
        if ((c == 5 && !first && p.compared && !p.equalToFirst) ||
            (c == 6 && p.comparedToOne && p.rows != 1 && !p.equalToOne) ||
            (c == 7 && p.comparedAmongOthers && !p.equalAmongOthers)) {
          item->setForeground(QColor(214, 39, 40));
        }
        table_->setItem(row, c, item);
      }
    }
  }
  table_->resizeColumnsToContents();
}

void InvarianceWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void InvarianceWidget::retranslate() {
  axisLabel_->setText(tr("Compare:"));
  axis_->setItemText(0, tr("Batch sizes (first rows of the batch)"));
  axis_->setItemText(1, tr("Thread counts (cpu-threads)"));
  axis_->setItemText(2, tr("Devices"));
  listLabel_->setText(tr("List:"));
  list_->setToolTip(
      tr("Batch sizes such as 1,2,4,8 or auto (1, 2, 3, 4, 8, 16, … up to the "
         "full batch); thread counts such as 1,2,4,8; devices such as "
         "cpu,cpu-threads,cuda"));
  invariantForm_->setText(tr("Also the batch-invariant form"));
  otherRows_->setText(tr("Also among other rows"));
  otherRows_->setToolTip(
      tr("Run each batch size a second time with row 0 among other rows (made "
         "from another data seed) and compare row 0: does a row depend on "
         "what its neighbours hold, not only on how many there are?"));
  invariantForm_->setToolTip(
      tr("Run the op a second time with batch_invariant = 1 (ops that "
         "have it: matmul, rms_norm, softmax)"));
  run_->setText(tr("Run invariance"));
  cancel_->setText(tr("Cancel"));
  table_->setHorizontalHeaderLabels(
      {tr("form"), tr("configuration"), tr("run to run"), tr("median time"), tr("per row"),
       tr("against the first (full batch)"), tr("row 0 against the row alone"),
       tr("row 0 among other rows")});
  if (!outcomes_.empty()) {
    verdict_->setText(verdictText());
    fillTable();
    if (run_->isEnabled()) status_->setText(endedText());
  } else {
    verdict_->setText(
        tr("Runs the op of the form on the same inputs at several batch sizes, "
           "thread counts or devices and compares the bits. A served model's "
           "answer can change with what else is in its batch: see whether this "
           "op does."));
  }
}

}  // namespace detbench::gui
