#pragma once
// The names in an open folder, read with getdents64(2) into a buffer on the stack: system
// calls only, so a signal handler may use it (removing the trace's folder, finding a script's
// processes in /proc). Linux.

#include <sys/syscall.h>
#include <unistd.h>

namespace detbench {

// Calls `visit(name)` for each entry of the folder open as `dir` from where its offset stands
// ("." and ".." left out), until the folder ends or `visit` returns false.
template <typename Visit>
void forEachName(int dir, Visit visit) noexcept {
  struct Entry {  // linux_dirent64
    unsigned long long ino;
    long long off;
    unsigned short reclen;
    unsigned char type;
    char name[1];
  };
  alignas(8) char buf[4096];
  for (;;) {
    const long n = ::syscall(SYS_getdents64, dir, buf, sizeof buf);
    if (n <= 0) return;
    for (long at = 0; at < n;) {
      const auto* e = reinterpret_cast<const Entry*>(buf + at);
      at += e->reclen;
      const char* name = e->name;
      if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0'))) continue;
      if (!visit(name)) return;
    }
  }
}

}  // namespace detbench
