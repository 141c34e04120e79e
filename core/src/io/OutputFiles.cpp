#include "detbench/io/OutputFiles.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <thread>

#include "detbench/base/Error.hpp"

namespace detbench {

namespace {

namespace fs = std::filesystem;

// How long a write to a FIFO waits for a process to open it for reading.
constexpr auto kFifoReaderWait = std::chrono::seconds(10);
// Symbolic links followed before giving up (as the kernel's ELOOP limit).
constexpr int kMaxLinks = 40;

[[noreturn]] void fail(const std::string& path, const std::string& why) {
  DETBENCH_THROW(IoError, "cannot write " + path + ": " + why);
}

[[noreturn]] void failErrno(const std::string& path, const std::string& what, int err) {
  fail(path, what + " (" + std::strerror(err) + ")");
}

bool startsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// The descriptor a path names: /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N; -1 if none.
int descriptorOf(std::string_view p) {
  if (p == "/dev/stdout") return 1;
  if (p == "/dev/stderr") return 2;
  for (std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (!startsWith(p, prefix)) continue;
    const std::string_view digits = p.substr(prefix.size());
    int fd = -1;
    const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), fd);
    if (ec == std::errc{} && ptr == digits.data() + digits.size() && !digits.empty()) return fd;
  }
  return -1;
}

