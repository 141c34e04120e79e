"""The commands a traced process starts (subprocess.run, Popen, asyncio's subprocesses,
os.system, os.spawn*, os.posix_spawn*): a Python child that imports torch is traced into a record file of its own (the
start-up hook, job.py), and its run is marked as a task of its own, so that detbench aligns it
with the same command of run 1 (TraceJob.hpp), as it does a multiprocessing child.

Each process numbers the commands it starts in the order it starts them: the script's are "s1",
"s2", ...; the first command that the script's multiprocessing child 2 starts is "2.s1", and
the first that command s1 starts is "s1.s1". The parent hands the child its number, its own pid
and the command's text in DETBENCH_TRACE_LAUNCH, in the environment it gives the command; the
child takes it out of its environment and leaves DETBENCH_TRACE_LAUNCHED_FROM (its number) in
its place, which its own multiprocessing children put before theirs ("s1.1"). A number follows
the order, not the command's text, which may hold what differs by run (a folder named by the
time): commands that several threads start at once are numbered in the order they reach Popen,
which timing sets.
os.system's commands are numbered too (the shell is handed the number in an `export` put before
the command's text), and so are os.spawn*'s and os.posix_spawn*'s (in the environment they
pass). A process that replaces itself (os.exec*, a script that sets its environment and starts
again) ends its records first and gives the new image the next number of its own: "x1" for the
script's first exec. A command started below Python (a C extension's own fork and exec) is not
numbered: a Python child among them that runs torch ops is counted, not compared.
"""

import json
import os
import sys
import threading

LAUNCH = "DETBENCH_TRACE_LAUNCH"
LAUNCHED_FROM = "DETBENCH_TRACE_LAUNCHED_FROM"

_LABEL_LIMIT = 120

_lock = threading.Lock()
_started = 0  # the commands this process has started
_pid = 0  # the process _started counts for (a forked child counts its own from 0)


def number_of(identity):
    """The number of the multiprocessing child with `identity` (its Process's `_identity`) among
    the traced job's processes: "2", or "s1.1" for one a command started."""
    parts = (os.environ.get(LAUNCHED_FROM, ""), ".".join(str(n) for n in identity or ()))
    return ".".join(p for p in parts if p)


def own_number():
    """This process's number among the traced job's processes: "" for the script, "s1", "2",
    "s1.1"."""
    import multiprocessing
    return number_of(getattr(multiprocessing.current_process(), "_identity", ()))


def _command_text(args, shell):
    """The command as a person reads it: the program's name, its arguments with a Python
    script's folder left out, shortened."""
    if isinstance(args, (str, bytes, os.PathLike)):
        words = [os.fsdecode(args)] if shell else [os.path.basename(os.fsdecode(args))]
    else:
        words = [os.fsdecode(a) if isinstance(a, (bytes, os.PathLike)) else str(a) for a in args]
        words = [os.path.basename(w) if i == 0 or (w.endswith(".py") and os.sep in w) else w
                 for i, w in enumerate(words)]
    line = " ".join(words)
    return line if len(line) <= _LABEL_LIMIT else line[:_LABEL_LIMIT - 3] + "..."


def _next_number(kind="s"):
    global _started, _pid
    with _lock:
        if _pid != os.getpid():
            _pid, _started = os.getpid(), 0
        _started += 1
        n = _started
    own = own_number()
    return (own + "." if own else "") + "%s%d" % (kind, n)


_end_before_exec = [0, None]  # the process whose records end at an exec, and how they end
_send = [0, None]  # the process whose records say its commands' exit codes, and how it sends one


def on_command_exit(send):
    """`send(line)` sends a record of this process's: each command it started with Popen that
    has ended is said in an "exited" record (its pid and exit code, negative for a signal), the
    parent's word on how it ended (sys.exit's code raised directly, os._exit, a kill)."""
    _send[:] = [os.getpid(), send]


def _command_ended(popen):
    pid, send = _send
    if send is None or pid != os.getpid() or not getattr(popen, "_detbench_numbered", False):
        return
    code = popen.returncode
    if isinstance(code, int) and isinstance(popen.pid, int):
        popen._detbench_numbered = False
        send('{"t":"exited","pid":%d,"code":%d}' % (popen.pid, code))


def on_exec(end):
    """`end()` sends this process's end record where it replaces itself (os.exec*): the new
    image, a fresh interpreter, is traced as a command of its own ("x1": the process's first
    exec). Called by the script's process and by fresh interpreters; a process forked outside
    multiprocessing (os.spawn*'s child before its exec) does not number its exec: the spawn
    numbered the command."""
    _end_before_exec[:] = [os.getpid(), end]


