"""Moving a workspace to another database (`travel workspace move`): a gate that refuses its
writes while the move is frozen, and the mover's own record.

- `travel_private.workspace_gates`: a workspace whose writes this database refuses: `frozen`
  until `until` (the move's bounded switch: a mover that died lets go of it by itself), or
  `closed` until the mover opens it (the source once the directory points elsewhere, so that a
  process still routing here is refused until it reads the directory again; the target until
  every process does).
- `travel_write_gate(scope)`: raises SQLSTATE TRMOV (answered 503 SERVICE_UNAVAILABLE with
  Retry-After) when the workspace the scope names is gated. Every write transaction of the
  service calls it in its first statement (travel.db.session), and the booking function before
  it writes. SECURITY DEFINER: the application role cannot read `travel_private`.
- `travel_private.workspace_moves`: a move under way (its step, the names of its publication,
  slot and subscription), so that a move can be resumed or aborted.
- The booking function, re-created to call the gate.

PostgreSQL only (SQLite is one file: nothing to move). See
docs/decisions/0098-workspace-moves.md.

Revision ID: 0013
Revises: 0012
"""

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

_GATES = """CREATE TABLE travel_private.workspace_gates (
  workspace_id uuid PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('frozen', 'closed')),
  until timestamptz,
  CHECK ((state = 'frozen') = (until IS NOT NULL))
)"""

_MOVES = """CREATE TABLE travel_private.workspace_moves (
  workspace_id uuid PRIMARY KEY,
  source_url text,
  target_url text,
  name text NOT NULL,
  step text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
)"""

# The scope is `<workspace id>.<mac>` (travel.db.scope); only its id matters here: naming
# another workspace can only refuse the caller's own write, and a malformed scope only fails
# the statement that passed it (the service passes the tokens it signed). The look-up is one
# probe of the primary key: bench/gate.py measures it.
_GATE_FUNCTION = r"""
CREATE FUNCTION travel_write_gate(p_scope text) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM travel_private.workspace_gates g
             WHERE g.workspace_id = split_part(p_scope, '.', 1)::uuid
               AND (g.state = 'closed' OR g.until > clock_timestamp())) THEN
    RAISE EXCEPTION 'this workspace is moving to another database; retry shortly'
      USING ERRCODE = 'TRMOV';
  END IF;
  RETURN true;
END
$$
"""

_GRANT_GATE_FUNCTION = """
DO $$
DECLARE
  app text := NULLIF(current_setting('travel.app_role', true), '');
BEGIN
  REVOKE ALL ON FUNCTION travel_write_gate(text) FROM PUBLIC;
  IF app IS NOT NULL AND app <> current_user THEN
    EXECUTE format('GRANT EXECUTE ON FUNCTION travel_write_gate(text) TO %I', app);
  END IF;
END $$
"""


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(_GATES)
    op.execute(_MOVES)
    op.execute(_GATE_FUNCTION)
    op.execute(_GRANT_GATE_FUNCTION)
    op.execute(_DROP_FUNCTION)
    op.execute(_FUNCTION)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(_DROP_FUNCTION)
    op.execute(_FUNCTION.replace(_GATE_CALL, ""))
    op.execute("DROP FUNCTION travel_write_gate(text)")
    op.execute("DROP TABLE travel_private.workspace_moves")
    op.execute("DROP TABLE travel_private.workspace_gates")


_DROP_FUNCTION = "DROP FUNCTION IF EXISTS travel_book_listing(uuid, text, uuid, json, json)"

_GATE_CALL = """  -- A workspace moving to another database takes no write once frozen (revision 0013).
  PERFORM travel_write_gate(p_scope);
"""

