// The invariance view: lists read strictly (one message for a bad one, nothing started), a run
// of the form's op shown as a plot with a point per compared configuration and a table row per
// configuration, and the measured guarantee in words.

#include "widgets/InvarianceWidget.hpp"

#include <gtest/gtest.h>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>

#include "GuiTestSupport.hpp"
#include "detbench/DefaultRegistry.hpp"
#include "plot/PlotWidget.hpp"

namespace detbench::gui {
namespace {

struct InvarianceWidgetTest : ::testing::Test {
  InvarianceWidgetTest()
      : registry(std::make_shared<const BackendRegistry>(makeDefaultRegistry())),
        controller(registry),
        widget(&controller, [this](QString*) -> std::optional<RunPlan> {
          return RunPlan{request, {}, {}};
        }) {
    request.op = "rms_norm";
    request.params = {{"size", 8}, {"cols", 4096}};
    request.device = "cpu-threads";
    request.settings.threads = 8;
    request.trials = 2;
    request.warmup = 0;
  }
  void setList(const QString& text) {
    widget.findChild<QLineEdit*>(QStringLiteral("invarianceList"))->setText(text);
  }
  std::shared_ptr<const BackendRegistry> registry;
  InvarianceController controller;
  RunRequest request;
  InvarianceWidget widget;
};

TEST_F(InvarianceWidgetTest, BadListsAreRefusedWithOneMessage) {
  for (const QString& bad : {QStringLiteral("1,,2"), QStringLiteral("1,x"), QStringLiteral("0"),
                             QStringLiteral("4,2"), QStringLiteral("1,99")}) {
    setList(bad);
    QString why;
    EXPECT_FALSE(widget.start(&why)) << bad.toStdString();
    EXPECT_FALSE(why.isEmpty()) << bad.toStdString();
    EXPECT_FALSE(controller.isRunning());
  }
  widget.setAxis(InvarianceAxis::Threads);
  setList(QStringLiteral("1,2000"));
  QString why;
  EXPECT_FALSE(widget.start(&why));
  EXPECT_TRUE(why.contains(QStringLiteral("1024"))) << why.toStdString();
}

TEST_F(InvarianceWidgetTest, ARunShowsBothFormsInThePlotAndTheTable) {
  setList(QStringLiteral("1,4,7"));
  widget.findChild<QCheckBox*>(QStringLiteral("invarianceOtherRows"))->setChecked(true);
  ASSERT_TRUE(widget.start());
  ASSERT_TRUE(testing::waitUntil([&] { return widget.outcomes().size() == 2; }));
  // 8, 1, 4 and 7 rows in both forms; the full batch has no row alone to be compared with
  // before 1 ran, but is compared afterwards: every point is drawn.
  EXPECT_EQ(widget.plot()->pointCount(), 8);
  EXPECT_EQ(widget.findChild<QTableWidget*>()->rowCount(), 8);
  EXPECT_EQ(widget.outcomes()[0].result.measured, GuaranteeLevel::RunToRun);
  EXPECT_EQ(widget.outcomes()[1].result.measured, GuaranteeLevel::BatchInvariant);
  bool saysInvariant = false;
  for (auto* label : widget.findChildren<QLabel*>()) {
    saysInvariant |= label->text().contains(QStringLiteral("batch invariant"));
  }
  EXPECT_TRUE(saysInvariant);
  // Among other rows: compared for every batch size above 1, and the same bits (no kernel
  // here mixes rows).
  for (const auto& o : widget.outcomes()) {
    for (const auto& p : o.result.points) {
      EXPECT_EQ(p.comparedAmongOthers, p.rows > 1) << p.label;
      if (p.comparedAmongOthers) {
        EXPECT_TRUE(p.equalAmongOthers) << p.label;
      }
    }
  }
}

}  // namespace
}  // namespace detbench::gui