std::string parentOf(const std::string& p) {
  const fs::path parent = fs::path(p).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

std::string leafOf(const std::string& p) {
  return fs::path(p).filename().string();
}

bool isDirectory(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// The nearest folder of `p` that exists (p itself when it is one).
std::string nearestExistingFolder(std::string p) {
  while (!isDirectory(p)) {
    const std::string up = parentOf(p);
    if (up == p) return p;
    p = up;
  }
  return p;
}

// A fresh temporary name beside `target`, created with O_EXCL and mode 0666 (the umask applies,
// as for any new file). Returns the descriptor and sets `name`.
int createTemporary(const std::string& target, std::string& name) {
  static std::atomic<unsigned> counter{0};
  const std::string dir = parentOf(target);
  for (int attempt = 0; attempt < 100; ++attempt) {
    const auto tick = static_cast<unsigned long long>(
        std::chrono::steady_clock::now().time_since_epoch().count());
    // Built with append: GCC 12 at -O3 warns (-Wrestrict, a false positive) on operator+
    // with a one-character literal first.
    std::string leaf(".");
    leaf.append(leafOf(target))
        .append(".tmp-")
        .append(std::to_string(::getpid()))
        .append("-")
        .append(std::to_string(counter.fetch_add(1)))
        .append("-")
        .append(std::to_string(tick % 1000000007ULL));
    name = (fs::path(dir) / leaf).string();
    const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  errno = EEXIST;
  return -1;
}

// Writes all of `bytes` to `fd`; false with errno set on failure.
bool writeAll(int fd, std::string_view bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// Opens a write-through target that is not a descriptor of this process. A FIFO without a reader
// is waited for (kFifoReaderWait), never forever.
int openWriteThrough(const OutputTarget& t) {
  const auto deadline = std::chrono::steady_clock::now() + kFifoReaderWait;
  while (true) {
    const int fd = ::open(t.resolved.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
    if (fd >= 0) {
      const int flags = ::fcntl(fd, F_GETFL);
      if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
      return fd;
    }
    if (errno != ENXIO) failErrno(t.path, "cannot open it", errno);
    if (std::chrono::steady_clock::now() > deadline) {
      fail(t.path, "it is a FIFO and no process opened it for reading within " +
                       std::to_string(kFifoReaderWait.count()) + " s");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

void writeThrough(const OutputTarget& t, std::string_view contents) {
  if (t.descriptor >= 0) {
    if (!writeAll(t.descriptor, contents)) failErrno(t.path, "write failed", errno);
    return;
  }
  const int fd = openWriteThrough(t);
  if (!writeAll(fd, contents)) {
    const int err = errno;
    ::close(fd);
    failErrno(t.path, "write failed", err);
  }
  ::close(fd);
}

// A staged file: the temporary holding the complete contents, waiting to be renamed.
struct Staged {
  std::string temporary;
  std::string target;
};

// Writes `contents` to a temporary beside t.resolved with t's mode (and owner, for root).
Staged stage(const OutputTarget& t, std::string_view contents) {
  Staged s{{}, t.resolved};
  const int fd = createTemporary(t.resolved, s.temporary);
  if (fd < 0) failErrno(t.path, "cannot create a file in " + parentOf(t.resolved), errno);
  auto bail = [&](const std::string& what) {
    const int err = errno;
    ::close(fd);
    ::unlink(s.temporary.c_str());
    failErrno(t.path, what, err);
  };
  if (t.kind == OutputTargetKind::RegularFile) {
    struct stat st {};
    if (::stat(t.resolved.c_str(), &st) == 0) {
      if (::fchmod(fd, st.st_mode & 07777) != 0) bail("cannot keep its permissions");
      if (::geteuid() == 0 && (st.st_uid != 0 || st.st_gid != 0) &&
          ::fchown(fd, st.st_uid, st.st_gid) != 0) {
        bail("cannot keep its owner");
      }
    }
  }
  if (!writeAll(fd, contents)) bail("write failed");
  if (::fsync(fd) != 0) bail("sync failed");
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(s.temporary.c_str());
    failErrno(t.path, "close failed", err);
  }
  return s;
}

// Creates `folder` and its missing parents; appends the ones it made to `made` (outermost first).
void makeFolders(const std::string& folder, std::vector<std::string>& made) {
  std::vector<std::string> missing;
  for (std::string p = folder; !isDirectory(p);) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) == 0 && !S_ISLNK(st.st_mode)) {
      fail(folder, p + " exists and is not a folder");
    }
    missing.push_back(p);
    const std::string up = parentOf(p);
    if (up == p) break;
    p = up;
  }
  for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
    if (::mkdir(it->c_str(), 0777) != 0 && errno != EEXIST) {
      failErrno(folder, "cannot create folder " + *it, errno);
    }
    made.push_back(*it);
  }
}

// One spelling per file: descriptors by number, paths absolute with links and dots resolved.
std::string identityOf(const OutputTarget& t) {
  if (t.descriptor >= 0) return "fd:" + std::to_string(t.descriptor);
  std::error_code ec;
  const fs::path absolute = fs::absolute(t.resolved, ec);
  const fs::path canonical = fs::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal().string() : canonical.string();
}

}  // namespace

OutputTarget resolveOutputTarget(const std::string& path, bool folderMayBeMade) {
  if (path.empty()) fail("\"\"", "no file name given");
  OutputTarget t;
  t.path = path;
  std::string p = path;
  for (int hop = 0;; ++hop) {
    if (hop > kMaxLinks) fail(path, "too many levels of symbolic links");
    if (const int fd = descriptorOf(p); fd >= 0) {
      const int flags = ::fcntl(fd, F_GETFL);
      if (flags < 0) fail(path, "descriptor " + std::to_string(fd) + " is not open");
      t.resolved = p;
      t.kind = OutputTargetKind::WriteThrough;
      t.descriptor = fd;
      return t;
    }
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0) {
      if (errno != ENOENT) failErrno(path, "cannot look at it", errno);
      if (leafOf(p).empty()) fail(path, "not a file name");
      const std::string folder = parentOf(p);
      if (!isDirectory(folder) && !folderMayBeMade) {
        fail(path, "folder " + folder + " does not exist");
      }
      t.resolved = p;
      t.kind = OutputTargetKind::NewFile;
      return t;
    }
    if (S_ISLNK(st.st_mode)) {
      std::error_code ec;
      const fs::path link = fs::read_symlink(p, ec);
      if (ec) fail(path, "cannot read the symbolic link " + p);
      p = link.is_absolute() ? link.string() : (fs::path(parentOf(p)) / link).string();
      continue;
    }
    t.resolved = p;
    if (S_ISDIR(st.st_mode)) fail(path, "it is a folder");
    if (S_ISBLK(st.st_mode)) {
      fail(path,
           "it is a block device (detbench writes files, character devices and pipes, never "
           "over a disk)");
    }
    if (S_ISSOCK(st.st_mode)) fail(path, "it is a socket");
    // Pseudo-file systems and devices take bytes in place: never rename over them.
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode) || startsWith(p, "/proc/") ||
        startsWith(p, "/sys/")) {
      t.kind = OutputTargetKind::WriteThrough;
      return t;
    }
    t.kind = OutputTargetKind::RegularFile;
    return t;
  }
}

