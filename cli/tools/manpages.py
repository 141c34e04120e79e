#!/usr/bin/env python3
"""Writes detbench's man pages from the CLI's own help: detbench.1 (the program and its
subcommands) and detbench-SUBCOMMAND.1 for each.

    manpages.py DETBENCH OUT_DIR VERSION
"""

import os
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


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: manpages.py DETBENCH OUT_DIR VERSION")
    detbench, out_dir, version = sys.argv[1:]
    os.makedirs(out_dir, exist_ok=True)
    subs = cli_help.subcommands(detbench)
    if not subs:
        sys.exit("manpages.py: %s --help lists no subcommands" % detbench)
    pages = {"detbench.1": main_page(detbench, subs, version)}
    for name, summary in subs:
        pages["detbench-%s.1" % name] = page_for(detbench, name, summary, version)
    for name, text in pages.items():
        with open(os.path.join(out_dir, name), "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
