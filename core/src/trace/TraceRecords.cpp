#include "detbench/trace/TraceRecords.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "detbench/base/Error.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/io/JsonFields.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/trace/TracePoolTasks.hpp"

namespace detbench::trace {

namespace {

using RecordJson = nlohmann::json;

constexpr std::int64_t kMaxSeq = std::int64_t{1} << 50;
constexpr std::int64_t kMaxDim = std::int64_t{1} << 50;

const RecordJson& field(const RecordJson& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end()) DETBENCH_THROW(InvalidArgument, std::string("missing field \"") + key + "\"");
  return *it;
}

// The longest text kept from a record (a message, a file name): past it, the text is cut on a
// character boundary and ends with "...". What is kept counts against no limit of its own.
constexpr std::size_t kMaxTextBytes = 4096;

std::string stringOf(const RecordJson& v, const char* what) {
  DETBENCH_CHECK_ARG(v.is_string(), std::string(what) + " must be a string, not " + jsonSnippet(v));
  const auto& s = v.get_ref<const std::string&>();
  if (s.size() <= kMaxTextBytes) return s;
  std::size_t cut = kMaxTextBytes;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut) + "...";
}

std::string stringField(const RecordJson& j, const char* key) {
  return stringOf(field(j, key), key);
}

std::string optionalString(const RecordJson& j, const char* key) {
  const auto it = j.find(key);
  return it == j.end() || it->is_null() ? std::string() : stringOf(*it, key);
}

bool boolField(const RecordJson& j, const char* key) {
  const RecordJson& v = field(j, key);
  DETBENCH_CHECK_ARG(v.is_boolean(),
                     std::string(key) + " must be true or false, not " + jsonSnippet(v));
  return v.get<bool>();
}

Shape shapeOf(const RecordJson& v) {
  DETBENCH_CHECK_ARG(v.is_array() && v.size() <= kMaxShapeDims,
                     "a shape must be an array of at most 64 sizes, not " + jsonSnippet(v));
  Shape shape;
  shape.reserve(v.size());
  for (const auto& d : v) shape.push_back(integerOf<std::int64_t>(d, "a shape's size", 0, kMaxDim));
  return shape;
}

TraceTensor tensorOf(const RecordJson& v) {
  DETBENCH_CHECK_ARG(
      v.is_array() && v.size() == 5,
      "a tensor must be [digest, dtype, shape, device, flags], not " + jsonSnippet(v));
  TraceTensor t;
  if (!v[0].is_null()) {
    std::uint64_t d = 0;
    DETBENCH_CHECK_ARG(
        v[0].is_string() && parseDigest(v[0].get<std::string>(), d),
        "a digest must be null or \"0x\" and 16 hex digits, not " + jsonSnippet(v[0]));
    t.digest = d;
  }
  t.dtype = stringOf(v[1], "a dtype");
  t.shape = shapeOf(v[2]);
  t.device = stringOf(v[3], "a device");
  const int flags = integerOf<int>(v[4], "a tensor's flags", 0, 127);
  t.uninitialized = (flags & 1) != 0;
  t.opaque = (flags & 2) != 0;
  t.assembled = (flags & 4) != 0;
  t.sentThroughPool = (flags & 8) != 0;
  t.madeByCompiledCode = (flags & 16) != 0;
  t.inSharedMemory = (flags & 32) != 0;
  t.partlyUninitialized = (flags & 64) != 0;
  return t;
}

std::vector<TraceTensor> tensorsOf(const RecordJson& v, const char* what) {
  DETBENCH_CHECK_ARG(v.is_array() && v.size() <= kMaxTensorsPerOp,
                     std::string(what) + " must be an array of at most 4096 tensors");
  std::vector<TraceTensor> tensors;
  tensors.reserve(v.size());
  for (const auto& t : v) tensors.push_back(tensorOf(t));
  return tensors;
}

// An object of scalars; with `lists`, also arrays of at most 64 scalars (sizes, dims).
std::vector<std::pair<std::string, std::string>> pairsOf(const RecordJson& v, const char* what,
                                                         bool lists = false) {
  DETBENCH_CHECK_ARG(v.is_object() && v.size() <= 256,
                     std::string(what) + " must be an object of at most 256 values");
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [k, value] : v.items()) {
    bool flat = !value.is_structured();
    if (lists && value.is_array() && value.size() <= 64) {
      flat = std::none_of(value.begin(), value.end(),
                          [](const RecordJson& x) { return x.is_structured(); });
    }
    DETBENCH_CHECK_ARG(flat, std::string(what) + " holds scalars" +
                                 (lists ? " and lists of them" : "") + " only, not " +
                                 jsonSnippet(value));
    out.emplace_back(k, value.dump(-1, ' ', false, RecordJson::error_handler_t::replace));
  }
  return out;
}

