"""Lists the public declarations of the symbol graphs in a folder that have no `///` comment of their
own, each at its file and line, and exits 1 when there is one. Synthesized declarations (no place in
a file) are left aside. Used by Scripts/docs.sh, whose graphs skip inherited comments."""
import glob
import json
import os
import sys

missing = set()
for path in glob.glob(os.path.join(sys.argv[1], "*", "*.symbols.json")):
    with open(path) as file:
        symbols = json.load(file)["symbols"]
    for symbol in symbols:
        if symbol.get("accessLevel") not in ("public", "open") or "location" not in symbol:
            continue
        if symbol.get("docComment"):
            continue
        where = os.path.relpath(symbol["location"]["uri"].removeprefix("file://"))
        line = symbol["location"]["position"]["line"] + 1
        missing.add((where, line, ".".join(symbol["pathComponents"])))
for where, line, name in sorted(missing):
    print(f"{where}:{line}: public declaration without a /// comment: {name}", file=sys.stderr)
print(f"docs: {len(missing)} public declarations without a /// comment")
sys.exit(1 if missing else 0)
