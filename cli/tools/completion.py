#!/usr/bin/env python3
"""Writes detbench's bash completion from the CLI itself: the subcommands and each one's options
from its help, the op names from `detbench ops --json`, the lessons from `detbench demo --list`,
and the devices as `--device` names them.

    completion.py DETBENCH OUT_FILE
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_help  # noqa: E402

DEVICES = ["cpu", "cpu-threads", "cuda", "torch-cpu", "torch-cuda"]
# Options whose value is one of a known list (the rest: files, numbers, free text).
CHOICES = {
    "--deterministic": ["off", "warn", "error"],
    "--semantics": ["pytorch", "extensions"],
}


def words(values):
    return " ".join(values)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: completion.py DETBENCH OUT_FILE")
    detbench, out_file = sys.argv[1:]
    subs = [name for name, _ in cli_help.subcommands(detbench)]
    options = {}
    for sub in subs:
        parsed = cli_help.parse(cli_help.help_text(detbench, sub))
        names = []
        for term, _ in parsed["sections"].get("Options", []):
            names += [n for n in cli_help.option_names(term) if n.startswith("--")]
        options[sub] = names
    ops = [op["name"] for op in json.loads(subprocess.run(
        [detbench, "ops", "--json"], capture_output=True, text=True, check=True).stdout)["ops"]]
    demos = [line.split()[0] for line in subprocess.run(
        [detbench, "demo", "--list"], capture_output=True, text=True, check=True).stdout.splitlines()
        if line.strip() and not line.startswith(" ")]

    cases = []
    for sub in subs:
        cases.append("    %s) opts=\"%s\" ;;" % (sub, words(options[sub])))
    choices = []
    for option, values in sorted(CHOICES.items()):
        choices.append("    %s) COMPREPLY=($(compgen -W \"%s\" -- \"$cur\")); return ;;"
                       % (option, words(values)))
    script = """# bash completion for detbench, made from the program's own help (cli/tools/completion.py).
_detbench() {
  local cur prev sub opts i
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  sub=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "${COMP_WORDS[i]}" in
      -*) ;;
      *) sub="${COMP_WORDS[i]}"; break ;;
    esac
  done
  if [[ -z $sub ]]; then
    COMPREPLY=($(compgen -W "%(subs)s --help --version" -- "$cur"))
    return
  fi
  # After `--` (detbench trace -- python3 ...): the command's own words.
  for ((i = 1; i < COMP_CWORD; i++)); do
    [[ ${COMP_WORDS[i]} == -- ]] && { COMPREPLY=($(compgen -f -- "$cur")); return; }
  done
  case "$prev" in
    --op) COMPREPLY=($(compgen -W "%(ops)s" -- "$cur")); return ;;
    --device|--devices) COMPREPLY=($(compgen -W "%(devices)s" -- "$cur")); return ;;
%(choices)s
    --out|--markdown|--recipe|--cwd|--html|--pdf) COMPREPLY=($(compgen -f -- "$cur")); return ;;
  esac
  if [[ $sub == demo && $cur != -* ]]; then
    COMPREPLY=($(compgen -W "%(demos)s" -- "$cur"))
    return
  fi
  case "$sub" in
%(cases)s
    *) opts="" ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts --help" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -F _detbench detbench
""" % {"subs": words(subs), "ops": words(ops), "devices": words(DEVICES),
       "choices": "\n".join(choices), "demos": words(demos), "cases": "\n".join(cases)}
    with open(out_file, "w", encoding="utf-8") as f:
        f.write(script)


if __name__ == "__main__":
    main()
