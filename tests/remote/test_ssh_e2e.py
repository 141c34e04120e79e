#!/usr/bin/python3
"""`detbench run --host` and `detbench env --host` end to end through a real OpenSSH server.

The test starts Debian's sshd on 127.0.0.1 on a free port with a throwaway host key and user key
(its own config: key login only, for the current user), and drives the built detbench through
the system's ssh to a `detbench serve --stdio` on the same machine. Nothing leaves the machine.
Checked: a run and an environment come back (the report names the remote context and this
machine as the viewer); a refused key, an unknown host key and a remote without detbench are
one line and exit 2; a connection that ends mid-run (the remote side killed after its fourth
message) gives exit 4 and a report that keeps the trials that arrived, marked incomplete.
Usage: test_ssh_e2e.py PATH/TO/detbench. Exit 77 (skipped) without ssh, sshd or ssh-keygen.
"""

import getpass
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

DETBENCH = os.path.abspath(sys.argv[1])
SSHD = shutil.which("sshd") or "/usr/sbin/sshd"
for tool in ("ssh", "ssh-keygen"):
    if not shutil.which(tool):
        print(f"skipped: no {tool} (scripts/setup installs openssh-client)")
        sys.exit(77)
if not os.path.exists(SSHD):
    print("skipped: no sshd (scripts/setup installs openssh-server)")
    sys.exit(77)

SMALL = ["--op", "index_add", "--size", "65536", "-p", "rows=64", "--warmup", "1"]
failures = 0


def check(ok, label, detail=""):
    global failures
    print(("ok   " if ok else "FAIL ") + label + (f": {detail}" if detail and not ok else ""))
    failures += 0 if ok else 1


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def keygen(path):
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path], check=True)


