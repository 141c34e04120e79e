#include "widgets/EnvironmentWidget.hpp"

#include <QEvent>
#include <QHeaderView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "common/Text.hpp"

namespace detbench::gui {

EnvironmentWidget::EnvironmentWidget(QWidget* parent)
    : QWidget(parent), tree_(new QTreeWidget(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(tree_);
  tree_->setColumnCount(2);
  tree_->setRootIsDecorated(true);
  tree_->setAlternatingRowColors(true);
  tree_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
}

void EnvironmentWidget::setEnvironment(const Environment& env) {
  env_ = env;
  rebuild();
}

void EnvironmentWidget::rebuild() {
  tree_->clear();
  tree_->setHeaderLabels({tr("Item"), tr("Value")});
  auto add = [](QTreeWidgetItem* parent, const QString& k, const QString& v) {
    auto* item = new QTreeWidgetItem(parent, {k, v});
    item->setToolTip(1, v);
    return item;
  };
  auto* tool = new QTreeWidgetItem(tree_, {tr("detbench")});
  add(tool, tr("version"), qstr(env_.toolVersion));
  add(tool, tr("git revision"), qstr(env_.gitRevision));
  add(tool, tr("build type"), qstr(env_.buildType));
  add(tool, tr("compiler"), qstr(env_.compiler));
  auto* host = new QTreeWidgetItem(tree_, {tr("host")});
  add(host, tr("name"), qstr(env_.host));
  add(host, tr("operating system"), qstr(env_.os));
  add(host, tr("CPU"), qstr(env_.cpu));
  add(host, tr("logical cores"), QString::number(env_.logicalCores));
  add(host, QStringLiteral("CUBLAS_WORKSPACE_CONFIG"),
      env_.cublasWorkspaceConfigEnv.empty() ? tr("(unset)") : qstr(env_.cublasWorkspaceConfigEnv));
  add(host, QStringLiteral("PyTorch"),
      env_.pytorchFound.empty() ? tr("(not recorded)") : qstr(env_.pytorchFound));
  auto* libs = new QTreeWidgetItem(tree_, {tr("libraries")});
  for (const auto& [k, v] : env_.libraries) add(libs, qstr(k), qstr(v));
  auto* devices = new QTreeWidgetItem(tree_, {tr("devices")});
  for (const DeviceSummary& d : env_.devices) {
    auto* item = add(devices, qstr(d.id), d.available ? tr("available") : tr("unavailable"));
    if (!d.available) {
      item->setForeground(1, QColor(198, 40, 40));
      add(item, tr("reason"), qstr(d.reason));
    }
    for (const auto& [k, v] : d.info) add(item, qstr(k), qstr(v));
  }
  tree_->expandAll();
}

void EnvironmentWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) rebuild();
  QWidget::changeEvent(event);
}

}  // namespace detbench::gui
