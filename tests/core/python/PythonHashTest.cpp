#include "detbench/python/PythonHash.hpp"

#include <gtest/gtest.h>

#include "detbench/base/Error.hpp"

namespace detbench::python {
namespace {

// Values printed by CPython 3.11.2 (Debian 12): PYTHONHASHSEED=N python3 -c "print(hash(s))".
TEST(PythonHashTest, StrHashesMatchCPython) {
  const HashSecret zero = secretForSeed(0);
  EXPECT_EQ(zero.k0, 0u);
  EXPECT_EQ(strHash("a", zero), 4644417185603328019LL);
  EXPECT_EQ(strHash("apple", zero), -2003999543335776700LL);
  EXPECT_EQ(strHash("", zero), 0);
  EXPECT_EQ(strHash("h\xc3\xa9llo", zero), 6395329678795984700LL);              // Latin-1: 1 byte
  EXPECT_EQ(strHash("\xe6\x97\xa5\xe6\x9c\xac", zero), 6243316497235261705LL);  // 2 bytes each
  EXPECT_EQ(strHash(std::string(17, 'a'), zero), -528609469319981417LL);        // past one block
  const HashSecret one = secretForSeed(1), answer = secretForSeed(42);
  EXPECT_EQ(strHash("a", one), -3012895188637184397LL);
  EXPECT_EQ(strHash("apple", one), 3677379510239698077LL);
  EXPECT_EQ(strHash("a", answer), -123207753977932514LL);
  EXPECT_EQ(strHash("\xe6\x97\xa5\xe6\x9c\xac", answer), -7192152084576530731LL);
  EXPECT_THROW(strHash("\xff", zero), InvalidArgument);
  EXPECT_THROW(strHash("\xe6\x97", zero), InvalidArgument);
}

TEST(PythonHashTest, SetOrdersMatchCPythonAndDependOnTheSeed) {
  const std::vector<std::string> words{"apple",     "banana", "cherry", "date",  "elderberry",
                                       "fig",       "grape",  "kiwi",   "lemon", "mango",
                                       "nectarine", "olive",  "peach"};
  EXPECT_EQ(listRepr(setOrder(words, secretForSeed(0))),
            "['banana', 'apple', 'cherry', 'fig', 'nectarine', 'olive', 'date', 'mango', 'peach', "
            "'grape', 'kiwi', 'elderberry', 'lemon']");
  EXPECT_EQ(listRepr(setOrder(words, secretForSeed(42))),
            "['nectarine', 'mango', 'fig', 'grape', 'banana', 'lemon', 'kiwi', 'date', 'olive', "
            "'apple', 'peach', 'elderberry', 'cherry']");
  // Duplicates are dropped, as a set does.
  EXPECT_EQ(setOrder({"x", "y", "x"}, secretForSeed(0)).size(), 2u);
  // repr's quoting, as CPython prints it.
  EXPECT_EQ(listRepr({"it's", "a\\b", "say \"hi\"", "both ' \"", "tab\there"}),
            "[\"it's\", 'a\\\\b', 'say \"hi\"', 'both \\' \"', 'tab\\there']");
}

}  // namespace
}  // namespace detbench::python
