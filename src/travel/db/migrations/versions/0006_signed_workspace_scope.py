"""a signed workspace scope: row-level security admits a workspace only when the connection
names it with a token signed by this database's secret

The policy compared `workspace_id` with `travel.workspace_id` as set: the application role could
set any workspace's id itself (`set_config`) and read that workspace, and ids are no secret
(webhook payloads carry them). Now `travel.workspace_id` holds `<id>.<mac>`, the MAC being
sha256 of a random secret, `:` and the id; `travel_workspace()` returns the id only when the
MAC is right, and every policy compares with it. The secret lives in the schema
`travel_private`, owned by the system role (which runs this) and closed to every other role;
`travel_workspace()` is SECURITY DEFINER, the one way the application role reaches it. The
booking function takes the token to set it. And no role but the owner may create temporary
tables any more: one made by injected SQL would outlive its request on the pooled connection and,
named like a table of ours, take the next request's writes and with them its token.
See docs/decisions/0072-database-roles.md.

Revision ID: 0006
Revises: 0005
"""

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

# The tables under row-level security when this revision was written (and their workspace column).
_POLICED = {
    "members": "workspace_id",
    "api_keys": "workspace_id",
    "providers": "workspace_id",
    "listings": "workspace_id",
    "bookings": "workspace_id",
    "booking_transitions": "workspace_id",
    "audit_log": "workspace_id",
    "idempotency_keys": "workspace_id",
    "favorites": "workspace_id",
    "outbox_events": "workspace_id",
    "webhook_endpoints": "workspace_id",
    "webhook_deliveries": "workspace_id",
    "webhook_attempts": "workspace_id",
    "analytics_daily_sales": "workspace_id",
    "analytics_daily_provider_sales": "workspace_id",
    "analytics_stay_dates": "workspace_id",
    "workspaces": "id",
}

# The scalar subquery is evaluated once per statement (an InitPlan), so an index on the
# workspace column still serves a read that only the policy filters.
_SIGNED = "{column} = (SELECT travel_workspace())"
_PLAIN = "{column} = (SELECT NULLIF(current_setting('travel.workspace_id', true), '')::uuid)"

# One row: the secret, drawn by PostgreSQL (gen_random_uuid: 122 random bits each, from the
# server's strong random source). Neither the application role nor PUBLIC may use the schema.
_PRIVATE = [
    "CREATE SCHEMA travel_private",
    "REVOKE ALL ON SCHEMA travel_private FROM PUBLIC",
    """CREATE TABLE travel_private.workspace_secret (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  secret text NOT NULL
)""",
    """INSERT INTO travel_private.workspace_secret (secret) VALUES (encode(sha256(convert_to(
  gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex'))""",
]

# `<uuid>.<64 hex>` whose hex is sha256(secret || ':' || uuid): the uuid; anything else (unset,
# malformed, a wrong MAC): NULL, so no row matches. The shape is checked before anything is
# cast, so no setting makes it raise; the length check bounds the hex (a `{64}` made the regular
# expression several times slower). PL/pgSQL rather than SQL: PostgreSQL never inlines a
# SECURITY DEFINER function, and before version 18 a SQL function's body is planned again in
# every statement that calls it (PostgreSQL 15, a read whose two policies call it: +140 µs as
# SQL, +25-35 µs as PL/pgSQL; docs/performance.md).
_WORKSPACE_FUNCTION = r"""
CREATE FUNCTION travel_workspace() RETURNS uuid
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  scope text := current_setting('travel.workspace_id', true);
  mac text;
BEGIN
  IF length(scope) = 101
     AND scope ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[0-9a-f]+$' THEN
    SELECT encode(sha256(convert_to(s.secret || ':' || left(scope, 36), 'UTF8')), 'hex')
      INTO mac FROM travel_private.workspace_secret s;
    IF right(scope, 64) = mac THEN
      RETURN left(scope, 36)::uuid;
    END IF;
  END IF;
  RETURN NULL;
END
$$
"""

# Only the application role (travel.app_role, set by travel.db.migrate) may call it.
_GRANT_WORKSPACE_FUNCTION = """
DO $$
DECLARE
  app text := NULLIF(current_setting('travel.app_role', true), '');
BEGIN
  REVOKE ALL ON FUNCTION travel_workspace() FROM PUBLIC;
  IF app IS NOT NULL AND app <> current_user THEN
    EXECUTE format('GRANT EXECUTE ON FUNCTION travel_workspace() TO %I', app);
  END IF;
END $$
"""


