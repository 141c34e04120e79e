#include "detbench/python/PythonHash.hpp"

#include <algorithm>
#include <cstring>

#include "detbench/base/Error.hpp"

namespace detbench::python {

namespace {

std::uint64_t rotl(std::uint64_t x, int b) {
  return (x << b) | (x >> (64 - b));
}

struct SipState {
  std::uint64_t v0, v1, v2, v3;
  void round() {
    v0 += v1;
    v2 += v3;
    v1 = rotl(v1, 13) ^ v0;
    v3 = rotl(v3, 16) ^ v2;
    v0 = rotl(v0, 32);
    v2 += v1;
    v0 += v3;
    v1 = rotl(v1, 17) ^ v2;
    v3 = rotl(v3, 21) ^ v0;
    v2 = rotl(v2, 32);
  }
};

std::uint64_t littleEndian64(const unsigned char* p, std::size_t n) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < n; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}

// Code points of UTF-8 text.
std::vector<std::uint32_t> codePoints(std::string_view s) {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    int extra = 0;
    std::uint32_t cp = 0;
    if (c < 0x80) {
      cp = c;
    } else if ((c & 0xE0) == 0xC0) {
      cp = c & 0x1F;
      extra = 1;
    } else if ((c & 0xF0) == 0xE0) {
      cp = c & 0x0F;
      extra = 2;
    } else if ((c & 0xF8) == 0xF0) {
      cp = c & 0x07;
      extra = 3;
    } else {
      DETBENCH_THROW(InvalidArgument, "the text is not valid UTF-8");
    }
    DETBENCH_CHECK_ARG(i + static_cast<std::size_t>(extra) < s.size(),
                       "the text is not valid UTF-8");
    for (int k = 1; k <= extra; ++k) {
      const auto next = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
      DETBENCH_CHECK_ARG((next & 0xC0) == 0x80, "the text is not valid UTF-8");
      cp = (cp << 6) | (next & 0x3F);
    }
    DETBENCH_CHECK_ARG(cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF),
                       "the text is not valid UTF-8");
    out.push_back(cp);
    i += static_cast<std::size_t>(extra) + 1;
  }
  return out;
}

constexpr std::size_t kMinSize = 8;
constexpr std::size_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;

struct Slot {
  std::int64_t hash = 0;
  const std::string* key = nullptr;
};

