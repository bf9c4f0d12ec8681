"""The calendar: dates a host blocks and seasonal prices, per listing.

- `listing_blocks`: `units` rooms or places (null: the whole listing) closed from `starts_on` to
  `ends_on`, both included, with an optional note.
- `listing_prices`: a price in the listing's currency's minor units from `starts_on` to
  `ends_on`, both included, over the listing's own price.
- Both under row-level security (PostgreSQL), read along `(workspace_id, listing_id, ends_on)`.
- PostgreSQL: the booking function compares the listing's version (every calendar change bumps
  it), counts blocked units beside booked ones, and returns the seasonal prices to come.

See docs/decisions/0090-calendar.md.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

_POLICY = "workspace_id = (SELECT travel_workspace())"


def _table(name: str, *columns: sa.Column[object]) -> None:
    op.create_table(
        name,
        sa.Column("workspace_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.Column("listing_id", sa.Uuid(), nullable=False),
        sa.Column("starts_on", sa.Date(), nullable=False),
        sa.Column("ends_on", sa.Date(), nullable=False),
        *columns,
        sa.Column("note", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(
            ["workspace_id", "listing_id"],
            ["listings.workspace_id", "listings.id"],
            name=op.f(f"fk_{name}_workspace_id_listing_id_listings"),
        ),
        sa.ForeignKeyConstraint(
            ["workspace_id"],
            ["workspaces.id"],
            name=op.f(f"fk_{name}_workspace_id_workspaces"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("workspace_id", "id", name=op.f(f"pk_{name}")),
    )
    op.create_index(
        f"ix_{name}_workspace_id_listing_id_ends_on",
        name,
        ["workspace_id", "listing_id", "ends_on"],
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"ALTER TABLE {name} ENABLE ROW LEVEL SECURITY")
        op.execute(f"ALTER TABLE {name} FORCE ROW LEVEL SECURITY")
        op.execute(
            f"CREATE POLICY tenant_isolation ON {name} USING ({_POLICY}) WITH CHECK ({_POLICY})"
        )


def upgrade() -> None:
    _table("listing_blocks", sa.Column("units", sa.Integer(), nullable=True))
    _table("listing_prices", sa.Column("price_minor", sa.BigInteger(), nullable=False))
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_DROP_FUNCTION)
        op.execute(_FUNCTION)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_DROP_FUNCTION)
        op.execute(_PREVIOUS_FUNCTION)
    op.drop_table("listing_prices")
    op.drop_table("listing_blocks")


_DROP_FUNCTION = "DROP FUNCTION IF EXISTS travel_book_listing(uuid, text, uuid, json, json)"

# The booking function as this revision creates it (travel/bookings/write/function.py renders
# the current text; tests/db/test_migrations.py holds the two equal): it compares the listing's
# version, counts blocks beside bookings, and returns the seasonal prices to come.
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

# As revision 0009 created it (restored by the downgrade).
_PREVIOUS_FUNCTION = """
CREATE FUNCTION travel_book_listing(
  p_workspace_id uuid, p_scope text, p_listing_id uuid, p_seen json, p_rows json
)
RETURNS TABLE (outcome text, kind text, price_minor bigint, currency text, units integer, max_guests integer, capacity integer, starts_at timestamptz, departs_at timestamptz, status text) LANGUAGE plpgsql
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
    RETURN QUERY SELECT 'NOT_FOUND', NULL::text, NULL::bigint, NULL::text, NULL::integer, NULL::integer, NULL::integer, NULL::timestamptz, NULL::timestamptz, NULL::text;
    RETURN;
  END IF;
  IF p_seen IS NULL OR l.kind IS DISTINCT FROM (p_seen->>'kind')::text OR l.price_minor IS DISTINCT FROM (p_seen->>'price_minor')::bigint OR l.currency IS DISTINCT FROM (p_seen->>'currency')::text OR l.units IS DISTINCT FROM (p_seen->>'units')::integer OR l.max_guests IS DISTINCT FROM (p_seen->>'max_guests')::integer OR l.capacity IS DISTINCT FROM (p_seen->>'capacity')::integer OR l.starts_at IS DISTINCT FROM (p_seen->>'starts_at')::timestamptz OR l.departs_at IS DISTINCT FROM (p_seen->>'departs_at')::timestamptz OR l.status IS DISTINCT FROM (p_seen->>'status')::text THEN
    RETURN QUERY SELECT 'LISTING', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz, l.status::text;
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
    RETURN QUERY SELECT 'FULL', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz, l.status::text;
    RETURN;
  END IF;

  INSERT INTO bookings SELECT b.* ON CONFLICT (workspace_id, reference_code) DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'CODE_TAKEN', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz, l.status::text;
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
  RETURN QUERY SELECT 'CREATED', l.kind::text, l.price_minor::bigint, l.currency::text, l.units::integer, l.max_guests::integer, l.capacity::integer, l.starts_at::timestamptz, l.departs_at::timestamptz, l.status::text;
END
$$
"""
