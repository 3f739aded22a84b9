#!/usr/bin/env bash
# Runs each fuzz target for FUZZ_SECONDS (default 60) on the sanitised build of teletype-fuzz, from a
# seed corpus (conformance examples, fixtures, saved regressions) plus what earlier runs found.
# A crash stops with the input saved under .build/fuzz/crashes/ and the command that reproduces it.
# Usage: Fuzz/run.sh [TARGET...]   (default: every target)
set -uo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-60}"
seed="${FUZZ_SEED:-0}"   # 0: a new random seed each run; CI fixes one so that a run can be repeated
build=.build/fuzz
binary="$build/debug/teletype-fuzz"
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(markdown markdown-stream transcript recording terminal-emulator a2ui agent-log agent-database image search-tokenizer)

rm -rf "$build/seeds" && python3 Tests/Scripts/fuzz_corpus.py "$build/seeds" || exit 1
mkdir -p "$build/crashes"
failed=()
for target in "${targets[@]}"; do
  case "$target" in
    markdown|markdown-stream|search-tokenizer) dict=Fuzz/markdown.dict ;;
    transcript|recording|a2ui|agent-log|agent-database) dict=Fuzz/json.dict ;;
    terminal-emulator) dict=Fuzz/terminal.dict ;;
    image) dict=Fuzz/image.dict ;;
    *) echo "fuzz: unknown target '$target'" >&2; exit 2 ;;
  esac
  mkdir -p "$build/corpus/$target" "$build/seeds/$target"
  echo "fuzz: $target for ${seconds}s"
  log="$build/crashes/$target.log"
  TELETYPE_FUZZ_TARGET="$target" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
    "$binary" "$build/corpus/$target" "$build/seeds/$target" -dict="$dict" \
    -max_total_time="$seconds" -max_len=16384 -timeout=30 -rss_limit_mb=6144 \
    -artifact_prefix="$build/crashes/$target-" -print_final_stats=1 -seed="$seed" >"$log" 2>&1
  status=$?
  grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb)|^#[0-9]+.*DONE" "$log" | sed 's/^/  /'
  if [ $status -ne 0 ]; then
    failed+=("$target")
    grep -E "^teletype-fuzz:|Fatal error|ERROR|SUMMARY|Test unit written" "$log" | head -20 | sed 's/^/  /'
    echo "  reproduce: swift build --product teletype-fuzz && .build/debug/teletype-fuzz $target <crash file>"
    echo "  keep it:   cp <crash file> Tests/Fixtures/fuzz/$target/<what-it-shows>"
  fi
done
if [ ${#failed[@]} -ne 0 ]; then echo "fuzz: failed: ${failed[*]}" >&2; exit 1; fi
echo "fuzz: every target ran ${seconds}s without a failure"
