#!/usr/bin/env bash
# Takes the README's picture of an exported page: a headless Chromium screenshot of the page snapshot
# (Snapshots/ReadmePictureTests/exportedPage.exported-page.html, which ReadmePictureTests records),
# and, beside it, the FNV-1a hash of the page it was taken of, which the test compares with the
# page of today. Run it after re-recording that snapshot.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=Snapshots/ReadmePictureTests
page="$dir/exportedPage.exported-page.html"
[ -f "$page" ] || { echo "pictures: $page is missing: run the ReadmePictureTests first" >&2; exit 1; }
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
[ -n "$browser" ] || { echo "pictures: no Chromium to take the screenshot with (apt-get install chromium)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
  --window-size=800,1040 --screenshot="$work/page.png" "file://$PWD/$page" >/dev/null 2>&1
[ -s "$work/page.png" ] || { echo "pictures: the browser took no screenshot" >&2; exit 1; }
mv "$work/page.png" "$dir/exported-page.png"
python3 - "$page" "$dir/exported-page.png.source" <<'PY'
import sys
value = 0xCBF29CE484222325
for byte in open(sys.argv[1], "rb").read():
    value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
open(sys.argv[2], "w").write(f"{value:016x}\n")
PY
echo "pictures: $dir/exported-page.png"
