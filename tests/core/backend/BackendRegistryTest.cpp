// The registry's devices of an on-demand module (the torch devices): listed before their module
// is loaded, loaded once on first use, and unavailable with the module's reason where it fails.

#include <gtest/gtest.h>

#include <stdexcept>

#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/base/Error.hpp"

namespace detbench {
namespace {

class FakeBackend final : public Backend {
 public:
  explicit FakeBackend(std::string id) : id_(std::move(id)) {}
  std::string_view id() const override { return id_; }
  TraitsClass traitsClass() const override { return TraitsClass::Cpu; }
  Availability availability() const override { return {true, ""}; }
  std::map<std::string, std::string> deviceInfo() const override { return {}; }
  int threads(const Context&) const override { return 1; }
  bool supports(std::string_view) const override { return false; }
  std::unique_ptr<PreparedOp> prepare(const OpDefinition&, const OpParams&, const OpInputs&, Form,
                                      const Context&) override {
    return nullptr;
  }

 private:
  std::string id_;
};

TEST(BackendRegistryTest, AnOnDemandModuleIsListedAndLoadedOnceOnFirstUse) {
  int loads = 0;
  BackendRegistry registry;
  registry.add(std::make_unique<FakeBackend>("cpu"));
  registry.addOnDemand({"lib-a", "lib-b"}, [&loads] {
    ++loads;
    LoadedModule m;
    m.backends.push_back(std::make_unique<FakeBackend>("lib-a"));
    m.reason = "lib-b needs a GPU";
    return m;
  });
  int unloaded = 0;
  for (const auto& d : registry.devices()) unloaded += d.loaded ? 0 : 1;
  EXPECT_EQ(unloaded, 2);
  EXPECT_EQ(loads, 0);
  registry.get("cpu");
  EXPECT_EQ(loads, 0) << "another device does not load the module";

  EXPECT_EQ(registry.get("lib-a").id(), "lib-a");
  EXPECT_EQ(loads, 1);
  try {
    registry.get("lib-b");
    FAIL() << "lib-b is not offered";
  } catch (const NotAvailable& e) {
    EXPECT_NE(e.message().find("lib-b needs a GPU"), std::string::npos) << e.message();
  }
  registry.loadAll();
  EXPECT_EQ(loads, 1);
  for (const auto& d : registry.devices()) EXPECT_TRUE(d.loaded) << d.id;
}

TEST(BackendRegistryTest, AModuleThatFailsToLoadLeavesItsDevicesUnavailableWithTheReason) {
  BackendRegistry registry;
  registry.addOnDemand({"lib-a"},
                       []() -> LoadedModule { throw std::runtime_error("no libtorch"); });
  registry.loadAll();
  const auto devices = registry.devices();
  ASSERT_EQ(devices.size(), 1u);
  EXPECT_FALSE(devices[0].availability.available);
  EXPECT_EQ(devices[0].availability.reason, "no libtorch");
  EXPECT_THROW(registry.get("lib-a"), NotAvailable);
  EXPECT_THROW(registry.get("lib-c"), InvalidArgument);
}

TEST(BackendRegistryTest, MovingARegistryKeepsItsDevicesAndTheirModules) {
  int loads = 0;
  BackendRegistry a;
  a.addOnDemand({"lib-a"}, [&loads] {
    ++loads;
    LoadedModule m;
    m.backends.push_back(std::make_unique<FakeBackend>("lib-a"));
    return m;
  });
  BackendRegistry b = std::move(a);
  EXPECT_EQ(b.get("lib-a").id(), "lib-a");
  EXPECT_EQ(loads, 1);
}

}  // namespace
}  // namespace detbench