def install():
    """Wraps subprocess.Popen so that each command this process starts carries its number."""
    import inspect
    import subprocess
    original = subprocess.Popen.__init__
    if getattr(original, "_detbench", False):
        return
    signature = inspect.signature(original)

    def __init__(self, *args, **kwargs):
        try:
            bound = signature.bind(self, *args, **kwargs)
        except TypeError:
            return original(self, *args, **kwargs)  # let Popen say what is wrong
        given = bound.arguments
        env = given.get("env")
        env = process_environment() if env is None else dict(env)
        numbered = "DETBENCH_TRACE_JOB" in env  # a command that would not be traced needs none
        if numbered:
            env[LAUNCH] = json.dumps({
                "number": _next_number(), "owner": os.getpid(),
                "label": _command_text(given.get("args", ""), bool(given.get("shell")))})
            env.pop(LAUNCHED_FROM, None)
            given["env"] = env
        original(*bound.args, **bound.kwargs)
        self._detbench_numbered = numbered

    __init__._detbench = True
    __init__.__wrapped__ = original
    subprocess.Popen.__init__ = __init__
    handle = getattr(subprocess.Popen, "_handle_exitstatus", None)
    if handle is not None and not getattr(handle, "_detbench", False):
        def _handle_exitstatus(self, *args, **kwargs):
            result = handle(self, *args, **kwargs)
            try:
                _command_ended(self)
            except Exception:
                pass
            return result

        _handle_exitstatus._detbench = True
        _handle_exitstatus.__wrapped__ = handle
        subprocess.Popen._handle_exitstatus = _handle_exitstatus
    _wrap_exec("execv")
    _wrap_exec("execve")
    _wrap_system()
    for name in ("spawnv", "spawnvp"):
        _wrap_spawn(name, name + "e")
    for name in ("posix_spawn", "posix_spawnp"):
        _wrap_posix_spawn(name)


def process_environment():
    """The environment a command inherits where it is given none: the C library's (a variable
    that native code set with setenv is there, not in os.environ), else os.environ's copy."""
    try:
        import ctypes
        entries = ctypes.POINTER(ctypes.c_char_p).in_dll(ctypes.CDLL(None), "environ")
        env = {}
        if not entries:  # clearenv(): no environment at all
            return env
        for i in range(1 << 20):
            entry = entries[i]
            if entry is None:
                break
            name, sep, value = entry.partition(b"=")
            if sep and name:
                env.setdefault(os.fsdecode(name), os.fsdecode(value))
        return env
    except (OSError, ValueError, AttributeError):
        return dict(os.environ)


def _launch_value(kind, args, shell):
    return json.dumps({"number": _next_number(kind), "owner": os.getpid(),
                       "label": _command_text(args, shell)})


def _numbered(env, args, shell=False):
    """`env` with a new command's number in it, for a command given `args`."""
    env = dict(env)
    env[LAUNCH] = _launch_value("s", args, shell)
    env.pop(LAUNCHED_FROM, None)
    return env


def _done(wrapper, original, name):
    wrapper._detbench = True
    wrapper.__wrapped__ = original
    wrapper.__doc__ = original.__doc__
    setattr(os, name, wrapper)


def _wrap_system():
    """os.system runs its command in a shell that takes the C environment as it is: the number
    goes in front of the command, exported (the shell's first line stays the command's)."""
    original = getattr(os, "system", None)
    if original is None or getattr(original, "_detbench", False):
        return

    def system(command):
        if "DETBENCH_TRACE_JOB" not in os.environ or not isinstance(
                command, (str, bytes, os.PathLike)):
            return original(command)
        import shlex
        value = _launch_value("s", command, True)
        prefix = "export %s=%s; unset %s; " % (LAUNCH, shlex.quote(value), LAUNCHED_FROM)
        command = os.fspath(command)
        if isinstance(command, bytes):
            return original(os.fsencode(prefix) + command)
        return original(prefix + command)

    _done(system, original, "system")


def _wrap_spawn(name, with_env):
    """os.spawnv and os.spawnvp (the l forms call them), and their e forms: the command's
    environment gets its number."""
    plain, given = getattr(os, name, None), getattr(os, with_env, None)
    if plain is None or given is None or getattr(plain, "_detbench", False):
        return

    def spawn(mode, file, args):
        if "DETBENCH_TRACE_JOB" not in os.environ:
            return plain(mode, file, args)
        return given(mode, file, args, _numbered(process_environment(), list(args) or [file]))

    def spawn_env(mode, file, args, env):
        if "DETBENCH_TRACE_JOB" not in env:
            return given(mode, file, args, env)
        return given(mode, file, args, _numbered(env, list(args) or [file]))

    _done(spawn, plain, name)
    _done(spawn_env, given, with_env)


