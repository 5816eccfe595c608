#!/usr/bin/env bash
# Autobahn conformance of the native WebSocket client, served by kosoku (PyPI): sections 1-7, 9
# and 10 (12/13 are permessage-deflate, which we deliberately do not offer). Fails unless every
# case is OK, NON-STRICT or INFORMATIONAL. Reports: .build/autobahn/index.html
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
PORT=${CONFORMANCE_PORT:-9001}
VENV=.build/kosoku-venv
OUT=.build/autobahn
AGENT=lacripta

if [ ! -x "$VENV/bin/kosoku" ]; then
  echo "conformance: installing kosoku into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q kosoku==0.1.0
fi

$SWIFT build --product ws-conformance
DRIVER="$($SWIFT build --show-bin-path)/ws-conformance"

rm -rf "$OUT"
"$VENV/bin/kosoku" -m fuzzingserver \
  -i '1.*' -i '2.*' -i '3.*' -i '4.*' -i '5.*' -i '6.*' -i '7.*' -i '9.*' -i '10.*' \
  -o "$OUT" "127.0.0.1:$PORT" &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true' EXIT

# Wait (bounded) until the fuzzing server accepts connections.
for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then break; fi
  sleep 0.1
done

start=$(date +%s)
driver=0
"$DRIVER" "ws://127.0.0.1:$PORT" "$AGENT" || driver=$?
status=0
wait "$SERVER" || status=$?
[ "$driver" -eq 0 ] || { echo "conformance: the driver failed"; exit 1; }
trap - EXIT
echo "conformance: cases ran in $(( $(date +%s) - start )) s"

summary=0
"$VENV/bin/python" - "$OUT/index.json" "$AGENT" <<'PY' || summary=$?
import json, sys, collections
report = json.load(open(sys.argv[1]))[sys.argv[2]]
accepted = {"OK", "NON-STRICT", "INFORMATIONAL"}
counts = collections.Counter()
bad = []
for case, result in report.items():
    counts[result["behavior"]] += 1
    if result["behavior"] not in accepted or result["behaviorClose"] not in accepted:
        bad.append(f'{case}: {result["behavior"]} / close {result["behaviorClose"]}')
print("conformance:", len(report), "cases:", ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
for line in sorted(bad, key=lambda c: [int(p) for p in c.split(":")[0].split(".")]):
    print("  not accepted:", line)
sys.exit(1 if bad else 0)
PY
[ "$status" -eq 0 ] && [ "$summary" -eq 0 ] || { echo "conformance: FAILED (see $OUT/index.html)"; exit 1; }
echo "conformance: all cases OK / NON-STRICT / INFORMATIONAL"
