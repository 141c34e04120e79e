#!/usr/bin/env python3
"""detbench installed into a temporary prefix (`cmake --install`) and run from an unrelated
folder: the CLI runs an op, loads the torch module from the prefix where the build has one, and
traces a script with the probe's digest library from there; the man pages and the bash
completion cover every subcommand and op; the workbench starts and draws its guide; the desktop
entry and AppStream metainfo are installed and valid; no installed file points into the build
tree.

    test_installed_tree.py CMAKE BUILD_DIR [PYTHON]
"""

import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77


def run(cmd, cwd, env=None, timeout=300):
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        sys.exit("FAIL: %s exited with %d\n%s%s" % (" ".join(cmd), done.returncode, done.stdout,
                                                    done.stderr))
    return done.stdout


def check_metainfo(cmake, prefix, cli, elsewhere):
    """The AppStream metainfo: installed, naming the installed desktop entry and the program's
    version, valid as AppStream's validator has it (warnings fail), and valid too when the build
    names a public place for docs/screenshots/ and it lists them from there."""
    import xml.etree.ElementTree as ET
    metainfo = os.path.join(prefix, "share/metainfo/invalid.detbench.detbench.metainfo.xml")
    if not os.path.exists(metainfo):
        sys.exit("FAIL: the AppStream metainfo is not installed")
    root = ET.parse(metainfo).getroot()
    if root.findtext("id") + ".metainfo.xml" != os.path.basename(metainfo):
        sys.exit("FAIL: the metainfo's file name is not its id")
    launchable = root.findtext("launchable")
    if not os.path.exists(os.path.join(prefix, "share/applications", launchable)):
        sys.exit("FAIL: the metainfo launches %s, which is not installed" % launchable)
    version = root.find("releases/release").get("version")
    if version not in run([cli, "--version"], cwd=elsewhere):
        sys.exit("FAIL: the metainfo's release %s is not the program's version" % version)
    if root.find("screenshots") is not None:
        sys.exit("FAIL: screenshots listed without a public place for them")
    source = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
    shots = os.path.join(elsewhere, "with-screenshots.metainfo.xml")
    run([cmake, "-DSOURCE_DIR=" + source, "-DOUTPUT=" + shots, "-DVERSION=" + version,
         "-DSCREENSHOT_URL=https://detbench.invalid/screenshots/", "-P",
         os.path.join(source, "cmake", "DetbenchMetainfo.cmake")], cwd=elsewhere)
    images = [i.text for i in ET.parse(shots).getroot().iter("image")]
    if len(images) < 3 or not all(i.startswith("https://detbench.invalid/screenshots/")
                                  for i in images):
        sys.exit("FAIL: the screenshots listed: %s" % images)
    for image in images:
        with open(os.path.join(source, "docs", "screenshots", image.rsplit("/", 1)[1]),
                  "rb") as f:
            head = f.read(24)
        if head[:8] != b"\x89PNG\r\n\x1a\n" or head[16:24] != (1280).to_bytes(4, "big") + (
                720).to_bytes(4, "big"):
            sys.exit("FAIL: %s is not a 1280x720 PNG" % image)
    appstream = shutil.which("appstreamcli")
    if appstream:
        for f in (metainfo, shots):
            run([appstream, "validate", "--no-net", f], cwd=elsewhere)


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: test_installed_tree.py CMAKE BUILD_DIR [PYTHON]")
    cmake, build = sys.argv[1], os.path.realpath(sys.argv[2])
    python = sys.argv[3] if len(sys.argv) > 3 else ""
    with tempfile.TemporaryDirectory(prefix="detbench-install-") as tmp:
        prefix = os.path.join(tmp, "prefix")
        elsewhere = os.path.join(tmp, "elsewhere")
        os.makedirs(elsewhere)
        run([cmake, "--install", build, "--prefix", prefix], cwd=tmp)
        cli = os.path.join(prefix, "bin", "detbench")
        if not os.access(cli, os.X_OK):
            sys.exit("FAIL: no bin/detbench in the prefix")

        # Nothing installed runs from the build tree (RUNPATH), and nothing of the build tree is
        # needed: the prefix stands alone.
        readelf = shutil.which("readelf")
        for root, _, files in os.walk(prefix):
            for name in files:
                path = os.path.join(root, name)
                if not readelf or not (name.endswith(".so") or os.access(path, os.X_OK)):
                    continue
                dyn = subprocess.run([readelf, "-d", path], capture_output=True, text=True).stdout
                for line in dyn.splitlines():
                    if ("RUNPATH" in line or "RPATH" in line) and build in line:
                        sys.exit("FAIL: %s runs from the build tree: %s" % (path, line.strip()))

        run([cli, "--version"], cwd=elsewhere)
        out = run([cli, "run", "--op", "index_add", "--device", "cpu", "-p", "size=4096",
                   "-p", "rows=64", "--trials", "3", "--out", "run.json"], cwd=elsewhere)
        if "reproducible" not in out:
            sys.exit("FAIL: the installed CLI's run says nothing of reproducibility:\n" + out)

        # A man page for the program and each subcommand its help lists, and a completion that
        # knows every subcommand and op (made from the program: they cannot drift from it).
        helped = run([cli, "--help"], cwd=elsewhere)
        subs = []
        in_subs = False
        for line in helped.splitlines():
            if line.startswith("Subcommands:"):
                in_subs = True
            elif in_subs and line.startswith("  ") and line.strip():
                subs.append(line.split()[0])
        if not subs:
            sys.exit("FAIL: detbench --help lists no subcommands:\n" + helped)
        man = os.path.join(prefix, "share", "man", "man1")
        completion = os.path.join(prefix, "share", "bash-completion", "completions", "detbench")
        # (Where the build made them: sanitizer builds do not.)
        if os.path.isdir(os.path.join(build, "cli", "man")):
            pages = ["detbench.1.gz"] + ["detbench-%s.1.gz" % s for s in subs]
            if os.access(os.path.join(prefix, "bin", "detbench-gui"), os.X_OK):
                pages.append("detbench-gui.1.gz")
            for page in pages:
                if not os.path.exists(os.path.join(man, page)):
                    sys.exit("FAIL: no man page %s" % page)
            with gzip.open(os.path.join(man, "detbench-run.1.gz"), "rt") as f:
                if "\\-\\-deterministic" not in f.read():
                    sys.exit("FAIL: detbench-run.1 does not name --deterministic")
            with open(completion) as f:
                script = f.read()
            ops = [op["name"] for op in json.loads(run([cli, "ops", "--json"],
                                                       cwd=elsewhere))["ops"]]
            for word in subs + ops:
                if word not in script:
                    sys.exit("FAIL: the completion does not know %s" % word)
            done = subprocess.run(
                ["bash", "-c", 'source "$1"; COMP_WORDS=(detbench run --op index_a); '
                 'COMP_CWORD=3; _detbench; echo "${COMPREPLY[@]}"', "_", completion],
                capture_output=True, text=True)
            if done.stdout.strip() != "index_add":
                sys.exit("FAIL: completing 'detbench run --op index_a' gave %r %s"
                         % (done.stdout, done.stderr))

        # The torch module, where the build made one: installed, and the one the program loads.
        if os.path.exists(os.path.join(build, "kernels", "torch", "libdetbench_torch.so")):
            if not os.path.exists(os.path.join(prefix, "lib", "detbench", "libdetbench_torch.so")):
                sys.exit("FAIL: the torch module is not installed")
            env = json.loads(run([cli, "env", "--json"], cwd=elsewhere))
            torch_cpu = [d for d in env["devices"] if d["id"] == "torch-cpu"]
            if not torch_cpu or not torch_cpu[0]["available"]:
                sys.exit("FAIL: torch-cpu unavailable from the prefix: %s" % torch_cpu)

        # The probe's digest, from lib/detbench/, in a traced script.
        digest = os.path.join(prefix, "lib", "detbench", "libdetbench_probe_digest.so")
        if not os.path.exists(digest):
            sys.exit("FAIL: the probe's digest library is not installed")
        if python and subprocess.run([python, "-c", "import torch"],
                                     capture_output=True).returncode == 0:
            with open(os.path.join(elsewhere, "tiny.py"), "w") as f:
                f.write("import torch\ntorch.manual_seed(0)\nprint((torch.rand(8) * 2).sum())\n")
            out = run([cli, "trace", "--runs", "2", "--configs", "default", "--", python,
                       "tiny.py"], cwd=elsewhere)
            if "the runs agree" not in out:
                sys.exit("FAIL: the installed trace of a seeded script:\n" + out)

        # The workbench, where the build has it: it starts from the prefix and draws its guide.
        gui = os.path.join(prefix, "bin", "detbench-gui")
        if os.access(gui, os.X_OK):
            icons = ["share/icons/hicolor/%dx%d/apps/detbench.png" % (n, n)
                     for n in (16, 32, 48, 256)
                     if os.path.isdir(os.path.join(build, "gui", "icons"))]
            for f in ["share/applications/detbench.desktop",
                      "share/icons/hicolor/scalable/apps/detbench.svg",
                      "share/mime/packages/detbench.xml"] + icons:
                if not os.path.exists(os.path.join(prefix, f)):
                    sys.exit("FAIL: %s not installed" % f)
            env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
            shot = os.path.join(elsewhere, "guide.png")
            run([gui, "--language", "en", "--show", "guide", "--screenshot", shot], cwd=elsewhere,
                env=env)
            if not os.path.getsize(shot):
                sys.exit("FAIL: the installed workbench drew nothing")
            validate = shutil.which("desktop-file-validate")
            if validate:
                run([validate, os.path.join(prefix, "share/applications/detbench.desktop")],
                    cwd=elsewhere)
            check_metainfo(cmake, prefix, cli, elsewhere)
    print("the installed tree stands alone")


if __name__ == "__main__":
    main()
