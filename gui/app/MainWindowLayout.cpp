// The main window's layout: the panels (docks) and where they go, their sizes from what they
// hold (a panel is never narrower than its labels and fields), the window's first size from the
// screen, and which panels each tab shows (TabPanels).

#include <QDockWidget>
#include <QHeaderView>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "app/MainWindow.hpp"
#include "app/TabPanels.hpp"
#include "controllers/ProjectController.hpp"
#include "models/OpCatalogModel.hpp"
#include "widgets/CatalogChangesWidget.hpp"
#include "widgets/CompareWidget.hpp"
#include "widgets/DemosWidget.hpp"
#include "widgets/DeviceSelectorWidget.hpp"
#include "widgets/EnvironmentWidget.hpp"
#include "widgets/InvarianceWidget.hpp"
#include "widgets/LogWidget.hpp"
#include "widgets/OpParamsWidget.hpp"
#include "widgets/OpSelectorWidget.hpp"
#include "widgets/RunViewWidget.hpp"
#include "widgets/SettingsWidget.hpp"
#include "widgets/TraceWidget.hpp"

namespace detbench::gui {

namespace {

QScrollArea* scrollable(QWidget* inner, QWidget* parent) {
  auto* area = new QScrollArea(parent);
  area->setWidget(inner);
  area->setWidgetResizable(true);
  area->setFrameShape(QFrame::NoFrame);
  area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  return area;
}

// Below this width the catalog and the log share the bottom as tabs; above, side by side.
constexpr int kWideScreen = 1700;

}  // namespace

void MainWindow::buildDocks() {
  auto dock = [this](const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(this);
    d->setObjectName(name);
    d->setWidget(widget);
    addDockWidget(area, d);
    docks_.push_back(d);
    return d;
  };
  // The left column runs the window's full height; the bottom panels sit under the tabs only.
  setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);

  // The op: device and parameters; the catalog below the tabs.
  auto* opPanel = new QWidget(this);
  auto* opLayout = new QVBoxLayout(opPanel);
  catalogModel_ = new OpCatalogModel(this);
  catalogView_ = new QTableView(this);
  catalogView_->setObjectName(QStringLiteral("catalog"));
  catalogView_->setModel(catalogModel_);
  catalogView_->setSelectionBehavior(QAbstractItemView::SelectRows);
  catalogView_->setSelectionMode(QAbstractItemView::SingleSelection);
  catalogView_->verticalHeader()->hide();
  // Rows as tall as their text, so the panel shows as many ops as it can.
  catalogView_->verticalHeader()->setDefaultSectionSize(catalogView_->fontMetrics().height() + 6);
  catalogView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  catalogView_->horizontalHeader()->setStretchLastSection(true);
  // The op's name as wide as the common ones; a longer one is elided, whole in its tooltip, so
  // that the four verdicts fit beside it at 1280 pixels.
  catalogView_->horizontalHeader()->setSectionResizeMode(OpCatalogModel::Op,
                                                         QHeaderView::Interactive);
  catalogView_->setColumnWidth(
      OpCatalogModel::Op,
      catalogView_->fontMetrics().horizontalAdvance(QStringLiteral("index_put_accumulate")) + 16);
  catalogView_->setTextElideMode(Qt::ElideMiddle);
  catalogView_->setWordWrap(false);
  opSelector_ = new OpSelectorWidget(opPanel);
  devices_ = new DeviceSelectorWidget(*registry_, opPanel);
  params_ = new OpParamsWidget(opPanel);
  opLayout->addWidget(opSelector_);
  opLayout->addWidget(devices_);
  opLayout->addWidget(params_);
  opLayout->addStretch(1);
  settings_ = new SettingsWidget(this);
  log_ = new LogWidget(this);
  environment_ = new EnvironmentWidget(this);
  catalogChanges_ = new CatalogChangesWidget(this);

  opArea_ = scrollable(opPanel, this);
  settingsArea_ = scrollable(settings_, this);
  auto* catalogDock = dock(QStringLiteral("catalogDock"), catalogView_, Qt::BottomDockWidgetArea);
  auto* opDock = dock(QStringLiteral("opDock"), opArea_, Qt::LeftDockWidgetArea);
  auto* settingsDock = dock(QStringLiteral("settingsDock"), settingsArea_, Qt::LeftDockWidgetArea);
  auto* logDock = dock(QStringLiteral("logDock"), log_, Qt::BottomDockWidgetArea);
  auto* envDock = dock(QStringLiteral("environmentDock"), environment_, Qt::BottomDockWidgetArea);
  // The release changes: a tab beside the catalog they describe, and as wide.
  auto* changesDock = dock(QStringLiteral("catalogChangesDock"), scrollable(catalogChanges_, this),
                           Qt::BottomDockWidgetArea);
  const QScreen* screen = this->screen();
  const bool wide = screen && screen->availableGeometry().width() >= kWideScreen;
  if (wide) {
    splitDockWidget(catalogDock, logDock, Qt::Horizontal);
    tabifyDockWidget(catalogDock, changesDock);
    tabifyDockWidget(logDock, envDock);
  } else {
    tabifyDockWidget(catalogDock, changesDock);
    tabifyDockWidget(changesDock, logDock);
    tabifyDockWidget(logDock, envDock);
    // The PyTorch call is in every row's tooltip; the badges need the width.
    catalogView_->setColumnHidden(OpCatalogModel::PyTorchApi, true);
  }
  catalogDock->raise();

