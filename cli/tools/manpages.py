#!/usr/bin/env python3
"""Writes detbench's man pages from the programs' own help, compressed as Debian installs them:
detbench.1.gz (the program and its subcommands), detbench-SUBCOMMAND.1.gz for each, and, given
the workbench, detbench-gui.1.gz.

    manpages.py DETBENCH OUT_DIR VERSION [DETBENCH_GUI]
"""

import gzip
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_help  # noqa: E402


def roff(text):
    """Text as roff reads it: backslashes and hyphens escaped, no line starting with a dot."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def header(name, section_title, version):
    return ('.TH "%s" 1 "" "detbench %s" "%s"\n' % (name.upper(), version, section_title))


def page_for(detbench, sub, summary, version):
    parsed = cli_help.parse(cli_help.help_text(detbench, sub))
    out = [header("detbench-" + sub, "detbench manual", version)]
    out.append(".SH NAME\n%s \\- %s\n" % (roff("detbench-" + sub), roff(summary)))
    # "PATH/detbench run [OPTIONS]": what follows the subcommand's name.
    words = parsed["usage"].split(" ")
    rest = " ".join(words[2:]) if len(words) > 2 else ""
    out.append(".SH SYNOPSIS\n.B detbench %s\n%s\n" % (roff(sub), roff(rest)))
    out.append(".SH DESCRIPTION\n%s\n" % roff(parsed["summary"]))
    for section in ("Positionals", "Options"):
        items = parsed["sections"].get(section, [])
        if not items:
            continue
        out.append(".SH %s\n" % ("ARGUMENTS" if section == "Positionals" else "OPTIONS"))
        for term, description in items:
            out.append(".TP\n.B %s\n%s\n" % (roff(term), roff(description)))
    out.append(".SH SEE ALSO\n.BR detbench (1)\n")
    return "".join(out)


def main_page(detbench, subs, version):
    parsed = cli_help.parse(cli_help.help_text(detbench))
    out = [header("detbench", "detbench manual", version)]
    summary = parsed["summary"].split(": ", 1)[-1]
    out.append(".SH NAME\ndetbench \\- %s\n" % roff(summary.split(". ", 1)[0]))
    out.append(".SH SYNOPSIS\n.B detbench\n.I SUBCOMMAND\n[\\fIOPTIONS\\fR]\n")
    out.append(".SH DESCRIPTION\n%s\n.PP\nThe workbench is \\fBdetbench\\-gui\\fR; each "
               "subcommand has a page of its own, \\fBdetbench\\-\\fISUBCOMMAND\\fR(1), and "
               "\\fBdetbench \\fISUBCOMMAND\\fB \\-\\-help\\fR says the same.\n"
               % roff(summary[:1].upper() + summary[1:]))
    out.append(".SH SUBCOMMANDS\n")
    for name, summary in subs:
        out.append(".TP\n.BR detbench\\-%s (1)\n%s\n" % (roff(name), roff(summary)))
    out.append(".SH OPTIONS\n")
    for term, description in parsed["sections"].get("Options", []):
        out.append(".TP\n.B %s\n%s\n" % (roff(term), roff(description)))
    out.append(".SH SEE ALSO\n" + ",\n".join(".BR detbench\\-%s (1)" % roff(n) for n, _ in subs)
               + "\n")
    return "".join(out)


def gui_page(gui, version):
    """detbench-gui(1) from the workbench's --help (Qt's parser: the same sections)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    text = subprocess.run([gui, "--help"], capture_output=True, text=True, check=True,
                          env=env).stdout
    parsed = cli_help.parse(text)
    out = [header("detbench-gui", "detbench manual", version)]
    out.append(".SH NAME\ndetbench\\-gui \\- the determinism workbench (Qt)\n")
    out.append(".SH SYNOPSIS\n.B detbench\\-gui\n[\\fIOPTIONS\\fR] [\\fIPROJECT\\fR]\n")
    out.append(".SH DESCRIPTION\nThe workbench: runs an op many times on bit\\-identical inputs "
               "and plots how much its outputs vary and what determinism costs; compares "
               "configurations, teaches the lessons, traces a script. The options start it in "
               "a given state (documentation pictures are made with them).\n")
    for section, title in (("Arguments", "ARGUMENTS"), ("Options", "OPTIONS")):
        items = parsed["sections"].get(section, [])
        if items:
            out.append(".SH %s\n" % title)
            for term, description in items:
                out.append(".TP\n.B %s\n%s\n" % (roff(term), roff(description)))
    out.append(".SH SEE ALSO\n.BR detbench (1)\n")
    return "".join(out)


def write_gz(path, text):
    """gzip -9n: no name, no time, so the same page gives the same bytes."""
    with open(path, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=raw, mtime=0) as f:
            f.write(text.encode("utf-8"))


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit("usage: manpages.py DETBENCH OUT_DIR VERSION [DETBENCH_GUI]")
    detbench, out_dir, version = sys.argv[1:4]
    gui = sys.argv[4] if len(sys.argv) == 5 else None
    os.makedirs(out_dir, exist_ok=True)
    subs = cli_help.subcommands(detbench)
    if not subs:
        sys.exit("manpages.py: %s --help lists no subcommands" % detbench)
    pages = {"detbench.1": main_page(detbench, subs, version)}
    for name, summary in subs:
        pages["detbench-%s.1" % name] = page_for(detbench, name, summary, version)
    if gui:
        pages["detbench-gui.1"] = gui_page(gui, version)
    for name, text in pages.items():
        write_gz(os.path.join(out_dir, name + ".gz"), text)


if __name__ == "__main__":
    main()
