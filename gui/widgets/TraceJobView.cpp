#include "widgets/TraceJobView.hpp"

#include <QStringList>

#include "detbench/trace/TraceCatalogLink.hpp"
#include "detbench/trace/TraceWords.hpp"
#include "widgets/TraceTexts.hpp"
#include "widgets/TraceWidget.hpp"

namespace detbench::gui {

using namespace trace;
using namespace tracetext;

QString traceRankText(const TraceRankResult& r) {
  const RankVerdict v = rankVerdict(r);
  switch (v.kind) {
    case RankVerdictKind::RunEnded:
      return TraceWidget::tr("run %1: %2").arg(v.endedRun->run).arg(runEndText(*v.endedRun));
    case RankVerdictKind::FirstCause:
      return TraceWidget::tr("first cause: %1")
          .arg(opAtText(r.alignment, v.cause->thread, v.cause->seq, v.cause->op.name,
                        v.cause->site));
    case RankVerdictKind::Inherited:
      if (v.inherited->fromRank == kScriptRank) {
        return TraceWidget::tr("inherited from the script's process at %1")
            .arg(opAtText(r.alignment, v.inherited->thread, v.inherited->seq, v.inherited->op,
                          std::nullopt));
      }
      if (v.inherited->fromRank == kPoolRank) {
        return TraceWidget::tr("inherited from the process pool at %1")
            .arg(opAtText(r.alignment, v.inherited->thread, v.inherited->seq, v.inherited->op,
                          std::nullopt));
      }
      return TraceWidget::tr("inherited from rank %1 at %2")
          .arg(v.inherited->fromRank)
          .arg(opAtText(r.alignment, v.inherited->thread, v.inherited->seq, v.inherited->op,
                        std::nullopt));
    case RankVerdictKind::Parted:
      return partingText(*v.parting);
    case RankVerdictKind::OneRun:
      return TraceWidget::tr("one run: nothing to compare");
    case RankVerdictKind::NothingCompared:
      return TraceWidget::tr("nothing compared");
    case RankVerdictKind::Agrees:
      return TraceWidget::tr("agrees (%1 ops compared)").arg(v.compared);
  }
  return {};
}

QString tracePoolName(const TraceJobResult& job) {
  if (job.poolProcesses == 0) return TraceWidget::tr("the process pool");
  return job.poolIsProcesses() ? TraceWidget::tr("the script's processes")
                               : TraceWidget::tr("the process pool and the script's processes");
}

QString traceJobHtml(const TraceJobResult& job, PyTorchRelease release) {
  if (job.empty()) return {};
  const auto esc = [](const QString& s) { return s.toHtmlEscaped(); };
  QString html;
  // A script without ranks (a process pool, processes outside any process group) has no job
  // table, only the lines below.
  if (!job.ranks.empty()) {
    const QString heading =
        job.ranks.size() == 1
            ? TraceWidget::tr("The job: 1 rank, against the same rank of run 1")
            : TraceWidget::tr("The job: %1 ranks, each against the same rank of run 1")
                  .arg(job.ranks.size());
    html += QStringLiteral("<p><b>%1</b></p>").arg(esc(heading));
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\"><tr>");
    for (const QString& h :
         {TraceWidget::tr("rank"), TraceWidget::tr("world size"), TraceWidget::tr("backend"),
          TraceWidget::tr("ops compared"), TraceWidget::tr("verdict")}) {
      html += QStringLiteral("<th align=\"left\">%1</th>").arg(esc(h));
    }
    html += QStringLiteral("</tr>");
    for (const auto& r : job.ranks) {
      QString rank = QString::number(r.rank);
      if (r.scriptProcess) rank += QStringLiteral(" ") + TraceWidget::tr("(the script)");
      html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>")
                  .arg(esc(rank), r.world > 0 ? QString::number(r.world) : QStringLiteral("-"),
                       esc(r.backend.empty() ? QStringLiteral("-") : qstr(r.backend)),
                       QString::number(r.alignment.comparedOps()), esc(traceRankText(r)));
    }
    html += QStringLiteral("</table>");
  }
  if (job.pool) {
    html += QStringLiteral("<p><b>%1</b> %2</p>")
                .arg(esc(job.poolIsProcesses()
                             ? TraceWidget::tr("The script's processes: %1, each against the "
                                               "same process of run 1:")
                                   .arg(job.poolProcesses)
                             : TraceWidget::tr("%1: %2 workers, %3 tasks, each against the same "
                                               "task of run 1:")
                                   .arg(job.poolProcesses > 0
                                            ? TraceWidget::tr("The process pool and the "
                                                              "script's processes")
                                            : TraceWidget::tr("The process pool"))
                                   .arg(job.poolWorkers)
                                   .arg(job.poolTasks)),
                     esc(traceRankText(*job.pool)));
  }
  if (const TraceRankResult* first = job.firstCause()) {
    const TraceCause& cause = first->alignment.causes.front();
    const CauseExplanation e = explainCause(cause, release, first->alignment.unseededGenerators);
    const QString where =
        opAtText(first->alignment, cause.thread, cause.seq, cause.op.name, cause.site);
    html += QStringLiteral("<p><b>%1</b> %2</p>")
                .arg(first->rank == kPoolRank
                         ? esc(TraceWidget::tr("First cause, in %1:").arg(tracePoolName(job)))
                         : esc(TraceWidget::tr("First cause on any rank:")),
                     first->rank == kPoolRank
                         ? esc(where)
                         : esc(TraceWidget::tr("rank %1, %2").arg(first->rank).arg(where)));
    html += QStringLiteral("<p><b>%1</b> %2</p>")
                .arg(esc(TraceWidget::tr("Why:")), esc(kindText(e.kind)));
    html +=
        QStringLiteral("<p><b>%1</b> %2</p>").arg(esc(TraceWidget::tr("Fix:")), esc(fixText(e)));
  }
  if (!job.fromPool.empty()) {
    const RankInheritance& taken = job.fromPool.front();
    html += QStringLiteral("<p>%1</p>")
                .arg(esc(TraceWidget::tr("The script's op %1 %2 took the difference from the "
                                         "process pool's tasks (a worker's result): not a "
                                         "cause there.")
                             .arg(taken.seq)
                             .arg(qstr(taken.op))));
  }
  if (job.unrankedProcesses > 0) {
    html += QStringLiteral("<p>%1</p>")
                .arg(esc(TraceWidget::tr("%1 processes that were neither multiprocessing's nor "
                                         "commands ran %2 torch ops in no process group: not "
                                         "compared")
                             .arg(job.unrankedProcesses)
                             .arg(job.unrankedOps)));
  }
  if (job.disagreement) {
    QStringList ranks;
    for (const int r : job.disagreement->ranks) ranks << QString::number(r);
    html += QStringLiteral("<p>%1</p>")
                .arg(esc(TraceWidget::tr("Ranks that should agree do not: collective %1 (%2) gave "
                                         "rank(s) %3 other bits than rank %4 in run 1")
                             .arg(job.disagreement->collective)
                             .arg(qstr(job.disagreement->op), ranks.join(QStringLiteral(", ")))
                             .arg(job.disagreement->reference)));
  }
  for (const auto& p : job.problems) html += QStringLiteral("<p><tt>%1</tt></p>").arg(esc(qstr(p)));
  return html;
}

}  // namespace detbench::gui