std::uint64_t digestOf(const RecordJson& v) {
  std::uint64_t d = 0;
  DETBENCH_CHECK_ARG(v.is_string() && parseDigest(v.get<std::string>(), d),
                     "a digest must be \"0x\" and 16 hex digits, not " + jsonSnippet(v));
  return d;
}

// The kernels a call of compiled code ran: [[name, digest], ...].
std::vector<TraceKernel> kernelsOf(const RecordJson& v) {
  DETBENCH_CHECK_ARG(v.is_array() && v.size() <= kMaxKernelsPerCall,
                     "k must be an array of at most 1024 kernels, not " + jsonSnippet(v));
  std::vector<TraceKernel> kernels;
  kernels.reserve(v.size());
  for (const auto& k : v) {
    DETBENCH_CHECK_ARG(k.is_array() && k.size() == 2,
                       "a kernel must be [name, digest], not " + jsonSnippet(k));
    kernels.push_back(TraceKernel{stringOf(k[0], "a kernel's name"), digestOf(k[1])});
  }
  return kernels;
}

// The thread a record is of: "th", 0 (the main thread) where it is not given.
int threadOf(const RecordJson& j) {
  return j.contains("th") ? integerField<int>(j, "th", 0, kMaxScriptThreads) : 0;
}

TraceOp opOf(const RecordJson& j) {
  TraceOp op;
  op.seq = integerField<std::int64_t>(j, "i", 1, kMaxSeq);
  op.thread = threadOf(j);
  op.name = stringField(j, "op");
  if (const auto in = j.find("in"); in != j.end()) {
    op.digested = true;
    op.site = integerField<int>(j, "s", 0, 1 << 30);
    op.inputs = tensorsOf(*in, "in");
    op.outputs = tensorsOf(field(j, "out"), "out");
    if (const auto a = j.find("a"); a != j.end()) op.scalars = pairsOf(*a, "a", true);
    if (const auto v = j.find("v"); v != j.end()) {
      // (A float that is not finite comes as a string, "nan", "inf", as among the arguments.)
      DETBENCH_CHECK_ARG(v->is_number() || v->is_boolean() || v->is_string(),
                         "v must be a number, a boolean or a string, not " + jsonSnippet(*v));
      op.scalars.emplace_back(kReturnedValue,
                              v->dump(-1, ' ', false, RecordJson::error_handler_t::replace));
    }
    if (const auto x = j.find("x"); x != j.end()) op.raised = integerOf<int>(*x, "x", 0, 1) == 1;
    if (const auto e = j.find("entry"); e != j.end()) op.entry = integerOf<int>(*e, "entry", 0, 1);
    if (const auto cc = j.find("cc"); cc != j.end()) {
      op.fromCompiledCode = integerOf<int>(*cc, "cc", 0, 1) == 1;
    }
    if (const auto more = j.find("more"); more != j.end()) {
      DETBENCH_CHECK_ARG(more->is_array() && more->size() == 2, "more must be [inputs, outputs]");
      op.allInputs = integerOf<std::int64_t>((*more)[0], "more", 0, kMaxSeq);
      op.allOutputs = integerOf<std::int64_t>((*more)[1], "more", 0, kMaxSeq);
    }
    if (const auto k = j.find("k"); k != j.end()) op.kernels = kernelsOf(*k);
    if (op.kernels.size() > 0 || j.contains("kn")) {
      op.kernelCalls = integerField<std::int64_t>(
          j, "kn", static_cast<std::int64_t>(op.kernels.size()), kMaxSeq);
    }
  }
  return op;
}

TraceSite siteOf(const RecordJson& j, bool withId) {
  TraceSite s;
  if (withId) s.id = integerField<int>(j, "s", 1, 1 << 30);
  s.file = stringField(j, "file");
  s.line = integerField<std::int64_t>(j, "line", 0, kMaxSeq);
  s.function = stringField(j, "fn");
  return s;
}

