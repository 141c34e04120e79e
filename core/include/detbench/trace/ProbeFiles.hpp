#pragma once
// detbench's probe (resources/trace: detbench_trace_boot.py and the detbench_probe package) and
// its example scripts (examples/), compiled into detbench, and written out for a trace into a
// private folder that is removed afterwards: nothing is installed into the user's Python.

#include <span>
#include <string>
#include <string_view>

namespace detbench::trace {

struct ProbeFile {
  std::string_view path;  // relative: "detbench_trace_boot.py", "detbench_probe/recorder.py",
                          // "examples/train_example.py"
  std::string_view text;
};

std::span<const ProbeFile> probeFiles();

// A folder of its own under $TMPDIR (or /tmp), or under `root` where given (a folder other
// machines see at the same path), holding the probe; removed with the object.
// The probe's compiled digest (libdetbench_probe_digest.so) as this program finds it:
// $DETBENCH_PROBE_DIGEST_LIBRARY, else beside the build tree's core/, else lib/detbench/ under
// the installed prefix; "" where there is none (the probe then digests with NumPy).
std::string probeDigestLibrary();

class ProbeFolder {
 public:
  explicit ProbeFolder(const std::string& root = "");  // raises IoError when it cannot be made
  ~ProbeFolder();
  ProbeFolder(const ProbeFolder&) = delete;
  ProbeFolder& operator=(const ProbeFolder&) = delete;

  const std::string& path() const { return path_; }
  std::string bootScript() const { return path_ + "/detbench_trace_boot.py"; }
  // An empty folder inside it, made anew (its files removed) on each call.
  std::string freshSubfolder(const std::string& name) const;

 private:
  std::string path_;
  int slot_ = -1;  // in the temporaries a signal handler removes (io/TemporaryFiles.hpp)
};

}  // namespace detbench::trace
