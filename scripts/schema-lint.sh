#!/usr/bin/env bash
# Lint the schema: every type, field, argument, input field and enum value has a description,
# names follow the conventions, deprecations give a reason (tools/schema-lint/eslint.config.mjs;
# the rules and why: docs/decisions/0066-schema-lint.md). Installs the linter from its lock
# file when needed.
#   scripts/schema-lint.sh          lint schema.graphql
#   scripts/schema-lint.sh FILE     lint another SDL file (e.g. a candidate schema)
set -euo pipefail
cd "$(dirname "$0")/.."
target=$(realpath "${1:-schema.graphql}")

scripts/node.sh
tool=tools/schema-lint
lock_hash=$(sha256sum "$tool/package-lock.json" | cut -d' ' -f1)
if [ ! -f "$tool/node_modules/.travel-lock" ] || [ "$(cat "$tool/node_modules/.travel-lock")" != "$lock_hash" ]; then
  echo "== npm ci (schema lint)" >&2
  npm ci --prefix "$tool" --no-audit --no-fund --loglevel=error >&2
  echo "$lock_hash" > "$tool/node_modules/.travel-lock"
fi
node "$tool/lint.mjs" "$target"