TraceEnd endOf(const RecordJson& j) {
  TraceEnd e;
  e.ops = integerField<std::int64_t>(j, "ops", 0, kMaxSeq);
  e.status = stringField(j, "status");
  DETBENCH_CHECK_ARG(e.status == "ok" || e.status == "exit" || e.status == "exception",
                     "an end's status must be ok, exit or exception, not '" + e.status + "'");
  if (const auto rss = j.find("rss"); rss != j.end()) {
    e.peakRssKiB = integerOf<std::int64_t>(*rss, "rss", 0, kMaxSeq);
  }
  if (const auto rng = j.find("rng"); rng != j.end() && !rng->is_null()) {
    DETBENCH_CHECK_ARG(rng->is_object() && rng->size() <= 8,
                       "rng must be an object of at most 8 generators");
    for (const auto& [name, states] : rng->items()) {
      DETBENCH_CHECK_ARG(states.is_array() && states.size() == 2,
                         "a generator's states must be [start, end]");
      const auto state = [](const RecordJson& v) {
        return v.is_null() ? std::string() : stringOf(v, "a generator's state");
      };
      e.generators.push_back({name, {state(states[0]), state(states[1])}});
    }
  }
  if (const auto threads = j.find("threads"); threads != j.end()) {
    DETBENCH_CHECK_ARG(threads->is_array() && threads->size() == 2,
                       "threads must be [threads, ops]");
    e.otherThreads = integerOf<std::int64_t>((*threads)[0], "threads", 0, kMaxSeq);
    e.otherThreadOps = integerOf<std::int64_t>((*threads)[1], "threads", 0, kMaxSeq);
  }
  if (e.status == "exit") e.exitCode = integerField<int>(j, "code", -(1 << 30), 1 << 30);
  if (e.status == "exception") {
    e.type = stringField(j, "type");
    e.message = stringField(j, "message");
    const RecordJson& where = field(j, "where");
    if (!where.is_null()) {
      DETBENCH_CHECK_ARG(where.is_array() && where.size() == 3,
                         "where must be [file, line, function] or null");
      e.where = TraceSite{0, stringOf(where[0], "where's file"),
                          integerOf<std::int64_t>(where[1], "where's line", 0, kMaxSeq),
                          stringOf(where[2], "where's function")};
    }
  }
  return e;
}