def _wrap_posix_spawn(name):
    original = getattr(os, name, None)
    if original is None or getattr(original, "_detbench", False):
        return

    def posix_spawn(path, argv, env, *rest, **kwargs):
        if isinstance(env, dict) or hasattr(env, "keys"):
            if "DETBENCH_TRACE_JOB" in env:
                env = _numbered(env, list(argv) or [path])
        return original(path, argv, env, *rest, **kwargs)

    _done(posix_spawn, original, name)


def _runnable(path):
    try:
        path = os.fsdecode(path)
        return os.access(path, os.X_OK) and not os.path.isdir(path)
    except (TypeError, ValueError):
        return False


def _wrap_exec(name):
    """os.execv and os.execve (os.execl*, os.execvp* and os.execvpe call them): a traced
    process that replaces itself ends its records first and numbers the new image."""
    original = getattr(os, name)
    if getattr(original, "_detbench", False):
        return

    def exec_(path, args, *rest):
        pid, end = _end_before_exec
        env = rest[0] if rest else os.environ
        if pid != os.getpid() or end is None or "DETBENCH_TRACE_JOB" not in env or not (
                _runnable(path)):
            return original(path, args, *rest)  # os.execvp's candidates that are not there
        value = json.dumps({"number": _next_number("x"), "owner": os.getpid(),
                            "label": _command_text(list(args) or [path], False)})
        kept = os.environ.get(LAUNCHED_FROM)
        if rest:
            env = dict(env)
            env[LAUNCH] = value
            env.pop(LAUNCHED_FROM, None)
            rest = (env,) + tuple(rest[1:])
        else:
            os.environ[LAUNCH] = value
            os.environ.pop(LAUNCHED_FROM, None)
        # The end record goes out, the channel stays open (the exec closes it): where the exec
        # fails, the process records on and its last end record is the one that counts.
        end()
        try:
            return original(path, args, *rest)
        except BaseException:
            if not rest:
                os.environ.pop(LAUNCH, None)
                if kept is not None:
                    os.environ[LAUNCHED_FROM] = kept
            raise

    exec_._detbench = True
    exec_.__wrapped__ = original
    setattr(os, name, exec_)


def take_launch(folder):
    """In a fresh interpreter: what its parent's DETBENCH_TRACE_LAUNCH said ({"number", "owner",
    "label"}), taken out of the environment; None where the process is not such a command.
    A command that runs a shell hands the shell the same number, and each Python the shell runs
    finds it: the first takes it, the second takes "s1~2", and so on, in the order they start,
    each claiming a file of the run's `folder` that only one process can make. The label is the
    process's own command line where Python keeps it (3.10 on), else the parent's text."""
    value = os.environ.pop(LAUNCH, None)
    if not value:
        return None
    try:
        launch = json.loads(value)
        number = str(launch["number"])
        owner = int(launch["owner"])
        label = str(launch.get("label", ""))
    except (ValueError, KeyError, TypeError):
        return None
    for k in range(1, 10000):
        try:
            os.close(os.open(os.path.join(folder, "launch-%s-%d" % (number, k)),
                             os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except FileExistsError:
            continue
        except OSError:
            k = 1  # no folder to claim in: the number as given
        break
    # The command line of this Python itself (where a shell ran it, the parent's is the shell's).
    argv = getattr(sys, "orig_argv", None)
    if argv:
        label = _command_text(argv, False)
    if k > 1:
        number += "~%d" % k
    os.environ[LAUNCHED_FROM] = number
    global _taken
    _taken = {"number": number, "owner": owner, "label": label, "pid": os.getpid()}
    return _taken


_taken = None  # what take_launch took in this process (a forked child inherits its parent's)


def key_of(pid):
    """The task key of the command with process id `pid`, where it is the one this process is
    or was forked from ("process:s1"); None otherwise. A pool's worker names the command it
    works for by it, whether or not that command's own probe began."""
    if _taken is not None and _taken["pid"] == pid:
        return "process:" + _taken["number"]
    return None


def task_record(launch):
    """The task record that marks a command's run."""
    from .channel import text
    return '{"t":"task","key":%s,"label":%s,"worker":"","owner":%d}' % (
        text("process:" + launch["number"]),
        text("command %s: %s" % (launch["number"], launch["label"])), launch["owner"])
