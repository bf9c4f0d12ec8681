#!/usr/bin/env bash
# Install (Debian package) and start a local Redis for the rate-limit tests and benchmarks:
# 127.0.0.1:${REDIS_PORT:-6379}, daemonized, no persistence. Prints the URL to use as
# TRAVEL_REDIS_URL (or TRAVEL_TEST_REDIS_URL).
set -euo pipefail

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
port=${REDIS_PORT:-6379}

if ! command -v redis-server >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
fi

if ! redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1; then
  # A counter store: nothing worth persisting, so no RDB/AOF files anywhere.
  redis-server --bind 127.0.0.1 --port "$port" --daemonize yes --save '' --appendonly no \
    --dir "${TMPDIR:-/tmp}" --logfile "${TMPDIR:-/tmp}/travel-redis-$port.log" >/dev/null
  for _ in $(seq 1 50); do
    redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
fi
redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null
echo "redis://127.0.0.1:$port/0"
