#pragma once
// Which panels (docks) the window shows with each of its tabs: a tab shows the panels it uses
// (the Run tab the op, the settings, the catalog and the log; the Demos and Trace tabs none), so
// what a tab does not use is not on screen. A panel the person shows or hides (the View menu, its
// close button) is remembered for the tab it was changed on, and kept between sessions.

#include <QObject>
#include <QString>
#include <map>
#include <set>
#include <vector>

class QDockWidget;
class QTabWidget;
class QWidget;

namespace detbench::gui {

class TabPanels : public QObject {
  Q_OBJECT

 public:
  // `docks`: every panel the window has; the tabs are `tabs`' pages (named by objectName()).
  TabPanels(QTabWidget* tabs, std::vector<QDockWidget*> docks, QObject* parent = nullptr);

  // The panels `tab` shows until the person changes them; tabs not named here show `fallback`.
  void setPanels(QWidget* tab, std::vector<QDockWidget*> panels);
  void setFallback(std::vector<QDockWidget*> panels);
  // Tabified panels shown together: the first of `order` among them comes to the front.
  void setFrontOrder(std::vector<QDockWidget*> order);

  // Shows the current tab's panels and hides the others.
  void apply();
  // The panels `tab` shows.
  std::vector<QDockWidget*> panelsOf(QWidget* tab) const;

  // Kept between sessions in QSettings (the person's choices only).
  void save() const;
  void restore();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void changedByPerson(QDockWidget* dock, bool shown);

  QTabWidget* tabs_;
  std::vector<QDockWidget*> docks_;
  std::map<QWidget*, std::vector<QDockWidget*>> panels_;
  std::vector<QDockWidget*> fallback_;
  std::vector<QDockWidget*> frontOrder_;
  std::set<QWidget*> personal_;  // the tabs whose panels the person changed
  bool applying_ = false;
};

}  // namespace detbench::gui
