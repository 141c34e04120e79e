#pragma once
// Integers typed by a person (command-line options, GUI fields): plain decimal digits with an
// optional leading '-', nothing else, and a value that fits. Nothing saturates, wraps, or reads
// "010" as octal or "0x10" as hex.

#include <charconv>
#include <concepts>
#include <optional>
#include <string_view>

namespace detbench {

template <std::integral T>
std::optional<T> parseInteger(std::string_view text) {
  if (text.empty() || text.front() == '+') return std::nullopt;
  T value{};
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace detbench
