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
  # RELEASE_FLAGS comes from the Makefile (static Swift runtime on Linux); split on spaces on purpose.
  # shellcheck disable=SC2206
  # Only the shipped binary: the simulator, bench, fuzz and conformance targets are built (and
  # warning-checked) in debug, and an optimised build of them would add minutes to every CI run.
  release) args=(build ${RELEASE_FLAGS:--c release} --product lacripta) ;;
  *) echo "usage: $0 debug|release" >&2; exit 64 ;;
esac
status=0
"$SWIFT" "${args[@]}" 2>&1 | tee "$log" || status=$?
[ "$status" -eq 0 ] || { echo "build ($mode) failed" >&2; exit "$status"; }
# Linker warnings about members of static archives are not ours to fix: linking the toolchain's
# static Foundation (release on Linux) makes ld warn about mktemp in libFoundationEssentials.a.
warnings() { grep -E '^/.*: warning: ' "$log" | grep -Ev '\.a\([^)]*\.o\):' || true; }
if [ -n "$(warnings)" ]; then
  echo "build ($mode): compiler warnings (the build must be warning-free):" >&2
  warnings | sort -u >&2
  exit 1
fi
# A static release must stand alone: no Swift runtime, Foundation or libcurl from the toolchain
# (a new `import FoundationNetworking` would bring libcurl back, or fail to link without its -dev).
# System libraries are fine: libssl/libcrypto for TLS, and libxml2.so.2 for FoundationXML's feed
# parser, which brings the system's libicuuc/libicudata, libz and liblzma with it (not the
# toolchain's lib_FoundationICU).
if [ "$mode" = release ] && [[ " ${RELEASE_FLAGS:-} " == *" --static-swift-stdlib "* ]]; then
  binary="$("$SWIFT" build ${RELEASE_FLAGS} --show-bin-path)/lacripta"
  if ldd "$binary" | grep -E 'libswift|libFoundation|libcurl|lib_FoundationICU' >&2; then
    echo "build (release): $binary should not need the shared libraries above" >&2
    exit 1
  fi
  "$binary" --version >/dev/null || { echo "build (release): $binary --version failed" >&2; exit 1; }
fi