# Temporary objects come first in a connection's search path and live as long as it does, so a
# temporary `bookings` with a column defaulting to current_setting('travel.workspace_id') would
# capture the token of whichever request next used the pooled connection. Only the database's
# owner (the system role, README.md "PostgreSQL") keeps the privilege; PUBLIC has it by default.
_NO_TEMPORARY = """
DO $$
DECLARE
  app text := NULLIF(current_setting('travel.app_role', true), '');
BEGIN
  EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
  IF app IS NOT NULL AND app <> current_user THEN
    EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM %I', current_database(), app);
  END IF;
END $$
"""
_TEMPORARY_AGAIN = """
DO $$
BEGIN
  EXECUTE format('GRANT TEMPORARY ON DATABASE %I TO PUBLIC', current_database());
END $$
"""


def _policies(match: str) -> None:
    for table, column in _POLICED.items():
        condition = match.format(column=column)
        op.execute(f"DROP POLICY IF EXISTS tenant_isolation ON {table}")
        op.execute(
            f"CREATE POLICY tenant_isolation ON {table} USING ({condition}) "
            f"WITH CHECK ({condition})"
        )


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for statement in _PRIVATE:
        op.execute(statement)
    op.execute(_WORKSPACE_FUNCTION)
    op.execute(_GRANT_WORKSPACE_FUNCTION)
    op.execute(_NO_TEMPORARY)
    _policies(_SIGNED)
    op.execute(_DROP_PLAIN_FUNCTION)
    op.execute(_FUNCTION)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(_DROP_FUNCTION)
    op.execute(_PLAIN_FUNCTION)
    _policies(_PLAIN)
    op.execute(_TEMPORARY_AGAIN)
    op.execute("DROP FUNCTION travel_workspace()")
    op.execute("DROP SCHEMA travel_private CASCADE")


