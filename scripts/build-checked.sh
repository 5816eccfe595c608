#!/usr/bin/env bash
# Builds and fails on any compiler warning: the code base is warning-free in debug and release
# (release catches concurrency diagnostics debug misses). Usage: build-checked.sh debug|release
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
mode=${1:-debug}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
case "$mode" in
  debug) args=(build --build-tests) ;;
  release) args=(build -c release) ;;
  *) echo "usage: $0 debug|release" >&2; exit 64 ;;
esac
status=0
"$SWIFT" "${args[@]}" 2>&1 | tee "$log" || status=$?
[ "$status" -eq 0 ] || { echo "build ($mode) failed" >&2; exit "$status"; }
if grep -E '^/.*: warning: ' "$log" >/dev/null; then
  echo "build ($mode): compiler warnings (the build must be warning-free):" >&2
  grep -E '^/.*: warning: ' "$log" | sort -u >&2
  exit 1
fi
