#!/usr/bin/env python3
"""Pygments as the oracle for Teletype's syntax highlighting.

Reads JSON on stdin: a list of blocks {"language": canonical name, "info": fence info, "text": code,
"kinds": one letter per code point of text (Teletype's token kind)}. Each character's Pygments token
is reduced to a coarse class (keyword, string, comment, number, name (function, class, module, tag,
attribute, decorator), builtin, operator (and punctuation), other). For each language the best mapping from
Teletype's kinds to classes is found (each kind to the class it most often covers); agreement is the
share of non-blank characters whose kind maps to their class. Prints JSON: per language and overall
(mean over blocks) agreement and distinct kinds a block, and the worst blocks."""
import json
import sys
from collections import Counter, defaultdict

from pygments.lexers import get_lexer_by_name
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String

LEXERS = {
    "python": "python", "javascript": "javascript", "typescript": "typescript", "json": "json",
    "shell": "bash", "console": "console", "swift": "swift", "rust": "rust", "go": "go", "c": "c",
    "cpp": "cpp", "csharp": "csharp", "java": "java", "kotlin": "kotlin", "ruby": "ruby", "php": "php",
    "sql": "sql", "yaml": "yaml", "toml": "toml", "ini": "ini", "html": "html", "xml": "xml", "css": "css",
    "dockerfile": "docker", "makefile": "make", "diff": "diff", "lua": "lua", "markdown": "markdown",
}
NAMES = (Name.Function, Name.Class, Name.Namespace, Name.Decorator, Name.Tag, Name.Attribute, Name.Exception)


def coarse(token):
    if token in Keyword:
        return "keyword"
    if token in String:
        return "string"
    if token in Comment:
        return "comment"
    if token in Number:
        return "number"
    if token in Name.Builtin:
        return "builtin"
    if any(token in kind for kind in NAMES):
        return "name"
    if token in Operator or token in Punctuation:
        return "operator"
    return "other"


def lexer_for(block):
    name = LEXERS[block["language"]]
    info = block["info"].lower().strip("{.} ")
    if block["language"] == "css" and info in ("scss", "less", "sass"):
        name = info if info != "sass" else "scss"
    options = {"stripnl": False, "ensurenl": False}
    if name == "php":
        options["startinline"] = True
    return get_lexer_by_name(name, **options)


def classes(block):
    out = []
    for token, value in lexer_for(block).get_tokens(block["text"]):
        out.extend([coarse(token)] * len(value))
    return out


def main():
    blocks = json.load(sys.stdin)
    per_language = defaultdict(list)
    skipped = 0
    for block in blocks:
        truth = classes(block)
        if len(truth) != len(block["text"]):
            # The lexer rewrote the text (a session's prompts): no character to compare with.
            skipped += 1
            continue
        pairs = [(kind, cls) for ch, kind, cls in zip(block["text"], block["kinds"], truth) if not ch.isspace()]
        if pairs:
            per_language[block["language"]].append((block, pairs))
    report = {"languages": {}, "worst": []}
    all_agreements, all_kinds = [], []
    scored = []
    for language, items in sorted(per_language.items()):
        counts = defaultdict(Counter)
        for _, pairs in items:
            for kind, cls in pairs:
                counts[kind][cls] += 1
        mapping = {kind: counter.most_common(1)[0][0] for kind, counter in counts.items()}
        agreements, kinds = [], []
        for block, pairs in items:
            agreement = sum(mapping[kind] == cls for kind, cls in pairs) / len(pairs)
            agreements.append(agreement)
            kinds.append(len({kind for kind, _ in pairs}))
            scored.append((agreement, language, block["text"][:120]))
        all_agreements += agreements
        all_kinds += kinds
        report["languages"][language] = {
            "blocks": len(items), "agreement": sum(agreements) / len(agreements),
            "kinds": sum(kinds) / len(kinds), "mapping": mapping,
        }
    report["agreement"] = sum(all_agreements) / max(1, len(all_agreements))
    report["kinds"] = sum(all_kinds) / max(1, len(all_kinds))
    report["blocks"] = len(all_agreements)
    report["skipped"] = skipped
    report["worst"] = [{"agreement": a, "language": l, "start": t} for a, l, t in sorted(scored)[:15]]
    json.dump(report, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