# The booking function as this revision creates it, frozen here (travel/bookings/write/function.py
# renders the current text): it sets the token it is given, no longer the bare id.
_FUNCTION = """
CREATE FUNCTION travel_book_listing(
  p_workspace_id uuid, p_scope text, p_listing_id uuid, p_seen json, p_rows json
)
RETURNS TABLE (
  outcome text, kind text, price_minor bigint, currency text, units integer,
  max_guests integer, capacity integer, starts_at timestamptz, departs_at timestamptz
) LANGUAGE plpgsql
-- One generic plan per statement, planned once per connection: custom plans re-planned the
-- capacity query on every call (planning cost more than running it).
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
-- p_scope: the workspace's signed token (travel.db.scope): row-level security admits the rows of
-- the workspace it names, whatever p_workspace_id says.
-- p_seen: the listing as the caller's rules read it (NULL: only read it, no lock, no write).
-- p_rows: {"booking", "transition", "audit", "event"}, each a row as a JSON object.
-- outcome: LISTING (here it is, decide with this), NOT_FOUND, FULL, CODE_TAKEN or CREATED.
DECLARE
  l listings%ROWTYPE;
  b bookings%ROWTYPE;
  taken integer;
  longest integer;
BEGIN
  PERFORM set_config('travel.workspace_id', p_scope, true);
  IF p_seen IS NULL THEN
    SELECT * INTO l FROM listings WHERE workspace_id = p_workspace_id AND id = p_listing_id;
  ELSE
    SELECT * INTO l FROM listings WHERE workspace_id = p_workspace_id AND id = p_listing_id
      FOR UPDATE;
  END IF;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'NOT_FOUND', NULL::text, NULL::bigint, NULL::text, NULL::integer,
      NULL::integer, NULL::integer, NULL::timestamptz, NULL::timestamptz;
    RETURN;
  END IF;
  IF p_seen IS NULL OR l.kind IS DISTINCT FROM (p_seen->>'kind')::text OR l.price_minor IS DISTINCT FROM (p_seen->>'price_minor')::bigint OR l.currency IS DISTINCT FROM (p_seen->>'currency')::text OR l.units IS DISTINCT FROM (p_seen->>'units')::integer OR l.max_guests IS DISTINCT FROM (p_seen->>'max_guests')::integer OR l.capacity IS DISTINCT FROM (p_seen->>'capacity')::integer OR l.starts_at IS DISTINCT FROM (p_seen->>'starts_at')::timestamptz OR l.departs_at IS DISTINCT FROM (p_seen->>'departs_at')::timestamptz THEN
    RETURN QUERY SELECT 'LISTING', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz;
    RETURN;
  END IF;

  b := json_populate_record(NULL::bookings, p_rows->'booking');
  -- What is taken on each night (stays: check-out exclusive) or date (others: inclusive) of
  -- the request, counting the CONFIRMED bookings that overlap it (travel.catalog.availability).
  -- A stay lasts at most 365 nights and anything else one date, which bounds the
  -- index range scanned (travel.bookings.rules.longest_booking).
  longest := CASE WHEN l.kind = 'PROPERTY' THEN 365 ELSE 0 END;
  WITH spans AS MATERIALIZED (
    SELECT s.check_in, s.check_out, s.guests FROM bookings s
    WHERE s.workspace_id = p_workspace_id AND s.listing_id = p_listing_id
      AND s.status = 'CONFIRMED' AND s.check_in <= b.check_out
      AND s.check_in >= b.check_in - longest AND s.check_out >= b.check_in
  ), days AS (
    SELECT b.check_in + n AS day FROM generate_series(0, b.check_out - b.check_in) AS n
  )
  SELECT coalesce(max(
    CASE WHEN l.kind = 'PROPERTY'
      THEN (SELECT count(*) FROM spans WHERE spans.check_in <= day AND spans.check_out > day)
      ELSE (SELECT coalesce(sum(spans.guests), 0) FROM spans
            WHERE spans.check_in <= day AND spans.check_out >= day)
    END), 0) INTO taken
  FROM days
  WHERE l.kind <> 'PROPERTY' OR day < b.check_out;
  IF (l.kind = 'PROPERTY' AND l.units - taken < 1)
     OR (l.kind <> 'PROPERTY' AND coalesce(l.capacity, 0) - taken < b.guests) THEN
    RETURN QUERY SELECT 'FULL', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz;
    RETURN;
  END IF;

  INSERT INTO bookings SELECT b.* ON CONFLICT (workspace_id, reference_code) DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'CODE_TAKEN', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz;
    RETURN;
  END IF;
  INSERT INTO booking_transitions SELECT * FROM json_populate_record(NULL::booking_transitions, p_rows->'transition');
  INSERT INTO audit_log SELECT * FROM json_populate_record(NULL::audit_log, p_rows->'audit');
  INSERT INTO outbox_events SELECT * FROM json_populate_record(NULL::outbox_events, p_rows->'event');
  INSERT INTO webhook_deliveries
    (workspace_id, id, created_at, event_id, endpoint_id, status, attempt_count, next_attempt_at)
  SELECT e.workspace_id, gen_random_uuid(), b.created_at, (p_rows->'event'->>'id')::uuid, e.id,
    'PENDING', 0, b.created_at
  FROM webhook_endpoints e WHERE e.workspace_id = p_workspace_id AND e.enabled;
  RETURN QUERY SELECT 'CREATED', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz;
END
$$
"""
_DROP_FUNCTION = "DROP FUNCTION IF EXISTS travel_book_listing(uuid, text, uuid, json, json)"

