#!/usr/bin/env python3
"""Writes the translations of zh_CN.py into detbench_zh_CN.ts (after lupdate has refreshed its
sources) and fails, listing them, if any source string has no translation.

    cmake --build build --target detbench_gui_lupdate && translations/tools/fill_ts.py
"""
import pathlib
import sys
import xml.etree.ElementTree as ET

here = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(here))
from zh_CN import ZH_CN  # noqa: E402

ts_path = here.parent / "detbench_zh_CN.ts"
tree = ET.parse(ts_path)
missing = []
for message in tree.iter("message"):
    source = message.find("source").text
    translation = message.find("translation")
    if source in ZH_CN:
        if message.get("numerus") == "yes":
            # Chinese has one plural form: one <numerusform> holds the text.
            for child in list(translation):
                translation.remove(child)
            translation.text = None
            ET.SubElement(translation, "numerusform").text = ZH_CN[source]
        else:
            translation.text = ZH_CN[source]
        translation.attrib.pop("type", None)
    else:
        missing.append(source)
        translation.set("type", "unfinished")
ET.indent(tree, space="    ")
with open(ts_path, "wb") as out:
    out.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
    tree.write(out, encoding="utf-8", xml_declaration=False)
    out.write(b"\n")
if missing:
    print("untranslated:", *missing, sep="\n  ", file=sys.stderr)
    sys.exit(1)
print(f"{ts_path.name}: every string translated")
