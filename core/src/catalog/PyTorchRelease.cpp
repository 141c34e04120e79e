#include "detbench/catalog/PyTorchRelease.hpp"

#include <algorithm>
#include <array>
#include <charconv>

namespace detbench {

namespace {

// 2.8 is where the catalog starts; 2.15 is the newest release whose docstrings and wheels the
// table was read from (tests/core/catalog/docstrings/).
constexpr std::array kReleases{PyTorchRelease{2, 8},  PyTorchRelease{2, 9},  PyTorchRelease{2, 10},
                               PyTorchRelease{2, 11}, PyTorchRelease{2, 12}, PyTorchRelease{2, 13},
                               PyTorchRelease{2, 14}, PyTorchRelease{2, 15}};

bool readNumber(std::string_view& text, int& value) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec != std::errc() || ptr == begin || value < 0 || value > 999) return false;
  // No leading zeros beyond a single 0 ("2.08" is not a release).
  if (*begin == '0' && ptr - begin > 1) return false;
  text.remove_prefix(static_cast<std::size_t>(ptr - begin));
  return true;
}

}  // namespace

std::string toString(PyTorchRelease release) {
  return std::to_string(release.major) + "." + std::to_string(release.minor);
}

std::optional<PyTorchRelease> parsePyTorchRelease(std::string_view text) {
  PyTorchRelease r;
  if (!readNumber(text, r.major)) return std::nullopt;
  if (text.empty() || text.front() != '.') return std::nullopt;
  text.remove_prefix(1);
  if (!readNumber(text, r.minor)) return std::nullopt;
  if (text.empty()) return r;
  // A full version: ".PATCH" then an optional pre-release or local part.
  if (text.front() != '.') return std::nullopt;
  text.remove_prefix(1);
  int patch = 0;
  if (!readNumber(text, patch)) return std::nullopt;
  if (text.empty()) return r;
  const char next = text.front();
  if (next == '+' || next == 'a' || next == 'b' || next == 'r' || next == '.') return r;
  return std::nullopt;
}

std::span<const PyTorchRelease> catalogReleases() {
  return kReleases;
}

PyTorchRelease oldestCatalogRelease() {
  return kReleases.front();
}

PyTorchRelease newestCatalogRelease() {
  return kReleases.back();
}

bool isCatalogRelease(PyTorchRelease release) {
  return std::find(kReleases.begin(), kReleases.end(), release) != kReleases.end();
}

}  // namespace detbench
