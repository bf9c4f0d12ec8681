#!/usr/bin/env bash
# Install the web app's npm packages from the lock file and build it into src/travel/web/dist
# (typed operations generated from schema.graphql and type-checked first: an operation the
# schema no longer accepts fails here). Skips what is already up to date.
#   scripts/web.sh          install and build when needed
#   scripts/web.sh --force  build even if nothing changed
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/node.sh

lock_hash=$(sha256sum web/package-lock.json | cut -d' ' -f1)
if [ ! -f web/node_modules/.travel-lock ] || [ "$(cat web/node_modules/.travel-lock)" != "$lock_hash" ]; then
  echo "== npm ci (web)"
  npm ci --prefix web --no-audit --no-fund --loglevel=error
  echo "$lock_hash" > web/node_modules/.travel-lock
fi

source_hash=$(cat schema.graphql web/package-lock.json web/index.html web/embed.html web/*.ts \
  $(find web/src web/loader web/public web/scripts -type f ! -path 'web/src/gql/*' | sort) | sha256sum | cut -d' ' -f1)
stamp=src/travel/web/dist/.source
if [ "${1:-}" = "--force" ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$source_hash" ]; then
  echo "== build (web): codegen from schema.graphql, type check, bundle"
  npm run --prefix web --silent build
  echo "$source_hash" > "$stamp"
fi
