#!/usr/bin/env bash
# make bench: release build, the Python peer's venv, then one table of figures (scripts/bench/bench.py).
# Timing is reported, never asserted. BENCH_LONG=1 makes the memory run 10 minutes instead of
# 60 s; BENCH_N, BENCH_RUNS and BENCH_PYTHON_RUNS change the run sizes. BENCH_SMOKE=1 (what
# `make test` runs, after its release build) runs every step once with tiny counts and judges
# nothing, so a step that can no longer run fails CI.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
VENV=.build/bench-venv

# The same flags as `make release` (static Swift runtime on Linux), so the figures are those of
# the binary `make install` installs. Split on spaces on purpose.
# shellcheck disable=SC2206
flags=(${RELEASE_FLAGS:--c release})
# The smoke run judges no figure, so it uses the debug build `make test` has just made instead of
# an optimised simulator and bench program (minutes of CI time).
if [ "${BENCH_SMOKE:-}" = 1 ]; then flags=(); fi
for product in lacripta lacripta-sim lacripta-bench; do
  "$SWIFT" build "${flags[@]}" --product "$product" 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]|swift_static/.*mktemp' >&2 || true
done
BIN="$("$SWIFT" build "${flags[@]}" --show-bin-path)"
for product in lacripta lacripta-sim lacripta-bench; do
  [ -x "$BIN/$product" ] || { echo "bench: $BIN/$product was not built" >&2; exit 1; }
done

if ! "$VENV/bin/python" -c 'import websockets' 2>/dev/null; then
  echo "bench: installing the Python peer's websockets into $VENV" >&2
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check websockets
fi

exec "$VENV/bin/python" scripts/bench/bench.py --bin "$BIN" --python "$VENV/bin/python"
