#include "detbench/io/TemporaryFiles.hpp"

#include <unistd.h>

#include <atomic>
#include <climits>
#include <cstring>

namespace detbench {

namespace {

// A batch writes a few files at a time (a report, its Markdown, a handful of .npy); threads
// that write at once each take their own slots.
constexpr int kSlots = 256;

enum SlotState : int { kFree = 0, kFilling = 1, kHeld = 2 };

struct Slot {
  std::atomic<int> state{kFree};
  char path[PATH_MAX];
};

Slot slots[kSlots];

static_assert(std::atomic<int>::is_always_lock_free, "a signal handler reads the slots' states");

}  // namespace

int registerTemporary(const char* path) noexcept {
  const std::size_t n = std::strlen(path);
  if (n >= PATH_MAX) return -1;
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!slots[i].state.compare_exchange_strong(expected, kFilling)) continue;
    std::memcpy(slots[i].path, path, n + 1);
    slots[i].state.store(kHeld, std::memory_order_release);
    return i;
  }
  return -1;
}

void forgetTemporary(int slot) noexcept {
  if (slot < 0 || slot >= kSlots) return;
  slots[slot].state.store(kFree, std::memory_order_release);
}

void removeTemporaryFiles() noexcept {
  for (auto& slot : slots) {
    if (slot.state.load(std::memory_order_acquire) == kHeld) ::unlink(slot.path);
  }
}

}  // namespace detbench
