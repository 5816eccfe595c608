#!/usr/bin/env bash
# make bench: release build, the Python peer's venv, then one table of figures (scripts/bench/bench.py).
# Not part of `make test`: timing is reported, never asserted. BENCH_LONG=1 makes the memory run
# 10 minutes instead of 60 s; BENCH_N, BENCH_RUNS and BENCH_PYTHON_RUNS change the run sizes.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
VENV=.build/bench-venv

for product in lacripta lacripta-sim lacripta-bench; do
  "$SWIFT" build -c release --product "$product" 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]' >&2 || true
done
BIN="$("$SWIFT" build -c release --show-bin-path)"
for product in lacripta lacripta-sim lacripta-bench; do
  [ -x "$BIN/$product" ] || { echo "bench: $BIN/$product was not built" >&2; exit 1; }
done

if ! "$VENV/bin/python" -c 'import websockets' 2>/dev/null; then
  echo "bench: installing the Python peer's websockets into $VENV" >&2
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check websockets
fi

exec "$VENV/bin/python" scripts/bench/bench.py --bin "$BIN" --python "$VENV/bin/python"
