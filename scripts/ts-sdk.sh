#!/usr/bin/env bash
# The TypeScript SDK (clients/typescript): install its dev dependencies from its lock file,
# regenerate its generated code (src/generated/: types by graphql-codegen, documents and typed
# methods by codegen/operations.mjs, from schema.graphql and the SDK operations in
# clients/python/src/travel_client/operations/), build it with tsc, and check the package.
#   scripts/ts-sdk.sh          regenerate in place, then build
#   scripts/ts-sdk.sh --build  build only (tests/client/test_typescript_sdk.py runs this)
#   scripts/ts-sdk.sh --check  regenerate into a temporary copy and fail if it differs from
#                              what is committed; build (tsc strict), type-check a caller's code
#                              against the build (test/consumer.ts); then npm pack --dry-run
#                              (its size), publint and @arethetypeswrong/cli (scripts/test)
# Only the npm registry is reached, by `npm ci` from the committed package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/node.sh
pkg=clients/typescript

lock_hash=$(sha256sum "$pkg/package-lock.json" | cut -d' ' -f1)
if [ ! -f "$pkg/node_modules/.travel-lock" ] || [ "$(cat "$pkg/node_modules/.travel-lock")" != "$lock_hash" ]; then
  echo "== npm ci (clients/typescript)"
  npm ci --prefix "$pkg" --no-audit --no-fund --loglevel=error
  echo "$lock_hash" > "$pkg/node_modules/.travel-lock"
fi

generate() {  # $1: the package directory (its ../../schema.graphql and ../python/… are read)
  (cd "$1" && npx --no-install graphql-codegen --config codegen.ts --silent && node codegen/operations.mjs)
}

build() {
  rm -rf "$pkg/dist"
  (cd "$pkg" && npx --no-install tsc -p tsconfig.json)
}

case "${1:-}" in
  --build)
    build
    ;;
  --check)
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/clients/python/src/travel_client" "$tmp/clients/typescript"
    cp schema.graphql "$tmp/"
    cp -r clients/python/src/travel_client/operations "$tmp/clients/python/src/travel_client/"
    (cd "$pkg" && cp -r codegen codegen.ts package.json tsconfig.json src "$tmp/clients/typescript/")
    ln -s "$PWD/$pkg/node_modules" "$tmp/clients/typescript/node_modules"
    generate "$tmp/clients/typescript"
    if ! diff -r "$pkg/src/generated" "$tmp/clients/typescript/src/generated"; then
      echo "error: the TypeScript SDK's generated code is stale: run scripts/ts-sdk.sh and commit the result" >&2
      exit 1
    fi
    echo "TypeScript SDK generated code is up to date"
    build
    echo "== a caller's code type-checks against the built package (clients/typescript/test/consumer.ts)"
    (cd "$pkg" && npx --no-install tsc -p test/tsconfig.json)
    echo "== npm pack --dry-run (clients/typescript)"
    (cd "$pkg" && npm pack --dry-run 2>&1 | grep -E 'name:|version:|package size|unpacked size|total files')
    echo "== publint"
    (cd "$pkg" && npx --no-install publint --strict)
    echo "== @arethetypeswrong/cli (ESM only: node16 from CommonJS is not a target)"
    (cd "$pkg" && npx --no-install attw --pack . --profile esm-only)
    ;;
  "")
    generate "$pkg"
    build
    ;;
  *)
    echo "usage: scripts/ts-sdk.sh [--build | --check]" >&2
    exit 2
    ;;
esac