# As revision 0002 created it (restored by the downgrade).
_PLAIN_FUNCTION = """
CREATE FUNCTION travel_book_listing(p_workspace_id uuid, p_listing_id uuid, p_seen json, p_rows json)
RETURNS TABLE (
  outcome text, kind text, price_minor bigint, currency text, units integer,
  max_guests integer, capacity integer, starts_at timestamptz, departs_at timestamptz
) LANGUAGE plpgsql
-- One generic plan per statement, planned once per connection: custom plans re-planned the
-- capacity query on every call (planning cost more than running it).
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
-- p_seen: the listing as the caller's rules read it (NULL: only read it, no lock, no write).
-- p_rows: {"booking", "transition", "audit", "event"}, each a row as a JSON object.
-- outcome: LISTING (here it is, decide with this), NOT_FOUND, FULL, CODE_TAKEN or CREATED.
DECLARE
  l listings%ROWTYPE;
  b bookings%ROWTYPE;
  taken integer;
  longest integer;
BEGIN
  PERFORM set_config('travel.workspace_id', p_workspace_id::text, true);
  IF p_seen IS NULL THEN
    SELECT * INTO l FROM listings WHERE workspace_id = p_workspace_id AND id = p_listing_id;
  ELSE
    SELECT * INTO l FROM listings WHERE workspace_id = p_workspace_id AND id = p_listing_id
      FOR UPDATE;
  END IF;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'NOT_FOUND', NULL::text, NULL::bigint, NULL::text, NULL::integer,
      NULL::integer, NULL::integer, NULL::timestamptz, NULL::timestamptz;
    RETURN;
  END IF;
  IF p_seen IS NULL OR l.kind IS DISTINCT FROM (p_seen->>'kind')::text OR l.price_minor IS DISTINCT FROM (p_seen->>'price_minor')::bigint OR l.currency IS DISTINCT FROM (p_seen->>'currency')::text OR l.units IS DISTINCT FROM (p_seen->>'units')::integer OR l.max_guests IS DISTINCT FROM (p_seen->>'max_guests')::integer OR l.capacity IS DISTINCT FROM (p_seen->>'capacity')::integer OR l.starts_at IS DISTINCT FROM (p_seen->>'starts_at')::timestamptz OR l.departs_at IS DISTINCT FROM (p_seen->>'departs_at')::timestamptz THEN
    RETURN QUERY SELECT 'LISTING', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz;
    RETURN;
  END IF;

  b := json_populate_record(NULL::bookings, p_rows->'booking');
  -- What is taken on each night (stays: check-out exclusive) or date (others: inclusive) of
  -- the request, counting the CONFIRMED bookings that overlap it (travel.catalog.availability).
  -- A stay lasts at most 365 nights and anything else one date, which bounds the
  -- index range scanned (travel.bookings.rules.longest_booking).
  longest := CASE WHEN l.kind = 'PROPERTY' THEN 365 ELSE 0 END;
  WITH spans AS MATERIALIZED (
    SELECT s.check_in, s.check_out, s.guests FROM bookings s
    WHERE s.workspace_id = p_workspace_id AND s.listing_id = p_listing_id
      AND s.status = 'CONFIRMED' AND s.check_in <= b.check_out
      AND s.check_in >= b.check_in - longest AND s.check_out >= b.check_in
  ), days AS (
    SELECT b.check_in + n AS day FROM generate_series(0, b.check_out - b.check_in) AS n
  )
  SELECT coalesce(max(
    CASE WHEN l.kind = 'PROPERTY'
      THEN (SELECT count(*) FROM spans WHERE spans.check_in <= day AND spans.check_out > day)
      ELSE (SELECT coalesce(sum(spans.guests), 0) FROM spans
            WHERE spans.check_in <= day AND spans.check_out >= day)
    END), 0) INTO taken
  FROM days
  WHERE l.kind <> 'PROPERTY' OR day < b.check_out;
  IF (l.kind = 'PROPERTY' AND l.units - taken < 1)
     OR (l.kind <> 'PROPERTY' AND coalesce(l.capacity, 0) - taken < b.guests) THEN
    RETURN QUERY SELECT 'FULL', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz;
    RETURN;
  END IF;

  INSERT INTO bookings SELECT b.* ON CONFLICT (workspace_id, reference_code) DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'CODE_TAKEN', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz;
    RETURN;
  END IF;
  INSERT INTO booking_transitions SELECT * FROM json_populate_record(NULL::booking_transitions, p_rows->'transition');
  INSERT INTO audit_log SELECT * FROM json_populate_record(NULL::audit_log, p_rows->'audit');
  INSERT INTO outbox_events SELECT * FROM json_populate_record(NULL::outbox_events, p_rows->'event');
  INSERT INTO webhook_deliveries
    (workspace_id, id, created_at, event_id, endpoint_id, status, attempt_count, next_attempt_at)
  SELECT e.workspace_id, gen_random_uuid(), b.created_at, (p_rows->'event'->>'id')::uuid, e.id,
    'PENDING', 0, b.created_at
  FROM webhook_endpoints e WHERE e.workspace_id = p_workspace_id AND e.enabled;
  RETURN QUERY SELECT 'CREATED', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz;
END
$$
"""
_DROP_PLAIN_FUNCTION = "DROP FUNCTION IF EXISTS travel_book_listing(uuid, uuid, json, json)"
