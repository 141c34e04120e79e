#include "detbench/settings/Settings.hpp"

#include <charconv>

#include "detbench/base/Error.hpp"

namespace detbench {

std::string_view toString(DeterministicMode mode) {
  switch (mode) {
    case DeterministicMode::Off:
      return "off";
    case DeterministicMode::Warn:
      return "warn";
    case DeterministicMode::Error:
      return "error";
  }
  return "off";
}

std::string_view toString(CatalogSemantics semantics) {
  return semantics == CatalogSemantics::PyTorch ? "pytorch" : "extensions";
}

std::string_view toString(FormRequest form) {
  switch (form) {
    case FormRequest::Default:
      return "default";
    case FormRequest::Atomic:
      return "atomic";
    case FormRequest::Deterministic:
      return "deterministic";
  }
  return "default";
}

std::optional<DeterministicMode> parseDeterministicMode(std::string_view text) {
  if (text == "off") return DeterministicMode::Off;
  if (text == "warn") return DeterministicMode::Warn;
  if (text == "error") return DeterministicMode::Error;
  return std::nullopt;
}

std::optional<CatalogSemantics> parseCatalogSemantics(std::string_view text) {
  if (text == "pytorch") return CatalogSemantics::PyTorch;
  if (text == "extensions") return CatalogSemantics::Extensions;
  return std::nullopt;
}

std::optional<FormRequest> parseFormRequest(std::string_view text) {
  if (text == "default") return FormRequest::Default;
  if (text == "atomic") return FormRequest::Atomic;
  if (text == "deterministic") return FormRequest::Deterministic;
  return std::nullopt;
}

namespace {

std::int64_t parsePositive(std::string_view text, std::string_view whole, const char* what) {
  std::int64_t value = 0;
  const auto* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end || value <= 0) {
    DETBENCH_THROW(InvalidArgument, "malformed CUBLAS_WORKSPACE_CONFIG '" + std::string(whole) +
                                        "': " + what + " '" + std::string(text) +
                                        "' is not a positive integer (expected :SIZE:COUNT, "
                                        "for example :4096:8)");
  }
  return value;
}

}  // namespace

WorkspaceConfig WorkspaceConfig::parse(std::string_view text) {
  WorkspaceConfig config;
  config.text = std::string(text);
  if (text.empty() || text.front() != ':') {
    DETBENCH_THROW(InvalidArgument, "malformed CUBLAS_WORKSPACE_CONFIG '" + std::string(text) +
                                        "': expected :SIZE:COUNT groups, for example :4096:8");
  }
  std::vector<std::string_view> fields;
  std::size_t pos = 1;
  while (true) {
    const std::size_t next = text.find(':', pos);
    fields.push_back(text.substr(pos, next == std::string_view::npos ? next : next - pos));
    if (next == std::string_view::npos) break;
    pos = next + 1;
  }
  if (fields.size() % 2 != 0) {
    DETBENCH_THROW(InvalidArgument, "malformed CUBLAS_WORKSPACE_CONFIG '" + std::string(text) +
                                        "': every SIZE needs a COUNT (expected :SIZE:COUNT)");
  }
  for (std::size_t i = 0; i < fields.size(); i += 2) {
    const std::int64_t size = parsePositive(fields[i], text, "SIZE");
    const std::int64_t count = parsePositive(fields[i + 1], text, "COUNT");
    if (size > (std::int64_t{1} << 30) || count > 1'000'000) {
      DETBENCH_THROW(InvalidArgument, "malformed CUBLAS_WORKSPACE_CONFIG '" + std::string(text) +
                                          "': SIZE or COUNT is out of range");
    }
    config.entries.push_back({size, count});
  }
  return config;
}

bool WorkspaceConfig::isDeterministicForCublas() const {
  return text == ":4096:8" || text == ":16:8";
}

std::int64_t WorkspaceConfig::totalBytes() const {
  std::int64_t total = 0;
  for (const auto& e : entries) total += e.sizeKiB * 1024 * e.count;
  return total;
}

bool Settings::operator==(const Settings& other) const {
  const auto cfgText = [](const std::optional<WorkspaceConfig>& c) {
    return c ? std::optional<std::string>(c->text) : std::nullopt;
  };
  return seed == other.seed && cudnnBenchmark == other.cudnnBenchmark &&
         cudnnDeterministic == other.cudnnDeterministic && deterministic == other.deterministic &&
         cfgText(cublasWorkspaceConfig) == cfgText(other.cublasWorkspaceConfig) &&
         fillUninitializedMemory == other.fillUninitializedMemory && threads == other.threads &&
         semantics == other.semantics && form == other.form && pytorch == other.pytorch;
}

}  // namespace detbench