TraceEvent eventOf(const RecordJson& j) {
  DETBENCH_CHECK_ARG(j.is_object(), "a record must be a JSON object");
  const std::string type = stringField(j, "t");
  if (type == "op") return opOf(j);
  if (type == "site") return siteOf(j, true);
  if (type == "start") {
    TraceStart s;
    s.protocol = integerField<int>(j, "v", 0, 1 << 20);
    DETBENCH_CHECK_ARG(s.protocol == kProbeProtocol,
                       "the probe speaks protocol " + std::to_string(s.protocol) + ", detbench " +
                           std::to_string(kProbeProtocol) + ": a probe from another detbench");
    s.run = integerField<int>(j, "run", 0, 1 << 20);
    s.pid = integerField<std::int64_t>(j, "pid", 0, kMaxSeq);
    s.python = stringField(j, "python");
    s.torch = stringField(j, "torch");
    s.threads = integerField<int>(j, "threads", 0, 1 << 20);
    s.deterministic = boolField(j, "deterministic");
    s.applied = pairsOf(field(j, "applied"), "applied");
    s.compile = optionalString(j, "compile");
    DETBENCH_CHECK_ARG(
        s.compile.empty() || s.compile == "regions" || s.compile == "eager" || s.compile == "none",
        "compile must be regions, eager or none, not '" + s.compile + "'");
    if (j.contains("ppid")) s.parentPid = integerField<std::int64_t>(j, "ppid", 0, kMaxSeq);
    if (j.contains("forked")) s.forked = integerField<int>(j, "forked", 0, 1) == 1;
    return s;
  }
  if (type == "raise") {
    TraceRaise r;
    r.seq = integerField<std::int64_t>(j, "i", 1, kMaxSeq);
    r.thread = threadOf(j);
    r.op = stringField(j, "op");
    r.site = integerField<int>(j, "s", 0, 1 << 30);
    r.type = stringField(j, "type");
    r.message = stringField(j, "message");
    return r;
  }
  if (type == "warn") {
    return TraceWarning{integerField<std::int64_t>(j, "i", 0, kMaxSeq), stringField(j, "message")};
  }
  if (type == "kept") {
    TraceKept k;
    k.seq = integerField<std::int64_t>(j, "i", 1, kMaxSeq);
    k.output = integerField<int>(j, "j", 0, static_cast<int>(kMaxTensorsPerOp));
    k.error = optionalString(j, "error");
    if (k.error.empty()) {
      k.file = stringField(j, "file");
      DETBENCH_CHECK_ARG(!k.file.empty() && k.file.find('/') == std::string::npos &&
                             k.file.find('\\') == std::string::npos && k.file[0] != '.',
                         "a kept file must be a plain name in the folder, not '" + k.file + "'");
      k.dtype = stringField(j, "dtype");
      k.shape = shapeOf(field(j, "shape"));
    }
    return k;
  }
  if (type == "end") return endOf(j);
  if (type == "use") {
    TraceUse u;
    u.seq = integerField<std::int64_t>(j, "i", 0, kMaxSeq);
    u.thread = threadOf(j);
    u.what = stringField(j, "what");
    if (j.contains("s")) u.site = integerField<int>(j, "s", 0, 1 << 30);
    const RecordJson& d = field(j, "d");
    DETBENCH_CHECK_ARG(d.is_array() && d.size() <= kMaxTensorsPerOp,
                       "d must be an array of at most 4096 digests");
    for (const auto& x : d) u.digests.push_back(digestOf(x));
    return u;
  }
  if (type == "rank") {
    TraceRank r;
    r.rank = integerField<int>(j, "rank", 0, 1 << 24);
    const auto optionalInt = [&j](const char* key, int none) {
      const auto it = j.find(key);
      return it == j.end() || it->is_null() ? none : integerOf<int>(*it, key, 0, 1 << 24);
    };
    r.world = optionalInt("world", 0);
    r.localRank = optionalInt("local", -1);
    if (const auto b = j.find("backend"); b != j.end() && !b->is_null()) {
      r.backend = stringOf(*b, "backend");
    }
    return r;
  }
  if (type == "thread") {
    TraceThread th;
    th.thread = integerField<int>(j, "th", 1, kMaxScriptThreads);
    th.name = stringField(j, "name");
    return th;
  }
  if (type == "task") {
    TraceTask task;
    if (!field(j, "key").is_null()) {
      task.key = stringField(j, "key");
      DETBENCH_CHECK_ARG(!task.key.empty(), "key must not be empty");
      task.label = stringField(j, "label");
      task.worker = stringField(j, "worker");
      if (j.contains("owner")) task.owner = integerField<std::int64_t>(j, "owner", 0, kMaxSeq);
      if (j.contains("owner_key")) {
        task.ownerKey = stringField(j, "owner_key");
        DETBENCH_CHECK_ARG(task.ownerKey.rfind(kProcessTaskPrefix, 0) == 0 &&
                               task.ownerKey.size() > kProcessTaskPrefix.size(),
                           "owner_key must be a process's task key");
      }
    }
    return task;
  }
  if (type == "exited") {
    return TraceExited{integerField<std::int64_t>(j, "pid", 1, kMaxSeq),
                       integerField<int>(j, "code", -255, 255)};
  }
  if (type == "file") {
    TraceFileRead f;
    f.seq = integerField<std::int64_t>(j, "i", 0, kMaxSeq);
    f.thread = threadOf(j);
    f.path = stringField(j, "path");
    DETBENCH_CHECK_ARG(!f.path.empty() && f.path.size() <= 4096, "path must be 1 to 4096 bytes");
    if (j.contains("s")) f.site = integerField<int>(j, "s", 0, 1 << 30);
    return f;
  }
  if (type == "fatal") return TraceFatal{stringField(j, "why"), stringField(j, "detail")};
  DETBENCH_THROW(InvalidArgument, "unknown record type '" + type + "'");
}

}  // namespace

TraceEvent parseTraceRecord(std::string_view line) {
  DETBENCH_CHECK_ARG(line.size() <= kMaxRecordBytes, "a record longer than 16 MiB");
  DETBENCH_CHECK_ARG(jsonNestingDepth(line, kMaxRecordDepth) <= kMaxRecordDepth,
                     "a record nested deeper than " + std::to_string(kMaxRecordDepth) + " levels");
  RecordJson j = RecordJson::parse(line, nullptr, false);
  DETBENCH_CHECK_ARG(!j.is_discarded(), "a record that is not JSON");
  return eventOf(j);
}

std::size_t traceDtypeSize(std::string_view dtype) {
  struct Size {
    std::string_view name;
    std::size_t bytes;
  };
  static constexpr Size kSizes[] = {
      {"float32", 4},       {"float64", 8},     {"float16", 2},         {"bfloat16", 2},
      {"int64", 8},         {"int32", 4},       {"int16", 2},           {"int8", 1},
      {"uint8", 1},         {"bool", 1},        {"uint16", 2},          {"uint32", 4},
      {"uint64", 8},        {"complex64", 8},   {"complex128", 16},     {"complex32", 4},
      {"float8_e4m3fn", 1}, {"float8_e5m2", 1}, {"float8_e4m3fnuz", 1}, {"float8_e5m2fnuz", 1},
  };
  for (const auto& s : kSizes) {
    if (s.name == dtype) return s.bytes;
  }
  return 0;
}

}  // namespace detbench::trace
