// Base64 as RFC 4648 gives it: its test vectors, every length's padding round trip, and text
// that is not base64 refused.

#include "detbench/remote/Base64.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace detbench::remote {
namespace {

std::vector<std::byte> bytesOf(const std::string& s) {
  std::vector<std::byte> b;
  for (const char c : s) b.push_back(static_cast<std::byte>(c));
  return b;
}

TEST(Base64Test, EncodesTheRfcVectors) {
  const std::pair<const char*, const char*> vectors[] = {{"", ""},
                                                         {"f", "Zg=="},
                                                         {"fo", "Zm8="},
                                                         {"foo", "Zm9v"},
                                                         {"foob", "Zm9vYg=="},
                                                         {"fooba", "Zm9vYmE="},
                                                         {"foobar", "Zm9vYmFy"}};
  for (const auto& [plain, coded] : vectors) {
    EXPECT_EQ(base64Encode(bytesOf(plain)), coded) << plain;
    const auto back = base64Decode(coded);
    ASSERT_TRUE(back.has_value()) << coded;
    EXPECT_EQ(*back, bytesOf(plain)) << coded;
  }
}

TEST(Base64Test, EveryByteValueAndLengthRoundTrips) {
  std::vector<std::byte> all;
  for (int i = 0; i < 256; ++i) all.push_back(static_cast<std::byte>(i));
  for (std::size_t n = 0; n <= all.size(); n += 1 + n / 7) {
    const std::vector<std::byte> part(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(n));
    const auto back = base64Decode(base64Encode(part));
    ASSERT_TRUE(back.has_value()) << n;
    EXPECT_EQ(*back, part) << n;
  }
}

TEST(Base64Test, RefusesWhatIsNotBase64) {
  for (const char* bad : {"Zg=", "Zg", "Z===", "=Zg=", "Zg==Zm9v", "Zm9\n", "Zm9*", "Zm=v"}) {
    EXPECT_FALSE(base64Decode(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace detbench::remote
