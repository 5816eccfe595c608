#!/usr/bin/env bash
# `make install` into a scratch prefix must put the binary, the man page and the three completion
# scripts in their conventional places, and `make uninstall` must take every one of them away.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
make --no-print-directory install PREFIX="$prefix" >/dev/null
expected=(
  bin/lacripta
  share/man/man1/lacripta.1
  share/bash-completion/completions/lacripta
  share/zsh/site-functions/_lacripta
  share/fish/vendor_completions.d/lacripta.fish
)
for file in "${expected[@]}"; do
  [ -s "$prefix/$file" ] || { echo "check-install: make install did not write $file" >&2; exit 1; }
done
"$prefix/bin/lacripta" --version >/dev/null
# Installed stripped: no symbol table left (file(1) says "not stripped" otherwise).
if command -v readelf >/dev/null && readelf -S "$prefix/bin/lacripta" 2>/dev/null | grep -q '\.symtab'; then
  echo "check-install: make install left the binary's symbol table in (it installs stripped)" >&2; exit 1
fi
if command -v man >/dev/null; then
  MANPAGER=cat man -l "$prefix/share/man/man1/lacripta.1" 2>&1 | grep -q "lacripta top" || { echo "check-install: man cannot render the page" >&2; exit 1; }
fi
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" -type f)
[ -z "$left" ] || { echo "check-install: make uninstall left: $left" >&2; exit 1; }
echo "check-install: install and uninstall under a scratch prefix: ok"
