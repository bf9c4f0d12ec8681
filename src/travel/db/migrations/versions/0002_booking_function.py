"""book a listing in one statement on PostgreSQL (decision 0027); drop an unused index

`ix_bookings_workspace_id_status_check_in` served the analytics queries before they read
running totals (decision 0053); no query uses it since, and every booking paid for it.

Revision ID: 0002
Revises: 0001
"""

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


_UNUSED = "ix_bookings_workspace_id_status_check_in"


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_FUNCTION)
    op.drop_index(_UNUSED, table_name="bookings")


def downgrade() -> None:
    op.create_index(_UNUSED, "bookings", ["workspace_id", "status", "check_in"])
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_DROP_FUNCTION)


# The function as this revision creates it, frozen here (travel/bookings/write/function.py
# renders the current text; a change to it is a new revision that drops and re-creates the
# function).
_FUNCTION = """
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
_DROP_FUNCTION = "DROP FUNCTION IF EXISTS travel_book_listing(uuid, uuid, json, json)"
