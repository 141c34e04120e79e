// libFuzzer target: the client of the serve protocol reading what a remote answers (case 2 of
// a remote is as much outside input as a file). The input's first byte picks the job
// (an environment, a run, a sweep, an invariance run, a demo, with or without --save-io) and
// whether the input's first line is the hello (else a valid one comes first); each further line
// is one answer, in order, and the connection ends after the last. Whatever comes, the client
// raises detbench::Error or returns what it made, and what it returns can be written as a
// report; nothing crashes, leaks or recurses without bound.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/base/Error.hpp"
#include "detbench/remote/RemoteClient.hpp"
#include "detbench/report/InvarianceJson.hpp"
#include "detbench/report/ReportJson.hpp"

namespace {

using namespace detbench;
using namespace detbench::remote;

// A connection that replays lines and then ends; what the client writes goes nowhere.
class ReplayedConnection : public ServeConnection {
 public:
  explicit ReplayedConnection(std::deque<std::string> lines)
      : ServeConnection(std::string("fuzz")), lines_(std::move(lines)) {}
  bool writeLine(const std::string&) override { return !ended_; }
  std::optional<std::string> readLine(std::chrono::milliseconds,
                                      std::size_t maxLineBytes) override {
    if (lines_.empty()) {
      ended_ = true;
      throw ConnectionEnded("fuzz ended", __FILE__, __LINE__);
    }
    std::string line = std::move(lines_.front());
    lines_.pop_front();
    if (line.size() > maxLineBytes) DETBENCH_THROW(NotAvailable, "fuzz: a line too long");
    return line;
  }
  std::string errorOutput() override { return {}; }
  void terminate() override {
    ended_ = true;
    lines_.clear();
  }

 private:
  std::deque<std::string> lines_;
  bool ended_ = false;
};

constexpr std::string_view kHello =
    R"({"type":"hello","protocol":1,"detbench":"0.1.0","devices":[],)"
    R"("offers":["env","run","sweep","invariance","save_io","demo","cancel"]})";

RunRequest smallRequest() {
  RunRequest r;
  r.op = "matmul";
  r.params = {{"size", 8}, {"n", 4}, {"k", 4}};
  r.trials = 3;
  r.warmup = 0;
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const unsigned choice = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::deque<std::string> lines;
  if ((choice & 0x80) == 0) lines.emplace_back(kHello);
  for (std::size_t from = 0; from <= text.size();) {
    std::size_t nl = text.find('\n', from);
    if (nl == std::string_view::npos) nl = text.size();
    lines.emplace_back(text.substr(from, nl - from));
    from = nl + 1;
  }
  try {
    // The replayed connection never keeps the client waiting: a line, or its end.
    RemoteClient client(std::make_unique<ReplayedConnection>(std::move(lines)), "fuzz");
    const RunRequest request = smallRequest();
    std::vector<RemoteTensor> io;
    std::vector<RemoteTensor>* wantIo = (choice & 0x08) != 0 ? &io : nullptr;
    switch (choice % 5) {
      case 0:
        client.environment();
        break;
      case 1:
        (void)reportJsonText(client.run(request, {}, nullptr, wantIo));
        break;
      case 2: {
        const auto configs = parseSweepConfigs("default,deterministic", request.settings);
        (void)reportJsonText(client.sweep(request, configs, {}, nullptr, wantIo));
        break;
      }
      case 3: {
        InvariancePlan plan;
        plan.axis = InvarianceAxis::Batches;
        plan.batches = {1, 2};
        const InvarianceDocument doc = client.invariance(request, plan);
        (void)invarianceToJson(doc.result, doc.context).dump();
        break;
      }
      default:
        (void)client.demo("seeds", "en").report.dump();
        break;
    }
  } catch (const Error&) {
  }
  return 0;
}
