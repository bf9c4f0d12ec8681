"""Host tools: a listing's status, version and time zone; versions of providers; profiles of members.

- `listings.status` (ACTIVE, PAUSED, ARCHIVED; default ACTIVE), `listings.version` (1, +1 per
  update: the lost-update guard), `listings.updated_at` (the creation time for the listings
  already there) and `listings.time_zone` (an IANA name, or null).
- The kinds' lists read `(workspace_id, kind, status, created_at, id)`: a kind's active
  listings, oldest first, replacing the index without `status`.
- `providers.version`, `providers.updated_at`.
- `members.display_name`, `members.email`: what a host sees of a guest.
- `booking_transitions.reason`: why a booking was cancelled, as its canceller wrote it.
- PostgreSQL: the booking function compares and returns the listing's status too (only an
  active listing is bookable; a listing paused while a booking was deciding is decided again).

See docs/decisions/0089-host-tools.md.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

# Existing rows' updated_at is set to their created_at below; the constant only lets SQLite add
# a NOT NULL column (it takes no expression as a new column's default).
_EPOCH = sa.text("'1970-01-01 00:00:00'")


def _timestamp() -> sa.Column[object]:
    return sa.Column(
        "updated_at", sa.DateTime(timezone=True), nullable=False, server_default=_EPOCH
    )


def upgrade() -> None:
    op.add_column(
        "listings",
        sa.Column("status", sa.String(length=16), nullable=False, server_default="ACTIVE"),
    )
    op.add_column(
        "listings", sa.Column("version", sa.Integer(), nullable=False, server_default=sa.text("1"))
    )
    op.add_column("listings", _timestamp())
    op.add_column("listings", sa.Column("time_zone", sa.String(length=64), nullable=True))
    op.execute("UPDATE listings SET updated_at = created_at")
    op.create_index(
        "ix_listings_workspace_id_kind_status_created_at_id",
        "listings",
        ["workspace_id", "kind", "status", "created_at", "id"],
    )
    op.drop_index("ix_listings_workspace_id_kind_created_at_id", table_name="listings")
    op.add_column(
        "providers", sa.Column("version", sa.Integer(), nullable=False, server_default=sa.text("1"))
    )
    op.add_column("providers", _timestamp())
    op.execute("UPDATE providers SET updated_at = created_at")
    op.add_column("members", sa.Column("display_name", sa.String(length=100), nullable=True))
    op.add_column("members", sa.Column("email", sa.String(length=254), nullable=True))
    op.add_column("booking_transitions", sa.Column("reason", sa.String(length=500), nullable=True))
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_DROP_FUNCTION)
        op.execute(_FUNCTION)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_DROP_FUNCTION)
        op.execute(_PREVIOUS_FUNCTION)
    op.drop_column("booking_transitions", "reason")
    op.drop_column("members", "email")
    op.drop_column("members", "display_name")
    op.drop_column("providers", "updated_at")
    op.drop_column("providers", "version")
    op.create_index(
        "ix_listings_workspace_id_kind_created_at_id",
        "listings",
        ["workspace_id", "kind", "created_at", "id"],
    )
    op.drop_index("ix_listings_workspace_id_kind_status_created_at_id", table_name="listings")
    for column in ("time_zone", "updated_at", "version", "status"):
        op.drop_column("listings", column)


_DROP_FUNCTION = "DROP FUNCTION IF EXISTS travel_book_listing(uuid, text, uuid, json, json)"

# The booking function as this revision creates it, frozen here (travel/bookings/write/function.py
# renders the current text; tests/db/test_migrations.py holds the two equal).
_FUNCTION = """
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

# As revision 0006 created it (restored by the downgrade).
_PREVIOUS_FUNCTION = """
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
