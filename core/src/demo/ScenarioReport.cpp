#include "detbench/demo/ScenarioReport.hpp"

#include <sstream>

#include "detbench/base/BuildInfo.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/settings/SettingsJson.hpp"
#include "detbench/trace/TraceReport.hpp"

namespace detbench::demo {

namespace {
using json = nlohmann::ordered_json;
}  // namespace

json scenarioReportJson(const Scenario& s, const ScenarioOutcome& o) {
  json j;
  j["format"] = "detbench-demo-report";
  j["version"] = 1;
  j["tool"] = std::string("detbench ") + kToolVersion;
  j["scenario"] = s.name;
  j["device"] = o.device;
  j["fallback_to_cpu_threads"] = o.fallback;
  j["as_expected"] = o.asExpected();
  json checks = json::array();
  for (const auto& c : o.checks) checks.push_back({{"passed", c.passed}, {"what", c.what.en}});
  j["checks"] = checks;
  if (!o.runs.empty()) {
    json runs = json::array();
    for (std::size_t i = 0; i < o.runs.size(); ++i) {
      const RunResult& r = o.runs[i];
      json run{{"label", r.label},
               {"op", r.op},
               {"device", r.device},
               {"settings", settingsToJson(r.settings)},
               {"trials", r.trials.size()}};
      if (r.failed()) {
        run["error"] = {{"kind", r.errors.front().kind}, {"message", r.errors.front().message}};
      } else {
        run["distinct_outputs"] = r.summary.distinctDigests;
        run["median_time_ns"] = r.summary.time.median;
      }
      json warnings = json::array();
      for (const auto& w : r.warnings) warnings.push_back(w.message);
      run["warnings"] = warnings;
      if (i < o.drawnNumbers.size() && !o.drawnNumbers[i].empty()) {
        run["drawn_numbers"] = o.drawnNumbers[i];
      }
      runs.push_back(run);
    }
    j["runs"] = runs;
  }
  if (o.loader) {
    json modes = json::array();
    for (const auto& m : o.loader->modes) {
      json changes = json::array();
      for (const auto& row : m.changes) {
        json r = json::array();
        for (auto c : row) r.push_back(static_cast<int>(c));
        changes.push_back(r);
      }
      modes.push_back({{"mode", std::string(toString(m.mode))},
                       {"changes_vs_run_1", changes},
                       {"workers_repeat_each_other", m.workersRepeatEachOther}});
    }
    j["loader"] = {{"change_codes", "0 same, 1 augmentation, 2 order"}, {"modes", modes}};
  }
  if (o.hash) {
    json interpreters = json::array();
    for (const auto& i : o.hash->interpreters) {
      interpreters.push_back(
          {{"pythonhashseed", std::string(toString(i.setting))}, {"order", i.order}});
    }
    j["hash"] = {{"python", o.hash->python}, {"interpreters", interpreters}};
  }
  if (o.generators) {
    json draws = json::array();
    for (const auto& d : o.generators->draws) {
      draws.push_back({{"process", d.process},
                       {"stream", std::string(toString(d.stream))},
                       {"values", d.values}});
    }
    j["generators"] = {{"seed", o.generators->seed}, {"draws", draws}};
  }
  if (o.training) {
    json configs = json::array();
    for (const auto& c : o.training->configs) {
      json cj{{"name", c.name}, {"settings", settingsToJson(c.settings)}};
      if (!c.error.empty()) {
        cj["error"] = c.error;
      } else {
        cj["first_divergent_step"] = c.firstDivergentStep;
        cj["final_loss_spread"] = c.finalSpread;
        cj["distinct_final_parameters"] = c.distinctFinalParameters();
        cj["losses"] = c.losses;
        cj["parameter_distance"] = c.parameterDistance;
      }
      configs.push_back(cj);
    }
    j["training"] = {{"device", o.training->device}, {"configs", configs}};
  }
  if (o.decoder) {
    json forms = json::array();
    for (const auto& f : o.decoder->forms) {
      json fj{{"batch_invariant", f.batchInvariant}};
      if (!f.error.empty()) fj["error"] = f.error;
      json batches = json::array();
      for (const auto& b : f.batches) {
        batches.push_back({{"batch_size", b.batchSize},
                           {"first_different_logits", b.firstDifferentLogits},
                           {"diverged_at", b.divergedAt},
                           {"flip_gap", b.flipGap},
                           {"flip_relative_gap", b.flipRelativeGap},
                           {"max_logit_diff", b.maxLogitDiff},
                           {"tokens", b.tokens}});
      }
      fj["batches"] = std::move(batches);
      forms.push_back(std::move(fj));
    }
    j["decoder"] = {
        {"device", o.decoder->device}, {"threads", o.decoder->threads}, {"forms", forms}};
  }
  if (o.trace) {
    json t{{"python", o.trace->python}};
    if (!o.trace->error.empty()) t["error"] = o.trace->error;
    json configs = json::array();
    for (const auto& c : o.trace->result.configs) {
      json cj{{"name", c.config.name},
              {"settings", trace::traceSettingsJson(c.config.settings)},
              {"verdict", trace::describeVerdict(c)},
              {"reproducible", c.alignment.reproducible()}};
      json ops = json::array();
      for (const auto& r : c.alignment.runs) ops.push_back(r.ops);
      cj["ops"] = ops;
      if (!c.alignment.causes.empty()) {
        const trace::TraceCause& first = c.alignment.causes.front();
        cj["first_cause"] = {{"op", first.seq},
                             {"name", first.op.name},
                             {"category", std::string(trace::toString(first.category))},
                             {"line", first.site ? json(first.site->line) : json()}};
      }
      cj["causes"] = c.alignment.causes.size();
      configs.push_back(std::move(cj));
    }
    t["configurations"] = std::move(configs);
    j["trace"] = std::move(t);
  }
  return j;
}

std::string scenarioReportMarkdown(const Scenario& s, const ScenarioOutcome& o,
                                   std::string_view lang) {
  std::ostringstream md;
  md << "# " << s.title.in(lang) << "\n\n" << s.lesson.in(lang) << "\n\n";
  md << "- demo: `detbench demo " << s.name << "` (detbench " << kToolVersion << ")\n";
  md << "- device: " << o.device << (o.fallback ? " (no GPU here: the cpu-threads version)" : "")
     << "\n\n";
  if (!o.runs.empty()) {
    md << "| run | op | device | distinct outputs | median time | note |\n";
    md << "|---|---|---|---|---|---|\n";
    for (std::size_t i = 0; i < o.runs.size(); ++i) {
      const RunResult& r = o.runs[i];
      md << "| " << s.runs[i].label.in(lang) << " | " << r.op << " | " << r.device << " | ";
      if (r.failed()) {
        md << "- | - | " << r.errors.front().kind << " |\n";
        continue;
      }
      std::ostringstream note;
      if (!r.warnings.empty()) note << "warning";
      if (i < o.drawnNumbers.size() && !o.drawnNumbers[i].empty()) {
        if (!r.warnings.empty()) note << "; ";
        note << "first numbers:";
        for (const double v : o.drawnNumbers[i]) note << ' ' << formatFloat(v);
      }
      md << r.summary.distinctDigests << " in " << r.trials.size() << " | "
         << formatDuration(r.summary.time.median) << " | " << note.str() << " |\n";
    }
    md << "\n";
  }
  if (o.loader) {
    md << "| loader mode | batches changed vs run 1 | workers repeat each other |\n|---|---|---|\n";
    for (const auto& m : o.loader->modes) {
      md << "| " << toString(m.mode) << " | " << m.changedBatches() << " | "
         << (m.workersRepeatEachOther ? "yes" : "no") << " |\n";
    }
    md << "\n";
  }
  if (o.hash) {
    md << "| PYTHONHASHSEED | list(set(...)) in CPython " << o.hash->python << " |\n|---|---|\n";
    for (const auto& i : o.hash->interpreters) {
      md << "| " << toString(i.setting) << " | " << python::listRepr(i.order) << " |\n";
    }
    md << "\n";
  }
  if (o.generators) {
    md << "| process | after np.random.seed(" << o.generators->seed << ") | values |\n";
    md << "|---|---|---|\n";
    for (const auto& d : o.generators->draws) {
      md << "| " << d.process << " | " << toString(d.stream) << " |";
      for (const double v : d.values) md << " " << formatFloat(v);
      md << " |\n";
    }
    md << "\n";
  }
  if (o.training) {
    md << "| configuration | runs | first step that differs | final loss | spread of final losses "
          "|\n";
    md << "|---|---|---|---|---|\n";
    for (const auto& c : o.training->configs) {
      if (!c.error.empty()) {
        md << "| " << c.name << " | - | - | - | " << c.error << " | - |\n";
        continue;
      }
      md << "| " << c.name << " | " << c.losses.size() << " | "
         << (c.firstDivergentStep < 0 ? std::string("none") : std::to_string(c.firstDivergentStep))
         << " | " << formatFloat(c.losses.front().back()) << " | " << formatFloat(c.finalSpread)
         << " | " << c.distinctFinalParameters() << " |\n";
    }
    md << "\n";
  }
  if (o.decoder) {
    const bool zh = lang.starts_with("zh");
    md << (zh ? "| 内核 | 批大小 | logits 首次不同的步 | token 首次分叉的步 | 分叉时的 logit 差 |\n"
              : "| kernels | batch size | first step with other logits | first other token | "
                "logit gap at the flip |\n");
    md << "|---|---|---|---|---|\n";
    const std::string none = zh ? "无" : "none";
    for (const auto& f : o.decoder->forms) {
      const std::string kind =
          f.batchInvariant ? (zh ? "批不变" : "batch-invariant") : (zh ? "默认" : "default");
      for (const auto& b : f.batches) {
        md << "| " << kind << " | " << b.batchSize << " | "
           << (b.firstDifferentLogits < 0 ? none : std::to_string(b.firstDifferentLogits)) << " | "
           << (b.divergedAt < 0 ? none : std::to_string(b.divergedAt)) << " | "
           << (b.divergedAt < 0 ? std::string("-") : formatFloat(b.flipGap)) << " |\n";
      }
    }
    md << "\n";
  }
  if (o.trace && o.trace->error.empty()) {
    const bool zh = lang.starts_with("zh");
    md << (zh ? "| 配置 | 结论 | 第一个原因 |\n" : "| configuration | verdict | first cause |\n");
    md << "|---|---|---|\n";
    for (const auto& c : o.trace->result.configs) {
      md << "| " << c.config.name << " (" << trace::describeSettings(c.config.settings) << ") | "
         << trace::describeVerdict(c) << " | ";
      if (c.alignment.causes.empty()) {
        md << "-";
      } else {
        const trace::TraceCause& first = c.alignment.causes.front();
        md << "op " << first.seq << " `" << first.op.name << "`";
        if (first.site) md << " at `" << trace::describeSite(*first.site) << "`";
      }
      md << " |\n";
    }
    md << "\n";
  }
  for (const auto& c : o.checks)
    md << "- " << (c.passed ? "[x] " : "[ ] ") << c.what.in(lang) << "\n";
  const LocalText verdict = o.asExpected() ? LocalText{"As expected.", "与预期一致。"}
                                           : LocalText{"Not as the text says.", "与说明不符。"};
  md << "\n" << verdict.in(lang) << "\n";
  return md.str();
}

}  // namespace detbench::demo