def main():
    user = getpass.getuser()
    with tempfile.TemporaryDirectory(prefix="detbench-ssh-") as tmp:
        os.chmod(tmp, 0o700)
        host_key, user_key, other_key = (os.path.join(tmp, n) for n in ("host", "user", "other"))
        for k in (host_key, user_key, other_key):
            keygen(k)
        shutil.copy(user_key + ".pub", os.path.join(tmp, "authorized_keys"))
        port = free_port()
        with open(host_key + ".pub") as f:
            host_pub = " ".join(f.read().split()[:2])
        known = os.path.join(tmp, "known_hosts")
        with open(known, "w") as f:
            f.write(f"[127.0.0.1]:{port} {host_pub}\n")
        with open(os.path.join(tmp, "empty_known_hosts"), "w"):
            pass
        config = os.path.join(tmp, "sshd_config")
        with open(config, "w") as f:
            f.write(f"""Port {port}
ListenAddress 127.0.0.1
HostKey {host_key}
PidFile {tmp}/sshd.pid
AuthorizedKeysFile {tmp}/authorized_keys
StrictModes no
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PermitRootLogin prohibit-password
AllowUsers {user}
LogLevel ERROR
""")
        if os.geteuid() == 0:
            os.makedirs("/run/sshd", mode=0o755, exist_ok=True)  # privilege separation
        # The remote side of the killed connection: serve's output through `head -n 4` (hello,
        # environment, started, the first trial records), then serve is killed and the
        # session ends.
        cut = os.path.join(tmp, "cut-detbench")
        with open(cut, "w") as f:
            f.write(f"""#!/bin/sh
fifo="{tmp}/fifo.$$"
mkfifo "$fifo"
exec 3<&0  # an asynchronous command's own standard input would be /dev/null
'{DETBENCH}' serve --stdio <&3 > "$fifo" &
serve=$!
stdbuf -oL head -n 4 < "$fifo"
kill $serve
rm -f "$fifo"
""")
        os.chmod(cut, 0o755)
        sshd = subprocess.Popen([SSHD, "-D", "-e", "-f", config], stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 20
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if sshd.poll() is not None or time.monotonic() > deadline:
                        print("FAIL sshd did not start: " + sshd.stderr.read().decode()[-500:])
                        return 1
                    time.sleep(0.1)

            def detbench(args, identity=user_key, known_hosts=known, remote=DETBENCH):
                cmd = [DETBENCH, *args, "--host", f"{user}@127.0.0.1", "--ssh-port", str(port),
                       "--ssh-identity", identity, "--ssh-option", "IdentitiesOnly=yes",
                       "--ssh-option", f"UserKnownHostsFile={known_hosts}",
                       "--ssh-option", "StrictHostKeyChecking=yes",
                       "--remote-detbench", remote, "--remote-timeout", "30"]
                return subprocess.run(cmd, capture_output=True, text=True, cwd=tmp, timeout=120)

            report = os.path.join(tmp, "r.json")
            r = detbench(["run", *SMALL, "--trials", "5", "--out", report])
            check(r.returncode == 0, "run over ssh", r.stderr)
            if r.returncode == 0:
                with open(report) as f:
                    doc = json.load(f)
                check(doc["summary"]["trials"] == 5 and
                      doc["viewer"]["remote"] == f"ssh {user}@127.0.0.1" and
                      doc["context"]["tool"] == "detbench",
                      "the report: 5 trials, the remote context, this machine as the viewer",
                      json.dumps(doc.get("viewer")))

            sweep_report = os.path.join(tmp, "s.json")
            r = detbench(["sweep", *SMALL, "--trials", "3", "--configs", "default,deterministic",
                          "--save-io", os.path.join(tmp, "io"), "--out", sweep_report])
            ok = r.returncode == 0
            detail = r.stderr
            if ok:
                with open(sweep_report) as f:
                    doc = json.load(f)
                ok = (doc["kind"] == "sweep" and len(doc["configurations"]) == 2 and
                      os.path.exists(os.path.join(tmp, "io", "out_trial0.npy")))
                detail = json.dumps([c["name"] for c in doc["configurations"]])
            check(ok, "a sweep over ssh with --save-io: both configurations, the .npy files",
                  detail)

            inv = os.path.join(tmp, "i.json")
            r = detbench(["invariance", "--op", "sum", "--size", "4096", "--trials", "2",
                          "--threads-list", "1,2", "--out", inv])
            ok = r.returncode == 0
            if ok:
                with open(inv) as f:
                    ok = [p["threads"] for p in json.load(f)["points"]] == [1, 2]
            check(ok, "an invariance run over ssh", r.stderr)

            # Error mode raises and warn mode warns whatever the timing: nothing to chance.
            r = detbench(["demo", "error-and-warn"])
            check(r.returncode == 0 and "Ran on:" in r.stdout and "As expected." in r.stdout,
                  "a demo over ssh", r.stderr)

            r = detbench(["env", "--json"])
            check(r.returncode == 0 and json.loads(r.stdout)["tool"] == "detbench",
                  "env over ssh", r.stderr)

            r = detbench(["run", *SMALL, "--no-report"], identity=other_key)
            check(r.returncode == 2 and "Permission denied" in r.stderr and
                  r.stderr.count("\n") == 1, "a refused key: one line, exit 2",
                  f"{r.returncode} {r.stderr!r}")

            r = detbench(["run", *SMALL, "--no-report"],
                         known_hosts=os.path.join(tmp, "empty_known_hosts"))
            check(r.returncode == 2 and "Host key verification failed" in r.stderr,
                  "an unknown host key: refused by ssh, exit 2", f"{r.returncode} {r.stderr!r}")

            r = detbench(["run", *SMALL, "--no-report"], remote="/nonexistent/detbench")
            check(r.returncode == 2 and "/nonexistent/detbench" in r.stderr and
                  r.stderr.count("\n") == 1, "a remote without detbench: one line, exit 2",
                  f"{r.returncode} {r.stderr!r}")

            cut_report = os.path.join(tmp, "cut.json")
            r = detbench(["run", *SMALL, "--trials", "100000", "--out", cut_report], remote=cut)
            ok = r.returncode == 4 and os.path.exists(cut_report)
            detail = f"{r.returncode} {r.stderr!r}"
            if ok:
                with open(cut_report) as f:
                    doc = json.load(f)
                arrived = doc["summary"]["trials"]
                ok = (doc["errors"][0]["kind"] == "RemoteError" and "ended" in
                      doc["errors"][0]["message"] and doc["summary"]["cancelled"] and
                      1 <= arrived <= 256)
                detail = json.dumps(doc["errors"]) + f", {arrived} trials"
            check(ok, "a connection that ends mid-run: exit 4, the trials that arrived kept",
                  detail)
        finally:
            sshd.terminate()
            sshd.wait(timeout=10)
    print(f"{10 - failures} of 10 checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
