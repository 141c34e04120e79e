#include "detbench/demo/ScenarioText.hpp"

#include <iomanip>
#include <sstream>

#include "detbench/report/Format.hpp"
#include "detbench/trace/TraceReport.hpp"

namespace detbench::demo {

namespace {

void printRuns(std::ostream& out, const Scenario& s, const ScenarioOutcome& o,
               const std::string& lang) {
  for (std::size_t i = 0; i < o.runs.size(); ++i) {
    const RunResult& r = o.runs[i];
    out << "  " << i + 1 << ". " << s.runs[i].label.in(lang) << "  [" << r.op << " on " << r.device
        << "]\n     ";
    if (r.failed()) {
      out << r.errors.front().kind << ": " << r.errors.front().message << "\n";
      continue;
    }
    out << r.summary.distinctDigests << " distinct output"
        << (r.summary.distinctDigests == 1 ? "" : "s") << " in " << r.trials.size()
        << " trials, median " << formatDuration(r.summary.time.median) << " per trial";
    std::string algorithms;
    for (const auto& t : r.trials) {
      if (!t.algorithm.empty() && algorithms.find(t.algorithm) == std::string::npos) {
        algorithms += (algorithms.empty() ? "" : "; ") + t.algorithm;
      }
    }
    if (!algorithms.empty()) out << "\n     algorithm: " << algorithms;
    if (i < o.drawnNumbers.size() && !o.drawnNumbers[i].empty()) {
      out << "\n     " << (lang.starts_with("zh") ? "前几个数：" : "first numbers:");
      for (const double v : o.drawnNumbers[i]) {
        std::ostringstream number;
        number << std::fixed << std::setprecision(4) << v;
        out << " " << number.str();
      }
      out << " ...";
    }
    for (const auto& w : r.warnings) out << "\n     warning: " << w.message;
    out << "\n";
  }
}

void printHash(std::ostream& out, const HashOutcome& h) {
  out << "  list(set(...)) in CPython " << h.python << ", one interpreter after another:\n";
  for (const auto& i : h.interpreters) {
    out << "  PYTHONHASHSEED " << std::left << std::setw(13) << std::string(toString(i.setting))
        << std::right << python::listRepr(i.order) << "\n";
  }
}

void printGenerators(std::ostream& out, const GeneratorOutcome& g) {
  out << "  np.random.seed(" << g.seed << ") in each process, then:\n";
  for (const auto& d : g.draws) {
    out << "  process " << d.process << "  " << std::left << std::setw(18)
        << std::string(toString(d.stream)) << std::right << std::fixed << std::setprecision(8);
    for (const double v : d.values) out << " " << v;
    out << std::defaultfloat << "\n";
  }
}

void printLoader(std::ostream& out, const LoaderOutcome& l) {
  out << "  batches changed against run 1 (O: order, a: augmentation, .: same):\n";
  for (const auto& m : l.modes) {
    out << "  " << std::left << std::setw(28) << std::string(toString(m.mode)) << std::right;
    for (std::size_t r = 1; r < m.changes.size(); ++r) {
      out << (r > 1 ? " | " : "");
      for (auto c : m.changes[r])
        out << (c == BatchChange::Order ? 'O' : c == BatchChange::Augmentation ? 'a' : '.');
    }
    out << (m.workersRepeatEachOther ? "   workers repeat each other" : "") << "\n";
  }
}

void printTraining(std::ostream& out, const TrainingOutcome& t) {
  for (const auto& c : t.configs) {
    out << "  " << std::left << std::setw(14) << c.name << std::right;
    if (!c.error.empty()) {
      out << c.error << "\n";
      continue;
    }
    out << c.losses.size() << " runs, final loss " << formatFloat(c.losses.front().back());
    if (c.firstDivergentStep < 0) {
      out << ", identical at every step\n";
    } else {
      out << ", first differ at step " << c.firstDivergentStep << ", final losses spread "
          << formatFloat(c.finalSpread) << ", " << c.distinctFinalParameters()
          << " different final weight sets\n";
    }
  }
}

void printTrace(std::ostream& out, const TraceLessonOutcome& t) {
  if (!t.error.empty()) {
    out << "  " << t.error << "\n";
    return;
  }
  out << "  " << t.python << ": Python " << t.result.python.python << ", PyTorch "
      << t.result.python.torch << "\n";
  for (const auto& c : t.result.configs) {
    out << "  " << std::left << std::setw(14) << c.config.name << std::right
        << trace::describeVerdict(c) << "\n";
    if (!c.alignment.causes.empty()) {
      const trace::TraceCause& first = c.alignment.causes.front();
      out << "    first cause: op " << first.seq << " " << first.op.name;
      if (first.site) out << " at " << trace::describeSite(*first.site);
      out << "\n";
    }
  }
}

void printDecoder(std::ostream& out, const DecoderOutcome& d, const std::string& language) {
  const bool zh = language.starts_with("zh");
  if (d.device == "cpu-threads") {
    out << (zh ? "cpu-threads 使用 " : "cpu-threads with ") << d.threads
        << (zh ? " 个线程（固定）\n" : " threads (pinned)\n");
  }
  for (const auto& f : d.forms) {
    out << "  "
        << (f.batchInvariant ? (zh ? "批不变内核" : "batch-invariant kernels")
                             : (zh ? "默认内核" : "default kernels"))
        << (f.error.empty() ? "" : ": " + f.error) << "\n";
    for (const auto& b : f.batches) {
      out << "    " << (zh ? "批大小 " : "batch of ") << std::left << std::setw(4) << b.batchSize
          << std::right;
      if (b.batchSize == f.batches.front().batchSize) {
        out << (zh ? "单独生成（参照）\n" : "alone (the reference)\n");
        continue;
      }
      if (b.firstDifferentLogits < 0) {
        out << (zh ? "logits 逐位相同，token 相同\n"
                   : "the same logits, bit for bit, the same tokens\n");
        continue;
      }
      out << (zh ? "logits 从第 " : "logits differ from step ") << b.firstDifferentLogits
          << (zh ? " 步起不同" : "");
      if (b.divergedAt < 0) {
        out << (zh ? "，token 仍相同\n" : ", tokens still the same\n");
      } else {
        out << (zh ? "，token 在第 " : ", tokens part at step ") << b.divergedAt
            << (zh ? " 步分叉（logit 差 " : " (logit gap ") << formatFloat(b.flipGap)
            << (zh ? "）\n" : ")\n");
      }
    }
  }
}

}  // namespace

std::string scenarioIntroText(const Scenario& s, const std::string& language) {
  std::ostringstream out;
  out << s.title.in(language) << "\n\n" << s.lesson.in(language) << "\n\n";
  for (std::size_t i = 0; i < s.steps.size(); ++i) {
    out << "  " << i + 1 << ". " << s.steps[i].in(language) << "\n";
  }
  out << "\n" << s.expect.in(language) << "\n\n";
  return out.str();
}

std::string scenarioOutcomeText(const Scenario& s, const ScenarioOutcome& o,
                                const std::string& language) {
  std::ostringstream out;
  if (!o.hash && !o.generators) {  // these two lessons run no op on a device
    out << "Device: " << o.device
        << (o.fallback ? " (this demo is about a GPU; none here, so cpu-threads shows it)" : "")
        << "\n";
  }
  if (!o.runs.empty()) printRuns(out, s, o, language);
  if (o.loader) printLoader(out, *o.loader);
  if (o.training) printTraining(out, *o.training);
  if (o.hash) printHash(out, *o.hash);
  if (o.generators) printGenerators(out, *o.generators);
  if (o.decoder) printDecoder(out, *o.decoder, language);
  if (o.trace) printTrace(out, *o.trace);
  out << "\n";
  for (const auto& c : o.checks)
    out << (c.passed ? "  [ok] " : "  [NOT SEEN] ") << c.what.in(language) << "\n";
  if (o.cancelled) {
    out << LocalText{"Cancelled: the checks above cover what ran.",
                     "已取消：上面的检查只涵盖已运行的部分。"}
               .in(language)
        << "\n";
  }
  const LocalText verdict = o.asExpected()
                                ? LocalText{"As expected.", "与预期一致。"}
                                : LocalText{"Not as the text says: see the checks above.",
                                            "与说明不符：请看上面的检查。"};
  out << verdict.in(language) << "\n";
  return out.str();
}

}  // namespace detbench::demo
