"""The op list as `detbench ops --json` prints it, and the check that a peer test's table of
cases names exactly those ops (each op has a case or a stated reason for having none)."""

import json
import subprocess


def catalog_ops(detbench):
    out = subprocess.run([detbench, "ops", "--json"], check=True, capture_output=True,
                         text=True).stdout
    return [op["name"] for op in json.loads(out)["ops"]]


def coverage_problems(detbench, named, without):
    """`named`: the ops a table of cases names; `without`: {op: why it has no case}."""
    ops = catalog_ops(detbench)
    problems = [f"{op}: no case (add one, or say why not)"
                for op in ops if op not in named and op not in without]
    problems += [f"{op}: not an op of `detbench ops`"
                 for op in sorted(set(named) | set(without)) if op not in ops]
    problems += [f"{op}: has a case and a reason for having none"
                 for op in sorted(set(named) & set(without))]
    return problems
