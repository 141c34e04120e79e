#include "detbench/base/Utf8Text.hpp"

#include <algorithm>

namespace detbench {

char32_t nextCodePoint(std::string_view text, std::size_t& i) {
  const auto b = static_cast<unsigned char>(text[i]);
  std::size_t extra = 0;
  if (b < 0x80) {
    ++i;
    return b;
  } else if ((b & 0xE0) == 0xC0) {
    extra = 1;
  } else if ((b & 0xF0) == 0xE0) {
    extra = 2;
  } else if ((b & 0xF8) == 0xF0) {
    extra = 3;
  } else {
    ++i;
    return 0xFFFD;
  }
  if (i + extra >= text.size()) {
    ++i;
    return 0xFFFD;
  }
  char32_t c = b & (0x3F >> extra);
  for (std::size_t k = 1; k <= extra; ++k) {
    const auto next = static_cast<unsigned char>(text[i + k]);
    if ((next & 0xC0) != 0x80) {
      ++i;
      return 0xFFFD;
    }
    c = (c << 6) | (next & 0x3F);
  }
  constexpr char32_t kLeast[] = {0, 0x80, 0x800, 0x10000};
  if (c < kLeast[extra] || (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF) {
    ++i;
    return 0xFFFD;
  }
  i += extra + 1;
  return c;
}

namespace {

// The end of the terminal escape sequence that starts at `i` (an ESC): CSI (ESC [ parameters,
// then a final byte from @ to ~: colours, cursor moves), OSC (ESC ] ... ended by BEL or ESC \:
// titles, links), or ESC and one more character.
std::size_t escapeSequenceEnd(std::string_view text, std::size_t i) {
  if (i + 1 >= text.size()) return text.size();
  const char kind = text[i + 1];
  if (kind == '[') {
    std::size_t j = i + 2;
    while (j < text.size() && !(text[j] >= '@' && text[j] <= '~')) ++j;
    return std::min(j + 1, text.size());
  }
  if (kind == ']') {
    for (std::size_t j = i + 2; j < text.size(); ++j) {
      if (text[j] == '\a') return j + 1;
      if (text[j] == '\x1b' && j + 1 < text.size() && text[j + 1] == '\\') return j + 2;
    }
    return text.size();
  }
  return i + 2;
}

}  // namespace

std::string printableText(std::string_view text, bool oneLine) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\x1b') {
      i = escapeSequenceEnd(text, i);
      continue;
    }
    const std::size_t start = i;
    const char32_t c = nextCodePoint(text, i);
    if (c == '\n' || c == '\t') {
      out += oneLine ? ' ' : static_cast<char>(c);
      continue;
    }
    const bool control = c < 0x20 || (c >= 0x7F && c < 0xA0);
    const bool bidi = c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
                      (c >= 0x2066 && c <= 0x2069);
    const bool illFormed = c == 0xFFFD && text.substr(start, i - start) != "\xEF\xBF\xBD";
    if (control || bidi || illFormed) continue;
    out.append(text.substr(start, i - start));
  }
  return out;
}

}  // namespace detbench
