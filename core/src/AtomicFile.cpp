#include "detbench/AtomicFile.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "detbench/Error.hpp"

namespace detbench {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what, int err) {
  DETBENCH_THROW(IoError, "cannot write " + path + ": " + what + " (" + std::strerror(err) + ")");
}

}  // namespace

void writeFileAtomically(const std::string& path, std::string_view contents) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  if (target.filename().empty())
    DETBENCH_THROW(IoError, "cannot write " + path + ": not a file name");
  std::error_code ec;
  if (fs::is_directory(target, ec)) fail(path, "it is a directory", EISDIR);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  // Built with append rather than "." + string: GCC 12 at -O3 warns (-Wrestrict, a false
  // positive) on operator+ with a leading literal here.
  std::string leaf(".");
  leaf.append(target.filename().string()).append(".tmp.XXXXXX");
  std::string templ = (dir / leaf).string();
  std::vector<char> name(templ.begin(), templ.end());
  name.push_back('\0');
  const int fd = mkstemp(name.data());
  if (fd < 0) fail(path, "cannot create a temporary file in " + dir.string(), errno);
  std::size_t done = 0;
  while (done < contents.size()) {
    const ssize_t n = ::write(fd, contents.data() + done, contents.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      ::close(fd);
      ::unlink(name.data());
      fail(path, "write failed", err);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::fchmod(fd, 0644) != 0) {
    const int err = errno;
    ::close(fd);
    ::unlink(name.data());
    fail(path, "sync failed", err);
  }
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(name.data());
    fail(path, "close failed", err);
  }
  if (std::rename(name.data(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(name.data());
    fail(path, "rename failed", err);
  }
}

std::string readFile(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    DETBENCH_THROW(IoError, "cannot read " + path + ": it is a directory");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) DETBENCH_THROW(IoError, "cannot read " + path + ": " + std::strerror(errno));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace detbench
