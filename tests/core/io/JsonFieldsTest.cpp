#include "detbench/io/JsonFields.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace detbench {
namespace {

using json = nlohmann::ordered_json;

TEST(JsonFieldsTest, IntegersAreReadOnlyWhenTheyFit) {
  EXPECT_EQ(integerOf<int>(json(7), "n"), 7);
  EXPECT_EQ(integerOf<int>(json(-7), "n"), -7);
  EXPECT_THROW(integerOf<int>(json(4294967297ULL), "n"), InvalidArgument);
  EXPECT_THROW(integerOf<int>(json(1.9), "n"), InvalidArgument);
  EXPECT_THROW(integerOf<int>(json(1.0), "n"), InvalidArgument) << "a float is not an integer";
  EXPECT_THROW(integerOf<int>(json("7"), "n"), InvalidArgument);
  EXPECT_THROW(integerOf<std::uint64_t>(json(-1), "seed"), InvalidArgument);
  EXPECT_EQ(integerOf<std::uint64_t>(json(18446744073709551615ULL), "seed"),
            18446744073709551615ULL);
  EXPECT_THROW(integerOf<std::uint64_t>(json::parse("18446744073709551616"), "seed"),
               InvalidArgument);
  EXPECT_THROW(integerOf<std::int64_t>(json(9223372036854775808ULL), "n"), InvalidArgument);
  EXPECT_EQ(integerOf<int>(json(5), "n", 1, 5), 5);
  EXPECT_THROW(integerOf<int>(json(6), "n", 1, 5), InvalidArgument);
  EXPECT_THROW(integerOf<int>(json(0), "n", 1, 5), InvalidArgument);
}

TEST(JsonFieldsTest, AFieldMustBeThere) {
  const json j = {{"a", 1}};
  EXPECT_EQ(integerField<int>(j, "a"), 1);
  EXPECT_THROW(integerField<int>(j, "b"), InvalidArgument);
  EXPECT_THROW(integerField<int>(json::array(), "a"), InvalidArgument);
}

TEST(JsonFieldsTest, TheMessageSaysWhatWasFound) {
  try {
    integerOf<int>(json(1.5), "trials", 1, 10);
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(e.message(), "trials must be an integer from 1 to 10, not 1.5");
  }
}

// The message of a refused value never writes the value out (dump()
// recursed once a level: 100,000 levels ended the server with SIGSEGV), and stays short.
TEST(JsonFieldsTest, ASnippetOfAnyValueIsShortAndNeverWalksIt) {
  json deep = json::parse(std::string(100000, '[') + std::string(100000, ']'));
  EXPECT_EQ(jsonSnippet(deep), "an array of 1");
  EXPECT_THROW(integerOf<std::uint64_t>(deep, "seed"), InvalidArgument);
  json object = json::object();
  object["a"] = std::move(deep);  // moved: a copy would recurse once a level
  EXPECT_EQ(jsonSnippet(object), "an object of 1 fields");
  EXPECT_EQ(jsonSnippet(json(std::string(1 << 20, 'x'))), "\"" + std::string(37, 'x') + "\"...");
  // Cut inside a character: replaced, not an exception from dump().
  EXPECT_NO_THROW(jsonSnippet(json(std::string(36, 'a') + "\u00e9\u00e9")));
  EXPECT_EQ(jsonSnippet(json(7)), "7");
}

}  // namespace
}  // namespace detbench