  // Each tab shows the panels it uses: Run, Compare and Invariance run the op of the form; the
  // Demos tab runs its own scenarios, the Trace tab its own setup (its status line and the
  // status bar say what happened; the View menu brings the log back there).
  panels_ = new TabPanels(tabs_, docks_, this);
  const std::vector<QDockWidget*> form = {opDock,  settingsDock, catalogDock,
                                          logDock, envDock,      changesDock};
  panels_->setPanels(runView_, form);
  panels_->setPanels(compareView_, form);
  panels_->setPanels(invarianceView_, form);
  panels_->setPanels(demosView_, {});
  panels_->setPanels(traceView_, {});
  panels_->setFallback({logDock, envDock});
  panels_->setFrontOrder({catalogDock, logDock});

  catalogModel_->setTraitsClass(devices_->traitsClass());
  const auto followRelease = [this] {
    if (const auto s = settings_->settings()) {
      catalogModel_->setRelease(s->pytorch);
      catalogChanges_->setRelease(s->pytorch);
    }
  };
  followRelease();
  connect(settings_, &SettingsWidget::changed, this, followRelease);
  connect(devices_, &DeviceSelectorWidget::deviceChanged, this, [this] {
    catalogModel_->setTraitsClass(devices_->traitsClass());
    projects_->markDirty();
  });
  connect(catalogView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            const QString op = catalogModel_->opAt(current.row());
            if (!op.isEmpty() && op != params_->op()) params_->setOp(op);
            if (!op.isEmpty()) opSelector_->setOp(op);
          });
  connect(opSelector_, &OpSelectorWidget::opChosen, this, [this](const QString& op) {
    selectOp(op);
    catalogView_->scrollTo(catalogModel_->index(catalogModel_->rowOf(op), 0));
  });
  // A new op has other fields: the column widens when its labels do.
  connect(params_, &OpParamsWidget::changed, this, &MainWindow::fitPanels);
}

void MainWindow::fitPanels() {
  // The left column is as wide as the settings' labels and fields want (the op's form wraps its
  // longer lines to that width, but keeps its own labels and fields whole); it cannot be dragged
  // narrower. The scroll bar's width is kept free.
  const int scrollBar = opArea_->verticalScrollBar()->sizeHint().width();
  const int width = std::max(opArea_->widget()->minimumSizeHint().width(),
                             settingsArea_->widget()->sizeHint().width()) +
                    scrollBar + 4;
  opArea_->setMinimumWidth(width);
  settingsArea_->setMinimumWidth(width);
  // The settings are the same for every op: whole, always; the op's form takes the rest.
  settingsArea_->setMinimumHeight(settingsArea_->widget()->sizeHint().height());
}

void MainWindow::placeWindow() {
  // First start: the whole screen up to 1920 x 1200 (1440 x 900 where the screen has no size),
  // then what the person left.
  QSize size(1440, 900);
  if (const QScreen* screen = this->screen()) {
    const QRect available = screen->availableGeometry();
    size = available.size();
    move(available.topLeft());
  }
  fitToScreen(size);
  QSettings settings;
  restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
  restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
  panels_->restore();
  panels_->apply();
}

void MainWindow::fitToScreen(const QSize& available) {
  const QSize size = available.boundedTo(QSize(1920, 1200));
  resize(size);
  fitPanels();
  QDockWidget* opDock = docks_[1];
  QDockWidget* settingsDock = docks_[2];
  // The two forms share the column by what they hold; the bottom panels take a fifth.
  resizeDocks(
      {opDock, settingsDock},
      {opArea_->widget()->sizeHint().height(), settingsArea_->widget()->sizeHint().height()},
      Qt::Vertical);
  // The catalog: a fifth of the height, and at least its header and five ops.
  const int catalogRows = catalogView_->horizontalHeader()->sizeHint().height() +
                          5 * catalogView_->verticalHeader()->defaultSectionSize() + 60;
  resizeDocks({docks_[0]}, {std::max(catalogRows, size.height() / 5)}, Qt::Vertical);
  // Where the catalog and the log sit side by side, the catalog takes two thirds.
  const int bottom = size.width() - opArea_->minimumWidth();
  resizeDocks({docks_[0], docks_[3]}, {bottom * 2 / 3, bottom / 3}, Qt::Horizontal);
}

void MainWindow::saveLayout() const {
  QSettings settings;
  settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
  settings.setValue(QStringLiteral("window/state"), saveState());
  panels_->save();
}

}  // namespace detbench::gui
