#!/usr/bin/env python3
"""Writes the seed corpus of each fuzz target into OUTDIR/<target>/: the conformance examples and
sample documents for the Markdown targets, the fixtures for the transcript and recording targets
(and the corpus's provider captures, when ../shared/corpus is there),
terminal output for the emulator, text for the search index's tokenizer, and every saved regression
input under Tests/Fixtures/fuzz/."""
import hashlib
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parents[2]
out = pathlib.Path(sys.argv[1])
FENCE = "`" * 32


def spec_examples(path):
    examples, current, in_markdown = [], None, False
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith(FENCE + " example"):
            current, in_markdown = [], True
        elif current is not None and in_markdown and line.rstrip("\n") == ".":
            examples.append("".join(current).replace("\u2192", "\t"))
            in_markdown = False
        elif current is not None and line.startswith(FENCE):
            current = None
        elif current is not None and in_markdown:
            current.append(line)
    return examples


def write(target, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    folder = out / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


markdown = [e for name in ("gfm-spec.txt", "gfm-extensions.txt")
            for e in spec_examples(root / "Tests/Fixtures/conformance" / name)]
markdown += [p.read_bytes() for p in (root / "Samples").glob("*.md")]
for document in markdown:
    write("markdown", document)
    write("markdown-stream", document)
# What the index tokenizes: the same documents, and the agents' fixtures (JSON, code, paths, ids).
for document in markdown[::7]:
    write("search-tokenizer", document)
for path in sorted((root / "Tests/Fixtures/sessions").rglob("*.jsonl"))[:20]:
    write("search-tokenizer", path.read_bytes()[:16384])
for path in (root / "Tests/Fixtures/transcripts").iterdir():
    write("transcript", path.read_bytes())
write("transcript", (root / "Samples/conversation.json").read_bytes())
for path in (root / "Tests/Fixtures/streams").iterdir():
    write("recording", path.read_bytes())
write("recording", (root / "Samples/replay.jsonl").read_bytes())
# Every agent's fixtures, as logs; the database fixtures built (by Python's sqlite3), as databases.
import sqlite3
import tempfile
for path in sorted((root / "Tests/Fixtures/sessions").rglob("*")):
    if path.suffix in (".json", ".jsonl", ".md", ".txt"):
        write("agent-log", path.read_bytes()[:16384])
    elif path.suffix == ".sql":
        with tempfile.TemporaryDirectory() as folder:
            database = pathlib.Path(folder) / "seed.db"
            connection = sqlite3.connect(database)
            connection.executescript(path.read_text(encoding="utf-8"))
            connection.close()
            write("agent-database", database.read_bytes())
# Images: small PNG, JPEG and GIF files of this machine (outside the project), and hand-made PNGs
# of every colour type and depth (zlib from Python's standard library).
import struct
import zlib
found = 0
for path in sorted(pathlib.Path("/usr/share").rglob("*")):
    if found >= 40:
        break
    try:
        if path.suffix in (".png", ".jpg", ".gif") and path.is_file() and 100 < path.stat().st_size <= 16384:
            write("image", path.read_bytes())
            found += 1
    except OSError:
        continue
def png(width, height, color, depth):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color]
    row = (width * channels * depth + 7) // 8
    raw = b"".join(bytes([y % 5]) + bytes((x * 37 + y) % 256 for x in range(row)) for y in range(height))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, 0))
    if color == 3:
        out += chunk(b"PLTE", bytes(range(256)) * 3) + chunk(b"tRNS", bytes(range(256)))
    return out + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
for color, depths in {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}.items():
    for depth in depths:
        write("image", png(7, 5, color, depth))
# A2UI streams of every version: the catalogs' examples and the test cases, when the corpus is
# beside the project.
a2ui = root.parent / "shared" / "corpus" / "a2ui" / "specification"
if a2ui.is_dir():
    for path in sorted(a2ui.rglob("*.json*")):
        if "examples" in path.parts or "cases" in path.parts:
            write("a2ui", path.read_bytes()[:16384])
# Real provider captures, when the corpus is beside the project (read where it is, never copied in).
streams = root.parent / "shared" / "corpus" / "streams"
if streams.is_dir():
    for path in sorted(streams.iterdir()):
        data = path.read_bytes()
        write("recording", data[:16384])

ESC = "\x1b"
terminal = [
    f"{ESC}[1;38;2;200;100;0mbold colour{ESC}[0m plain\r\n",
    f"{ESC}[?2026h{ESC}[3A{ESC}[2K\rline{ESC}[K\n{ESC}[J{ESC}[?2026l",
    f"{ESC}]8;;https://example.com{ESC}\\link{ESC}]8;;{ESC}\\ after\n",
    "wide 漢字 and emoji 👍🏽 and combining e\u0301\n\ttab\tstops\n",
    f"{ESC}[5;10Hmoved{ESC}[2J{ESC}[H{ESC}[10Gcol{ESC}[1B{ESC}[2C{ESC}[1D",
    "x" * 300 + "\n",
]
for sample in terminal:
    write("terminal-emulator", sample)

for folder in (root / "Tests/Fixtures/fuzz").glob("*"):
    if folder.is_dir():
        for path in folder.iterdir():
            write(folder.name, path.read_bytes())
