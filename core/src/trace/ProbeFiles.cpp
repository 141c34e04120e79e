#include "detbench/trace/ProbeFiles.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "detbench/base/Error.hpp"
#include "detbench/io/TemporaryFiles.hpp"

namespace detbench::trace {

std::string probeDigestLibrary() {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (const char* env = std::getenv("DETBENCH_PROBE_DIGEST_LIBRARY"); env && *env) {
    return fs::is_regular_file(env, ec) ? std::string(env) : std::string();
  }
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const fs::path root = exe.parent_path().parent_path();
  for (const fs::path& p : {root / "core" / "libdetbench_probe_digest.so",
                            root / "lib" / "detbench" / "libdetbench_probe_digest.so"}) {
    if (fs::is_regular_file(p, ec)) return p.string();
  }
  return {};
}

ProbeFolder::ProbeFolder(const std::string& root) {
  const char* tmp = std::getenv("TMPDIR");
  const std::string parent = !root.empty() ? root : std::string(tmp && *tmp ? tmp : "/tmp");
  std::string pattern =
      parent + (root.empty() ? "/detbench-trace-XXXXXX" : "/.detbench-trace-XXXXXX");
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  if (::mkdtemp(name.data()) == nullptr) {
    DETBENCH_THROW(IoError, "cannot make a folder for the probe in " +
                                pattern.substr(0, pattern.rfind('/')) + ": " +
                                std::strerror(errno));
  }
  path_ = name.data();
  slot_ = registerTemporaryFolder(path_.c_str());
  try {
    for (const ProbeFile& f : probeFiles()) {
      const std::filesystem::path target = std::filesystem::path(path_) / f.path;
      std::filesystem::create_directories(target.parent_path());
      std::ofstream out(target, std::ios::binary);
      out.write(f.text.data(), static_cast<std::streamsize>(f.text.size()));
      out.close();
      if (!out) DETBENCH_THROW(IoError, "cannot write the probe to " + target.string());
    }
  } catch (...) {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
    forgetTemporary(slot_);
    throw;
  }
}

ProbeFolder::~ProbeFolder() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
  forgetTemporary(slot_);
}

std::string ProbeFolder::freshSubfolder(const std::string& name) const {
  const std::filesystem::path dir = std::filesystem::path(path_) / name;
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  std::filesystem::create_directories(dir, ec);
  if (ec) DETBENCH_THROW(IoError, "cannot make " + dir.string() + ": " + ec.message());
  return dir.string();
}

}  // namespace detbench::trace