void insertClean(std::vector<Slot>& table, const std::string* key, std::int64_t hash) {
  const std::size_t mask = table.size() - 1;
  auto perturb = static_cast<std::size_t>(hash);
  std::size_t i = static_cast<std::size_t>(hash) & mask;
  for (;;) {
    if (table[i].key == nullptr) {
      table[i] = {hash, key};
      return;
    }
    if (i + kLinearProbes <= mask) {
      for (std::size_t j = 1; j <= kLinearProbes; ++j) {
        if (table[i + j].key == nullptr) {
          table[i + j] = {hash, key};
          return;
        }
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

}  // namespace

HashSecret secretForSeed(std::uint32_t seed) {
  HashSecret s;
  if (seed == 0) return s;  // PYTHONHASHSEED=0: randomisation off, a zero secret
  unsigned char bytes[24];
  std::uint32_t x = seed;
  for (unsigned char& b : bytes) {
    x = x * 214013U + 2531011U;
    b = static_cast<unsigned char>((x >> 16) & 0xFF);
  }
  s.k0 = littleEndian64(bytes, 8);
  s.k1 = littleEndian64(bytes + 8, 8);
  return s;
}

std::uint64_t siphash(SipHash variant, const HashSecret& key, const unsigned char* data,
                      std::size_t size) {
  const int compression = variant == SipHash::OneThree ? 1 : 2;
  const int finalization = variant == SipHash::OneThree ? 3 : 4;
  SipState s{key.k0 ^ 0x736f6d6570736575ULL, key.k1 ^ 0x646f72616e646f6dULL,
             key.k0 ^ 0x6c7967656e657261ULL, key.k1 ^ 0x7465646279746573ULL};
  const std::uint64_t last = static_cast<std::uint64_t>(size) << 56;
  std::size_t at = 0;
  for (; size - at >= 8; at += 8) {
    const std::uint64_t m = littleEndian64(data + at, 8);
    s.v3 ^= m;
    for (int r = 0; r < compression; ++r) s.round();
    s.v0 ^= m;
  }
  const std::uint64_t b = last | littleEndian64(data + at, size - at);
  s.v3 ^= b;
  for (int r = 0; r < compression; ++r) s.round();
  s.v0 ^= b;
  s.v2 ^= 0xff;
  for (int r = 0; r < finalization; ++r) s.round();
  return (s.v0 ^ s.v1) ^ (s.v2 ^ s.v3);
}

std::int64_t strHash(std::string_view utf8, const HashSecret& secret, SipHash variant) {
  const auto cps = codePoints(utf8);
  if (cps.empty()) return 0;
  const std::uint32_t widest = *std::max_element(cps.begin(), cps.end());
  const std::size_t kind = widest < 0x100 ? 1 : (widest < 0x10000 ? 2 : 4);
  std::vector<unsigned char> bytes;
  bytes.reserve(cps.size() * kind);
  for (const std::uint32_t cp : cps) {
    for (std::size_t k = 0; k < kind; ++k)
      bytes.push_back(static_cast<unsigned char>(cp >> (8 * k)));
  }
  const auto h = static_cast<std::int64_t>(siphash(variant, secret, bytes.data(), bytes.size()));
  return h == -1 ? -2 : h;
}

std::vector<std::string> setOrder(const std::vector<std::string>& items, const HashSecret& secret,
                                  SipHash variant) {
  std::vector<Slot> table(kMinSize);
  std::size_t used = 0;
  for (const std::string& item : items) {
    const std::int64_t hash = strHash(item, secret, variant);
    const std::size_t mask = table.size() - 1;
    auto perturb = static_cast<std::size_t>(hash);
    std::size_t i = static_cast<std::size_t>(hash) & mask;
    bool present = false, placed = false;
    while (!present && !placed) {
      const std::size_t probes = i + kLinearProbes <= mask ? kLinearProbes : 0;
      for (std::size_t j = 0; j <= probes; ++j) {
        Slot& slot = table[i + j];
        if (slot.key == nullptr) {
          slot = {hash, &item};
          placed = true;
          break;
        }
        if (slot.hash == hash && *slot.key == item) {
          present = true;
          break;
        }
      }
      if (present || placed) break;
      perturb >>= kPerturbShift;
      i = (i * 5 + 1 + perturb) & mask;
    }
    if (present) continue;
    ++used;  // no deletions: the fill is the number used
    if (used * 5 < mask * 3) continue;
    // set_table_resize(used > 50000 ? used * 2 : used * 4), reinserted in slot order.
    const std::size_t minUsed = used > 50000 ? used * 2 : used * 4;
    std::size_t size = kMinSize;
    while (size <= minUsed) size <<= 1;
    std::vector<Slot> grown(size);
    for (const Slot& slot : table) {
      if (slot.key != nullptr) insertClean(grown, slot.key, slot.hash);
    }
    table = std::move(grown);
  }
  std::vector<std::string> order;
  for (const Slot& slot : table) {
    if (slot.key != nullptr) order.push_back(*slot.key);
  }
  return order;
}

// repr(str) as CPython writes it for printable text: single quotes unless the text has a single
// quote and no double quote; backslashes, the chosen quote and \t \n \r escaped, other ASCII
// control characters as \xNN. (Non-ASCII text is printed as is, as repr does for printable
// characters; repr's escapes for non-printable non-ASCII characters are not reproduced.)
std::string strRepr(const std::string& s) {
  const bool hasSingle = s.find('\'') != std::string::npos;
  const bool hasDouble = s.find('"') != std::string::npos;
  const char quote = hasSingle && !hasDouble ? '"' : '\'';
  std::string out(1, quote);
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == quote || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (u < 0x20 || u == 0x7f) {
      static const char* const kHex = "0123456789abcdef";
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  out += quote;
  return out;
}

std::string listRepr(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    out += strRepr(items[i]);
  }
  out += ']';
  return out;
}

}  // namespace detbench::python
