#include "ReleaseOption.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/catalog/PyTorchDetection.hpp"

namespace detbench::cli {

namespace {

std::string heldReleases() {
  std::string held;
  for (const PyTorchRelease r : catalogReleases()) {
    if (!held.empty()) held.append(", ");
    held.append(toString(r));
  }
  return held;
}

PyTorchRelease catalogRelease(const std::string& text, const char* option) {
  const auto release = parsePyTorchRelease(text);
  std::string message(option);
  message.append(" takes a release the catalog holds (").append(heldReleases());
  message.append("), not '").append(text).append("'");
  DETBENCH_CHECK_ARG(release && isCatalogRelease(*release), message);
  return *release;
}

}  // namespace

PyTorchRelease releaseOption(const std::optional<std::string>& text) {
  if (!text) return defaultPyTorchRelease().release;
  return catalogRelease(*text, "--pytorch");
}

std::pair<PyTorchRelease, PyTorchRelease> releaseRangeOption(const std::string& text) {
  const auto dots = text.find("..");
  DETBENCH_CHECK_ARG(dots != std::string::npos,
                     "--changes takes FROM..TO, such as 2.8..2.11, not '" + text + "'");
  const PyTorchRelease from = catalogRelease(text.substr(0, dots), "--changes");
  const PyTorchRelease to = catalogRelease(text.substr(dots + 2), "--changes");
  DETBENCH_CHECK_ARG(
      from < to, "--changes takes the older release first, such as 2.8..2.11, not '" + text + "'");
  return {from, to};
}

}  // namespace detbench::cli
