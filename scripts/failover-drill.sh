#!/usr/bin/env bash
# Failover drill (docs/deploy.md, "High availability"): on this one machine, in a temporary
# directory and on ports of its own (never the shared server on 5432), start etcd, two
# Patroni-managed PostgreSQL 15 nodes and HAProxy (Debian's packages, installed when missing),
# migrate, run `travel serve` against HAProxy's write port, book continuously, kill the primary,
# and print how many seconds bookings were refused until the new primary took them. Then audit:
# every booking a caller was told about exists once, and no date is booked twice. Cleans up.
#
# Usage: scripts/failover-drill.sh [--mode node|postmaster|switchover] [--keep]
#   node        SIGKILL the leader's Patroni and its postmaster together: a host lost (default)
#   postmaster  SIGKILL only the leader's postmaster: Patroni restarts or fails it over
#   switchover  `patronictl switchover --force`: a planned change of primary
#   --keep      leave the temporary directory (logs) behind
# Environment: DRILL_PORT_BASE (default 25400: uses base..base+12), DRILL_BEFORE (seconds of
# bookings before the kill, 8), DRILL_AFTER (seconds after it, 30).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD

MODE=node
KEEP=0
while [ $# -gt 0 ]; do
  case "$1" in
    --mode) MODE=$2; shift 2 ;;
    --keep) KEEP=1; shift ;;
    *) echo "usage: $0 [--mode node|postmaster|switchover] [--keep]" >&2; exit 2 ;;
  esac
