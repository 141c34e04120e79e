#include "detbench/io/TemporaryFiles.hpp"

#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <climits>
#include <cstring>

namespace detbench {

namespace {

// A batch writes a few files at a time (a report, its Markdown, a handful of .npy); threads
// that write at once each take their own slots.
constexpr int kSlots = 256;

enum SlotState : int { kFree = 0, kFilling = 1, kHeld = 2, kHeldFolder = 3 };

struct Slot {
  std::atomic<int> state{kFree};
  char path[PATH_MAX];
};

Slot slots[kSlots];

static_assert(std::atomic<int>::is_always_lock_free, "a signal handler reads the slots' states");

int registerAs(const char* path, int state) noexcept {
  const std::size_t n = std::strlen(path);
  if (n >= PATH_MAX) return -1;
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!slots[i].state.compare_exchange_strong(expected, kFilling)) continue;
    std::memcpy(slots[i].path, path, n + 1);
    slots[i].state.store(state, std::memory_order_release);
    return i;
  }
  return -1;
}

// linux_dirent64, as getdents64(2) fills it.
struct DirEntry {
  unsigned long long ino;
  long long off;
  unsigned short reclen;
  unsigned char type;
  char name[1];
};

// Empties the folder open as `dir` (and its folders, to `depth` levels): system calls only.
void emptyFolder(int dir, int depth) noexcept {
  alignas(8) char buf[4096];
  // Removing entries while reading may skip some: read again from the start until a pass
  // removes nothing.
  for (int pass = 0; pass < 64; ++pass) {
    bool removed = false;
    ::lseek(dir, 0, SEEK_SET);
    for (;;) {
      const long n = ::syscall(SYS_getdents64, dir, buf, sizeof buf);
      if (n <= 0) break;
      for (long at = 0; at < n;) {
        const auto* e = reinterpret_cast<const DirEntry*>(buf + at);
        at += e->reclen;
        const char* name = e->name;
        if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0'))) continue;
        if (::unlinkat(dir, name, 0) == 0) {
          removed = true;
          continue;
        }
        if (depth <= 0) continue;
        const int sub = ::openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (sub < 0) continue;
        emptyFolder(sub, depth - 1);
        ::close(sub);
        if (::unlinkat(dir, name, AT_REMOVEDIR) == 0) removed = true;
      }
    }
    if (!removed) return;
  }
}

}  // namespace

int registerTemporary(const char* path) noexcept {
  return registerAs(path, kHeld);
}

int registerTemporaryFolder(const char* path) noexcept {
  return registerAs(path, kHeldFolder);
}

void forgetTemporary(int slot) noexcept {
  if (slot < 0 || slot >= kSlots) return;
  slots[slot].state.store(kFree, std::memory_order_release);
}

void removeTemporaryFiles() noexcept {
  for (auto& slot : slots) {
    const int state = slot.state.load(std::memory_order_acquire);
    if (state == kHeld) ::unlink(slot.path);
    if (state != kHeldFolder) continue;
    const int dir = ::open(slot.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dir < 0) continue;
    emptyFolder(dir, 8);
    ::close(dir);
    ::rmdir(slot.path);
  }
}

}  // namespace detbench
