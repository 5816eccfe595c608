#!/usr/bin/env bash
# Runs one step of `make test` and says how long it took, so a CI log shows where its minutes go
# (the whole run should stay under 15 minutes from a clean clone). Usage: timed.sh NAME COMMAND...
set -uo pipefail
name=$1
shift
start=$(date +%s)
"$@"
status=$?
echo "make test: $name took $(($(date +%s) - start)) s" >&2
exit "$status"