done
case "$MODE" in node|postmaster|switchover) ;; *) echo "unknown mode $MODE" >&2; exit 2 ;; esac

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
PG_BIN=/usr/lib/postgresql/15/bin
need=()
command -v patroni >/dev/null || need+=(patroni)
/usr/bin/python3 -c 'import etcd' 2>/dev/null || need+=(python3-etcd)
command -v etcd >/dev/null || need+=(etcd-server)
command -v etcdctl >/dev/null || need+=(etcd-client)
command -v haproxy >/dev/null || need+=(haproxy)
[ -x "$PG_BIN/postgres" ] || need+=(postgresql-15)
if [ ${#need[@]} -gt 0 ]; then
  echo "drill: installing ${need[*]} (apt)" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
[ -x .venv/bin/travel ] || { echo "drill: run scripts/setup.sh first" >&2; exit 1; }

BASE=${DRILL_PORT_BASE:-25400}
ETCD_PORT=$((BASE)); ETCD_PEER_PORT=$((BASE + 1))
PG1_PORT=$((BASE + 2)); PG2_PORT=$((BASE + 3))
REST1_PORT=$((BASE + 4)); REST2_PORT=$((BASE + 5))
WRITE_PORT=$((BASE + 6)); READ_PORT=$((BASE + 7))
API_PORT=$((BASE + 8)); WEB_PORT=$((BASE + 9))
for port in $(seq "$BASE" $((BASE + 9))); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "drill: port $port is in use (set DRILL_PORT_BASE)" >&2; exit 1
  fi
done

ROOT=$(mktemp -d /tmp/travel-drill.XXXXXX)
chmod 755 "$ROOT"
# initdb refuses root: as root the cluster's processes run as `postgres` (like tests/support).
RUN_AS=()
if [ "$(id -u)" -eq 0 ]; then RUN_AS=(runuser -u postgres --); chown postgres "$ROOT"; fi
as_pg() { "${RUN_AS[@]}" "$@"; }

PIDS=()
cleanup() {
  set +e
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; done
  sleep 1
  for node in node1 node2; do
    if [ -f "$ROOT/$node/data/postmaster.pid" ]; then
      as_pg "$PG_BIN/pg_ctl" stop -D "$ROOT/$node/data" -m immediate >/dev/null 2>&1
    fi
  done
  for pid in "${PIDS[@]}"; do kill -9 "$pid" 2>/dev/null; done
  if [ "$KEEP" = 1 ]; then echo "drill: logs kept in $ROOT" >&2; else rm -rf "$ROOT"; fi
}
trap cleanup EXIT

# The cluster's own roles, the same on both nodes.
SUPERUSER_PASSWORD=$(openssl rand -hex 12)
REPLICATION_PASSWORD=$(openssl rand -hex 12)
REWIND_PASSWORD=$(openssl rand -hex 12)
render() { # template → file, every @NAME@ replaced
  sed -e "s|@ROOT@|$ROOT|g" -e "s|@NODE@|${NODE:-}|g" -e "s|@REST_PORT@|${REST_PORT:-}|g" \
    -e "s|@PG_PORT@|${PG_PORT:-}|g" -e "s|@ETCD_PORT@|$ETCD_PORT|g" \
    -e "s|@ETCD_PEER_PORT@|$ETCD_PEER_PORT|g" -e "s|@WRITE_PORT@|$WRITE_PORT|g" \
    -e "s|@READ_PORT@|$READ_PORT|g" -e "s|@PG1_PORT@|$PG1_PORT|g" -e "s|@PG2_PORT@|$PG2_PORT|g" \
    -e "s|@REST1_PORT@|$REST1_PORT|g" -e "s|@REST2_PORT@|$REST2_PORT|g" \
    -e "s|@SUPERUSER_PASSWORD@|$SUPERUSER_PASSWORD|g" \
    -e "s|@REPLICATION_PASSWORD@|$REPLICATION_PASSWORD|g" \
    -e "s|@REWIND_PASSWORD@|$REWIND_PASSWORD|g" "$1" >"$2"
}
wait_for() { # seconds, description, command...
  local seconds=$1 what=$2; shift 2
  for _ in $(seq 1 $((seconds * 4))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.25; done
  echo "drill: timed out waiting for $what" >&2; return 1
}
http_ok() { curl -fsS -o /dev/null "$1"; }
start() { # name, command... (as the cluster's user, in the background, logged; its own pid
  # in $ROOT/name.pid, since runuser does not pass signals on)
  local name=$1; shift
  as_pg sh -c 'echo $$ >"$0"; exec "$@"' "$ROOT/$name.pid" "$@" >"$ROOT/$name.log" 2>&1 &
  wait_for 10 "$name to start" test -s "$ROOT/$name.pid"
  PIDS+=("$(cat "$ROOT/$name.pid")")
}

echo "drill: $ROOT, ports $BASE-$((BASE + 9)), mode $MODE" >&2
render deploy/patroni/etcd.conf.yml.in "$ROOT/etcd.conf.yml"
start etcd etcd --config-file "$ROOT/etcd.conf.yml"
wait_for 30 etcd http_ok "http://127.0.0.1:$ETCD_PORT/health"

for i in 1 2; do
  NODE=node$i
  PG_PORT=$((BASE + 1 + i)); REST_PORT=$((BASE + 3 + i))
  as_pg mkdir -m 700 -p "$ROOT/$NODE"
  render deploy/patroni/node.yml.in "$ROOT/$NODE.yml"
  chmod 644 "$ROOT/$NODE.yml"
  start "$NODE" patroni "$ROOT/$NODE.yml"
  eval "PATRONI${i}_PID=$(cat "$ROOT/$NODE.pid")"
  if [ "$i" = 1 ]; then
    wait_for 90 "node1 to lead" http_ok "http://127.0.0.1:$REST1_PORT/primary"
  fi
done
wait_for 120 "node2 to replicate" http_ok "http://127.0.0.1:$REST2_PORT/replica?lag=1048576"

render deploy/haproxy.cfg "$ROOT/haproxy.cfg"
haproxy -c -q -f "$ROOT/haproxy.cfg"
haproxy -db -f "$ROOT/haproxy.cfg" >"$ROOT/haproxy.log" 2>&1 &
PIDS+=($!)
PSQL=("$PG_BIN/psql" -h 127.0.0.1 -p "$WRITE_PORT" -U postgres -v ON_ERROR_STOP=1 -qAt)
export PGPASSWORD=$SUPERUSER_PASSWORD
# HAProxy starts with every server up until its checks say otherwise (fall 2: two seconds):
# wait until the write port reaches the primary only.
writes_to_primary() {
  for _ in 1 2 3 4; do
    [ "$("${PSQL[@]}" -d postgres -c "SELECT pg_is_in_recovery()")" = f ] || return 1
  done
}
wait_for 30 "HAProxy's write port to reach the primary only" writes_to_primary

# The roles and database as scripts/postgres.sh makes them (docs/decisions/0072-database-roles.md).
"${PSQL[@]}" -d postgres <<'SQL'
CREATE ROLE travel LOGIN PASSWORD 'travel' NOSUPERUSER NOBYPASSRLS;
CREATE ROLE travel_system LOGIN PASSWORD 'travel_system' NOSUPERUSER BYPASSRLS IN ROLE travel;
CREATE DATABASE travel OWNER travel_system;
SQL
unset PGPASSWORD
export TRAVEL_DATABASE_URL="postgresql://travel:travel@127.0.0.1:$WRITE_PORT/travel"
export TRAVEL_SYSTEM_DATABASE_URL="postgresql://travel_system:travel_system@127.0.0.1:$WRITE_PORT/travel"
export TRAVEL_METRICS_PORT=0 TRAVEL_LOG_LEVEL=WARNING
# Fail fast while the primary is gone: a booking waits at most this long for the database.
export TRAVEL_DB_TIMEOUT_SECONDS=${TRAVEL_DB_TIMEOUT_SECONDS:-5}
.venv/bin/travel db upgrade >"$ROOT/upgrade.log" 2>&1
WORKSPACE=$(.venv/bin/travel workspace create drill --plan enterprise --json \
  | .venv/bin/python -c 'import json,sys; print(json.load(sys.stdin)["id"])')
KEY=$(.venv/bin/travel apikey create --workspace "$WORKSPACE" --role admin --json \
  | .venv/bin/python -c 'import json,sys; print(json.load(sys.stdin)["key"])')

.venv/bin/travel serve --port "$API_PORT" --web-port "$WEB_PORT" >"$ROOT/serve.log" 2>&1 &
PIDS+=($!)
wait_for 60 "travel serve" http_ok "http://127.0.0.1:$API_PORT/readyz"

export DRILL_URL="http://127.0.0.1:$API_PORT/workspaces/graphql" DRILL_KEY=$KEY
export DRILL_LOG="$ROOT/bookings.jsonl" DRILL_KILLED="$ROOT/killed-at"
export DRILL_SECONDS=$(( ${DRILL_BEFORE:-8} + ${DRILL_AFTER:-30} ))
.venv/bin/python scripts/failover_drill_driver.py drive &
DRIVER=$!
PIDS+=($DRIVER)
sleep "${DRILL_BEFORE:-8}"

leader_pid() { # the Patroni process and the data directory of the current leader
  if http_ok "http://127.0.0.1:$REST1_PORT/primary"; then echo "$PATRONI1_PID node1"
  else echo "$PATRONI2_PID node2"; fi
}
read -r LEADER_PATRONI LEADER < <(leader_pid)
POSTMASTER=$(head -1 "$ROOT/$LEADER/data/postmaster.pid")
date +%s.%N >"$DRILL_KILLED"
case "$MODE" in
  node)
    kill -9 "$LEADER_PATRONI" "$POSTMASTER"
    echo "drill: SIGKILL $LEADER's Patroni ($LEADER_PATRONI) and postmaster ($POSTMASTER)" >&2 ;;
  postmaster)
    kill -9 "$POSTMASTER"
    echo "drill: SIGKILL $LEADER's postmaster ($POSTMASTER)" >&2 ;;
  switchover)
    patronictl -c "$ROOT/$LEADER.yml" switchover --force >"$ROOT/switchover.log" 2>&1
    echo "drill: patronictl switchover away from $LEADER" >&2 ;;
esac
wait "$DRIVER"

export PGPASSWORD=$SUPERUSER_PASSWORD
wait_for 60 "a primary after the drill" writes_to_primary
"${PSQL[@]}" -d travel -F ' ' -c \
  "SELECT reference_code, listing_id || '/' || check_in FROM bookings WHERE workspace_id = '$WORKSPACE'" \
  >"$ROOT/stored.txt"
unset PGPASSWORD
echo "drill: cluster afterwards:" >&2
patronictl -c "$ROOT/node1.yml" list >&2 || true
.venv/bin/python scripts/failover_drill_driver.py report "$ROOT/stored.txt"
