#!/usr/bin/env bash
# Installs the Debian packages named as arguments that are missing: as root with apt-get, otherwise
# it prints the `sudo apt-get install` line and fails. Another apt or dpkg holding its locks (an
# unattended upgrade, a second make) is waited for, up to ten minutes, instead of failing at once:
# `apt-get install` waits by itself (DPkg::Lock::Timeout), `apt-get update` is tried again while its
# lists are locked.
set -uo pipefail
missing=()
for package in "$@"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != "0" ]; then
  echo "Missing system packages: ${missing[*]}"
  echo "Run: sudo apt-get install -y ${missing[*]}"
  exit 1
fi
echo "Installing: ${missing[*]}"
wait_seconds="${APT_LOCK_WAIT_SECONDS:-600}"
retry_seconds="${APT_LOCK_RETRY_SECONDS:-3}"
deadline=$((SECONDS + wait_seconds))
while true; do
  output="$(apt-get -o Acquire::Retries=3 update -qq 2>&1)" && break
  if grep -q 'Could not get lock\|Unable to lock' <<<"$output" && [ "$SECONDS" -lt "$deadline" ]; then
    [ -n "${said_waiting:-}" ] || echo "Waiting for another apt-get to finish (up to ${wait_seconds} s)…"
    said_waiting=1
    sleep "$retry_seconds"
    continue
  fi
  echo "$output" >&2
  exit 1
done
DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout="$wait_seconds" install -y -qq "${missing[@]}" >/dev/null
