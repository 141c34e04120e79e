#pragma once
// UTF-8 text from outside (reports, remote hosts) read one code point at a time, and made safe to
// print on a terminal.

#include <cstddef>
#include <string>
#include <string_view>

namespace detbench {

// The code point of UTF-8 `text` at byte `i`, advancing `i` past it; U+FFFD for ill-formed
// UTF-8 (a stray byte, a cut sequence, an overlong form, a surrogate), `i` then past one byte.
// `i` must be less than text.size().
char32_t nextCodePoint(std::string_view text, std::size_t& i);

// `text` with what could act on a terminal or mislead its reader dropped: a terminal's escape
// sequences whole (colours, cursor moves, titles: ESC [ ... and ESC ] ...), control characters
// (C0 but for tab and newline, DEL, C1), the
// bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069: U+202E
// shows text backwards) and ill-formed UTF-8. With `oneLine`, a tab or newline becomes a
// space.
std::string printableText(std::string_view text, bool oneLine = false);

}  // namespace detbench
