#include "widgets/SettingsWidget.hpp"

#include <gtest/gtest.h>

#include <QLineEdit>

namespace detbench::gui {
namespace {

Settings varied(int i) {
  Settings s;
  if (i % 2) s.seed = 0xfedcba9876543210ULL + static_cast<std::uint64_t>(i);
  s.cudnnBenchmark = i % 3 == 0;
  s.cudnnDeterministic = i % 4 == 1;
  s.deterministic = static_cast<DeterministicMode>(i % 3);
  s.fillUninitializedMemory = i % 5 != 0;
  if (i % 3 == 1) s.cublasWorkspaceConfig = WorkspaceConfig::parse(":4096:8");
  if (i % 3 == 2) s.cublasWorkspaceConfig = WorkspaceConfig::parse(":16:8:4096:2");
  s.threads = i % 7;
  s.semantics = static_cast<CatalogSemantics>(i % 2);
  s.form = static_cast<FormRequest>(i % 3);
  const auto releases = catalogReleases();
  s.pytorch = releases[static_cast<std::size_t>(i) % releases.size()];
  return s;
}

TEST(SettingsWidgetTest, EverySettingRoundTripsThroughTheWidgets) {
  SettingsWidget widget;
  for (int i = 0; i < 30; ++i) {
    const Settings s = varied(i);
    widget.setSettings(s);
    const auto back = widget.settings();
    ASSERT_TRUE(back.has_value()) << "case " << i << ": " << widget.problem().toStdString();
    EXPECT_EQ(*back, s) << "case " << i;
  }
}

TEST(SettingsWidgetTest, DefaultsAreTorchDefaults) {
  SettingsWidget widget;
  EXPECT_EQ(*widget.settings(), Settings{});
}

TEST(SettingsWidgetTest, AnInvalidSeedIsRefusedWithTheReason) {
  SettingsWidget widget;
  Settings s;
  s.seed = 1;
  widget.setSettings(s);
  auto* seed = widget.findChild<QLineEdit*>(QStringLiteral("seed"));
  ASSERT_NE(seed, nullptr);
  seed->setText(QStringLiteral("12x"));
  EXPECT_FALSE(widget.settings().has_value());
  EXPECT_TRUE(widget.problem().contains(QStringLiteral("seed")));
  seed->setText(QStringLiteral("99"));
  ASSERT_TRUE(widget.settings().has_value());
  EXPECT_EQ(widget.settings()->seed, 99u);
}
}  // namespace
}  // namespace detbench::gui
