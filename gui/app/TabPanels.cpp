#include "app/TabPanels.hpp"

#include <QAction>
#include <QDockWidget>
#include <QEvent>
#include <QSettings>
#include <QTabWidget>
#include <algorithm>

namespace detbench::gui {

namespace {

const QString kSettingsKey = QStringLiteral("window/panels");

bool contains(const std::vector<QDockWidget*>& v, const QDockWidget* d) {
  return std::find(v.begin(), v.end(), d) != v.end();
}

}  // namespace

TabPanels::TabPanels(QTabWidget* tabs, std::vector<QDockWidget*> docks, QObject* parent)
    : QObject(parent), tabs_(tabs), docks_(std::move(docks)) {
  connect(tabs_, &QTabWidget::currentChanged, this, &TabPanels::apply);
  for (QDockWidget* d : docks_) {
    connect(d->toggleViewAction(), &QAction::triggered, this,
            [this, d](bool shown) { changedByPerson(d, shown); });
    d->installEventFilter(this);
  }
}

void TabPanels::setPanels(QWidget* tab, std::vector<QDockWidget*> panels) {
  panels_[tab] = std::move(panels);
}

void TabPanels::setFallback(std::vector<QDockWidget*> panels) {
  fallback_ = std::move(panels);
}

void TabPanels::setFrontOrder(std::vector<QDockWidget*> order) {
  frontOrder_ = std::move(order);
}

std::vector<QDockWidget*> TabPanels::panelsOf(QWidget* tab) const {
  const auto it = panels_.find(tab);
  return it == panels_.end() ? fallback_ : it->second;
}

void TabPanels::apply() {
  applying_ = true;
  const auto shown = panelsOf(tabs_->currentWidget());
  for (QDockWidget* d : docks_) d->setVisible(contains(shown, d));
  // Last first, so that where two share a tab group the earlier one ends in front.
  for (auto it = frontOrder_.rbegin(); it != frontOrder_.rend(); ++it) {
    if (contains(shown, *it)) (*it)->raise();
  }
  applying_ = false;
}

void TabPanels::changedByPerson(QDockWidget* dock, bool shown) {
  if (applying_) return;
  QWidget* tab = tabs_->currentWidget();
  auto panels = panelsOf(tab);
  panels.erase(std::remove(panels.begin(), panels.end(), dock), panels.end());
  if (shown) panels.push_back(dock);
  panels_[tab] = panels;
  personal_.insert(tab);
}

bool TabPanels::eventFilter(QObject* watched, QEvent* event) {
  // The panel's own close button.
  if (event->type() == QEvent::Close) {
    if (auto* dock = qobject_cast<QDockWidget*>(watched)) changedByPerson(dock, false);
  }
  return QObject::eventFilter(watched, event);
}

void TabPanels::save() const {
  QVariantMap map;
  for (QWidget* tab : personal_) {
    QStringList names;
    for (const QDockWidget* d : panelsOf(tab)) names << d->objectName();
    map.insert(tab->objectName(), names);
  }
  QSettings().setValue(kSettingsKey, map);
}

void TabPanels::restore() {
  const QVariantMap map = QSettings().value(kSettingsKey).toMap();
  for (int i = 0; i < tabs_->count(); ++i) {
    QWidget* tab = tabs_->widget(i);
    if (tab->objectName().isEmpty() || !map.contains(tab->objectName())) continue;
    const QStringList names = map.value(tab->objectName()).toStringList();
    std::vector<QDockWidget*> panels;
    for (QDockWidget* d : docks_) {
      if (names.contains(d->objectName())) panels.push_back(d);
    }
    panels_[tab] = panels;
    personal_.insert(tab);
  }
}

}  // namespace detbench::gui
