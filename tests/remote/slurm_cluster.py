"""A private single-node Slurm cluster for tests, from Debian's packages.

munged (as the munge user), slurmctld -D and slurmd -D (as root) run in a temporary folder of
their own, on free ports, with a configuration written here: no systemd, no cgroups
(proctrack/linuxproc, task/none), one partition `debug` and a second one `held` for queue
tests, and two typed GPUs as GRES (gpu:h100 and gpu:a100 on character devices made with mknod),
so that `--gres=gpu:TYPE:1` really selects. Clients find it through SLURM_CONF, which env()
sets. skip_reason() says why it cannot start here (not root, a package missing); start() raises
ClusterError with the daemons' own last log lines when one does not come up.
"""

import os
import pwd
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time

DAEMONS = {"munged": "/usr/sbin/munged", "slurmctld": "/usr/sbin/slurmctld",
           "slurmd": "/usr/sbin/slurmd"}
CLIENTS = ("srun", "sbatch", "squeue", "scancel", "scontrol", "sinfo")
GPU_TYPES = ("h100", "a100")


class ClusterError(Exception):
    pass


def skip_reason():
    if os.geteuid() != 0:
        return "slurmd must run as root (the test runs as another user)"
    for name, path in DAEMONS.items():
        if not os.access(path, os.X_OK):
            return f"no {name} (scripts/setup installs slurmctld, slurmd and munge)"
    for tool in CLIENTS:
        if not shutil.which(tool):
            return f"no {tool} (scripts/setup installs slurm-client)"
    try:
        pwd.getpwnam("munge")
    except KeyError:
        return "no munge user (the munge package makes it)"
    return None


def _free_ports(count):
    socks, ports = [], []
    for _ in range(count):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
        ports.append(s.getsockname()[1])
    for s in socks:
        s.close()
    return ports


def _tail(path, lines=8):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-lines:]).strip()
    except OSError:
        return "(no log)"


