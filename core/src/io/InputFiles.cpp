#include "detbench/io/InputFiles.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "detbench/base/Error.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/run/HostMemory.hpp"

namespace detbench {

namespace {

// How long a read of what is not a regular file waits for its next bytes (as a write to a FIFO
// waits for its reader): 10 s, or $DETBENCH_READ_WAIT_S (whole seconds, 1 to 3600).
int readWaitMs() {
  if (const char* env = std::getenv("DETBENCH_READ_WAIT_S"); env && *env) {
    char* end = nullptr;
    const long s = std::strtol(env, &end, 10);
    if (*end == '\0' && s >= 1 && s <= 3600) return static_cast<int>(s) * 1000;
  }
  return 10000;
}

// Bytes of memory a parsed JSON document takes per byte of its text, at most (measured on
// reports: see docs/REPORT-FORMAT.md, "Limits").
constexpr std::int64_t kJsonBytesPerTextByte = 12;

struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

namespace {

// Waits up to readWaitMs() for `fd` to have bytes (or its end); raises IoError when none come.
void waitForBytes(int fd, const std::string& path) {
  pollfd p{fd, POLLIN, 0};
  const int waitMs = readWaitMs();
  for (;;) {
    const int ready = ::poll(&p, 1, waitMs);
    if (ready > 0) return;
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) DETBENCH_THROW(IoError, "cannot read " + path + ": " + std::strerror(errno));
    DETBENCH_THROW(IoError, "cannot read " + path + ": nothing came for " +
                                std::to_string(waitMs / 1000) +
                                " s (a FIFO that no process writes to?)");
  }
}

// Reads up to maxBytes; with `json`, refuses at once a file whose first bytes cannot start JSON
// (a device of zeros or noise need not be read to its bound). What is not a regular file (a
// FIFO, a terminal, a character device) is read without blocking, each wait for its next
// bytes bounded (opening a FIFO for reading would otherwise wait for a writer forever).
std::string readBounded(const std::string& path, std::int64_t maxBytes, bool json) {
  Descriptor in{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)};
  if (in.fd < 0) DETBENCH_THROW(IoError, "cannot read " + path + ": " + std::strerror(errno));
  struct stat st {};
  if (::fstat(in.fd, &st) != 0) {
    DETBENCH_THROW(IoError, "cannot read " + path + ": " + std::strerror(errno));
  }
  if (S_ISDIR(st.st_mode)) DETBENCH_THROW(IoError, "cannot read " + path + ": it is a folder");
  const bool regular = S_ISREG(st.st_mode);
  std::string text;
  if (regular && st.st_size > maxBytes) {
    DETBENCH_THROW(InvalidArgument, path + " is " + humanBytes(static_cast<double>(st.st_size)) +
                                        ", larger than the " +
                                        humanBytes(static_cast<double>(maxBytes)) +
                                        " detbench reads");
  }
  if (regular) text.reserve(static_cast<std::size_t>(st.st_size));
  char buffer[1 << 16];
  while (true) {
    if (!regular) waitForBytes(in.fd, path);
    const ssize_t n = ::read(in.fd, buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      DETBENCH_THROW(IoError, "cannot read " + path + ": " + std::strerror(errno));
    }
    if (n == 0) break;
    if (static_cast<std::int64_t>(text.size()) + n > maxBytes) {
      DETBENCH_THROW(InvalidArgument, path + " goes on past the " +
                                          humanBytes(static_cast<double>(maxBytes)) +
                                          " detbench reads");
    }
    text.append(buffer, static_cast<std::size_t>(n));
    if (json) {
      const auto first = text.find_first_not_of(" \t\r\n");
      if (first != std::string::npos && text[first] != '{' && text[first] != '[') {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02x", static_cast<unsigned char>(text[first]));
        DETBENCH_THROW(InvalidArgument,
                       path + ": not JSON (its first byte is " + hex + ", not '{' or '[')");
      }
      if (first != std::string::npos) json = false;  // checked once
    }
  }
  return text;
}

}  // namespace

std::string readFile(const std::string& path, std::int64_t maxBytes) {
  return readBounded(path, maxBytes, false);
}

int jsonNestingDepth(std::string_view text, int limit) {
  int depth = 0, deepest = 0;
  bool inString = false, escaped = false;
  for (const char c : text) {
    if (inString) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        inString = false;
      }
      continue;
    }
    switch (c) {
      case '"':
        inString = true;
        break;
      case '[':
      case '{':
        deepest = std::max(deepest, ++depth);
        if (deepest > limit) return deepest;
        break;
      case ']':
      case '}':
        --depth;
        break;
      default:
        break;
    }
  }
  return deepest;
}

nlohmann::ordered_json parseJson(std::string_view text, std::string_view what) {
  const std::string prefix(what);
  if (jsonNestingDepth(text) > kMaxJsonDepth) {
    DETBENCH_THROW(InvalidArgument, prefix + ": nested deeper than " +
                                        std::to_string(kMaxJsonDepth) +
                                        " levels (no detbench file is)");
  }
  const double need = static_cast<double>(text.size()) * kJsonBytesPerTextByte;
  const auto available = static_cast<double>(availableMemoryBytes());
  if (need > available) {
    DETBENCH_THROW(InvalidArgument, prefix + ": reading it would need about " + humanBytes(need) +
                                        " of memory, more than the " + humanBytes(available) +
                                        " available");
  }
  try {
    return nlohmann::ordered_json::parse(text);
  } catch (const nlohmann::json::exception& ex) {
    DETBENCH_THROW(InvalidArgument, prefix + ": invalid JSON (" + ex.what() + ")");
  }
}

nlohmann::ordered_json readJsonFile(const std::string& path, std::string_view what) {
  return parseJson(readBounded(path, kMaxInputFileBytes, true), path + ": " + std::string(what));
}

}  // namespace detbench
