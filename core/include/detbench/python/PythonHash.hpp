#pragma once
// CPython's string hashing and set iteration order, reproduced to teach PYTHONHASHSEED: the
// order of a set of strings depends on a hash secret the interpreter draws when it starts
// (from os.urandom, or from PYTHONHASHSEED when that is set in its environment *before* it
// starts), so setting os.environ['PYTHONHASHSEED'] inside a running script changes nothing.
//
// Reproduced from CPython's Python/bootstrap_hash.c (the secret: zero for PYTHONHASHSEED=0,
// else a linear congruential generator seeded with the value), Python/pyhash.c (SipHash-1-3
// from 3.11, SipHash-2-4 before; the empty string hashes to 0, -1 becomes -2), the str hash (the
// bytes of its compact representation: 1, 2 or 4 bytes per code point) and Objects/setobject.c
// (a table of 8 slots, linear probes of 9 then perturbed probing, growth to 4 x used when 3/5
// full).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace detbench::python {

struct HashSecret {
  std::uint64_t k0 = 0, k1 = 0;
};

// The secret of an interpreter started with PYTHONHASHSEED=seed (0 to 4294967295).
HashSecret secretForSeed(std::uint32_t seed);

enum class SipHash { OneThree, TwoFour };  // CPython 3.11 and later, 3.4 to 3.10

std::uint64_t siphash(SipHash variant, const HashSecret& key, const unsigned char* data,
                      std::size_t size);

// hash(s) for the UTF-8 text s (InvalidArgument for malformed UTF-8).
std::int64_t strHash(std::string_view utf8, const HashSecret& secret,
                     SipHash variant = SipHash::OneThree);

// list(set(items)) in CPython: duplicates dropped, the order of the table's slots.
std::vector<std::string> setOrder(const std::vector<std::string>& items, const HashSecret& secret,
                                  SipHash variant = SipHash::OneThree);

// Python's repr of a string and of a list of strings, for printing (strRepr says which cases).
std::string strRepr(const std::string& s);
std::string listRepr(const std::vector<std::string>& items);

}  // namespace detbench::python
