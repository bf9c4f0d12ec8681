#!/usr/bin/env bash
# Install PgBouncer from Debian's package when missing (Debian 12: 1.18) and print its path.
# Nothing is started here: the tests and bench.pooler each start a PgBouncer of their own in
# transaction mode (tests/support/pgbouncer.py). The package's own service, if the machine runs
# one, is left as it is.
set -euo pipefail

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
binary=/usr/sbin/pgbouncer

if [ ! -x "$binary" ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq pgbouncer >/dev/null
fi
"$binary" --version >/dev/null
echo "$binary"
