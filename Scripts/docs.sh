#!/usr/bin/env bash
# Builds the DocC documentation of the public modules with the toolchain's own tools (no package is
# fetched): symbol graphs from the debug build's modules (swift-symbolgraph-extract), then each
# module's catalog (Sources/<Module>/<Module>.docc) with `docc convert`, for static hosting, into
# .build/docs/<Module>/. Any docc warning (a broken link, a missing symbol) fails the build.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(Teletype TeletypeMarkdown TeletypeLayout TeletypeANSI TeletypeHTML TeletypeTranscripts TeletypeTransports
  TeletypeA2UI TeletypeArchive TeletypeSnapshotTesting)
swift build --build-tests >/dev/null
bin="$(swift build --show-bin-path)"
graphs=.build/docs/symbol-graphs
rm -rf .build/docs && mkdir -p "$graphs"
triple="$(swiftc -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')"
warnings=0
for module in "${modules[@]}"; do
  mkdir -p "$graphs/$module"
  swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" -target "$triple" \
    -Xcc -fmodule-map-file=Sources/CCmarkGFM/module.modulemap \
    -Xcc -fmodule-map-file="$bin/CCmarkSupport.build/module.modulemap" \
    -minimum-access-level public -output-dir "$graphs/$module"
  log=".build/docs/$module.log"
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.teletype.$module" \
    --output-path ".build/docs/$module" --transform-for-static-hosting --hosting-base-path "$module" >"$log" 2>&1
  count="$(grep -c '^warning' "$log" || true)"
  warnings=$((warnings + count))
  if [ "$count" -gt 0 ]; then grep -A4 '^warning' "$log" | head -40; fi
  echo "docs: $module, $count warnings"
done
# Public declarations written without a `///` comment (synthesized ones, which have no place in a
# file, aside), by module: what is left to document.
python3 - "$graphs" <<'PY'
import collections, glob, json, sys
missing = collections.Counter()
for path in glob.glob(sys.argv[1] + "/*/*.symbols.json"):
    graph = json.load(open(path))
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") in ("public", "open") and "location" in symbol and not symbol.get("docComment"):
            missing[graph["module"]["name"]] += 1
listed = ", ".join(f"{module} {count}" for module, count in missing.most_common())
print(f"docs: {sum(missing.values())} public declarations without a /// comment" + (f" ({listed})" if listed else ""))
PY
if [ "$warnings" -gt 0 ]; then echo "docs: $warnings warnings" >&2; exit 1; fi
echo "docs: every module in .build/docs/, no warnings"
