#pragma once
// The names of the temporary files this process has made and not yet renamed into place or
// removed, kept where a signal handler can reach them: removeTemporaryFiles() unlinks them all
// and is async-signal-safe, so a handler that ends the process on a signal (the command line's
// second Ctrl-C, SIGTERM, SIGHUP, SIGPIPE) leaves none behind. OutputFiles writes the contents
// of most temporaries into an unnamed file (O_TMPFILE) that the kernel frees whatever ends the
// process, SIGKILL included, and names it only for the instant before its rename; the named
// temporaries (a file system without O_TMPFILE) are registered here from before they exist.

namespace detbench {

// Registers `path` (copied); returns its slot, or -1 when the table is full or the path too
// long (the file is then not removed on a signal).
int registerTemporary(const char* path) noexcept;
// The file of `slot` was renamed or removed: forget it. A slot of -1 is ignored.
void forgetTemporary(int slot) noexcept;
// Registers a temporary folder (the trace's probe folder): removeTemporaryFiles() removes it
// with everything in it. Returns its slot as registerTemporary does.
int registerTemporaryFolder(const char* path) noexcept;
// Unlinks every registered temporary and removes every registered folder's tree.
// Async-signal-safe (atomics and system calls only: unlink, open, getdents64, unlinkat).
void removeTemporaryFiles() noexcept;

}  // namespace detbench
