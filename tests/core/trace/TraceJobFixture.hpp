#pragma once
// What the TraceJob tests share: crafted record files of a job's processes written into a
// private folder, one run at a time, and collected by a TraceJobAligner.

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "detbench/trace/TraceJob.hpp"

namespace detbench::trace::job_test {

namespace fs = std::filesystem;

inline std::string digest(std::uint64_t d) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(d));
  return text;
}

inline std::string tensors(const std::vector<std::uint64_t>& digests) {
  std::string s = "[";
  for (const auto d : digests) {
    if (s.size() > 1) s += ",";
    s += "[\"" + digest(d) + "\",\"float32\",[4],\"cpu\",0]";
  }
  return s + "]";
}

// One process's records: its start, its rank (where `rank` >= 0), the ops, the script's use of
// the last op's outputs, and an end record (where `ended`).
struct Process {
  int rank = -1;
  std::int64_t pid = 100;
  std::int64_t parent = 1;  // its parent's pid
  std::vector<std::string> ops;
  std::uint64_t used = 0;
  bool ended = true;
  std::string stderrText;            // its copy of its standard error (proc-PID.err), if any
  std::vector<std::string> records;  // more records after those (another thread's ops, uses)
  bool recordsFirst = false;         // `records` before the ops instead
};

inline std::string op(int seq, const std::string& name, const std::vector<std::uint64_t>& in,
                      const std::vector<std::uint64_t>& out) {
  return "{\"t\":\"op\",\"i\":" + std::to_string(seq) + ",\"op\":\"" + name +
         "\",\"s\":1,\"in\":" + tensors(in) + ",\"out\":" + tensors(out) + "}";
}

class TraceJob : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() /
        ("detbench-job-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Writes the run's files and collects them.
  void run(int number, const std::vector<Process>& processes, TraceRunExit script = ok()) {
    fs::create_directories(dir_);
    for (const auto& p : processes) {
      std::ofstream out(dir_ / ("proc-" + std::to_string(p.pid) + ".jsonl"));
      out << "{\"t\":\"start\",\"v\":2,\"run\":" << number << ",\"pid\":" << p.pid
          << ",\"python\":\"3.11.2\",\"torch\":\"2.15.0\",\"threads\":1,"
             "\"deterministic\":false,\"applied\":{},\"ppid\":"
          << p.parent << ",\"forked\":0}\n";
      if (p.rank >= 0) {
        out << "{\"t\":\"rank\",\"rank\":" << p.rank
            << ",\"world\":3,\"local\":null,\"backend\":\"gloo\"}\n";
      }
      out << "{\"t\":\"site\",\"s\":1,\"file\":\"/w/train.py\",\"line\":7,\"fn\":\"work\"}\n";
      if (p.recordsFirst) {
        for (const auto& line : p.records) out << line << "\n";
      }
      for (const auto& line : p.ops) out << line << "\n";
      if (p.used != 0) {
        out << "{\"t\":\"use\",\"i\":" << p.ops.size() << ",\"what\":\"print\",\"d\":[\""
            << digest(p.used) << "\"]}\n";
      }
      if (!p.recordsFirst) {
        for (const auto& line : p.records) out << line << "\n";
      }
      if (p.ended) out << "{\"t\":\"end\",\"ops\":" << p.ops.size() << ",\"status\":\"ok\"}\n";
      if (!p.stderrText.empty()) {
        std::ofstream(dir_ / ("proc-" + std::to_string(p.pid) + ".err")) << p.stderrText;
      }
    }
    job_.collectRun(number, dir_.string(), script);
  }
  TraceJobResult finish(int scriptRank = -1, std::vector<std::int64_t> collectives = {}) {
    return job_.finish(script_, scriptRank, collectives);
  }
  static TraceRunExit ok() {
    TraceRunExit e;
    e.exited = true;
    return e;
  }

  // Rank r of a step: its gradient (op 1, from nothing), scaled by a number (op 2) and
  // all-reduced (op 3); the script prints the sum.
  static Process step(int rank, std::uint64_t grad, std::uint64_t scaled, std::uint64_t sum) {
    Process p;
    p.rank = rank;
    p.pid = 200 + rank;
    p.ops = {op(1, "aten::randn", {}, {grad}), op(2, "aten::mul.Tensor", {grad}, {scaled}),
             op(3, "c10d::all_reduce", {scaled}, {sum})};
    p.used = sum;
    return p;
  }

  fs::path dir_;
  TraceJobAligner job_;
  TraceAlignment script_;
};

}  // namespace detbench::trace::job_test
