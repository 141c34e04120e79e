"""The detbench CLI's own help, read into its parts: what the man pages and the shell completion
are made from, so that neither can drift from the program."""

import re
import subprocess

# "  -n,--trials TEXT=50         Recorded trials": the names, the value's type and default, the
# description (which may go on, further indented, on the next lines).
_OPTION = re.compile(r"^  (\S(?:.*?\S)?)(?:\s{2,}(.*))?$")


def help_text(detbench, *args):
    return subprocess.run([detbench, *args, "--help"], capture_output=True, text=True,
                          check=True).stdout


def parse(text):
    """{'summary', 'usage', 'sections': {name: [(term, description)]}} of one help text."""
    lines = text.splitlines()
    summary = lines[0].strip() if lines else ""
    usage = ""
    sections = {}
    current = None
    for line in lines[1:]:
        if line.startswith("Usage:"):
            usage = line[len("Usage:"):].strip()
            continue
        if line and not line.startswith(" ") and line.endswith(":"):
            current = sections.setdefault(line[:-1], [])
            continue
        if current is None or not line.strip():
            continue
        if line.startswith("    ") and current:
            term, description = current[-1]
            current[-1] = (term, (description + " " + line.strip()).strip())
            continue
        match = _OPTION.match(line)
        if match:
            current.append((match.group(1).strip(), (match.group(2) or "").strip()))
    return {"summary": summary, "usage": usage, "sections": sections}


def subcommands(detbench):
    """[(name, summary)] in the order the help lists them."""
    return [(term, description)
            for term, description in parse(help_text(detbench))["sections"].get("Subcommands", [])]


def option_names(term):
    """'-n,--trials TEXT=50' -> ['-n', '--trials']."""
    names = term.split(" ")[0]
    return [n for n in names.split(",") if n.startswith("-")]
