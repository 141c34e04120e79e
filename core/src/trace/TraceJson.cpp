#include <nlohmann/json.hpp>

#include "detbench/catalog/PyTorchAlerts.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/report/ReportJson.hpp"
#include "detbench/trace/TraceReport.hpp"
#include "detbench/trace/TraceWorldSizes.hpp"

namespace detbench::trace {

namespace {

using json = nlohmann::ordered_json;

json siteJson(const std::optional<TraceSite>& s) {
  if (!s) return json();
  json j;
  j["file"] = s->file;
  j["line"] = s->line;
  j["function"] = s->function;
  return j;
}

json tensorJson(const TraceTensor& t) {
  json j;
  j["digest"] = t.digest ? json(formatDigest(*t.digest)) : json();
  j["dtype"] = t.dtype;
  j["shape"] = t.shape;
  j["device"] = t.device;
  if (t.uninitialized) j["uninitialized"] = true;
  if (t.opaque) j["opaque"] = true;
  return j;
}

json tensorsJson(const std::vector<TraceTensor>& ts) {
  json a = json::array();
  for (const auto& t : ts) a.push_back(tensorJson(t));
  return a;
}

json scalarsJson(const std::vector<std::pair<std::string, std::string>>& scalars) {
  json j = json::object();
  for (const auto& [k, v] : scalars) {
    // A scalar's text comes from the traced script: parsed only when it is not nested past
    // kMaxJsonDepth (dump() recurses once a level), else kept as the text it is.
    json value = jsonNestingDepth(v) <= kMaxJsonDepth ? json::parse(v, nullptr, false)
                                                      : json(json::value_t::discarded);
    j[k] = value.is_discarded() ? json(v) : value;
  }
  return j;
}

json catalogJson(const CauseExplanation& e, PyTorchRelease release) {
  if (e.compiled) {
    json j;
    j["op"] = "compiled code";
    j["release"] = toString(release);
    j["deterministic_switch"] = e.compiled->deterministicSwitch;
    j["batch_invariant_switch"] = e.compiled->batchInvariantSwitch;
    j["note"] = std::string(e.compiled->note);
    j["source"] = std::string(e.compiled->source);
    return j;
  }
  if (!e.traits || !e.match) return json();
  const DeviceTraits& t = e.traits->traits(e.traitsClass);
  json j;
  j["op"] = e.match->op;
  j["release"] = toString(release);
  j["traits"] = e.traitsClass == TraitsClass::Cuda ? "cuda" : "cpu";
  j["nondeterministic_by_default"] = t.nondeterministicByDefault;
  j["source"] = std::string(toString(t.source));
  j["deterministic_mode"] = std::string(describe(t.errorMode));
  j["detbench_extension"] = t.detbenchExtension;
  j["pytorch_caller"] = t.pytorchCaller.empty() ? json() : json(std::string(t.pytorchCaller));
  j["note"] = std::string(t.note);
  json params = json::object();
  for (const auto& [k, v] : e.match->params) params[k] = v;
  j["parameters"] = params;
  return j;
}

json differenceJson(const std::map<CauseId, CauseDifference>* differences, const CauseId& id) {
  if (!differences) return json();
  const auto it = differences->find(id);
  if (it == differences->end()) return json();
  const CauseDifference& d = it->second;
  json j;
  j["measured"] = d.measured;
  j["seen_again"] = d.seenAgain;
  j["run"] = d.measured ? json(d.run) : json();
  j["elements"] = d.diff.elements;
  j["n_diff"] = d.diff.nDiff;
  j["max_abs_diff"] = jsonNumber(d.diff.maxAbsDiff);
  j["max_ulp"] = d.diff.maxUlp;
  j["note"] = d.note.empty() ? json() : json(d.note);
  return j;
}

json kernelsJson(const KernelDifference& d) {
  json j;
  j["run"] = d.run;
  j["count"] = d.count;
  j["other_count"] = d.otherCount;
  j["first_differing"] = d.index < 0 ? json() : json(d.index + 1);
  j["name"] = d.name.empty() ? json() : json(d.name);
  j["other_name"] = d.otherName.empty() ? json() : json(d.otherName);
  j["beyond_listed"] = d.beyondListed;
  j["text"] = describeKernels(d);
  return j;
}

// `differences`: the second pass's, by cause (null where it did not run for these causes).
json causeJson(const TraceAlignment& alignment,
               const std::map<CauseId, CauseDifference>* differences, const TraceCause& cause,
               PyTorchRelease release) {
  const CauseExplanation e = explainCause(cause, release, alignment.unseededGenerators);
  json j;
  j["op"] = cause.seq;
  j["thread"] = cause.thread;
  j["name"] = cause.op.name;
  j["category"] = std::string(toString(cause.category));
  if (cause.chosen) j["chosen"] = true;
  j["kind"] = std::string(toString(e.kind));
  j["site"] = siteJson(cause.site);
  j["runs"] = cause.runs;
  j["inputs"] = tensorsJson(cause.op.inputs);
  j["outputs"] = tensorsJson(cause.op.outputs);
  j["differing_inputs"] = cause.inputs;
  j["differing_outputs"] = cause.outputs;
  j["arguments"] = scalarsJson(cause.op.scalars);
  json differing = json::array();
  for (const auto& d : cause.arguments) {
    json x;
    x["name"] = d.name;
    const auto value = [](const std::string& v) {
      if (v.empty()) return json();
      json parsed = jsonNestingDepth(v) <= kMaxJsonDepth ? json::parse(v, nullptr, false)
                                                         : json(json::value_t::discarded);
      return parsed.is_discarded() ? json(v) : parsed;
    };
    x["run_1"] = value(d.reference);
    x["other"] = value(d.other);
    x["run"] = d.run;
    differing.push_back(x);
  }
  j["differing_arguments"] = differing;
  if (const auto& g = cause.generator) {
    j["generator"] = {{"run_1", g->reference}, {"other", g->other}, {"run", g->run}};
  }
  j["kernels"] = cause.kernels ? kernelsJson(*cause.kernels) : json();
  if (!cause.matters) {
    json a;
    if (cause.absorbedBy) {
      a["op"] = cause.absorbedBy->seq;
      a["thread"] = cause.absorbedBy->thread;
      a["name"] = cause.absorbedBy->name;
      a["site"] = siteJson(cause.absorbedBy->site);
    }
    j["absorbed_by"] = cause.absorbedBy ? a : json();
    j["why_no_result"] = describeNote(cause);
  }
  j["catalog"] = catalogJson(e, release);
  j["fix"] = std::string(toString(e.fix));
  j["fix_text"] = describeFix(e.fix, e);
  j["command"] = e.command.empty() ? json() : json(e.command);
  j["difference"] = differenceJson(differences, causeId(cause));
  return j;
}

json statusRuns(const std::vector<OpStatus>& statuses) {
  json a = json::array();
  for (std::size_t i = 0; i < statuses.size();) {
    std::size_t k = i;
    while (k < statuses.size() && statuses[k] == statuses[i]) ++k;
    a.push_back(json::array({std::string(toString(statuses[i])), k - i}));
    i = k;
  }
  return a;
}

json runJson(const TraceRunSummary& r) {
  json j;
  j["run"] = r.run;
  j["python"] = r.start ? json(r.start->python) : json();
  j["torch"] = r.start ? json(r.start->torch) : json();
  j["threads"] = r.start ? json(r.start->threads) : json();
  j["deterministic"] = r.start ? json(r.start->deterministic) : json();
  j["applied"] = r.start ? scalarsJson(r.start->applied) : json();
  j["compile"] = r.start && !r.start->compile.empty() ? json(r.start->compile) : json();
  j["ops"] = r.ops;
  j["compared"] = r.compared;
  j["differing"] = r.differing;
  j["first_difference"] = r.firstDifference > 0 ? json(r.firstDifference) : json();
  j["peak_rss_kib"] = r.end && r.end->peakRssKiB > 0 ? json(r.end->peakRssKiB) : json();
  j["completed"] = r.completed();
  j["ended"] = describeRunEnd(r);
  j["exit_code"] = r.exit.exited ? json(r.exit.code) : json();
  j["signal"] = r.exit.exited ? json() : json(r.exit.signal);
  j["timed_out"] = r.exit.timedOut;
  j["cancelled"] = r.exit.cancelled;
  j["problem"] = r.exit.problem.empty() ? json() : json(r.exit.problem);
  j["failed_process"] = r.exit.process.empty() ? json() : json(r.exit.process);
  if (r.end && r.end->status == "exception") {
    json x;
    x["type"] = r.end->type;
    x["message"] = r.end->message;
    x["where"] = siteJson(r.end->where);
    j["exception"] = x;
  } else {
    j["exception"] = json();
  }
  if (r.lastRaise) {
    json x;
    x["op"] = r.lastRaise->seq;
    x["name"] = r.lastRaise->op;
    x["site"] = siteJson(r.lastRaiseSite);
    x["type"] = r.lastRaise->type;
    x["message"] = r.lastRaise->message;
    x["nondeterministic_alert"] = isPyTorchAlert(r.lastRaise->message);
    j["raised"] = x;
  } else {
    j["raised"] = json();
  }
  json warnings = json::array();
  for (const auto& w : r.warnings) warnings.push_back({{"op", w.seq}, {"message", w.message}});
  j["warnings"] = warnings;
  json files = json::array();
  for (const auto& f : r.earlierFiles) {
    files.push_back(
        {{"path", f.path}, {"thread", f.thread}, {"op", f.seq}, {"site", siteJson(f.site)}});
  }
  j["earlier_files"] = files;
  j["stderr_tail"] = r.completed() || r.exit.stderrTail.empty() ? json() : json(r.exit.stderrTail);
  j["statuses"] = statusRuns(r.statuses);
  return j;
}

json resultDifferencesJson(const std::vector<TraceResultDifference>& list) {
  json out = json::array();
  for (const auto& d : list) {
    json q;
    q["run"] = d.run;
    q["thread"] = d.thread;
    q["after_op"] = d.seq;
    q["what"] = d.what;
    q["site"] = siteJson(d.site);
    json suspects = json::array();
    for (const auto& [thread, seq] : d.suspects)
      suspects.push_back({{"thread", thread}, {"op", seq}});
    q["suspects"] = suspects;
    out.push_back(q);
  }
  return out;
}

json partingsJson(const std::vector<TraceParting>& list) {
  json partings = json::array();
  for (const auto& p : list) {
    json q;
    q["run"] = p.run;
    q["op"] = p.seq;
    q["thread"] = p.thread;
    q["kind"] = std::string(toString(p.kind));
    q["reference"] = p.reference.empty() ? json() : json(p.reference);
    q["other"] = p.other.empty() ? json() : json(p.other);
    q["reference_site"] = siteJson(p.referenceSite);
    q["other_site"] = siteJson(p.otherSite);
    partings.push_back(q);
  }
  return partings;
}

json inheritedJson(const std::vector<RankInheritance>& list) {
  json inherited = json::array();
  for (const auto& h : list) {
    inherited.push_back(
        {{"op", h.seq},
         {"thread", h.thread},
         {"name", h.op},
         {"from_rank",
          h.fromRank == kScriptRank || h.fromRank == kPoolRank ? json() : json(h.fromRank)},
         {"from", h.fromRank == kScriptRank ? "script"
                  : h.fromRank == kPoolRank ? "pool"
                                            : "rank"},
         {"runs", h.runs}});
  }
  return inherited;
}

// A rank's entry, or the pool's (its tasks as `threads`).
json rankJson(const TraceRankResult& r, PyTorchRelease release) {
  json x;
  x["rank"] = r.rank == kPoolRank ? json() : json(r.rank);
  x["world_size"] = r.world > 0 ? json(r.world) : json();
  x["backend"] = r.backend.empty() ? json() : json(r.backend);
  x["script_process"] = r.scriptProcess;
  x["pids"] = r.pids;
  x["verdict"] = describeRank(r);
  x["ops_compared"] = r.alignment.comparedOps();
  x["collectives"] = r.collectives.size();
  json runs = json::array();
  for (const auto& run : r.alignment.runs) runs.push_back(runJson(run));
  x["runs"] = runs;
  x["partings"] = partingsJson(r.alignment.partings);
  x["differing_results"] = resultDifferencesJson(r.alignment.differingResults);
  json causes = json::array();
  for (const auto& cause : r.alignment.causes) {
    causes.push_back(causeJson(r.alignment, nullptr, cause, release));
  }
  x["causes"] = causes;
  x["inherited_from_ranks"] = inheritedJson(r.inherited);
  json notes = json::array();
  for (const auto& note : r.alignment.notes) {
    notes.push_back(causeJson(r.alignment, nullptr, note, release));
  }
  x["notes"] = notes;
  return x;
}

json jobJson(const TraceJobResult& job, PyTorchRelease release) {
  if (job.empty()) return json();
  json j;
  const TraceRankResult* first = job.firstCause();
  j["first_cause_rank"] = first && first->rank != kPoolRank ? json(first->rank) : json();
  j["first_cause_in_pool"] = first && first->rank == kPoolRank;
  j["ops_compared"] = job.comparedOps();
  j["agree"] = job.agrees();
  j["unranked_processes"] = job.unrankedProcesses;
  j["unranked_ops"] = job.unrankedOps;
  j["problems"] = job.problems;
  if (job.disagreement) {
    const RankDisagreement& d = *job.disagreement;
    j["ranks_disagree"] = {{"collective", d.collective},
                           {"name", d.op},
                           {"reference_rank", d.reference},
                           {"ranks", d.ranks},
                           {"summary", describeDisagreement(d)}};
  } else {
    j["ranks_disagree"] = json();
  }
  json ranks = json::array();
  for (const auto& r : job.ranks) ranks.push_back(rankJson(r, release));
  j["ranks"] = ranks;
  if (job.pool) {
    json pool = rankJson(*job.pool, release);
    pool["workers"] = job.poolWorkers;
    pool["tasks"] = job.poolTasks;
    pool["processes"] = job.poolProcesses;
    pool["ops_not_compared"] = job.pool->alignment.otherThreadOps;
    json threads = json::array();
    const std::vector<int>& owners = job.pool->taskOwners;
    for (const auto& t : job.pool->alignment.threads) {
      // The rank whose process started the worker; null for the script's own pool.
      const auto at = static_cast<std::size_t>(t.thread) - 1;
      const int owner = t.thread >= 1 && at < owners.size() ? owners[at] : kScriptRank;
      threads.push_back(
          {{"thread", t.thread}, {"name", t.name}, {"rank", owner >= 0 ? json(owner) : json()}});
    }
    pool["threads"] = threads;
    j["pool"] = pool;
  } else {
    j["pool"] = json();
  }
  j["from_pool"] = inheritedJson(job.fromPool);
  return j;
}

json configJson(const TraceConfigResult& c, PyTorchRelease release) {
  json j;
  j["name"] = c.config.name;
  j["settings"] = traceSettingsJson(c.config.settings);
  j["verdict"] = describeVerdict(c);
  j["reproducible"] = c.reproducible();
  j["ops_compared"] = c.comparedOps();
  j["ops_on_other_threads"] = c.alignment.otherThreadOps;
  json threads = json::array();
  for (const auto& t : c.alignment.threads) {
    json x;
    x["thread"] = t.thread;
    x["name"] = t.name;
    threads.push_back(x);
  }
  j["threads"] = threads;
  j["failed"] = c.failed();
  j["cancelled"] = c.cancelled;
  j["second_pass"] = c.secondPassRan;
  j["analysis_bytes"] = c.heldBytes;
  json runs = json::array();
  for (const auto& r : c.alignment.runs) runs.push_back(runJson(r));
  j["runs"] = runs;
  j["partings"] = partingsJson(c.alignment.partings);
  j["differing_results"] = resultDifferencesJson(c.alignment.differingResults);
  j["causes_truncated"] = c.alignment.causesTruncated;
  json causes = json::array();
  for (const auto& cause : c.alignment.causes) {
    causes.push_back(causeJson(c.alignment, &c.differences, cause, release));
  }
  j["causes"] = causes;
  json findings = json::array();
  for (const auto& f : groupCauses(c.alignment, release)) {
    json x;
    x["kind"] = std::string(toString(f.kind));
    x["fix"] = std::string(toString(f.fix));
    x["causes"] = f.count;
    x["first_op"] = f.firstSeq;
    if (f.firstThread != 0) x["first_thread"] = f.firstThread;
    x["first_name"] = f.firstName;
    x["first_site"] = siteJson(f.firstSite);
    x["call_sites"] = f.sites;
    x["confirm_with"] = f.confirmWith.empty() ? json() : json(f.confirmWith);
    findings.push_back(x);
  }
  j["findings"] = findings;
  json notes = json::array();
  for (const auto& note : c.alignment.notes) {
    notes.push_back(causeJson(c.alignment, &c.differences, note, release));
  }
  j["notes"] = notes;
  json generators = json::array();
  for (const auto& g : c.alignment.unseededGenerators) generators.push_back(g);
  j["unseeded_generators"] = generators;
  j["job"] = jobJson(c.job, release);
  return j;
}

}  // namespace

nlohmann::ordered_json traceToJson(const TraceDocument& doc) {
  json j;
  j["format"] = "detbench-trace";
  j["schema_version"] = kTraceSchemaVersion;
  j["context"] = environmentToJson(doc.context);
  j["command"] = doc.command.argv();
  j["working_dir"] = doc.workingDir;
  j["python"] = doc.result.python.python;
  j["torch"] = doc.result.python.torch;
  j["torch_dir"] = doc.result.python.torchDir;
  j["pytorch_release"] = toString(doc.release.release);
  j["pytorch_release_how"] = doc.release.how;
  j["runs_per_configuration"] = doc.runs;
  j["run_places"] = doc.runPlaces.empty() ? json() : json(doc.runPlaces);
  json window;
  window["from"] = doc.window.first;
  window["to"] = doc.window.last > 0 ? json(doc.window.last) : json();
  j["window"] = window;
  j["timeout_s"] = doc.timeoutSeconds > 0 ? json(doc.timeoutSeconds) : json();
  j["cancelled"] = doc.result.cancelled;
  json configs = json::array();
  for (const auto& c : doc.result.configs) configs.push_back(configJson(c, doc.release.release));
  j["configurations"] = configs;
  const auto sizes = compareWorldSizes(doc.result);
  if (sizes) {
    json w;
    w["sizes"] = sizes->sizes;
    w["collectives_compared"] = sizes->collectivesCompared;
    w["first_differing_collective"] =
        sizes->firstDiffering > 0 ? json(sizes->firstDiffering) : json();
    w["op"] = sizes->op.empty() ? json() : json(sizes->op);
    json digests = json::array();
    for (const auto d : sizes->digests) digests.push_back(formatDigest(d));
    w["digests"] = digests;
    w["results_differ"] = sizes->resultsCompared ? json(sizes->resultsDiffer) : json();
    w["summary"] = describeWorldSizes(*sizes);
    j["world_sizes"] = w;
  } else {
    j["world_sizes"] = json();
  }
  return j;
}

}  // namespace detbench::trace
