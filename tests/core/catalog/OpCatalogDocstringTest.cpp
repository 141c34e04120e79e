// The catalog against the docstrings of torch.use_deterministic_algorithms, release by release,
// entry by entry. The docstrings' lists are in tests/core/catalog/docstrings/X.Y.txt, read from
// each release's wheel by extract_lists.py. For each release:
//  - every entry a trait quotes is in that release's lists, and in the list that matches what
//    the catalog says deterministic mode does (switches: "act deterministically", raises:
//    "throw a RuntimeError", the cuBLAS list for the workspace check), unless the traits record
//    that PyTorch's code does otherwise than the docstring says, with a source that names the
//    docstring;
//  - every op the catalog says switches or raises quotes at least one entry, unless it records
//    that the code differs;
//  - every entry of the lists is quoted by the catalog: by some op's cuda traits where it names
//    CUDA, by some op's cpu traits where it names the CPU (both where it names no device), and by
//    some op's MPS entries where it names MPS.

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/catalog/OpCatalog.hpp"

namespace detbench {
namespace {

using EM = ErrorModeBehavior;

struct DocstringLists {
  std::map<std::string, std::set<std::string>> lists;  // "switches", "raises", "cublas"
  bool read = false;

  bool in(const std::string& list, const std::string& entry) const {
    const auto it = lists.find(list);
    return it != lists.end() && it->second.contains(entry);
  }
  bool anywhere(const std::string& entry) const {
    for (const auto& [name, entries] : lists) {
      if (entries.contains(entry)) return true;
    }
    return false;
  }
};

DocstringLists readLists(PyTorchRelease release) {
  DocstringLists d;
  std::ifstream in(std::string(DETBENCH_DOCSTRINGS_DIR) + "/" + toString(release) + ".txt");
  std::string line, list;
  while (std::getline(in, line)) {
    d.read = true;
    if (line.empty() || line.front() == '#') continue;
    if (line.front() == '[') {
      list = line.substr(1, line.size() - 2);
      d.lists[list];
      continue;
    }
    d.lists[list].insert(line);
  }
  return d;
}

std::vector<std::string> entriesOf(std::string_view text) {
  std::vector<std::string> entries;
  while (!text.empty()) {
    const auto end = text.find('\n');
    entries.emplace_back(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  }
  return entries;
}

bool names(const std::string& entry, std::string_view device) {
  return entry.find(device) != std::string::npos;
}

// The devices an entry is about: those it names, or the CPU and CUDA where it names none.
bool aboutCuda(const std::string& e) {
  return names(e, "CUDA") || (!names(e, "CPU") && !names(e, "MPS"));
}
bool aboutCpu(const std::string& e) {
  return names(e, "CPU") || (!names(e, "CUDA") && !names(e, "MPS"));
}

// One device's traits against one release's lists.
void checkTraits(const DocstringLists& d, const OpTraits& op, const DeviceTraits& t,
                 std::string_view device, std::string_view source) {
  SCOPED_TRACE(std::string(op.name) + " on " + std::string(device));
  const auto quoted = entriesOf(t.docstring);
  for (const auto& q : quoted) EXPECT_TRUE(d.anywhere(q)) << "not in this release: " << q;
  if (t.docstringDiffers) {
    // The code does otherwise: the source names the docstring, and a quoted entry is not in the
    // list the traits would match.
    EXPECT_NE(source.find("docstring"), std::string_view::npos) << source;
    for (const auto& q : quoted) {
      if (t.errorMode == EM::SwitchesToDeterministic) {
        EXPECT_FALSE(d.in("switches", q)) << q;
      }
      if (t.errorMode == EM::Raises) {
        EXPECT_FALSE(d.in("raises", q)) << q;
      }
    }
    return;
  }
  switch (t.errorMode) {
    case EM::SwitchesToDeterministic:
      EXPECT_FALSE(quoted.empty()) << "switches, but quotes no entry";
      for (const auto& q : quoted) EXPECT_TRUE(d.in("switches", q)) << q;
      break;
    case EM::Raises:
      EXPECT_FALSE(quoted.empty()) << "raises, but quotes no entry";
      for (const auto& q : quoted) EXPECT_TRUE(d.in("raises", q)) << q;
      break;
    case EM::Runs:
      // Only the cuBLAS workspace check quotes an entry for an op that runs as is.
      for (const auto& q : quoted) {
        EXPECT_TRUE(op.cublasWorkspaceCheck && d.in("cublas", q)) << q;
      }
      break;
  }
}

TEST(OpCatalogDocstringTest, EveryReleaseOfTheCatalogHasItsDocstringLists) {
  for (const PyTorchRelease r : catalogReleases()) {
    const DocstringLists d = readLists(r);
    ASSERT_TRUE(d.read) << toString(r);
    EXPECT_FALSE(d.lists.at("switches").empty()) << toString(r);
    EXPECT_FALSE(d.lists.at("raises").empty()) << toString(r);
  }
  EXPECT_EQ(newestCatalogRelease(), (PyTorchRelease{2, 15}));
}

TEST(OpCatalogDocstringTest, EveryQuotedEntryIsInItsReleasesList) {
  for (const PyTorchRelease r : catalogReleases()) {
    SCOPED_TRACE(toString(r));
    const DocstringLists d = readLists(r);
    for (const auto& op : opCatalog(r)) {
      checkTraits(d, op, op.cuda, "cuda", op.cudaSource);
      checkTraits(d, op, op.cpu, "cpu", op.cpuSource);
      for (const auto& e : entriesOf(op.mps)) {
        EXPECT_TRUE(d.in("raises", e) && names(e, "MPS")) << op.name << " on MPS: " << e;
      }
      // The cuBLAS paragraph is there exactly while deterministic mode checks the workspace.
      if (op.cublas) {
        EXPECT_EQ(op.cublasWorkspaceCheck, d.lists.contains("cublas")) << op.name;
      }
    }
  }
}

TEST(OpCatalogDocstringTest, EveryEntryOfTheDocstringIsQuotedByTheCatalog) {
  for (const PyTorchRelease r : catalogReleases()) {
    SCOPED_TRACE(toString(r));
    const DocstringLists d = readLists(r);
    std::set<std::string> cuda, cpu, mps;
    for (const auto& op : opCatalog(r)) {
      for (auto& e : entriesOf(op.cuda.docstring)) cuda.insert(e);
      for (auto& e : entriesOf(op.cpu.docstring)) cpu.insert(e);
      for (auto& e : entriesOf(op.mps)) mps.insert(e);
    }
    int entries = 0;
    for (const auto& [list, all] : d.lists) {
      for (const auto& e : all) {
        ++entries;
        if (aboutCuda(e)) {
          EXPECT_TRUE(cuda.contains(e)) << "no op quotes it for CUDA: " << e;
        }
        // The cuBLAS paragraph is about CUDA tensors (its items name no device).
        if (aboutCpu(e) && list != "cublas") {
          EXPECT_TRUE(cpu.contains(e)) << "no op quotes it for the CPU: " << e;
        }
        if (names(e, "MPS")) {
          EXPECT_TRUE(mps.contains(e)) << "no op quotes it for MPS: " << e;
        }
      }
    }
    EXPECT_GT(entries, 50);
  }
}

// What the docstrings say changed between releases, found in the catalog's changes.
TEST(OpCatalogDocstringTest, TheDocstringsChangesAreTheCatalogsChanges) {
  const auto changes = catalogChanges(PyTorchRelease{2, 8}, PyTorchRelease{2, 15});
  std::map<std::string, std::vector<PyTorchRelease>> when;
  for (const auto& c : changes) when[std::string(c.after->name)] = c.changedIn;
  const auto changedIn = [&](const char* op, PyTorchRelease r) {
    const auto it = when.find(op);
    if (it == when.end()) return false;
    for (const auto x : it->second) {
      if (x == r) return true;
    }
    return false;
  };
  EXPECT_TRUE(changedIn("kthvalue", {2, 10}));             // left the raising list
  EXPECT_TRUE(changedIn("matmul", {2, 10}));               // the cuBLAS paragraph gone
  EXPECT_TRUE(changedIn("max_pool3d_backward", {2, 13}));  // to the deterministic list
  EXPECT_TRUE(changedIn("cumsum", {2, 14}));               // to the deterministic list
  EXPECT_TRUE(changedIn("embedding_backward", {2, 14}));   // joined the deterministic list
  EXPECT_TRUE(changedIn("scatter_reduce_prod", {2, 15}));  // "when called on CUDA or MPS tensor"
  EXPECT_TRUE(changedIn("scatter_reduce_amax", {2, 15}));
  for (const char* mpsOnly :
       {"index_put_accumulate", "index_reduce_prod", "kthvalue", "embedding_bag_backward",
        "grid_sampler_2d_backward", "max_pool2d_backward", "upsample_linear1d_backward"}) {
    EXPECT_TRUE(changedIn(mpsOnly, {2, 15})) << mpsOnly;  // MPS entries added
  }
  // The 2.8 state of ReplicationPad1d and 3d backward on CUDA: deterministic.
  for (const char* op : {"replication_pad1d_backward", "replication_pad3d_backward"}) {
    EXPECT_EQ(findOpTraits(op, PyTorchRelease{2, 8})->cuda.errorMode, EM::SwitchesToDeterministic)
        << op;
  }
}

}  // namespace
}  // namespace detbench
