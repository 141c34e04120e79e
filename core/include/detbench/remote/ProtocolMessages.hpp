#pragma once
// The messages of the serve protocol (docs/REMOTE-PROTOCOL.md), each with its writer and its
// reader side by side: what `detbench serve --stdio` (ServeSession) and the client
// (RemoteClient) say to each other. A writer makes the JSON a message carries; its reader takes
// it back, strictly where the server reads what a client sent (unknown fields are refused), and
// raises InvalidArgument or json's exceptions for what it cannot use.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "detbench/op/Tensor.hpp"
#include "detbench/run/Invariance.hpp"
#include "detbench/run/RunResult.hpp"
#include "detbench/run/Sweep.hpp"
#include "detbench/run/TrialRunner.hpp"

namespace detbench::remote {

inline constexpr int kProtocolVersion = 1;
// The longest line the server reads; a longer one is dropped unread.
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;
// Trial records go out in batches of at most this many.
inline constexpr std::size_t kTrialsPerMessage = 256;
// A sweep takes at most this many configurations.
inline constexpr std::size_t kMaxConfigurations = 64;
// An "io" message (--save-io) carries at most this many bytes of a tensor (base64: 4/3 more).
inline constexpr std::size_t kIoChunkBytes = std::size_t{3} << 18;

// A batch size of an invariance plan is at most this (as `detbench invariance --batches`).
inline constexpr std::int64_t kMaxBatchSize = std::int64_t{1} << 40;

// One line of the protocol as JSON, or a discarded value (is_discarded()) for a line that is not
// JSON. A line nested deeper than kMaxJsonDepth raises InvalidArgument before it is parsed: no
// message is, and nothing may walk such a value (nlohmann's dump() and copies recurse once a
// level).
nlohmann::ordered_json parseMessage(std::string_view line);

// The request of a "run", "sweep" or "invariance" message. The reader is strict: unknown
// fields are refused, numbers are integers in the ranges the command line takes (trials 1 to
// kMaxTrials, warm-up 0 to kMaxWarmup, seeds 0 to 2^64 - 1, never a float), and `settings`
// names only the settings it changes from the defaults.
nlohmann::ordered_json requestToJson(const RunRequest& request);
RunRequest requestFromJson(const nlohmann::ordered_json& j);

// A sweep's configurations: [{"name": ..., "settings": {...}}, ...] (1 to kMaxConfigurations).
nlohmann::ordered_json configsToJson(const std::vector<SweepConfig>& configs);
std::vector<SweepConfig> configsFromJson(const nlohmann::ordered_json& j);

// An invariance plan: {"axis": "threads" | "devices" | "batches", "threads": [...],
// "devices": [...], "batches": [...], "other_rows": bool}.
nlohmann::ordered_json planToJson(const InvariancePlan& plan);
InvariancePlan planFromJson(const nlohmann::ordered_json& j);

// One trial record of a "trials" message.
nlohmann::ordered_json recordToJson(const TrialRecord& record);
TrialRecord recordFromJson(const nlohmann::ordered_json& j);

// One piece of a tensor of --save-io: an "io" message.
struct IoMessage {
  std::string name;  // letters, digits and '_' (it names a file)
  std::string role;  // "input" or "output"
  DType dtype = DType::Float32;
  Shape shape;
  std::size_t bytes = 0;   // the whole tensor's
  std::size_t offset = 0;  // of this piece
  std::vector<std::byte> data;
};
// The piece of `tensor` of at most kIoChunkBytes from `offset`, as the message with id `id`.
nlohmann::ordered_json ioToJson(const nlohmann::ordered_json& id, const std::string& name,
                                const char* role, const HostTensor& tensor, std::size_t offset);
IoMessage ioFromJson(const nlohmann::ordered_json& j);

// A teaching scenario's end, as the "demo" message carries it.
struct DemoMessage {
  std::string name;
  bool asExpected = false;
  bool cancelled = false;
  std::string text;
  nlohmann::ordered_json report;
  std::string markdown;
};
nlohmann::ordered_json demoToJson(const nlohmann::ordered_json& id, const DemoMessage& demo);
DemoMessage demoFromJson(const nlohmann::ordered_json& j);

// An "error" message: the id (null when the line had none), the error's kind and message.
nlohmann::ordered_json errorToJson(const nlohmann::ordered_json& id, const std::string& kind,
                                   const std::string& message);

}  // namespace detbench::remote
