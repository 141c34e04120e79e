#pragma once
// The PyTorch release whose behaviour the catalog follows: what deterministic mode does to each
// op (error, warn, switch), the alert texts, and the cuBLAS workspace rule change from release to
// release. The catalog holds the releases in catalogReleases().

#include <compare>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace detbench {

struct PyTorchRelease {
  int major = 2;
  int minor = 8;

  auto operator<=>(const PyTorchRelease&) const = default;
};

// "2.11" as on the command line and in reports.
std::string toString(PyTorchRelease release);

// Reads "X.Y", and also a full version such as "2.11.0+cu130" or "2.12.0a0" (the patch and
// local parts are dropped). Nothing else: empty on anything that is not a version.
std::optional<PyTorchRelease> parsePyTorchRelease(std::string_view text);

// The releases the catalog covers, oldest first.
std::span<const PyTorchRelease> catalogReleases();
PyTorchRelease oldestCatalogRelease();
PyTorchRelease newestCatalogRelease();
bool isCatalogRelease(PyTorchRelease release);

// The release a report or project written before releases were recorded followed.
inline constexpr PyTorchRelease kUnrecordedRelease{2, 8};

}  // namespace detbench
