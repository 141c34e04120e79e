#!/usr/bin/env python3
"""Writes the lists of torch.use_deterministic_algorithms's docstring, as OpCatalogDocstringTest
reads them, from torch/__init__.py of a PyTorch wheel:

    pip download torch==2.15.0 --no-deps -d /tmp/pt && \\
      unzip -p /tmp/pt/torch-2.15.0-*.whl torch/__init__.py > /tmp/init.py
    extract_lists.py /tmp/init.py 2.15 WHEEL_NAME > 2.15.txt

One entry a line under its list ([switches]: "will act deterministically", [raises]: "will throw
a RuntimeError", [cublas]: the ops that need CUBLAS_WORKSPACE_CONFIG); Sphinx roles and
backquotes dropped, continuation lines joined, a sub-list's items written "ENTRY ITEM".
"""
import re
import sys

HEADS = {
    "operations will act": "switches",
    "operations will throw": "raises",
    "will be raised from these operations": "cublas",
}


def plain(text):
    text = re.sub(r":\w+:`([^`]*)`", r"\1", text)
    return " ".join(text.replace("``", "").replace("`", "").split())


def lists(init_py):
    source = open(init_py, encoding="utf-8").read()
    start = source.index("def use_deterministic_algorithms(")
    doc = source[start:source.index('"""', source.index('r"""', start) + 4)]
    found, current, entry, parent = {}, None, None, None
    for line in doc.splitlines():
        stripped = line.strip()
        for head, name in HEADS.items():
            if head in line:
                current, entry, parent = name, None, None
                found[name] = []
        if current is None:
            continue
        if stripped.startswith("* "):
            entry = plain(stripped[2:])
            parent = entry if entry.endswith(":") else None
            if parent is None:
                found[current].append(entry)
        elif stripped.startswith("- ") and parent is not None:
            found[current].append(parent + " " + plain(stripped[2:]))
        elif stripped and entry is not None and parent is None and found[current] and \
                not stripped.startswith(("*", "-")) and line.startswith(" " * 10):
            found[current][-1] = plain(found[current][-1] + " " + stripped)
            entry = found[current][-1]
            if entry.endswith(":"):
                parent = found[current].pop()
        elif not stripped and found[current]:
            entry = None if parent is None else entry
    return found


def main():
    init_py, release, wheel = sys.argv[1:4]
    print(f"# PyTorch {release}: the lists of torch.use_deterministic_algorithms's docstring,")
    print(f"# read from torch/__init__.py of {wheel} by extract_lists.py.")
    for name, entries in lists(init_py).items():
        print(f"[{name}]")
        for e in entries:
            print(e)


if __name__ == "__main__":
    main()
