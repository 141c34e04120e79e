// One CSV field: plain where nothing needs quoting; quoted, its quotes doubled, where it holds a
// comma, a double quote, a carriage return or a line feed (a label with a newline once broke a
// row of the invariance export in two).

#include "export/CsvField.hpp"

#include <gtest/gtest.h>

namespace detbench::gui {
namespace {

TEST(CsvFieldTest, PlainTextStaysAsItIs) {
  EXPECT_EQ(csvField(std::string_view("batch of 8")), "batch of 8");
  EXPECT_EQ(csvField(std::string_view("")), "");
}

TEST(CsvFieldTest, CommasQuotesAndLineBreaksAreQuoted) {
  EXPECT_EQ(csvField(std::string_view("a,b")), "\"a,b\"");
  EXPECT_EQ(csvField(std::string_view("say \"hi\"")), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csvField(std::string_view("two\nlines")), "\"two\nlines\"");
  EXPECT_EQ(csvField(std::string_view("cr\rhere")), "\"cr\rhere\"");
}

TEST(CsvFieldTest, TheQtFormAgreesAndKeepsUnicode) {
  EXPECT_EQ(csvField(QStringLiteral("é,ü")), QStringLiteral("\"é,ü\""));
  EXPECT_EQ(csvField(QStringLiteral("日本")), QStringLiteral("日本"));
}

}  // namespace
}  // namespace detbench::gui
