#include "detbench/remote/SlurmJobsJson.hpp"

#include "detbench/base/Error.hpp"

namespace detbench::remote {

namespace {

using json = nlohmann::ordered_json;

json taskToJson(const BatchTaskStatus& t) {
  json j = {{"index", t.index},
            {"name", t.name},
            {"words", t.words},
            {"finished", t.finished},
            {"complete", t.complete},
            {"answered", t.answered},
            {"why", t.why}};
  if (t.slurm) {
    j["slurm"] = {{"id", t.slurm->id}, {"state", t.slurm->state}, {"reason", t.slurm->reason}};
  }
  return j;
}

// A field of `j` of the type T, or `fallback` where it is missing; another type is refused.
template <typename T>
T listed(const json& j, const char* name, T fallback) {
  DETBENCH_CHECK_ARG(j.is_object(), std::string("the listing holds a ") + j.type_name() +
                                        " where an object belongs");
  const auto it = j.find(name);
  if (it == j.end() || it->is_null()) return fallback;
  try {
    return it->get<T>();
  } catch (const json::exception&) {
    DETBENCH_THROW(InvalidArgument,
                   std::string("the listing's \"") + name + "\" is a " + it->type_name());
  }
}

const json& listedList(const json& j, const char* name) {
  static const json kNone = json::array();
  const json& found = j.contains(name) ? j.at(name) : kNone;
  DETBENCH_CHECK_ARG(found.is_array(), std::string("the listing's \"") + name + "\" is not a list");
  return found;
}

BatchTaskStatus taskFromJson(const json& j) {
  BatchTaskStatus t;
  t.index = listed(j, "index", 0);
  t.name = listed(j, "name", std::string());
  t.words = listed(j, "words", std::string());
  t.finished = listed(j, "finished", true);
  t.complete = listed(j, "complete", false);
  t.answered = listed(j, "answered", false);
  t.why = listed(j, "why", std::string());
  if (j.contains("slurm") && !j.at("slurm").is_null()) {
    const json& s = j.at("slurm");
    t.slurm = SlurmJobState{listed(s, "id", std::string()), listed(s, "state", std::string()),
                            listed(s, "reason", std::string())};
  }
  return t;
}

}  // namespace

json batchesToJson(const std::vector<BatchStatus>& batches) {
  json out = json::array();
  for (const BatchStatus& b : batches) {
    json jobs = json::array();
    for (const BatchJobStatus& job : b.jobs) {
      json tasks = json::array();
      for (const BatchTaskStatus& t : job.tasks) tasks.push_back(taskToJson(t));
      jobs.push_back({{"name", job.name},
                      {"id", job.id},
                      {"label", job.label},
                      {"target", job.target ? batchTargetToJson(*job.target) : json()},
                      {"folder", job.folder},
                      {"tasks", std::move(tasks)}});
    }
    out.push_back({{"folder", b.folder},
                   {"name", b.name},
                   {"kind", b.kind},
                   {"op", b.op},
                   {"device", b.device},
                   {"unreadable", b.unreadable},
                   {"jobs", std::move(jobs)}});
  }
  return out;
}

std::vector<BatchStatus> batchesFromJson(const json& j) {
  DETBENCH_CHECK_ARG(j.is_array(), "the listing is not a list of batches");
  std::vector<BatchStatus> batches;
  for (const json& b : j) {
    BatchStatus batch;
    batch.folder = listed(b, "folder", std::string());
    batch.name = listed(b, "name", std::string());
    batch.kind = listed(b, "kind", std::string("run"));
    batch.op = listed(b, "op", std::string("?"));
    batch.device = listed(b, "device", std::string("?"));
    batch.unreadable = listed(b, "unreadable", std::string());
    for (const json& job : listedList(b, "jobs")) {
      BatchJobStatus s;
      s.name = listed(job, "name", std::string());
      s.id = listed(job, "id", std::string());
      s.label = listed(job, "label", std::string());
      if (const auto it = job.find("target"); it != job.end() && !it->is_null()) {
        s.target = batchTargetFromJson(*it);
        DETBENCH_CHECK_ARG(s.target.has_value(),
                           "the listing's \"target\" is not an object of "
                           "strings");
      }
      s.folder = listed(job, "folder", std::string());
      for (const json& t : listedList(job, "tasks")) s.tasks.push_back(taskFromJson(t));
      batch.jobs.push_back(std::move(s));
    }
    batches.push_back(std::move(batch));
  }
  return batches;
}

}  // namespace detbench::remote
