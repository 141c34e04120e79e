#include "detbench/trace/ScriptCommand.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "detbench/base/Error.hpp"

namespace detbench::trace {

namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string baseName(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// `name` as the shell would find it: a path as it is, else the first PATH entry that has it.
std::string findProgram(const std::string& name) {
  if (name.find('/') != std::string::npos) {
    std::error_code ec;
    return std::filesystem::is_regular_file(name, ec) ? name : std::string();
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const std::size_t colon = dirs.find(':', start);
    const std::string dir =
        dirs.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    const std::filesystem::path candidate = std::filesystem::path(dir.empty() ? "." : dir) / name;
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0) {
      return candidate.string();
    }
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return {};
}

}  // namespace

std::vector<std::string> ScriptCommand::argv() const {
  if (!launcher.empty()) {
    std::vector<std::string> a{launcher};
    a.insert(a.end(), args.begin(), args.end());
    return a;
  }
  std::vector<std::string> a{interpreter};
  a.insert(a.end(), pythonOptions.begin(), pythonOptions.end());
  if (module) a.push_back("-m");
  a.push_back(target);
  a.insert(a.end(), args.begin(), args.end());
  return a;
}

ScriptCommand parseScriptCommand(const std::vector<std::string>& argv) {
  DETBENCH_CHECK_ARG(!argv.empty(),
                     "no script: give the command after --, such as -- python3 train.py");
  ScriptCommand c;
  if (baseName(argv[0]) == "torchrun") {
    // A console script: its Python runs torch.distributed.run with the same arguments.
    const std::string program = findProgram(argv[0]);
    DETBENCH_CHECK_ARG(
        !program.empty(),
        "cannot find " + argv[0] + (argv[0].find('/') == std::string::npos ? " on the PATH" : ""));
    c.launcher = "torchrun";
    c.interpreter = scriptInterpreter(program);
    c.module = true;
    c.target = "torch.distributed.run";
    c.args.assign(argv.begin() + 1, argv.end());
    DETBENCH_CHECK_ARG(!c.args.empty(),
                       "no script: give it after torchrun, such as -- torchrun "
                       "--nproc_per_node=2 train.py");
    return c;
  }
  c.interpreter = argv[0];
  DETBENCH_CHECK_ARG(!c.interpreter.empty(), "the interpreter's name is empty");
  DETBENCH_CHECK_ARG(!endsWith(c.interpreter, ".py"),
                     "give the interpreter first: -- python3 " + c.interpreter);
  std::size_t i = 1;
  for (; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (a == "--") {
      ++i;
      break;
    }
    DETBENCH_CHECK_ARG(a != "-", "trace runs a script file or a module (-m), not standard input");
    if (a.size() < 2 || a[0] != '-') break;
    if (a[1] == '-') {
      DETBENCH_CHECK_ARG(a == "--check-hash-based-pycs" && i + 1 < argv.size(),
                         "the interpreter option " + a + " is not one a traced run takes");
      c.pythonOptions.push_back(a);
      c.pythonOptions.push_back(argv[++i]);
      continue;
    }
    // Short options, possibly joined (-uB); c, m, W and X take the rest or the next word.
    bool consumed = false;
    std::string flags = "-";
    for (std::size_t k = 1; k < a.size() && !consumed; ++k) {
      const char o = a[k];
      DETBENCH_CHECK_ARG(o != 'c', "trace runs a script file or a module (-m), not -c");
      if (o == 'm' || o == 'W' || o == 'X') {
        std::string value = a.substr(k + 1);
        if (value.empty()) {
          DETBENCH_CHECK_ARG(i + 1 < argv.size(), std::string("-") + o + " needs a value");
          value = argv[++i];
        }
        if (flags.size() > 1) c.pythonOptions.push_back(flags);
        flags.resize(1);  // "-" again
        if (o == 'm') {
          c.module = true;
          c.target = value;
        } else {
          c.pythonOptions.push_back(std::string("-") + o);
          c.pythonOptions.push_back(value);
        }
        consumed = true;
      } else {
        flags.push_back(o);
      }
    }
    if (flags.size() > 1) c.pythonOptions.push_back(flags);
    if (c.module) {
      ++i;
      break;
    }
  }
  if (!c.module) {
    DETBENCH_CHECK_ARG(i < argv.size(), "no script: give it after the interpreter, such as -- " +
                                            c.interpreter + " train.py");
    c.target = argv[i++];
  }
  DETBENCH_CHECK_ARG(!c.target.empty(), "the script's name is empty");
  c.args.assign(argv.begin() + static_cast<std::ptrdiff_t>(i), argv.end());
  return c;
}

std::string scriptInterpreter(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string line;
  DETBENCH_CHECK_ARG(in && std::getline(in, line), "cannot read " + path);
  DETBENCH_CHECK_ARG(line.rfind("#!", 0) == 0, path +
                                                   " does not start with #!: not a Python "
                                                   "console script");
  std::vector<std::string> words;
  std::size_t i = 2;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  if (!words.empty() && baseName(words[0]) == "env") {
    words.erase(words.begin());
    if (!words.empty() && words[0] == "-S") words.erase(words.begin());
  }
  DETBENCH_CHECK_ARG(!words.empty() && baseName(words[0]).rfind("python", 0) == 0,
                     path + "'s first line names no Python: " + line);
  return words[0];
}

bool setProcessesPerNode(std::vector<std::string>& args, const std::string& value) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") return false;
    for (const char* name : {"--nproc_per_node", "--nproc-per-node"}) {
      const std::string n(name);
      if (a == n && i + 1 < args.size()) {
        args[i + 1] = value;
        return true;
      }
      if (a.rfind(n + "=", 0) == 0) {
        args[i] = n + "=" + value;
        return true;
      }
    }
    // The script's own arguments start at the first word that is not an option of torchrun's.
    if (a.empty() || a[0] != '-') return false;
  }
  return false;
}

}  // namespace detbench::trace
