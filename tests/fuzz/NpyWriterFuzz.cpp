// libFuzzer target: the .npy writer over any dtype, shape and contents. The header it writes
// must be what NumPy reads: magic, version 1.0, a length that aligns the data to 64 bytes, a
// dict naming the dtype and every dimension, and exactly the tensor's bytes after it.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "detbench/io/NpyWriter.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace detbench;
  if (size < 2) return 0;
  const DType dtype = data[0] % 3 == 0   ? DType::Float32
                      : data[0] % 3 == 1 ? DType::Float64
                                         : DType::Int64;
  const std::size_t rank = data[1] % 5;  // 0-D to 4-D
  std::size_t at = 2;
  Shape shape;
  std::int64_t elements = 1;
  for (std::size_t d = 0; d < rank; ++d) {
    const std::int64_t dim = at < size ? data[at++] % 17 : 1;  // 0 to 16
    shape.push_back(dim);
    elements *= dim;
  }
  HostTensor t(shape, dtype);
  const std::size_t bytes = t.bytes();
  if (bytes != static_cast<std::size_t>(elements) * dtypeSize(dtype)) std::abort();
  auto* raw = reinterpret_cast<std::uint8_t*>(t.raw());
  for (std::size_t i = 0; i < bytes; ++i) raw[i] = at < size ? data[at++] : 0;

  const std::string npy = toNpy(t);
  if (npy.size() < 10 || npy.compare(0, 8, std::string("\x93NUMPY\x01\x00", 8)) != 0) std::abort();
  const std::size_t headerLen = static_cast<unsigned char>(npy[8]) |
                                (static_cast<std::size_t>(static_cast<unsigned char>(npy[9])) << 8);
  if ((10 + headerLen) % 64 != 0 || npy.size() != 10 + headerLen + bytes) std::abort();
  const std::string header = npy.substr(10, headerLen);
  const char* descr = dtype == DType::Float32   ? "'<f4'"
                      : dtype == DType::Float64 ? "'<f8'"
                                                : "'<i8'";
  if (header.find(descr) == std::string::npos || header.back() != '\n') std::abort();
  std::string dims = "(";
  for (std::size_t d = 0; d < shape.size(); ++d) {
    dims += std::to_string(shape[d]) + (shape.size() == 1 || d + 1 < shape.size() ? "," : "");
    if (d + 1 < shape.size()) dims += " ";
  }
  if (header.find("'shape': " + dims + ")") == std::string::npos) std::abort();
  if (bytes > 0 && std::memcmp(npy.data() + 10 + headerLen, raw, bytes) != 0) std::abort();
  return 0;
}
