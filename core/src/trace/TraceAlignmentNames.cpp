// The alignment's statuses, cause categories and partings by the names reports write them in,
// and which statuses are causes.
#include "detbench/trace/TraceAlignment.hpp"

namespace detbench::trace {

std::string_view toString(OpStatus status) {
  switch (status) {
    case OpStatus::NotCompared:
      return "not_compared";
    case OpStatus::Equal:
      return "equal";
    case OpStatus::Absorbed:
      return "absorbed";
    case OpStatus::Inherited:
      return "inherited";
    case OpStatus::Introduced:
      return "introduced";
    case OpStatus::Data:
      return "data";
    case OpStatus::Uninitialized:
      return "uninitialized";
    case OpStatus::Unused:
      return "unused";
  }
  return "?";
}

std::string_view toString(CauseCategory category) {
  switch (category) {
    case CauseCategory::Introduced:
      return "introduced";
    case CauseCategory::Data:
      return "data";
    case CauseCategory::Uninitialized:
      return "uninitialized";
  }
  return "?";
}

std::string_view toString(PartingKind kind) {
  switch (kind) {
    case PartingKind::DifferentOp:
      return "different_op";
    case PartingKind::DifferentTensors:
      return "different_tensors";
    case PartingKind::ReferenceEnded:
      return "reference_ended";
    case PartingKind::RunEnded:
      return "run_ended";
  }
  return "?";
}

bool isCause(OpStatus status) {
  return status == OpStatus::Introduced || status == OpStatus::Data ||
         status == OpStatus::Uninitialized;
}

}  // namespace detbench::trace
