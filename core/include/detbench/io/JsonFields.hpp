#pragma once
// Typed reads of fields of JSON from outside (reports, projects, scenarios) that refuse what a
// plain get<T>() would silently change: 4294967297 or 1.9 read as an int, a negative number as
// an unsigned one, 18446744073709551616 (parsed as a float) as a seed.

#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "detbench/base/Error.hpp"

namespace detbench {

// A short rendering of a JSON value for a message, in time and memory bounded whatever the value
// holds: an array or object is named, not written out (dump() recurses once a level and copies
// the whole value), and a string is cut before it is quoted.
template <typename Json>
std::string jsonSnippet(const Json& v) {
  constexpr std::size_t kShown = 37;
  if (v.is_array()) return "an array of " + std::to_string(v.size());
  if (v.is_object()) return "an object of " + std::to_string(v.size()) + " fields";
  std::string s;
  bool cut = false;
  if (v.is_string()) {
    const auto& text = v.template get_ref<const typename Json::string_t&>();
    cut = text.size() > kShown;
    s = Json(text.substr(0, kShown)).dump(-1, ' ', false, Json::error_handler_t::replace);
  } else {
    s = v.dump();
  }
  if (cut) s += "...";
  return s;
}

// `v` as an integer in [lo, hi]; raises InvalidArgument naming `what` otherwise.
template <std::integral T, typename Json>
T integerOf(const Json& v, std::string_view what, T lo = std::numeric_limits<T>::min(),
            T hi = std::numeric_limits<T>::max()) {
  bool ok = false;
  T value{};
  if (v.is_number_unsigned()) {
    const auto u = v.template get<std::uint64_t>();
    ok = (hi >= 0 && u <= static_cast<std::uint64_t>(hi)) &&
         (lo <= 0 || u >= static_cast<std::uint64_t>(lo));
    value = static_cast<T>(u);
  } else if (v.is_number_integer()) {
    const auto s = v.template get<std::int64_t>();
    if constexpr (std::is_signed_v<T>) {
      ok = s >= static_cast<std::int64_t>(lo) && s <= static_cast<std::int64_t>(hi);
    } else {
      ok = s >= 0 && static_cast<std::uint64_t>(s) >= lo && static_cast<std::uint64_t>(s) <= hi;
    }
    value = static_cast<T>(s);
  }
  if (!ok) {
    DETBENCH_THROW(InvalidArgument, std::string(what) + " must be an integer from " +
                                        std::to_string(lo) + " to " + std::to_string(hi) +
                                        ", not " + jsonSnippet(v));
  }
  return value;
}

// The field `key` of object `j` as an integer in [lo, hi] (missing: InvalidArgument).
template <std::integral T, typename Json>
T integerField(const Json& j, const char* key, T lo = std::numeric_limits<T>::min(),
               T hi = std::numeric_limits<T>::max()) {
  if (!j.is_object() || !j.contains(key)) {
    DETBENCH_THROW(InvalidArgument, std::string("missing field \"") + key + "\"");
  }
  return integerOf<T>(j.at(key), key, lo, hi);
}

}  // namespace detbench
