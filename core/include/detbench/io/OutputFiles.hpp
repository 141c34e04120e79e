#pragma once
// Every file detbench writes (reports, Markdown, .npy, exports, projects) goes through here.
//
//  - A regular file, or a name that does not exist yet, is replaced atomically: the contents go
//    to a temporary file in the same folder, which is renamed over the target once it is
//    complete, so a reader never sees half a file. The temporary is unnamed (O_TMPFILE) while
//    it is written and is named only for the instant before its rename, so that no signal,
//    SIGKILL included, leaves it behind (a file system without unnamed files gets a named
//    temporary, registered with TemporaryFiles for the signal handlers); its name is short
//    enough beside any valid target name. A file that is replaced keeps its permissions (and,
//    for root, its owner); a new one gets 0666 less the umask. A file this user may not write,
//    or, for a user other than root, one that belongs to another user, is refused: replacing
//    it would put a file of this user's in its place. A symbolic link is followed: the file it
//    points to is replaced, the link stays.
//  - Anything else that can take a stream of bytes is written through, never replaced: a
//    character device (/dev/null, a terminal), a FIFO, and a process's open descriptors
//    (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: the descriptor itself is written).
//  - A directory, a block device or a socket is refused with the reason.
//
// An OutputBatch writes several files all or nothing: every regular file is staged as a
// temporary first, and only when all of them (and every write-through target) have been
// written are the temporaries renamed into place. When anything fails, what the batch made
// (temporaries, folders it created) is removed and the targets are left as they were; bytes
// already written through to a device or a pipe cannot be taken back.

#include <string>
#include <string_view>
#include <vector>

namespace detbench {

enum class OutputTargetKind {
  NewFile,       // nothing there yet: created atomically
  RegularFile,   // replaced atomically, keeping its mode
  WriteThrough,  // a character device, a FIFO or an open descriptor: written in place
};

struct OutputTarget {
  std::string path;      // as given
  std::string resolved;  // where the bytes go: symbolic links followed
  OutputTargetKind kind = OutputTargetKind::NewFile;
  int descriptor = -1;  // for /dev/stdout, /dev/fd/N and the like: the descriptor to write
};

// Says where a write to `path` would go. Raises IoError, naming the path and the reason, for
// an empty path, a directory, a block device, a socket, or a folder that does not exist (unless
// `folderMayBeMade`: the batch will create it).
OutputTarget resolveOutputTarget(const std::string& path, bool folderMayBeMade = false);

// Raises IoError unless a file could be written at `path` now: for files, a temporary is made
// and removed in the folder (permission bits alone do not tell, for root or /proc); for
// write-through targets, write permission is checked without opening (a FIFO may get its
// reader later). `what` names the file in the message ("report", "Markdown report", ...).
void checkOutputWritable(const std::string& path, std::string_view what,
                         bool folderMayBeMade = false);

class OutputBatch {
 public:
  // A folder to create (with its parents) when the batch commits; removed again if the batch
  // fails, when the batch created it.
  void addFolder(std::string path);
  void add(std::string path, std::string contents);
  bool empty() const { return files_.empty() && folders_.empty(); }
  // Writes everything or nothing (see above). Raises IoError naming the file and the reason.
  void commit();

 private:
  struct Pending {
    std::string path;
    std::string contents;
  };
  std::vector<std::string> folders_;
  std::vector<Pending> files_;
};

// A batch of one file.
void writeFileAtomically(const std::string& path, std::string_view contents);

// Raises IoError (naming the path and the reason) when two of `paths` (non-empty ones) name the
// same file, even through different spellings or links; `names` says which option each came
// from, for the message.
void checkDistinctOutputs(const std::vector<std::string>& paths,
                          const std::vector<std::string>& names);

}  // namespace detbench
