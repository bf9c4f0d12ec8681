#!/usr/bin/env bash
# Make sure Node.js 20.19 or newer is on PATH (the web app's build and the schema linter need
# it): Debian's nodejs and npm are installed when there is no node at all; an older one is an
# error. Used by scripts/web.sh and scripts/schema-lint.sh.
set -euo pipefail

need_node() {
  command -v node >/dev/null 2>&1 && node -e '
    const [major, minor] = process.versions.node.split(".").map(Number);
    process.exit(major > 20 || (major === 20 && minor >= 19) ? 0 : 1)'
}
if ! need_node; then
  if ! command -v node >/dev/null 2>&1; then
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs npm >/dev/null
  fi
  if ! need_node; then
    echo "error: Node.js 20.19 or newer is needed (found: $(node --version 2>/dev/null || echo none))" >&2
    exit 1
  fi
fi
