#include "common/SlurmStateText.hpp"

#include <utility>

#include "common/Text.hpp"

namespace detbench::gui {

namespace {

// squeue's job states (its man page, JOB STATE CODES), each in words.
constexpr std::pair<const char*, const char*> kStates[] = {
    {"PENDING", QT_TRANSLATE_NOOP("SlurmStateText", "pending")},
    {"RUNNING", QT_TRANSLATE_NOOP("SlurmStateText", "running")},
    {"CONFIGURING", QT_TRANSLATE_NOOP("SlurmStateText", "configuring")},
    {"COMPLETING", QT_TRANSLATE_NOOP("SlurmStateText", "completing")},
    {"COMPLETED", QT_TRANSLATE_NOOP("SlurmStateText", "completed")},
    {"CANCELLED", QT_TRANSLATE_NOOP("SlurmStateText", "cancelled")},
    {"FAILED", QT_TRANSLATE_NOOP("SlurmStateText", "failed")},
    {"TIMEOUT", QT_TRANSLATE_NOOP("SlurmStateText", "timeout")},
    {"PREEMPTED", QT_TRANSLATE_NOOP("SlurmStateText", "preempted")},
    {"NODE_FAIL", QT_TRANSLATE_NOOP("SlurmStateText", "node fail")},
    {"BOOT_FAIL", QT_TRANSLATE_NOOP("SlurmStateText", "boot fail")},
    {"OUT_OF_MEMORY", QT_TRANSLATE_NOOP("SlurmStateText", "out of memory")},
    {"DEADLINE", QT_TRANSLATE_NOOP("SlurmStateText", "deadline")},
    {"SUSPENDED", QT_TRANSLATE_NOOP("SlurmStateText", "suspended")},
    {"STOPPED", QT_TRANSLATE_NOOP("SlurmStateText", "stopped")},
    {"REQUEUED", QT_TRANSLATE_NOOP("SlurmStateText", "requeued")},
    {"REQUEUE_HOLD", QT_TRANSLATE_NOOP("SlurmStateText", "requeue hold")},
    {"REQUEUE_FED", QT_TRANSLATE_NOOP("SlurmStateText", "requeue fed")},
    {"RESIZING", QT_TRANSLATE_NOOP("SlurmStateText", "resizing")},
    {"REVOKED", QT_TRANSLATE_NOOP("SlurmStateText", "revoked")},
    {"SIGNALING", QT_TRANSLATE_NOOP("SlurmStateText", "signaling")},
    {"SPECIAL_EXIT", QT_TRANSLATE_NOOP("SlurmStateText", "special exit")},
    {"STAGE_OUT", QT_TRANSLATE_NOOP("SlurmStateText", "stage out")},
    {"RESV_DEL_HOLD", QT_TRANSLATE_NOOP("SlurmStateText", "resv del hold")},
};

// The words of core's slurmReasonWords(), each translatable; SlurmStateTextTest holds the two
// lists together.
constexpr std::pair<const char*, const char*> kReasons[] = {
    {"Resources",
     QT_TRANSLATE_NOOP("SlurmStateText", "waiting for a free node with what the job asks")},
    {"Priority", QT_TRANSLATE_NOOP("SlurmStateText", "jobs of higher priority are ahead of it")},
    {"PartitionDown", QT_TRANSLATE_NOOP("SlurmStateText", "the partition is down")},
    {"PartitionInactive", QT_TRANSLATE_NOOP("SlurmStateText", "the partition is inactive")},
    {"PartitionNodeLimit",
     QT_TRANSLATE_NOOP("SlurmStateText", "the partition does not allow this many nodes")},
    {"PartitionTimeLimit",
     QT_TRANSLATE_NOOP("SlurmStateText", "the time limit is over the partition's")},
    {"ReqNodeNotAvail",
     QT_TRANSLATE_NOOP("SlurmStateText", "the nodes it needs are not available")},
    {"NodeDown", QT_TRANSLATE_NOOP("SlurmStateText", "a node it needs is down")},
    {"BeginTime", QT_TRANSLATE_NOOP("SlurmStateText", "its start time has not come")},
    {"Dependency", QT_TRANSLATE_NOOP("SlurmStateText", "it waits for another job")},
    {"JobHeldUser", QT_TRANSLATE_NOOP("SlurmStateText", "held by its user")},
    {"JobHeldAdmin", QT_TRANSLATE_NOOP("SlurmStateText", "held by an administrator")},
    {"QOSMaxJobsPerUserLimit",
     QT_TRANSLATE_NOOP("SlurmStateText", "the QOS's per-user job limit is reached")},
    {"AssocGrpGRES", QT_TRANSLATE_NOOP("SlurmStateText", "the account's GPU limit is reached")},
};

}  // namespace

QString SlurmStateText::state(const std::string& state) {
  for (const auto& [code, words] : kStates) {
    if (state == code) return tr(words);
  }
  // A state this list does not name: squeue's word, as core writes it.
  QString word = qstr(state).toLower();
  word.replace(QLatin1Char('_'), QLatin1Char(' '));
  return word;
}

QString SlurmStateText::reason(const std::string& reason) {
  if (reason.empty() || reason == "None") return {};
  for (const auto& [code, words] : kReasons) {
    if (reason == code) return tr("%1: %2").arg(qstr(reason), tr(words));
  }
  return qstr(reason);
}

QString SlurmStateText::stateAndReason(const remote::SlurmJobState& s) {
  const QString why = reason(s.reason);
  return why.isEmpty() ? state(s.state) : tr("%1 (%2)").arg(state(s.state), why);
}

QString SlurmStateText::job(const remote::SlurmJobState& s) {
  return tr("job %1 %2").arg(qstr(s.id), stateAndReason(s));
}

}  // namespace detbench::gui
