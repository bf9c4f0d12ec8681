#!/usr/bin/env bash
# Install (Debian package), start and prepare a local PostgreSQL for the tests and benchmarks.
# Creates the roles `travel` (the application's: row-level security binds it) and `travel_system`
# (migrations, operator commands, the dispatcher: BYPASSRLS) and the databases `travel` and
# `travel_test`. Prints TRAVEL_SYSTEM_DATABASE_URL, then TRAVEL_DATABASE_URL (the last line).
set -euo pipefail

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

if ! command -v pg_lsclusters >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi

version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | grep -q "^$version main"; then
  # A UTF-8 character type: search relies on it (docs/decisions/0101-punctuation-separates-words.md).
  $SUDO pg_createcluster --locale C.UTF-8 "$version" main >/dev/null
  # Backends keep the memory a search frees instead of handing it back and faulting it in
  # again for the next (docs/decisions/0115-postgres-keeps-its-memory.md).
  printf '%s\n' "MALLOC_MMAP_THRESHOLD_ = 33554432" "MALLOC_TRIM_THRESHOLD_ = 67108864" |
    $SUDO tee -a "/etc/postgresql/$version/main/environment" >/dev/null
fi
if ! pg_lsclusters -h | grep "^$version main" | grep -q online; then
  $SUDO pg_ctlcluster "$version" main start
fi

as_postgres() { $SUDO runuser -u postgres -- "$@"; }
for _ in $(seq 1 30); do as_postgres pg_isready -q && break; sleep 1; done

# Two roles (docs/decisions/0072-database-roles.md): `travel`, the application's, bound by
# row-level security and owning nothing; `travel_system`, for migrations, operator commands and
# the dispatcher, with BYPASSRLS, owning the databases and (after `travel db upgrade`) the tables.
# It is a member of `travel` so that it can take over what older set-ups let `travel` own.
as_postgres psql -q -v ON_ERROR_STOP=1 <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'travel') THEN
    CREATE ROLE travel LOGIN PASSWORD 'travel' NOSUPERUSER NOBYPASSRLS;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'travel_system') THEN
    CREATE ROLE travel_system LOGIN PASSWORD 'travel_system' NOSUPERUSER BYPASSRLS CREATEDB
      IN ROLE travel;
  END IF;
END $$;
-- The benchmark's seed ends with a CHECKPOINT, as the system role (bench/run.py `seed`).
GRANT pg_checkpoint TO travel_system;
SQL
for db in travel travel_test; do
  if ! as_postgres psql -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1; then
    as_postgres createdb -O travel_system "$db"
  else
    as_postgres psql -q -c "ALTER DATABASE $db OWNER TO travel_system"
  fi
done
# The system role's URL, then the application's (last: `scripts/postgres.sh | tail -1`).
echo "postgresql://travel_system:travel_system@127.0.0.1:5432/travel"
echo "postgresql://travel:travel@127.0.0.1:5432/travel"
