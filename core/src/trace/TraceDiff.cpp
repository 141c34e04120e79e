#include "detbench/trace/TraceDiff.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "detbench/base/Error.hpp"

namespace detbench::trace {

namespace {

template <typename T>
T load(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Bits of a float of `bits` width mapped to an unsigned order: adjacent floats are adjacent
// integers, -0 and +0 one apart.
std::uint64_t ordered(std::uint64_t bits, int width) {
  const std::uint64_t sign = std::uint64_t{1} << (width - 1);
  return (bits & sign) ? ~bits & (sign | (sign - 1)) : bits | sign;
}

float halfToFloat(std::uint16_t h) {
  const std::uint32_t sign = (h & 0x8000u) << 16;
  const int exponent = (h >> 10) & 0x1f;
  std::uint32_t mantissa = h & 0x3ffu;
  std::uint32_t bits = 0;
  if (exponent == 0x1f) {
    bits = sign | 0x7f800000u | (mantissa << 13);
  } else if (exponent == 0) {
    if (mantissa == 0) {
      bits = sign;
    } else {  // subnormal: normalise
      int e = -1;
      do {
        ++e;
        mantissa <<= 1;
      } while ((mantissa & 0x400u) == 0);
      bits = sign | (static_cast<std::uint32_t>(127 - 15 - e) << 23) | ((mantissa & 0x3ffu) << 13);
    }
  } else {
    bits = sign | (static_cast<std::uint32_t>(exponent - 15 + 127) << 23) | (mantissa << 13);
  }
  return std::bit_cast<float>(bits);
}

enum class Kind { Float, Signed, Unsigned, Bool };

struct Type {
  Kind kind;
  int width;  // bits of one component
  bool bf16 = false;
};

Type typeOf(std::string_view dtype) {
  if (dtype == "float32" || dtype == "complex64") return {Kind::Float, 32};
  if (dtype == "float64" || dtype == "complex128") return {Kind::Float, 64};
  if (dtype == "float16" || dtype == "complex32") return {Kind::Float, 16};
  if (dtype == "bfloat16") return {Kind::Float, 16, true};
  if (dtype == "bool") return {Kind::Bool, 8};
  if (dtype == "int8") return {Kind::Signed, 8};
  if (dtype == "int16") return {Kind::Signed, 16};
  if (dtype == "int32") return {Kind::Signed, 32};
  if (dtype == "int64") return {Kind::Signed, 64};
  if (dtype == "uint8" || dtype.rfind("float8", 0) == 0) return {Kind::Unsigned, 8};
  if (dtype == "uint16") return {Kind::Unsigned, 16};
  if (dtype == "uint32") return {Kind::Unsigned, 32};
  if (dtype == "uint64") return {Kind::Unsigned, 64};
  DETBENCH_THROW(InvalidArgument, "cannot compare tensors of dtype '" + std::string(dtype) + "'");
}

std::uint64_t bitsAt(const std::byte* p, int width) {
  switch (width) {
    case 8:
      return load<std::uint8_t>(p);
    case 16:
      return load<std::uint16_t>(p);
    case 32:
      return load<std::uint32_t>(p);
    default:
      return load<std::uint64_t>(p);
  }
}

double floatValue(std::uint64_t bits, const Type& t) {
  if (t.width == 64) return std::bit_cast<double>(bits);
  if (t.width == 32) return std::bit_cast<float>(static_cast<std::uint32_t>(bits));
  if (t.bf16) return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
  return halfToFloat(static_cast<std::uint16_t>(bits));
}

std::int64_t signedValue(std::uint64_t bits, int width) {
  const int shift = 64 - width;
  return static_cast<std::int64_t>(bits << shift) >> shift;
}

}  // namespace

RawDiff compareRaw(std::string_view dtype, std::span<const std::byte> a,
                   std::span<const std::byte> b) {
  const Type t = typeOf(dtype);
  const std::size_t step = static_cast<std::size_t>(t.width / 8);
  DETBENCH_CHECK_ARG(a.size() == b.size() && a.size() % step == 0,
                     "the two outputs have different sizes");
  RawDiff d;
  d.elements = static_cast<std::int64_t>(a.size() / step);
  for (std::size_t i = 0; i < a.size(); i += step) {
    const std::uint64_t x = bitsAt(a.data() + i, t.width);
    const std::uint64_t y = bitsAt(b.data() + i, t.width);
    if (x == y) continue;
    ++d.nDiff;
    double abs = 0;
    std::uint64_t ulp = 0;
    switch (t.kind) {
      case Kind::Float: {
        const double fx = floatValue(x, t), fy = floatValue(y, t);
        const bool nx = std::isnan(fx), ny = std::isnan(fy);
        if (nx || ny) {
          abs = nx && ny ? 0.0 : std::numeric_limits<double>::infinity();
          ulp = nx && ny ? 0 : std::numeric_limits<std::uint64_t>::max();
        } else {
          abs = std::fabs(fx - fy);
          if (std::isnan(abs)) abs = std::numeric_limits<double>::infinity();
          const std::uint64_t ox = ordered(x, t.width), oy = ordered(y, t.width);
          ulp = ox > oy ? ox - oy : oy - ox;
        }
        break;
      }
      case Kind::Signed: {
        const std::int64_t sx = signedValue(x, t.width), sy = signedValue(y, t.width);
        ulp = sx > sy ? static_cast<std::uint64_t>(sx) - static_cast<std::uint64_t>(sy)
                      : static_cast<std::uint64_t>(sy) - static_cast<std::uint64_t>(sx);
        abs = static_cast<double>(ulp);
        break;
      }
      case Kind::Unsigned:
      case Kind::Bool:
        ulp = x > y ? x - y : y - x;
        abs = static_cast<double>(ulp);
        break;
    }
    if (abs > d.maxAbsDiff) d.maxAbsDiff = abs;
    if (ulp > d.maxUlp) d.maxUlp = ulp;
  }
  return d;
}

}  // namespace detbench::trace
