#!/usr/bin/env bash
# Checks a release build of the command (the Makefile's RELEASE link settings): cmark-gfm must still
# bind its character switch to CCmarkSupport's stand-in, which needs the command to export that one
# symbol (the release exports no others); without it every inline pass would take its turn alone.
set -euo pipefail
binary="${1:?usage: check-release.sh PATH-TO-TELETYPE}"
symbol=cmark_manage_extensions_special_characters
if ! nm -D --defined-only "$binary" | grep -qw "$symbol"; then
  echo "check-release: $binary does not export $symbol: cmark-gfm cannot reach the stand-in (see RELEASE in the Makefile)" >&2
  exit 1
fi
# The command's arguments come from CCmarkSupport's arguments.c, which stands in for the runtime's
# reading of /proc/self/maps at every start: they must reach the command as given.
version="$("$binary" --version 2>&1 || true)"
case "$version" in
  "teletype "[0-9]*) ;;
  *) echo "check-release: $binary did not read its arguments (--version printed: $version); see Sources/CCmarkSupport/arguments.c" >&2; exit 1 ;;
esac
