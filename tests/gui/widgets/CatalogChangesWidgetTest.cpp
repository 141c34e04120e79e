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

  // 2.10 to 2.11: the embedding backward's atomic kernel (outside deterministic mode).
  widget.setSince(PyTorchRelease{2, 10});
  EXPECT_TRUE(widget.text().contains(QStringLiteral("embedding_backward")))
      << widget.text().toStdString();
  widget.setRelease(PyTorchRelease{2, 12});
  widget.setSince(PyTorchRelease{2, 11});
  EXPECT_TRUE(widget.text().contains(QStringLiteral("Nothing changed")))
      << widget.text().toStdString();

  widget.setSince(PyTorchRelease{2, 12});
  EXPECT_TRUE(widget.text().contains(QStringLiteral("older release")));
}

TEST(CatalogChangesWidgetTest, ShowsTheWholeTableWithEachStepsSource) {
  CatalogChangesWidget widget;
  widget.setRelease(PyTorchRelease{2, 15});
  widget.setSince(PyTorchRelease{2, 8});
  const QString text = widget.text();
  for (const char* said :
       {"kthvalue", "max_pool3d_backward", "embedding_backward", "scatter_reduce_prod",
        "upsample_bicubic2d_backward", "MPS (not a detbench device)",
        "docstring: torch.Tensor.scatter_reduce when called on CUDA or MPS tensor",
        // embedding_backward changed in 2.11, 2.14 and 2.15: a source for each.
        "2.11: not in the docstrings 2.11 to 2.13", "2.14: docstring 2.14"}) {
    EXPECT_TRUE(text.contains(QString::fromUtf8(said))) << said << "\n" << text.toStdString();
  }
}

}  // namespace
}  // namespace detbench::gui