# The booking function as this revision creates it (travel/bookings/write/function.py renders
# the current text; tests/db/test_migrations.py holds the two equal): 0010's, calling the gate
# before it writes.
_FUNCTION = """
CREATE FUNCTION travel_book_listing(
  p_workspace_id uuid, p_scope text, p_listing_id uuid, p_seen json, p_rows json
)
RETURNS TABLE (outcome text, kind text, price_minor bigint, currency text, units integer, max_guests integer, capacity integer, starts_at timestamptz, departs_at timestamptz, status text, version integer, prices json) LANGUAGE plpgsql
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
    RETURN QUERY SELECT 'NOT_FOUND', NULL::text, NULL::bigint, NULL::text, NULL::integer, NULL::integer, NULL::integer, NULL::timestamptz, NULL::timestamptz, NULL::text, NULL::integer, NULL::json;
    RETURN;
  END IF;
  IF p_seen IS NULL OR l.kind IS DISTINCT FROM (p_seen->>'kind')::text OR l.price_minor IS DISTINCT FROM (p_seen->>'price_minor')::bigint OR l.currency IS DISTINCT FROM (p_seen->>'currency')::text OR l.units IS DISTINCT FROM (p_seen->>'units')::integer OR l.max_guests IS DISTINCT FROM (p_seen->>'max_guests')::integer OR l.capacity IS DISTINCT FROM (p_seen->>'capacity')::integer OR l.starts_at IS DISTINCT FROM (p_seen->>'starts_at')::timestamptz OR l.departs_at IS DISTINCT FROM (p_seen->>'departs_at')::timestamptz OR l.status IS DISTINCT FROM (p_seen->>'status')::text OR l.version IS DISTINCT FROM (p_seen->>'version')::integer THEN
    RETURN QUERY SELECT 'LISTING', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz, l.status::text, l.version::integer,
    (SELECT json_agg(json_build_array(p.starts_on, p.ends_on, p.price_minor)
    ORDER BY p.starts_on) FROM listing_prices p WHERE p.workspace_id = p_workspace_id
    AND p.listing_id = p_listing_id AND p.ends_on >= current_date - 1);
    RETURN;
  END IF;
  -- A workspace moving to another database takes no write once frozen (revision 0013).
  PERFORM travel_write_gate(p_scope);

  b := json_populate_record(NULL::bookings, p_rows->'booking');
  -- What is taken on each night (stays: check-out exclusive) or date (others: inclusive) of
  -- the request, counting the CONFIRMED bookings that overlap it (travel.catalog.availability).
  -- A stay lasts at most 365 nights and anything else one date, which bounds the
  -- index range scanned (travel.bookings.rules.longest_booking).
  longest := CASE WHEN l.kind = 'PROPERTY' THEN 365 ELSE 0 END;
  WITH spans AS MATERIALIZED (
    SELECT s.check_in, s.check_out, s.guests, 1 AS rooms FROM bookings s
    WHERE s.workspace_id = p_workspace_id AND s.listing_id = p_listing_id
      AND s.status = 'CONFIRMED' AND s.check_in <= b.check_out
      AND s.check_in >= b.check_in - longest AND s.check_out >= b.check_in
    UNION ALL
    -- The host's blocks, as the bookings they stand for (block_spans).
    SELECT k.starts_on, k.ends_on + CASE WHEN l.kind = 'PROPERTY' THEN 1 ELSE 0 END,
      coalesce(k.units, l.capacity, 0), coalesce(k.units, l.units) FROM listing_blocks k
    WHERE k.workspace_id = p_workspace_id AND k.listing_id = p_listing_id
      AND k.starts_on <= b.check_out AND k.ends_on >= b.check_in
  ), days AS (
    SELECT b.check_in + n AS day FROM generate_series(0, b.check_out - b.check_in) AS n
  )
  SELECT coalesce(max(
    CASE WHEN l.kind = 'PROPERTY'
      THEN (SELECT coalesce(sum(spans.rooms), 0) FROM spans WHERE spans.check_in <= day AND spans.check_out > day)
      ELSE (SELECT coalesce(sum(spans.guests), 0) FROM spans
            WHERE spans.check_in <= day AND spans.check_out >= day)
    END), 0) INTO taken
  FROM days
  WHERE l.kind <> 'PROPERTY' OR day < b.check_out;
  IF (l.kind = 'PROPERTY' AND l.units - taken < 1)
     OR (l.kind <> 'PROPERTY' AND coalesce(l.capacity, 0) - taken < b.guests) THEN
    RETURN QUERY SELECT 'FULL', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz, l.status::text, l.version::integer,
    (SELECT json_agg(json_build_array(p.starts_on, p.ends_on, p.price_minor)
    ORDER BY p.starts_on) FROM listing_prices p WHERE p.workspace_id = p_workspace_id
    AND p.listing_id = p_listing_id AND p.ends_on >= current_date - 1);
    RETURN;
  END IF;

  INSERT INTO bookings SELECT b.* ON CONFLICT (workspace_id, reference_code) DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'CODE_TAKEN', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz, l.status::text, l.version::integer,
    (SELECT json_agg(json_build_array(p.starts_on, p.ends_on, p.price_minor)
    ORDER BY p.starts_on) FROM listing_prices p WHERE p.workspace_id = p_workspace_id
    AND p.listing_id = p_listing_id AND p.ends_on >= current_date - 1);
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
  RETURN QUERY SELECT 'CREATED', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz, l.status::text, l.version::integer,
    (SELECT json_agg(json_build_array(p.starts_on, p.ends_on, p.price_minor)
    ORDER BY p.starts_on) FROM listing_prices p WHERE p.workspace_id = p_workspace_id
    AND p.listing_id = p_listing_id AND p.ends_on >= current_date - 1);
END
$$
"""
