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
#include "detbench/io/TemporaryFiles.hpp"

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

// A fresh name for a temporary beside `target`: ".LEAF.tmp-PID-N-TICK", the leaf cut so that
// the name stays within NAME_MAX (255 bytes) whatever the target's length.
std::string temporaryName(const std::string& target) {
  static std::atomic<unsigned> counter{0};
  constexpr std::size_t kLeafBytes = 200;
  std::string leaf = leafOf(target);
  if (leaf.size() > kLeafBytes) {
    std::size_t cut = kLeafBytes;
    while (cut > 0 && (static_cast<unsigned char>(leaf[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
    leaf.resize(cut);
  }
  const auto tick =
      static_cast<unsigned long long>(std::chrono::steady_clock::now().time_since_epoch().count());
  // Built with append: GCC 12 at -O3 warns (-Wrestrict, a false positive) on operator+
  // with a one-character literal first.
  std::string name(".");
  name.append(leaf)
      .append(".tmp-")
      .append(std::to_string(::getpid()))
      .append("-")
      .append(std::to_string(counter.fetch_add(1)))
      .append("-")
      .append(std::to_string(tick % 1000000007ULL));
  return (fs::path(parentOf(target)) / name).string();
}

// A fresh named temporary beside `target`, created with O_EXCL and mode 0666 (the umask
// applies, as for any new file) and registered for removal on a signal from before it exists.
// Returns the descriptor (-1 with errno set) and sets `name` and `slot`.
int createTemporary(const std::string& target, std::string& name, int& slot) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    name = temporaryName(target);
    slot = registerTemporary(name.c_str());
    const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return fd;
    const int err = errno;
    forgetTemporary(slot);
    slot = -1;
    if (err != EEXIST) {
      errno = err;
      return -1;
    }
  }
  errno = EEXIST;
  return -1;
}

// An unnamed file in `folder` (O_TMPFILE): its contents go nowhere until it is linked, and the
// kernel frees it whatever ends the process. -1 when the file system (or the kernel) has none,
// or when linking it later could not work (no /proc to link it through).
int createUnnamed(const std::string& folder) {
  static const bool linkable = ::access("/proc/self/fd", X_OK) == 0;
  if (!linkable) {
    errno = EOPNOTSUPP;
    return -1;
  }
  return ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
}

// Whether open(O_TMPFILE) failed because the file system does not offer it (rather than for
// a reason any file would fail for, such as EACCES or EROFS).
bool unnamedUnsupported(int err) {
  return err == EOPNOTSUPP || err == EISDIR || err == EINVAL || err == ENOENT;
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

// Refuses to replace a regular file this process may not write (read-only to it), or, for a
// user other than root, one that belongs to another user: the rename would put a file of this
// user's in its place.
void checkReplaceable(const OutputTarget& t) {
  if (t.kind != OutputTargetKind::RegularFile) return;
  struct stat st {};
  if (::stat(t.resolved.c_str(), &st) != 0) return;  // gone since: a new file
  if (::faccessat(AT_FDCWD, t.resolved.c_str(), W_OK, AT_EACCESS) != 0) {
    failErrno(t.path, "it is not writable to this user; detbench does not replace it", errno);
  }
  const uid_t self = ::geteuid();
  if (self != 0 && st.st_uid != self) {
    fail(t.path, "it belongs to another user (uid " + std::to_string(st.st_uid) +
                     "); replacing it would make it this user's: remove it first or write "
                     "elsewhere");
  }
}

// A staged file: the complete contents in a temporary, waiting to be renamed over its target.
// The temporary is unnamed (O_TMPFILE, `fd` open) until nameStaged() links it, just before the
// rename; or named from the start where the file system has no unnamed files.
struct Staged {
  int fd = -1;
  std::string temporary;  // its name, once it has one
  int slot = -1;          // its registration for removal on a signal
  std::string target;
};

void discard(Staged& s) {
  if (s.fd >= 0) ::close(s.fd);
  s.fd = -1;
  if (!s.temporary.empty()) ::unlink(s.temporary.c_str());
  forgetTemporary(s.slot);
  s.slot = -1;
  s.temporary.clear();
}

// Writes `contents` to a temporary beside t.resolved with t's mode (and owner, for root).
Staged stage(const OutputTarget& t, std::string_view contents) {
  checkReplaceable(t);
  Staged s;
  s.target = t.resolved;
  const std::string folder = parentOf(t.resolved);
  int fd = createUnnamed(folder);
  if (fd < 0 && !unnamedUnsupported(errno)) {
    failErrno(t.path, "cannot create a file in " + folder, errno);
  }
  if (fd < 0) {
    fd = createTemporary(t.resolved, s.temporary, s.slot);
    if (fd < 0) failErrno(t.path, "cannot create a file in " + folder, errno);
  }
  auto bail = [&](const std::string& what) {
    const int err = errno;
    ::close(fd);
    if (!s.temporary.empty()) ::unlink(s.temporary.c_str());
    forgetTemporary(s.slot);
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
  if (s.temporary.empty()) {
    s.fd = fd;  // linked at commit
    return s;
  }
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(s.temporary.c_str());
    forgetTemporary(s.slot);
    failErrno(t.path, "close failed", err);
  }
  return s;
}

// Gives an unnamed staged file its temporary name, registered before the link exists.
void nameStaged(Staged& s, const std::string& path) {
  if (s.fd < 0) return;
  const std::string through = "/proc/self/fd/" + std::to_string(s.fd);
  for (int attempt = 0; attempt < 100; ++attempt) {
    s.temporary = temporaryName(s.target);
    s.slot = registerTemporary(s.temporary.c_str());
    if (::linkat(AT_FDCWD, through.c_str(), AT_FDCWD, s.temporary.c_str(), AT_SYMLINK_FOLLOW) ==
        0) {
      ::close(s.fd);
      s.fd = -1;
      return;
    }
    const int err = errno;
    forgetTemporary(s.slot);
    s.slot = -1;
    s.temporary.clear();
    if (err != EEXIST) failErrno(path, "cannot name the file written", err);
  }
  fail(path, "cannot name the file written (every temporary name is taken)");
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
  checkReplaceable(t);
  const std::string folder = nearestExistingFolder(parentOf(t.resolved));
  // An unnamed file leaves no name behind, whatever happens next; else a named one, removed.
  int fd = createUnnamed(folder);
  if (fd < 0 && !unnamedUnsupported(errno)) {
    failErrno(label, "folder " + folder + " is not writable", errno);
  }
  if (fd >= 0) {
    ::close(fd);
    return;
  }
  std::string probe;
  int slot = -1;
  fd = createTemporary((fs::path(folder) / ".detbench-probe").string(), probe, slot);
  if (fd < 0) failErrno(label, "folder " + folder + " is not writable", errno);
  ::close(fd);
  ::unlink(probe.c_str());
  forgetTemporary(slot);
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
    for (auto& s : staged) discard(s);
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
    // Files first (they can be taken back), then what is written through, then the names and
    // the renames.
    std::vector<std::string> stagedPaths;
    for (std::size_t i = 0; i < files_.size(); ++i) {
      if (targets[i].kind != OutputTargetKind::WriteThrough) {
        staged.push_back(stage(targets[i], files_[i].contents));
        stagedPaths.push_back(targets[i].path);
      }
    }
    for (std::size_t i = 0; i < files_.size(); ++i) {
      if (targets[i].kind == OutputTargetKind::WriteThrough) {
        writeThrough(targets[i], files_[i].contents);
      }
    }
    for (std::size_t i = 0; i < staged.size(); ++i) nameStaged(staged[i], stagedPaths[i]);
    for (std::size_t i = 0; i < staged.size(); ++i) {
      if (std::rename(staged[i].temporary.c_str(), staged[i].target.c_str()) != 0) {
        const int err = errno;
        for (std::size_t k = 0; k < i; ++k) forgetTemporary(staged[k].slot);
        staged.erase(staged.begin(), staged.begin() + static_cast<std::ptrdiff_t>(i));
        madeFolders.clear();  // files already renamed into them stay
        failErrno(staged.front().target, "rename failed", err);
      }
    }
    for (auto& s : staged) forgetTemporary(s.slot);
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
