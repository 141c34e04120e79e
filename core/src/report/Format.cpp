#include "detbench/report/Format.hpp"

#include <cmath>
#include <cstdio>

namespace detbench {

std::string formatDuration(double ns) {
  const char* unit = "ns";
  double v = ns;
  if (std::fabs(ns) >= 1e9)
    v = ns / 1e9, unit = "s";
  else if (std::fabs(ns) >= 1e6)
    v = ns / 1e6, unit = "ms";
  else if (std::fabs(ns) >= 1e3)
    v = ns / 1e3, unit = "µs";
  char buf[32];
  if (std::fabs(v) >= 100)
    std::snprintf(buf, sizeof buf, "%.0f %s", v, unit);
  else if (std::fabs(v) >= 10)
    std::snprintf(buf, sizeof buf, "%.1f %s", v, unit);
  else
    std::snprintf(buf, sizeof buf, "%.2f %s", v, unit);
  return buf;
}

std::string formatMeanSpread(double meanNs, double stddevNs, std::int64_t samples) {
  if (samples < 2) return formatDuration(meanNs) + " (one trial)";
  return formatDuration(meanNs) + " ± " + formatDuration(stddevNs);
}

std::string formatDigest(std::uint64_t digest) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(digest));
  return buf;
}

std::string formatFloat(double value) {
  if (value == 0) return "0";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (std::isnan(value)) return "nan";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", value);
  return buf;
}

bool parseDigest(const std::string& text, std::uint64_t& digest) {
  if (text.size() != 18 || text[0] != '0' || text[1] != 'x') return false;
  std::uint64_t v = 0;
  for (std::size_t i = 2; i < text.size(); ++i) {
    const char c = text[i];
    int d = 0;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (c >= 'a' && c <= 'f')
      d = c - 'a' + 10;
    else
      return false;
    v = v * 16 + static_cast<std::uint64_t>(d);
  }
  digest = v;
  return true;
}

std::string humanBytes(double bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  while (bytes >= 1024 && u < 6) bytes /= 1024, ++u;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f %s", bytes, units[u]);
  return buf;
}

}  // namespace detbench
