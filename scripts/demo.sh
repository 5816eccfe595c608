#!/usr/bin/env bash
# make demo: start the bundled offline simulator on a free port and run lacripta against it.
# No API key and no internet: everything comes from Resources/recorded.
set -euo pipefail
bin=${1:-.build/debug}
cd "$(dirname "$0")/.."

work=$(mktemp -d "${TMPDIR:-/tmp}/lacripta-demo.XXXXXX")
sim_pid=""
cleanup() {
  [ -n "$sim_pid" ] && kill "$sim_pid" 2>/dev/null && wait "$sim_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

"$bin/lacripta-sim" --port 0 --port-file "$work/port" --stream-port-file "$work/stream-port" --data Resources/recorded \
  >"$work/sim.log" 2>&1 &
sim_pid=$!
for _ in $(seq 1 100); do
  [ -s "$work/port" ] && [ -s "$work/stream-port" ] && break
  kill -0 "$sim_pid" 2>/dev/null || { echo "demo: the simulator did not start:" >&2; cat "$work/sim.log" >&2; exit 69; }
  sleep 0.05
done
[ -s "$work/port" ] || { echo "demo: the simulator did not report its port" >&2; exit 69; }
port=$(cat "$work/port")
stream_port=$(cat "$work/stream-port")

# Point lacripta at the simulator, with a throwaway cache and config and no key.
export LACRIPTA_API_URL="http://127.0.0.1:$port"
export LACRIPTA_STREAM_URL="ws://127.0.0.1:$stream_port/v2"
export XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config"
unset CRYPTOCOMPARE_API_KEY

step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; "$@"; }
echo "lacripta demo against the offline simulator on 127.0.0.1 (REST :$port, streamer :$stream_port; recorded data, no key, no internet)"
step "$bin/lacripta" top
step "$bin/lacripta" news ethereum --sort oldest
step "$bin/lacripta" live BTC ETH --duration 10
if [ -t 0 ] && [ -t 1 ]; then
  printf '\n\033[1mNext: the full-screen view (arrows move, Enter opens news, l live, ? keys, q quits).\033[0m Press Enter... '
  read -r _ || true
  "$bin/lacripta" || true
fi
echo
cat <<EOT

Try more yourself: run the simulator in one terminal (make sim), then in another:
  export LACRIPTA_API_URL=http://127.0.0.1:8088 LACRIPTA_STREAM_URL=ws://127.0.0.1:8089/v2
  $bin/lacripta            # the full-screen view
  $bin/lacripta --help
EOT
