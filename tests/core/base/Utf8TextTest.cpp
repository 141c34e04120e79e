// UTF-8 read a code point at a time, and text made safe for a terminal: escapes, NUL and the
// bidirectional controls dropped, everything else kept.

#include "detbench/base/Utf8Text.hpp"

#include <gtest/gtest.h>

namespace detbench {
namespace {

TEST(Utf8TextTest, CodePointsAreReadAndIllFormedOnesReplaced) {
  const std::string text = "a\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80";  // a é 中 😀
  std::size_t i = 0;
  EXPECT_EQ(nextCodePoint(text, i), U'a');
  EXPECT_EQ(nextCodePoint(text, i), U'\u00e9');
  EXPECT_EQ(nextCodePoint(text, i), U'\u4e2d');
  EXPECT_EQ(nextCodePoint(text, i), U'\U0001F600');
  EXPECT_EQ(i, text.size());
  for (const std::string bad :
       {"\x80", "\xC3", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE4\xB8", "\xFF"}) {
    std::size_t k = 0;
    EXPECT_EQ(nextCodePoint(bad, k), U'\uFFFD');
    EXPECT_EQ(k, 1u);
  }
}

TEST(Utf8TextTest, WhatActsOnATerminalIsDropped) {
  static const char kHostile[] =
      "run\x1b]0;owned\x07\x1b[2J ok\x7f\xC2\x9B|\xE2\x80\xAEreversed\xE2\x81\xA6"
      "\xD8\x9C\xE2\x80\x8F\xFF"
      "end";
  const std::string clean = printableText(kHostile);
  EXPECT_EQ(clean.find('\x1b'), std::string::npos);
  EXPECT_EQ(clean.find('\x07'), std::string::npos);
  EXPECT_EQ(clean.find('\x7f'), std::string::npos);
  EXPECT_EQ(clean.find("\xE2\x80\xAE"), std::string::npos);
  EXPECT_EQ(clean.find("\xC2\x9B"), std::string::npos);
  // The escape sequences go whole, not only their ESC: no "]0;owned" or "[2J" is left.
  EXPECT_EQ(clean, "run ok|reversedend");
  // A coloured traceback line, an OSC link ended by ESC \, and an ESC at the very end.
  EXPECT_EQ(printableText("\x1b[1;31mRuntimeError\x1b[0m: bad"), "RuntimeError: bad");
  EXPECT_EQ(printableText("see \x1b]8;;https://x\x1b\\here\x1b]8;;\x1b\\."), "see here.");
  EXPECT_EQ(printableText("cut\x1b"), "cut");
  EXPECT_EQ(printableText("cut\x1b[31"), "cut");
  const std::string nul("a\0b", 3);
  EXPECT_EQ(printableText(nul), "ab");
}

TEST(Utf8TextTest, TextIsKeptAndLinesJoinedWhenAsked) {
  EXPECT_EQ(printableText("中文 ü\tx\ny"), "中文 ü\tx\ny");
  EXPECT_EQ(printableText("中文 ü\tx\ny", true), "中文 ü x y");
  EXPECT_EQ(printableText("\xEF\xBF\xBD"), "\xEF\xBF\xBD") << "U+FFFD itself is text";
}

}  // namespace
}  // namespace detbench
