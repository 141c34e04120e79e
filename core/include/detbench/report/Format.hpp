#pragma once
// Number formatting shared by the reports and the command line.

#include <cstdint>
#include <string>

namespace detbench {

// "1.23 ms", "845 ns", "12.5 µs": three significant digits and a unit that fits.
std::string formatDuration(double ns);
// "1.23 ms ± 45.6 µs" over two or more samples; over one, "1.23 ms (one trial)": a spread of
// a single sample is not a measurement.
std::string formatMeanSpread(double meanNs, double stddevNs, std::int64_t samples);
// "0x1f2e3d4c5b6a7988": the 16 hex digits of a digest.
std::string formatDigest(std::uint64_t digest);
// Short float: "3.05e-05", "0", "inf".
std::string formatFloat(double value);
// "1.5 GiB", "12.0 KiB": bytes in binary units, one decimal.
std::string humanBytes(double bytes);
// Parses what formatDigest writes; false when malformed.
bool parseDigest(const std::string& text, std::uint64_t& digest);

}  // namespace detbench