class SlurmCluster:
    def __init__(self):
        self.dir = None
        self.node = socket.gethostname().split(".")[0]
        self.procs = {}

    def env(self, base=None):
        e = dict(os.environ if base is None else base)
        e["SLURM_CONF"] = os.path.join(self.dir, "slurm.conf")
        return e

    def run(self, *argv, check=True, timeout=60):
        r = subprocess.run(list(argv), env=self.env(), capture_output=True, text=True,
                           timeout=timeout)
        if check and r.returncode != 0:
            raise ClusterError(f"{' '.join(argv)}: {r.stderr.strip() or r.stdout.strip()}")
        return r

    def node_state(self):
        # One line per partition the node is in: the first says it.
        out = self.run("sinfo", "-h", "-N", "-o", "%T", "-n", self.node, check=False).stdout
        return (out.split() or [""])[0]

    def wait_for(self, what, predicate, seconds=60):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if predicate():
                return
            time.sleep(0.2)
        raise ClusterError(f"{what} did not happen within {seconds} s\nslurmctld: "
                           f"{_tail(self._log('slurmctld'))}\nslurmd: {_tail(self._log('slurmd'))}")

    def _log(self, name):
        return os.path.join(self.dir, name + ".log")

    def _write_config(self, ctld_port, slurmd_port):
        d = self.dir
        munge = pwd.getpwnam("munge")
        devices = []
        for i, _ in enumerate(GPU_TYPES):
            path = os.path.join(d, f"nvidia{i}")
            os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(195, i))
            devices.append(path)
        hw = subprocess.run(["/usr/sbin/slurmd", "-C"], capture_output=True, text=True).stdout
        fields = dict(w.split("=", 1) for w in hw.split() if "=" in w)
        cpus = fields.get("CPUs", "1")
        gres = ",".join(f"gpu:{t}:1" for t in GPU_TYPES)
        with open(os.path.join(d, "slurm.conf"), "w") as f:
            f.write(f"""ClusterName=detbench-test
SlurmctldHost={self.node}(127.0.0.1)
SlurmctldPort={ctld_port}
SlurmdPort={slurmd_port}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket={d}/munge/munge.socket
CredType=cred/munge
StateSaveLocation={d}/ctld
SlurmdSpoolDir={d}/spool
SlurmctldPidFile={d}/slurmctld.pid
SlurmdPidFile={d}/slurmd.pid
SlurmctldLogFile={self._log('slurmctld')}
SlurmdLogFile={self._log('slurmd')}
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
GresTypes=gpu
ReturnToService=2
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1
MinJobAge=600
KillWait=2
InactiveLimit=0
SlurmctldTimeout=30
SlurmdTimeout=30
NodeName={self.node} NodeAddr=127.0.0.1 CPUs={cpus} Gres={gres} State=UNKNOWN
PreemptType=preempt/partition_prio
PreemptMode=CANCEL
PartitionName=debug Nodes={self.node} Default=YES MaxTime=60 State=UP PriorityTier=1
PartitionName=held Nodes={self.node} MaxTime=60 State=UP PriorityTier=1
PartitionName=urgent Nodes={self.node} MaxTime=60 State=UP PriorityTier=10
""")
        with open(os.path.join(d, "gres.conf"), "w") as f:
            f.write("AutoDetect=off\n")
            for t, path in zip(GPU_TYPES, devices):
                f.write(f"NodeName={self.node} Name=gpu Type={t} File={path}\n")
        os.makedirs(os.path.join(d, "ctld"))
        os.makedirs(os.path.join(d, "spool"))
        mdir = os.path.join(d, "munge")  # munged's own: it writes its socket and logs there
        os.makedirs(mdir, 0o755)
        os.chown(mdir, munge.pw_uid, munge.pw_gid)
        key = os.path.join(mdir, "munge.key")
        with open(key, "wb") as f:
            f.write(os.urandom(128))
        os.chown(key, munge.pw_uid, munge.pw_gid)
        os.chmod(key, 0o600)

    def start(self):
        self.dir = tempfile.mkdtemp(prefix="detbench-slurm-")
        os.chmod(self.dir, 0o755)
        ctld_port, slurmd_port = _free_ports(2)
        self._write_config(ctld_port, slurmd_port)
        munge = pwd.getpwnam("munge")
        d = self.dir
        m = os.path.join(d, "munge")
        self.procs["munged"] = subprocess.Popen(
            [DAEMONS["munged"], "--foreground", "--force", f"--key-file={m}/munge.key",
             f"--socket={m}/munge.socket", f"--pid-file={m}/munged.pid",
             f"--log-file={m}/munged.log", f"--seed-file={m}/munge.seed"],
            user=munge.pw_uid, group=munge.pw_gid, stdout=subprocess.DEVNULL,
            stderr=open(self._log("munged.err"), "w"))
        self.wait_for("munged's socket", lambda: os.path.exists(f"{m}/munge.socket"), 20)
        conf = os.path.join(d, "slurm.conf")
        for name in ("slurmctld", "slurmd"):
            self.procs[name] = subprocess.Popen(
                [DAEMONS[name], "-D", "-f", conf], env=self.env(), stdout=subprocess.DEVNULL,
                stderr=open(self._log(name + ".err"), "w"))
        self.wait_for("the node's registration",
                      lambda: self.node_state() in ("idle", "mixed", "allocated"), 60)
        return self

    def _end_jobs(self):
        """Cancels every job and waits a while for their ends, while the daemons still run."""
        try:
            ids = self.run("squeue", "--noheader", "--format=%A", check=False, timeout=20).stdout
            if ids.split():
                self.run("scancel", "--full", *ids.split(), check=False, timeout=20)
                self.wait_for("the jobs' ends", lambda: not self.run(
                    "squeue", "--noheader", "--states=RUNNING,COMPLETING,PENDING,SUSPENDED",
                    check=False, timeout=20).stdout.strip(), 30)
        except (ClusterError, OSError, subprocess.TimeoutExpired):
            pass

    def _strays(self):
        """Processes the cluster left: a job step's slurmstepd outlives slurmd (it holds the
        node's log in this cluster's folder open), and what runs under it."""
        parents, ours = {}, set()
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{pid}/stat") as f:
                    parents[int(pid)] = int(f.read().rsplit(")", 1)[1].split()[1])
                for fd in os.listdir(f"/proc/{pid}/fd"):
                    if os.readlink(f"/proc/{pid}/fd/{fd}").startswith(self.dir + "/"):
                        ours.add(int(pid))
                        break
            except (OSError, IndexError, ValueError):
                continue
        ours.discard(os.getpid())
        found = set(ours)
        while True:  # and every process below those
            more = {pid for pid, parent in parents.items() if parent in found} - found
            if not more:
                return found
            found |= more

    def stop(self):
        if "slurmctld" in self.procs:
            self._end_jobs()
        for name in ("slurmd", "slurmctld", "munged"):
            p = self.procs.pop(name, None)
            if p is None:
                continue
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        if self.dir:
            for pid in self._strays():
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def __enter__(self):
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc):
        self.stop()
