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

"$bin/lacripta-sim" --port 0 --port-file "$work/port" --stream-port-file "$work/stream-port" \
  --exchange-url-file "$work/exchanges" --data Resources/recorded >"$work/sim.log" 2>&1 &
sim_pid=$!
for _ in $(seq 1 100); do
  [ -s "$work/port" ] && [ -s "$work/stream-port" ] && [ -s "$work/exchanges" ] && break
  kill -0 "$sim_pid" 2>/dev/null || { echo "demo: the simulator did not start:" >&2; cat "$work/sim.log" >&2; exit 69; }
  sleep 0.05
done
[ -s "$work/port" ] || { echo "demo: the simulator did not report its port" >&2; exit 69; }
port=$(cat "$work/port")
stream_port=$(cat "$work/stream-port")

# Point lacripta at the simulator, with a throwaway cache and config and no key: every source's
# URL is configuration, so the same binary talks to the simulated CoinGecko, feeds and CryptoCompare.
base="http://127.0.0.1:$port"
export LACRIPTA_API_URL="$base"
export LACRIPTA_STREAM_URL="ws://127.0.0.1:$stream_port/v2"
export LACRIPTA_COINGECKO_URL="$base/coingecko/api/v3"
export LACRIPTA_NEWS_FEEDS="$base/feeds/coindesk.xml,$base/feeds/cointelegraph.xml,$base/feeds/decrypt.xml,$base/feeds/theblock.xml,$base/feeds/cryptoslate.xml"
# The four simulated exchanges' public feeds, one "name url" line each (LACRIPTA_COINBASE_URL, …).
while read -r name url; do
  export "LACRIPTA_$(printf '%s' "$name" | tr '[:lower:]' '[:upper:]')_URL=$url"
done <"$work/exchanges"
export XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config"
unset CRYPTOCOMPARE_API_KEY LACRIPTA_SOURCE COINGECKO_API_KEY

step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; "$@"; }
echo "lacripta demo against the offline simulator on 127.0.0.1 (port $port; recorded data, no internet)"
echo
echo "1. Without any key: CoinGecko's public API and the news outlets' RSS/Atom feeds."
step "$bin/lacripta" top -n 15
step "$bin/lacripta" news ethereum --sort oldest -n 8
echo
echo "   Live prices without a key: Coinbase's public feed (Kraken's where Coinbase lacks a pair),"
echo "   and one coin compared across four exchanges' public feeds."
step "$bin/lacripta" live BTC ETH --duration 6
if [ -t 1 ]; then
  step "$bin/lacripta" compare BTC --duration 10
else
  step "$bin/lacripta" compare BTC --json --count 8
fi
echo
echo "2. With a CryptoCompare key (a demo one; the simulator accepts any): CryptoCompare's REST API and streamer."
export CRYPTOCOMPARE_API_KEY=demo-key
step "$bin/lacripta" top -n 15
step "$bin/lacripta" news ethereum --sort oldest -n 8
step "$bin/lacripta" live BTC ETH --duration 10
if [ -t 0 ] && [ -t 1 ]; then
  printf '\n\033[1mNext: the full-screen view without a key (arrows move, Enter opens news, ? keys, q quits).\033[0m Press Enter... '
  read -r _ || true
  env -u CRYPTOCOMPARE_API_KEY "$bin/lacripta" || true
  printf '\n\033[1mAnd with the key: live prices ticking (l opens a live detail).\033[0m Press Enter... '
  read -r _ || true
  "$bin/lacripta" || true
fi
echo
cat <<EOT

Try more yourself: run the simulator in one terminal (make sim), then in another:
  export LACRIPTA_COINGECKO_URL=http://127.0.0.1:8088/coingecko/api/v3 \\
    LACRIPTA_NEWS_FEEDS=http://127.0.0.1:8088/feeds/coindesk.xml,http://127.0.0.1:8088/feeds/decrypt.xml \\
    LACRIPTA_API_URL=http://127.0.0.1:8088 LACRIPTA_STREAM_URL=ws://127.0.0.1:8089/v2
  $bin/lacripta            # the full-screen view (no key: CoinGecko and the feeds)
  CRYPTOCOMPARE_API_KEY=demo $bin/lacripta live BTC ETH
  $bin/lacripta compare BTC   # after exporting the LACRIPTA_*_URL lines make sim prints
  $bin/lacripta --help
EOT
