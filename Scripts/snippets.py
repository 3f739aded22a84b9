#!/usr/bin/env python3
"""Compiles every Swift snippet of the README and of the DocC articles against the library.

Usage: snippets.py BIN_PATH

Each ```swift block is a program of its own, as a reader would paste it into a file of a package
that depends on Teletype: it names its imports, and declares what it uses. It is written to
.build/snippets/<document>-<n>/main.swift and type-checked with the toolchain's swiftc against the
modules of the debug build in BIN_PATH (the build `make docs` has just made; nothing is fetched or
built again). A block that only declares (types, tests) is checked as a library file. A block
fenced as ```swift-fragment is shown to readers but not checked (none should need it).

Every error is printed at the document's own line, and the script exits 1 when a snippet does not
compile.
"""

import glob
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def documents():
    paths = [os.path.join(ROOT, "README.md")]
    paths += sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "*.md")))
    return paths


def snippets(path):
    """Yields (line of the block's first code line, code) for each ```swift block."""
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        match = re.match(r"^(\s*)```swift\s*$", lines[index])
        if not match:
            index += 1
            continue
        indent = len(match.group(1))
        start = index + 1
        end = start
        while end < len(lines) and not re.match(r"^\s*```\s*$", lines[end]):
            end += 1
        code = "\n".join(line[indent:] if line[:indent].strip() == "" else line for line in lines[start:end])
        yield start + 1, code
        index = end + 1


# A line that is a statement at the top level: not a declaration, an attribute, an import, a
# comment, a blank line or a line inside braces.
DECLARATION = re.compile(
    r"^(import|@|struct|final|class|enum|protocol|extension|func|actor|typealias|public|private|"
    r"fileprivate|internal|package|//|/\*|\*|\}|$)"
)


def is_library(code):
    depth = 0
    for line in code.split("\n"):
        stripped = line.strip()
        if depth == 0 and stripped and not DECLARATION.match(stripped):
            return False
        depth += line.count("{") - line.count("}")
    return True


def check(job):
    document, line, code, folder, bin_path = job
    os.makedirs(folder, exist_ok=True)
    source = os.path.join(folder, "main.swift")
    with open(source, "w", encoding="utf-8") as file:
        file.write(code + "\n")
    command = [
        "swiftc", "-typecheck", "-swift-version", "6", "-I", os.path.join(bin_path, "Modules"),
        "-Xcc", "-fmodule-map-file=" + os.path.join(ROOT, "Sources/CCmarkGFM/module.modulemap"),
        "-Xcc", "-fmodule-map-file=" + os.path.join(ROOT, "Sources/CSQLite/module.modulemap"),
        "-Xcc", "-fmodule-map-file=" + os.path.join(ROOT, "Sources/CZlib/module.modulemap"),
        "-Xcc", "-fmodule-map-file=" + os.path.join(ROOT, "Sources/CZstd/module.modulemap"),
        "-Xcc", "-fmodule-map-file=" + os.path.join(bin_path, "CCmarkSupport.build/module.modulemap"),
        "-Xcc", "-fmodule-map-file=" + os.path.join(bin_path, "CSearchTokenizer.build/module.modulemap"),
    ]
    if is_library(code):
        command.append("-parse-as-library")
    command.append(source)
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode == 0:
        return None
    relative = os.path.relpath(document, ROOT)
    out = []
    for message in (result.stdout + result.stderr).split("\n"):
        found = re.match(r"^.*main\.swift:(\d+):(\d+): (error|warning): (.*)$", message)
        if found and found.group(3) == "error":
            out.append(f"{relative}:{line + int(found.group(1)) - 1}:{found.group(2)}: {found.group(4)}")
    if not out:
        out.append(f"{relative}:{line}: the snippet does not compile:\n{result.stderr.strip()}")
    return "\n".join(out)


def main(bin_path):
    folder = os.path.join(ROOT, ".build", "snippets")
    jobs = []
    for document in documents():
        name = os.path.relpath(document, ROOT).replace("/", "_").replace(".", "_")
        for number, (line, code) in enumerate(snippets(document)):
            jobs.append((document, line, code, os.path.join(folder, f"{name}-{number + 1}"), bin_path))
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        failures = [failure for failure in pool.map(check, jobs) if failure]
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"snippets: {len(jobs) - len(failures)} of {len(jobs)} compile")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
