#!/usr/bin/env bash
# Builds the DocC documentation of the public modules with the toolchain's own tools (no package is
# fetched): symbol graphs from the debug build's modules (swift-symbolgraph-extract), then each
# module's catalog (Sources/<Module>/<Module>.docc) with `docc convert`, for static hosting, into
# .build/docs/<Module>/. Any docc warning (a broken link, a missing symbol) fails the build, and so
# do a public declaration without a `///` comment and a Swift example of the README or an article
# that does not compile (Scripts/snippets.py).
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(Teletype TeletypeMarkdown TeletypeLayout TeletypeANSI TeletypeHTML TeletypeTranscripts TeletypeSessions TeletypeTransports
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
    -Xcc -fmodule-map-file=Sources/CCmarkGFM/module.modulemap -Xcc -fmodule-map-file=Sources/CSQLite/module.modulemap \
    -Xcc -fmodule-map-file=Sources/CZlib/module.modulemap -Xcc -fmodule-map-file=Sources/CZstd/module.modulemap \
    -Xcc -fmodule-map-file="$bin/CCmarkSupport.build/module.modulemap" \
    -Xcc -fmodule-map-file="$bin/CSearchTokenizer.build/module.modulemap" \
    -minimum-access-level public -skip-inherited-docs -output-dir "$graphs/$module"
  log=".build/docs/$module.log"
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.teletype.$module" \
    --output-path ".build/docs/$module" --transform-for-static-hosting --hosting-base-path "$module" >"$log" 2>&1
  count="$(grep -c '^warning' "$log" || true)"
  warnings=$((warnings + count))
  if [ "$count" -gt 0 ]; then grep -A4 '^warning' "$log" | head -40; fi
  echo "docs: $module, $count warnings"
done
# Every public declaration written in a file has a `///` comment of its own, one that implements a
# protocol's requirement too (the graphs skip inherited comments): only synthesized declarations,
# which have no place in a file, go without. Each one missing is listed at its file and line.
undocumented=0
python3 Scripts/undocumented.py "$graphs" || undocumented=1
# Every Swift example of the README and the articles compiles, each a program of its own that names
# its imports, against the modules just built.
snippets=0
python3 Scripts/snippets.py "$bin" || snippets=1
if [ "$warnings" -gt 0 ]; then echo "docs: $warnings warnings" >&2; fi
if [ "$warnings" -gt 0 ] || [ "$undocumented" -ne 0 ] || [ "$snippets" -ne 0 ]; then exit 1; fi
echo "docs: every module in .build/docs/, no warnings, every public declaration documented, every example compiles"
