#include "detbench/io/TemporaryFiles.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <climits>
#include <cstring>

#include "detbench/base/RawDirectory.hpp"

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

// Empties the folder open as `dir` (and its folders, to `depth` levels): system calls only.
void emptyFolder(int dir, int depth) noexcept {
  // Removing entries while reading may skip some: read again from the start until a pass
  // removes nothing.
  for (int pass = 0; pass < 64; ++pass) {
    bool removed = false;
    ::lseek(dir, 0, SEEK_SET);
    forEachName(dir, [&](const char* name) {
      if (::unlinkat(dir, name, 0) == 0) {
        removed = true;
        return true;
      }
      if (depth <= 0) return true;
      const int sub = ::openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub < 0) return true;
      emptyFolder(sub, depth - 1);
      ::close(sub);
      if (::unlinkat(dir, name, AT_REMOVEDIR) == 0) removed = true;
      return true;
    });
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
