#!/usr/bin/env bash
# Install (Debian package), start and prepare a local PostgreSQL for the tests and benchmarks.
# Creates the non-superuser role `travel` (row-level security binds it) and the databases
# `travel` and `travel_test`. Prints the URL to use as TRAVEL_DATABASE_URL.
set -euo pipefail

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

if ! command -v pg_lsclusters >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi

version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | grep -q "^$version main"; then
  $SUDO pg_createcluster "$version" main >/dev/null
fi
if ! pg_lsclusters -h | grep "^$version main" | grep -q online; then
  $SUDO pg_ctlcluster "$version" main start
fi

as_postgres() { $SUDO runuser -u postgres -- "$@"; }
for _ in $(seq 1 30); do as_postgres pg_isready -q && break; sleep 1; done

as_postgres psql -q -v ON_ERROR_STOP=1 <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'travel') THEN
    CREATE ROLE travel LOGIN PASSWORD 'travel' NOSUPERUSER NOBYPASSRLS CREATEDB;
  END IF;
END $$;
SQL
for db in travel travel_test; do
  if ! as_postgres psql -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1; then
    as_postgres createdb -O travel "$db"
  fi
done
echo "postgresql://travel:travel@127.0.0.1:5432/travel"
