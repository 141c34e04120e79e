#include "widgets/TraceTexts.hpp"

#include <QCoreApplication>
#include <QStringList>

#include "detbench/report/Format.hpp"
#include "detbench/trace/TraceWords.hpp"
#include "widgets/TraceWidget.hpp"

namespace detbench::gui::tracetext {

using namespace trace;

QString siteText(const std::optional<TraceSite>& s) {
  return s ? qstr(describeSite(*s)) : QString();
}

QString laneText(const QString& threadName, int thread) {
  if (namesATask(threadName.toStdString())) {
    // "task 2: work" -> "task 2"; a thread the task started, "task 2: work, thread 1: Thread-3
    // (load)" -> "task 2, thread 1".
    const qsizetype colon = threadName.indexOf(QLatin1Char(':'));
    QString s = threadName.left(colon);
    const QLatin1String ofTask(", thread ");
    const qsizetype at = threadName.indexOf(ofTask, colon);
    if (at >= 0) {
      qsizetype end = at + ofTask.size();
      while (end < threadName.size() && threadName.at(end).isDigit()) ++end;
      s += threadName.mid(at, end - at);
    }
    return s;
  }
  return QCoreApplication::translate("TraceWidget", "thread %1").arg(thread);
}

QString opAtText(const TraceAlignment& a, int thread, std::int64_t seq, const std::string& name,
                 const std::optional<TraceSite>& site) {
  if (thread == 0) {
    return QCoreApplication::translate("TraceWidget", "op %1 %2 at %3")
        .arg(seq)
        .arg(qstr(name), siteText(site));
  }
  const std::string task = a.threadName(thread);
  if (namesATask(task)) {  // a task (a pool's, asyncio's) is named by its number
    return QCoreApplication::translate("TraceWidget", "op %1 of %2: %3 at %4")
        .arg(seq)
        .arg(qstr(task), qstr(name), siteText(site));
  }
  return QCoreApplication::translate("TraceWidget", "op %1 on thread %2 (%3) %4 at %5")
      .arg(seq)
      .arg(thread)
      .arg(qstr(a.threadName(thread)), qstr(name), siteText(site));
}

QString traceWords(std::string_view english) {
  const std::string s(english);
  return QCoreApplication::translate("TraceText", s.c_str());
}

QString runEndText(const TraceRunSummary& r) {
  const TraceRunExit& e = r.exit;
  // Where the script was when it was stopped.
  const QString at = r.end && r.end->where ? qstr(describeSite(*r.end->where)) : QString();
  if (e.cancelled) {
    return at.isEmpty() ? TraceWidget::tr("stopped (cancelled)")
                        : TraceWidget::tr("stopped (cancelled) in %1").arg(at);
  }
  if (e.timedOut) {
    return at.isEmpty() ? TraceWidget::tr("stopped at the timeout")
                        : TraceWidget::tr("stopped at the timeout in %1").arg(at);
  }
  if (e.problem.empty() && !r.fatal && !r.completed() && !e.exited) {
    return e.process.empty() ? TraceWidget::tr("killed by signal %1").arg(e.signal)
                             : TraceWidget::tr("failed in %1, which was killed by signal %2")
                                   .arg(qstr(e.process))
                                   .arg(e.signal);
  }
  const std::string english = describeRunEnd(r);
  if (e.problem.empty() && !r.fatal && !r.completed() && e.exited) {
    // The words before the exception's own (which stay as Python gave them).
    const std::string code = std::to_string(e.code);
    const std::string lead = e.process.empty()
                                 ? "exited with " + code
                                 : "failed in " + e.process + ", which exited with " + code;
    if (english.rfind(lead, 0) == 0) {
      const QString translated = e.process.empty()
                                     ? TraceWidget::tr("exited with %1").arg(e.code)
                                     : TraceWidget::tr("failed in %1, which exited with %2")
                                           .arg(qstr(e.process))
                                           .arg(e.code);
      return translated + qstr(english.substr(lead.size()));
    }
  }
  return qstr(english);
}

QString kindText(CauseKind kind) {
  return traceWords(causeKindText(kind));
}

QString fixText(const CauseExplanation& e) {
  QString text = traceWords(trace::fixText(e.fix, TextSurface::Workbench));
  if (e.fix == TraceFix::NoDeterministicForm && e.traits &&
      e.traits->traits(e.traitsClass).detbenchExtension) {
    text += traceWords(extensionText(TextSurface::Workbench));
  }
  return text;
}

QString kernelsText(const trace::KernelDifference& d) {
  const QString name = qstr(d.name), other = qstr(d.otherName);
  if (d.index < 0) {
    return d.beyondListed
               ? TraceWidget::tr("the first %1 of its %2 kernels left equal tensors in run %3")
                     .arg(trace::kMaxKernelsPerCall)
                     .arg(d.count)
                     .arg(d.run)
               : TraceWidget::tr(
                     "its %1 kernels left equal tensors in run %2: the difference "
                     "came from an ATen call the compiled code makes itself (random "
                     "seeds, an extern kernel such as mm)")
                     .arg(d.count)
                     .arg(d.run);
  }
  const QString at = d.count == d.otherCount
                         ? TraceWidget::tr("kernel %1 of %2").arg(d.index + 1).arg(d.count)
                         : TraceWidget::tr("kernel %1 (run 1 ran %2, run %3 ran %4)")
                               .arg(d.index + 1)
                               .arg(d.count)
                               .arg(d.run)
                               .arg(d.otherCount);
  if (name.isEmpty())
    return TraceWidget::tr("%1: only run %2 ran %3").arg(at).arg(d.run).arg(other);
  if (other.isEmpty() && d.index >= d.otherCount) {
    return TraceWidget::tr("%1: only run 1 ran %2").arg(at, name);
  }
  if (!other.isEmpty()) {
    return TraceWidget::tr("%1: run 1 ran %2 where run %3 ran %4 (Inductor chose other kernels)")
        .arg(at, name)
        .arg(d.run)
        .arg(other);
  }
  return TraceWidget::tr("%1, %2, is the first after which its tensors differ").arg(at, name);
}

QString categoryText(CauseCategory c) {
  return traceWords(categoryLabel(c));
}

QString verdictText(const TraceConfigResult& c) {
  const TraceVerdict v = traceVerdict(c);
  const auto causes = [&v] {
    if (v.causes == 0) return TraceWidget::tr("the runs differ in a result");
    return v.causes == 1 ? TraceWidget::tr("the runs differ: 1 cause")
                         : TraceWidget::tr("the runs differ: %1 causes").arg(v.causes);
  };
  switch (v.kind) {
    case VerdictKind::RaisedInDeterministicMode:
      return TraceWidget::tr("raised in deterministic mode");
    case VerdictKind::Cancelled:
      return TraceWidget::tr("cancelled");
    case VerdictKind::TimeoutOneRun:
      return TraceWidget::tr("stopped at the timeout; one run: nothing to compare");
    case VerdictKind::AgreeUntilTimeout:
      return TraceWidget::tr("the runs agree over the first %1 ops; stopped at the timeout")
          .arg(v.compared);
    case VerdictKind::TimeoutNothingCompared:
      return TraceWidget::tr("stopped at the timeout; nothing compared");
    case VerdictKind::DifferUntilTimeout:
      return TraceWidget::tr("%1 (up to the timeout)").arg(causes());
    case VerdictKind::PartUntilTimeout:
      return TraceWidget::tr("the op sequences part (up to the timeout)");
    case VerdictKind::ScriptFailed:
      return TraceWidget::tr("the script failed");
    case VerdictKind::ProcessFailed:
      return TraceWidget::tr("a process the script started failed");
    case VerdictKind::OneRun:
      return TraceWidget::tr("one run: nothing to compare");
    case VerdictKind::NothingCompared:
      return TraceWidget::tr("nothing compared");
    case VerdictKind::NotAllCompared:
      return TraceWidget::tr(
          "not all compared: ops ran in processes that were neither multiprocessing's nor "
          "commands (a bare os.fork's child) and joined no process group, which the trace does "
          "not compare");
    case VerdictKind::Agree: {
      QString agree = v.notes == 0 ? TraceWidget::tr("the runs agree")
                                   : TraceWidget::tr(
                                         "the runs agree in every result (%1 outputs differ "
                                         "that no result uses)")
                                         .arg(v.notes);
      if (findEarlierFiles(c)) {
        agree += TraceWidget::tr(", each run starting from a file an earlier run left");
      }
      return agree;
    }
    case VerdictKind::Differ:
      return v.causes > 0 || v.differingResults > 0 ? causes() : TraceWidget::tr("the runs differ");
    case VerdictKind::SequencesPart:
      return TraceWidget::tr("the op sequences part");
  }
  return {};
}

QString argumentsText(const TraceCause& cause) {
  QStringList parts;
  const QString absent = TraceWidget::tr("absent");
  for (const auto& d : cause.arguments) {
    parts << TraceWidget::tr("%1 was %2 in run 1 and %3 in run %4")
                 .arg(qstr(d.name), d.reference.empty() ? absent : qstr(d.reference),
                      d.other.empty() ? absent : qstr(d.other))
                 .arg(d.run);
  }
  return parts.join(QStringLiteral("; "));
}

QString noteText(const TraceAlignment& a, const TraceCause& note) {
  QStringList runs;
  for (const int r : note.runs) runs << QString::number(r);
  const auto& by = note.absorbedBy;
  if (by && by->seq == note.seq && by->thread == note.thread && !note.arguments.empty()) {
    return TraceWidget::tr("took another number (%1) and gave equal bits: no result depends on it")
        .arg(argumentsText(note));
  }
  const bool one = runs.size() == 1;
  if (by) {
    return (one ? TraceWidget::tr("gave other bits in run %1; %2 read them and gave equal bits, "
                                  "and nothing else used them: no result depends on them")
                : TraceWidget::tr("gave other bits in runs %1; %2 read them and gave equal bits, "
                                  "and nothing else used them: no result depends on them"))
        .arg(runs.join(QStringLiteral(", ")), opAtText(a, by->thread, by->seq, by->name, by->site));
  }
  return (one ? TraceWidget::tr("gave other bits in run %1; no op read them before they were "
                                "overwritten or freed (a library's scratch memory, torch.empty "
                                "memory an init overwrites): no result depends on them")
              : TraceWidget::tr("gave other bits in runs %1; no op read them before they were "
                                "overwritten or freed (a library's scratch memory, torch.empty "
                                "memory an init overwrites): no result depends on them"))
      .arg(runs.join(QStringLiteral(", ")));
}

QString resultDifferenceText(const TraceResultDifference& d) {
  const QString where =
      d.site ? TraceWidget::tr("%1 at %2").arg(qstr(d.what), siteText(d.site)) : qstr(d.what);
  if (d.suspects.empty()) {
    return TraceWidget::tr(
               "what the script took out with %1 in run %2 differs from run 1's, and no difference "
               "the trace followed reaches it: the script took out other tensors than in run 1 "
               "(chosen in Python: an order, a set's order, a choice that depends on the run) or "
               "memory that no op wrote")
        .arg(where)
        .arg(d.run);
  }
  QStringList ops;
  for (const auto& [thread, seq] : d.suspects) {
    ops << (thread == 0 ? TraceWidget::tr("op %1").arg(seq)
                        : TraceWidget::tr("op %1 on thread %2").arg(seq).arg(thread));
  }
  return TraceWidget::tr(
             "what the script took out with %1 in run %2 differs from run 1's, and no difference "
             "the trace followed reaches it: it may come through memory the digests cannot "
             "follow (a view taken before a write, a NumPy array over a tensor's memory) from %3, "
             "counted as causes")
      .arg(where)
      .arg(d.run)
      .arg(ops.join(QStringLiteral(", ")));
}

QString partingText(const TraceParting& p) {
  const QString at = p.thread == 0 ? TraceWidget::tr("op %1").arg(p.seq)
                                   : TraceWidget::tr("op %1 on thread %2").arg(p.seq).arg(p.thread);
  const auto op = [](const std::string& name, const std::optional<TraceSite>& site) {
    return site ? TraceWidget::tr("%1 at %2").arg(qstr(name), siteText(site)) : qstr(name);
  };
  switch (p.kind) {
    case PartingKind::DifferentOp:
      return TraceWidget::tr(
                 "run %1 ran %2 where run 1 ran %3 (%4): the op sequences part there (control "
                 "flow on data?); the alignment stops")
          .arg(p.run)
          .arg(op(p.other, p.otherSite), op(p.reference, p.referenceSite), at);
    case PartingKind::DifferentTensors:
      return TraceWidget::tr(
                 "run %1 ran %2 with other tensors than run 1 (%3): the alignment "
                 "stops there")
          .arg(p.run)
          .arg(qstr(p.other), at);
    case PartingKind::ReferenceEnded:
      return TraceWidget::tr("run 1 ended before %1; run %2 went on (%3)")
          .arg(at)
          .arg(p.run)
          .arg(op(p.other, p.otherSite));
    case PartingKind::RunEnded:
      return TraceWidget::tr("run %1 ended before %2, which run 1 ran (%3)")
          .arg(p.run)
          .arg(at, op(p.reference, p.referenceSite));
  }
  return qstr(describeParting(p));
}

QString earlierFilesText(const TraceConfigResult& c) {
  const std::optional<EarlierFilesFinding> found = findEarlierFiles(c);
  if (!found) return {};
  const EarlierFilesFinding& f = *found;
  QStringList runs;
  for (const int r : f.runs) runs << QString::number(r);
  const TraceEarlierFile& file = *f.first;
  const QString opened =
      file.seq <= 0 ? TraceWidget::tr("before any op")
      : file.thread == 0
          ? TraceWidget::tr("after op %1").arg(file.seq)
          : TraceWidget::tr("after op %1 on thread %2").arg(file.seq).arg(file.thread);
  const QString runsRead = runs.size() == 1
                               ? TraceWidget::tr("run %1").arg(runs.front())
                               : TraceWidget::tr("runs %1").arg(runs.join(QStringLiteral(", ")));
  const QString line = file.site ? siteText(file.site) : TraceWidget::tr("an unknown line");
  QString text =
      (f.agree ? TraceWidget::tr(
                     "The script read %2 in %1 (opened at %3, %4), written after the trace began "
                     "and before run %5 did: what an earlier run left. The runs agree starting "
                     "from it; runs without it were not compared: remove it before tracing to "
                     "compare runs from the start.")
               : TraceWidget::tr(
                     "The script read %2 in %1 (opened at %3, %4), written after the trace began "
                     "and before run %5 did: what an earlier run left. Runs that start from what "
                     "another run left do not start alike, however they are seeded: remove it "
                     "before each run, or keep the script from reading it while it is traced."))
          .arg(runsRead, qstr(file.path), line, opened)
          .arg(f.firstRun);
  if (f.files > 1) {
    text += QLatin1Char(' ') +
            (f.files == 2
                 ? TraceWidget::tr("One other file too: the report lists it.")
                 : TraceWidget::tr("%1 other files too: the report lists them.").arg(f.files - 1));
  }
  if (f.rank) {
    text = (*f.rank == kPoolRank ? TraceWidget::tr("In the process pool: %1")
                                 : TraceWidget::tr("Rank %1: %2").arg(*f.rank))
               .arg(text);
  }
  return text;
}

QString shapesText(const std::vector<TraceTensor>& ts) {
  QStringList parts;
  for (const auto& t : ts) {
    parts << qstr(t.dtype + detbench::toString(t.shape) +
                  (t.device == "cpu" ? "" : " " + t.device));
  }
  return parts.isEmpty() ? QStringLiteral("-") : parts.join(QStringLiteral(", "));
}

}  // namespace detbench::gui::tracetext
