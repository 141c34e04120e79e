#include "widgets/CatalogChangesWidget.hpp"

#include <gtest/gtest.h>

namespace detbench::gui {
namespace {

TEST(CatalogChangesWidgetTest, ListsWhatChangedBetweenTheChosenReleases) {
  CatalogChangesWidget widget;
  widget.setRelease(PyTorchRelease{2, 11});
  widget.setSince(PyTorchRelease{2, 8});
  const QString text = widget.text();
  EXPECT_TRUE(text.contains(QStringLiteral("matmul"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("2.10"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("CUBLAS_WORKSPACE_CONFIG"))) << text.toStdString();
  EXPECT_FALSE(text.contains(QStringLiteral("cumsum"))) << "cumsum changed in 2.14 only";
  // trilinear's 2.9 change: deterministic mode switches, and the extension is no longer needed.
  EXPECT_TRUE(text.contains(QStringLiteral("upsample_trilinear3d_backward"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("detbench extension: yes → no"))) << text.toStdString();

  widget.setSince(PyTorchRelease{2, 10});
  EXPECT_TRUE(widget.text().contains(QStringLiteral("Nothing changed")))
      << widget.text().toStdString();

  widget.setSince(PyTorchRelease{2, 11});
  EXPECT_TRUE(widget.text().contains(QStringLiteral("older release")));
}

}  // namespace
}  // namespace detbench::gui