void checkOutputWritable(const std::string& path, std::string_view what, bool folderMayBeMade) {
  const std::string label = std::string(what) + " " + path;
  OutputTarget t;
  try {
    t = resolveOutputTarget(path, folderMayBeMade);
  } catch (const IoError& e) {
    DETBENCH_THROW(IoError, std::string(what) + ": " + e.message());
  }
  if (t.kind == OutputTargetKind::WriteThrough) {
    if (t.descriptor >= 0) {
      const int mode = ::fcntl(t.descriptor, F_GETFL) & O_ACCMODE;
      if (mode != O_WRONLY && mode != O_RDWR) {
        fail(label, "descriptor " + std::to_string(t.descriptor) + " is not open for writing");
      }
    } else if (::access(t.resolved.c_str(), W_OK) != 0) {
      failErrno(label, "no permission to write it", errno);
    }
    return;
  }
  const std::string folder = nearestExistingFolder(parentOf(t.resolved));
  std::string probe;
  const int fd = createTemporary((fs::path(folder) / ".detbench-probe").string(), probe);
  if (fd < 0) failErrno(label, "folder " + folder + " is not writable", errno);
  ::close(fd);
  ::unlink(probe.c_str());
}

void OutputBatch::addFolder(std::string path) {
  folders_.push_back(std::move(path));
}

void OutputBatch::add(std::string path, std::string contents) {
  files_.push_back({std::move(path), std::move(contents)});
}

void OutputBatch::commit() {
  std::vector<std::string> madeFolders;
  std::vector<Staged> staged;
  auto undo = [&] {
    for (const auto& s : staged) ::unlink(s.temporary.c_str());
    for (auto it = madeFolders.rbegin(); it != madeFolders.rend(); ++it) ::rmdir(it->c_str());
  };
  try {
    for (const auto& f : folders_) makeFolders(f, madeFolders);
    std::vector<OutputTarget> targets;
    std::vector<std::string> identities;
    for (const auto& f : files_) {
      targets.push_back(resolveOutputTarget(f.path));
      identities.push_back(identityOf(targets.back()));
      for (std::size_t i = 0; i + 1 < identities.size(); ++i) {
        if (identities[i] == identities.back()) {
          fail(f.path, "it is written twice by the same command");
        }
      }
    }
    // Files first (they can be taken back), then what is written through, then the renames.
    for (std::size_t i = 0; i < files_.size(); ++i) {
      if (targets[i].kind != OutputTargetKind::WriteThrough) {
        staged.push_back(stage(targets[i], files_[i].contents));
      }
    }
    for (std::size_t i = 0; i < files_.size(); ++i) {
      if (targets[i].kind == OutputTargetKind::WriteThrough) {
        writeThrough(targets[i], files_[i].contents);
      }
    }
    for (std::size_t i = 0; i < staged.size(); ++i) {
      if (std::rename(staged[i].temporary.c_str(), staged[i].target.c_str()) != 0) {
        const int err = errno;
        staged.erase(staged.begin(), staged.begin() + static_cast<std::ptrdiff_t>(i));
        madeFolders.clear();  // files already renamed into them stay
        failErrno(staged.front().target, "rename failed", err);
      }
    }
  } catch (...) {
    undo();
    throw;
  }
}

void writeFileAtomically(const std::string& path, std::string_view contents) {
  OutputBatch batch;
  batch.add(path, std::string(contents));
  batch.commit();
}

void checkDistinctOutputs(const std::vector<std::string>& paths,
                          const std::vector<std::string>& names) {
  std::vector<std::string> ids(paths.size());
  for (std::size_t i = 0; i < paths.size(); ++i) {
    if (paths[i].empty()) continue;
    ids[i] = identityOf(resolveOutputTarget(paths[i], true));
    for (std::size_t j = 0; j < i; ++j) {
      if (!ids[j].empty() && ids[j] == ids[i]) {
        DETBENCH_THROW(IoError, names[j] + " and " + names[i] + " name the same file (" + paths[i] +
                                    "): one would overwrite the other");
      }
    }
  }
}

}  // namespace detbench
