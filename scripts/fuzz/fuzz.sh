#!/usr/bin/env bash
# `make fuzz`: builds FuzzTesting/ with libFuzzer and AddressSanitizer, runs each target for
# FUZZ_SECONDS (default 60) at low priority, and prints one table: target, executions, corpus
# size, crashes. FUZZ_TARGETS="streamer sanitizer" runs a subset.
#
# New inputs go to FuzzTesting/.build/fuzz/corpus/<target>/ (read with the stored corpus, which
# stays untouched); crashes to FuzzTesting/.build/fuzz/crashes/<target>/. A crash worth keeping
# is copied into FuzzTesting/Corpus/<target>/ by hand, with a unit test beside the fix, and is
# then replayed by `make test` (Tests/LacriptaFuzzingTests) without any sanitizer.
set -euo pipefail
cd "$(dirname "$0")/../.."

SWIFT=${SWIFT:-swift}
SECONDS_EACH=${FUZZ_SECONDS:-60}
PACKAGE=FuzzTesting
WORK=$PACKAGE/.build/fuzz
ALL_TARGETS=$(ls $PACKAGE/Corpus)
TARGETS=${FUZZ_TARGETS:-$ALL_TARGETS}

# Release: the sanitizers' checks stay, and the parsers run as they ship (several times the
# executions per second of a debug build). SwiftPM adds -parse-as-library for the fuzzer itself.
# SwiftPM keeps the sanitizers in a set, so each build passes `-sanitize=fuzzer` and
# `-sanitize=address` to swiftc in a random order, and swiftc 6.3 only instruments for coverage
# when fuzzer comes last: half the builds made fuzzers that ran blind. The extra flag at the end
# puts it last every time.
FLAGS=(-c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer)
echo "building $PACKAGE (${FLAGS[*]})…" >&2
nice -n 19 "$SWIFT" build --package-path $PACKAGE "${FLAGS[@]}" >&2
BIN=$("$SWIFT" build --package-path $PACKAGE "${FLAGS[@]}" --show-bin-path)
# A guard: a fuzzer without coverage counters finds nothing ("Is the code instrumented for
# coverage?"), so a build that still lacks them stops the run instead of fuzzing blind.
if ! nm "$BIN/LacriptaCore.build/StreamerParser.swift.o" 2>/dev/null | grep sancov >/dev/null; then
    echo "fuzz: the build has no coverage instrumentation (see FLAGS above); not fuzzing blind" >&2
    exit 1
fi

# Swift's crash backtracer can hang for minutes after libFuzzer has written the crash file, and
# the Swift runtime's one-time allocations trip LeakSanitizer: both off.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

rows=()
status=0
for target in $TARGETS; do
    corpus=$WORK/corpus/$target crashes=$WORK/crashes/$target log=$WORK/logs/$target.log
    mkdir -p "$corpus" "$crashes" "$(dirname "$log")"
    echo "fuzzing $target for ${SECONDS_EACH}s…" >&2
    # libFuzzer stops at its first crash; the exit status says so, the table counts the files.
    nice -n 19 "$BIN/fuzz-$target" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$crashes/" "$corpus" "$PACKAGE/Corpus/$target" >"$log" 2>&1 || true
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    size=$(( $(ls "$corpus" | wc -l) + $(ls "$PACKAGE/Corpus/$target" | wc -l) ))
    found=$(ls "$crashes" | grep -cE '^(crash|leak|timeout|oom|slow-unit)-' || true)
    grep -q "Is the code instrumented for coverage" "$log" && echo "warning: $target ran without coverage feedback" >&2
    [ "$found" -gt 0 ] && status=1
    rows+=("$(printf '%-22s %14s %8s %8s' "$target" "${runs:-?}" "$size" "$found")")
done

printf '%-22s %14s %8s %8s\n' target executions corpus crashes
printf '%s\n' "${rows[@]}"
[ $status -eq 0 ] || echo "crash inputs are in $WORK/crashes/; logs in $WORK/logs/" >&2
exit $status
