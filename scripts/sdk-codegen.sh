#!/usr/bin/env bash
# Regenerate the Python SDK's generated code (clients/python/src/travel_client): the result
# models (ariadne-codegen, from schema.graphql and the SDK's operations/*.graphql), the
# documents the SDK sends with them (_generated/documents.py) and the blocking client (_sync/,
# unasync of the asyncio client _async/). The generators run in their own environment
# (.venv-codegen, pinned by the `codegen` extra of clients/python/pyproject.toml): ariadne-codegen
# needs an older graphql-core and ruff than the server's. The server's .venv formats _sync/.
#   scripts/sdk-codegen.sh          regenerate in place
#   scripts/sdk-codegen.sh --check  regenerate into a temporary copy and fail if it differs
#                                   from what is committed (scripts/test runs this)
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=.venv-codegen
PYTHON=${PYTHON:-python3}
requirements=$("$PYTHON" -c 'import tomllib, sys
project = tomllib.load(open("clients/python/pyproject.toml", "rb"))["project"]
print("\n".join(project["optional-dependencies"]["codegen"]))')
if [ ! -x "$VENV/bin/python" ] || [ "$(cat "$VENV/.requirements" 2>/dev/null)" != "$requirements" ]; then
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q --upgrade pip >/dev/null
  # shellcheck disable=SC2086
  "$VENV/bin/python" -m pip install -q $requirements
  echo "$requirements" > "$VENV/.requirements"
fi
codegen_bin=$(cd "$VENV/bin" && pwd)
ruff=$(cd .venv/bin && pwd)/ruff

generate() {  # $1: a directory holding schema.graphql and clients/python
  local client="$1/clients/python"
  rm -rf "$client/src/travel_client/_generated"
  (cd "$client" && "$codegen_bin/ariadne-codegen" models_only >/dev/null)
  "$codegen_bin/python" "$client/codegen/documents.py" "$client/src/travel_client"
  "$codegen_bin/python" "$client/codegen/sync_client.py" "$client/src/travel_client"
  (cd "$client" && "$ruff" check -q --fix src/travel_client/_sync && "$ruff" format -q src/travel_client/_sync)
}

if [ "${1:-}" = "--check" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/clients"
  cp schema.graphql "$tmp/"
  cp -r clients/python "$tmp/clients/python"
  generate "$tmp"
  if ! diff -r -x __pycache__ clients/python/src/travel_client "$tmp/clients/python/src/travel_client"; then
    echo "error: the SDK's generated code is stale: run scripts/sdk-codegen.sh and commit the result" >&2
    exit 1
  fi
  echo "SDK generated code is up to date"
else
  generate "$PWD"
fi
