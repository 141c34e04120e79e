#pragma once
// RFC 4648 base64 (the standard alphabet, '=' padding), for the tensors the serve protocol
// carries inside its JSON lines (--save-io over ssh).

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace detbench::remote {

std::string base64Encode(std::span<const std::byte> bytes);
// nullopt for text that is not base64 (a length that is not a multiple of 4, a
// character outside the alphabet, padding anywhere but at the end).
std::optional<std::vector<std::byte>> base64Decode(std::string_view text);

}  // namespace detbench::remote
