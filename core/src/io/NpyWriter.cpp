#include "detbench/io/NpyWriter.hpp"

#include "detbench/io/OutputFiles.hpp"

namespace detbench {

std::string toNpy(const HostTensor& tensor) {
  const char* descr = tensor.dtype() == DType::Float32   ? "<f4"
                      : tensor.dtype() == DType::Float64 ? "<f8"
                                                         : "<i8";
  std::string shape = "(";
  for (std::size_t i = 0; i < tensor.shape().size(); ++i) {
    shape += std::to_string(tensor.shape()[i]);
    shape += (tensor.shape().size() == 1 || i + 1 < tensor.shape().size()) ? "," : "";
    if (i + 1 < tensor.shape().size()) shape += " ";
  }
  shape += ")";
  // Appended piece by piece: GCC 12 warns falsely (-Warray-bounds, -Wrestrict) on chains of
  // operator+ over short strings at -O2 and above.
  std::string header("{'descr': '");
  header.append(descr).append("', 'fortran_order': False, 'shape': ").append(shape).append(", }");
  // magic (6) + version (2) + length (2) + header, padded with spaces to a multiple of 64,
  // ending in a newline.
  const std::size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>((header.size() >> 8) & 0xff);
  out += header;
  out.append(reinterpret_cast<const char*>(tensor.raw()), tensor.bytes());
  return out;
}

void writeNpy(const std::string& path, const HostTensor& tensor) {
  writeFileAtomically(path, toNpy(tensor));
}

}  // namespace detbench
