#include "widgets/OpParamsWidget.hpp"

#include <gtest/gtest.h>

#include <QLineEdit>

namespace detbench::gui {
namespace {

TEST(OpParamsWidgetTest, ShowsTheOpsDefaultsAndRefusesOutOfRangeValues) {
  OpParamsWidget widget;
  widget.setOp(QStringLiteral("index_add"));
  const auto params = widget.params();
  ASSERT_TRUE(params.has_value());
  EXPECT_TRUE(params->count("size"));
  auto* size = widget.findChild<QLineEdit*>(QStringLiteral("param_size"));
  ASSERT_NE(size, nullptr);
  size->setText(QStringLiteral("-5"));
  EXPECT_FALSE(widget.params().has_value());
  EXPECT_TRUE(widget.problem().contains(QStringLiteral("size"))) << widget.problem().toStdString();
  size->setText(QStringLiteral("abc"));
  EXPECT_FALSE(widget.params().has_value());
  size->setText(QStringLiteral("4096"));
  ASSERT_TRUE(widget.params().has_value());
  EXPECT_EQ(widget.params()->at("size"), 4096);
  EXPECT_TRUE(widget.problem().isEmpty());
}

TEST(OpParamsWidgetTest, SetParamsShowsTheGivenValues) {
  OpParamsWidget widget;
  widget.setOp(QStringLiteral("scatter_add"));
  OpParams p = *widget.params();
  for (auto& [k, v] : p) v = v + 1 > v ? v : v;  // unchanged copy
  p["size"] = 777;
  widget.setParams(p);
  EXPECT_EQ(widget.params()->at("size"), 777);
}

}  // namespace
}  // namespace detbench::gui
