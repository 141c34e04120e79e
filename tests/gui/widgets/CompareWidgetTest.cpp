// The compare view speaks one unit (the baseline's) and one direction ("faster" / "slower"
// than the baseline) in its table and on its plot, and checks default against deterministic
// unless told otherwise.

#include "widgets/CompareWidget.hpp"

#include <gtest/gtest.h>

#include <QTableWidget>

#include "common/Verdict.hpp"
#include "plot/ComparePlotWidget.hpp"

namespace detbench::gui {
namespace {

// Five trials around `medianNs`, each `spreadNs` apart.
RunResult timed(const std::string& label, std::int64_t medianNs, std::int64_t spreadNs = 0) {
  RunResult r;
  r.label = label;
  r.op = "index_add";
  r.device = "cpu-threads";
  for (int i = 0; i < 5; ++i) {
    TrialRecord t;
    t.index = i;
    t.timeNs = medianNs + (i - 2) * spreadNs;
    t.digest = 7;
    r.trials.push_back(t);
  }
  r.summary = summarize(r.trials);
  return r;
}

TEST(CompareWidgetTest, DefaultAgainstDeterministicIsWhatIsChecked) {
  CompareWidget view;
  EXPECT_EQ(view.checkedPresets(),
            (QStringList{QStringLiteral("default"), QStringLiteral("deterministic")}));
  const auto configs = view.configurations(Settings{});
  ASSERT_EQ(configs.size(), 2u);
  EXPECT_EQ(configs[1].settings.deterministic, DeterministicMode::Error);
}

TEST(CompareWidgetTest, TheTableAndThePlotSpeakOneUnitAndOneDirection) {
  CompareWidget view;
  // The baseline takes 2 ms; the other 500 µs: "0.50 ms", not "500 µs", and "4.00× faster".
  view.showResults({timed("default", 2'000'000), timed("deterministic", 500'000)});
  auto* table = view.findChild<QTableWidget*>();
  ASSERT_NE(table, nullptr);
  ASSERT_EQ(table->rowCount(), 2);
  EXPECT_EQ(table->item(0, 3)->text(), QStringLiteral("2.00 ms"));
  EXPECT_EQ(table->item(1, 3)->text(), QStringLiteral("0.50 ms"));
  EXPECT_EQ(table->item(1, 2)->text(), Verdict::relative(500'000, 2'000'000));
  EXPECT_TRUE(table->item(1, 2)->text().contains(QStringLiteral("faster")));
  auto* plot = view.findChild<ComparePlotWidget*>();
  ASSERT_NE(plot, nullptr);
  EXPECT_EQ(plot->unit().symbol, QStringLiteral("ms"));
}

TEST(CompareWidgetTest, ARatioComesWithItsSpreadOrIsCalledNoClearDifference) {
  // Medians 10 ms and 8 ms, each run spread over 4 ms: the middle halves overlap.
  const RunResult noisyBase = timed("default", 10'000'000, 2'000'000);
  const RunResult noisy = timed("deterministic", 8'000'000, 2'000'000);
  EXPECT_EQ(Verdict::relative(noisy, noisyBase),
            QStringLiteral("no clear difference (the middle halves of the times overlap)"));
  // Medians 10 ms and 5 ms, spread 0.2 ms: clearly faster, with the quartiles' range.
  const QString clear = Verdict::relative(timed("deterministic", 5'000'000, 100'000),
                                          timed("default", 10'000'000, 100'000));
  EXPECT_TRUE(clear.startsWith(QStringLiteral("2.00× faster (1."))) << clear.toStdString();
  EXPECT_TRUE(clear.endsWith(QStringLiteral("×)"))) << clear.toStdString();
}

}  // namespace
}  // namespace detbench::gui
