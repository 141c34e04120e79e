#pragma once
// Every process a traced script started, stopped when its run ends, even those that left its
// process group (start_new_session, a double fork): each run's processes carry a tag in their
// environment (DETBENCH_TRACE_TAG, which the probe leaves in place and children inherit), and
// /proc is searched for it. Also the process groups of the scripts running now, for a signal
// handler to stop at once. Linux (/proc).

#include <sys/types.h>

#include <string>

namespace detbench::trace {

inline constexpr const char* kTagVariable = "DETBENCH_TRACE_TAG";

// A tag no other run of this process has had: "PID-N".
std::string newScriptTag();

// Sends SIGKILL to every process of this user whose environment holds kTagVariable=`tag`
// (other than this one), and reaps those that are this process's children. Returns how many
// were found.
int killTaggedProcesses(const std::string& tag);

// The scripts running now, by process group and tag (at most 16 at once are remembered).
void rememberRunningScript(pid_t group, const std::string& tag);
void forgetRunningScript(pid_t group);
// SIGKILL to each of their groups and every process carrying their tags; async-signal-safe
// (system calls and stack buffers only), for a handler that ends detbench on a signal.
void killRunningScripts();

}  // namespace detbench::trace
