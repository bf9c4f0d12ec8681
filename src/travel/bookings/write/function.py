"""The PostgreSQL function that books a listing in one statement (decision 0027): its text,
generated here from the rules' own definitions (README.md maps each step to its Python twin).

A booking must lock its listing, count what is taken *after* the lock (so in a later statement,
with a fresh snapshot), then write the booking, its timeline step, audit entry, outbox event and
webhook deliveries. Sent one by one from Python that is eight round trips with the listing's lock
held across all of them, event-loop waits included. As one call it is one round trip and one
implicit transaction, and the lock is held only while PostgreSQL runs the function.

The function decides nothing that Python can: the input and listing rules, the price, the
reference code and every written row are made in Python (travel.bookings.service and .history)
and passed in as JSON. It checks that the listing still is what those rules read (else it returns
the listing as it is now, and the caller decides again), then the one rule that races: room
left. SQLite runs the same steps in Python under its single writer (in_python.py).

Two of its steps are rules with a Python twin, and their text comes from the module that owns
both forms: the capacity check (travel.catalog.availability) and the webhook fan-out
(travel.events.repository). The listing columns it compares are BookableListing's.

Migration 0002 created it, 0006 re-created it to take the workspace's signed token
(travel.db.scope), 0009 to compare and return the listing's status, 0010 to compare its version,
count blocks and return seasonal prices, 0013 to refuse a write while its workspace moves
(travel.db.moves); a later change to this
text needs a new revision that drops and re-creates it
(as for the analytics triggers): tests/db/test_migrations.py fails until one does.
"""

from __future__ import annotations

from dataclasses import fields

from alembic import op

from travel.bookings.records import BookableListing
from travel.bookings.rules import longest_booking
from travel.catalog.availability import PLPGSQL_FULL, plpgsql_taken
from travel.events.repository import fan_out_in_plpgsql
from travel.kernel.kinds import ListingKind

NAME = "travel_book_listing"
SIGNATURE = "uuid, text, uuid, json, json"

# The listing columns the booking rules read (BookableListing, but its id: returned to the
# caller, compared with what it saw), with their SQL types.
_SQL_TYPES = {
    "kind": "text",
    "price_minor": "bigint",
    "currency": "text",
    "units": "integer",
    "max_guests": "integer",
    "capacity": "integer",
    "starts_at": "timestamptz",
    "departs_at": "timestamptz",
    "status": "text",
    "version": "integer",
}
LISTING_COLUMNS = tuple(f.name for f in fields(BookableListing) if f.name != "id")
_SEEN = {column: _SQL_TYPES[column] for column in LISTING_COLUMNS}
_CHANGED = " OR ".join(f"l.{c} IS DISTINCT FROM (p_seen->>'{c}')::{t}" for c, t in _SEEN.items())
_RETURN = ", ".join(f"l.{c}::{t}" for c, t in _SEEN.items())
# The listing's seasonal prices still to come, with every answer: the caller's rules price the
# booking with them (travel.catalog.pricing), and `version` tells it when they changed.
_PRICES = """(SELECT json_agg(json_build_array(p.starts_on, p.ends_on, p.price_minor)
    ORDER BY p.starts_on) FROM listing_prices p WHERE p.workspace_id = p_workspace_id
    AND p.listing_id = p_listing_id AND p.ends_on >= current_date - 1)"""
_RETURN = f"{_RETURN},\n    {_PRICES}"
_RETURNS = ", ".join(f"{c} {t}" for c, t in _SEEN.items()) + ", prices json"
_NOTHING = ", ".join(f"NULL::{t}" for t in _SEEN.values()) + ", NULL::json"
# How far back an overlapping booking can start: a stay's longest span, and every other kind's
# (one date: a tour stands for them all).
_TAKEN = plpgsql_taken(
    longest_stay=longest_booking(ListingKind.PROPERTY),
    longest_other=longest_booking(ListingKind.TOUR),
)
_FAN_OUT = fan_out_in_plpgsql(
    workspace="p_workspace_id", event_id="(p_rows->'event'->>'id')::uuid", at="b.created_at"
)


def _insert(table: str, row: str) -> str:
    """Insert the JSON object `row` as one row of `table` (keys name the columns)."""
    return f"INSERT INTO {table} SELECT * FROM json_populate_record(NULL::{table}, {row})"


DEFINITION = f"""
CREATE FUNCTION {NAME}(
  p_workspace_id uuid, p_scope text, p_listing_id uuid, p_seen json, p_rows json
)
RETURNS TABLE (outcome text, {_RETURNS}) LANGUAGE plpgsql
-- One generic plan per statement, planned once per connection: custom plans re-planned the
-- capacity query on every call (planning cost more than running it).
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
-- p_scope: the workspace's signed token (travel.db.scope): row-level security admits the rows of
-- the workspace it names, whatever p_workspace_id says.
-- p_seen: the listing as the caller's rules read it (NULL: only read it, no lock, no write).
-- p_rows: {{"booking", "transition", "audit", "event"}}, each a row as a JSON object.
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
    RETURN QUERY SELECT 'NOT_FOUND', {_NOTHING};
    RETURN;
  END IF;
  IF p_seen IS NULL OR {_CHANGED} THEN
    RETURN QUERY SELECT 'LISTING', {_RETURN};
    RETURN;
  END IF;
  -- A workspace moving to another database takes no write once frozen (revision 0013).
  PERFORM travel_write_gate(p_scope);

  b := json_populate_record(NULL::bookings, p_rows->'booking');
{_TAKEN}
  IF {PLPGSQL_FULL} THEN
    RETURN QUERY SELECT 'FULL', {_RETURN};
    RETURN;
  END IF;

  INSERT INTO bookings SELECT b.* ON CONFLICT (workspace_id, reference_code) DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'CODE_TAKEN', {_RETURN};
    RETURN;
  END IF;
  {_insert("booking_transitions", "p_rows->'transition'")};
  {_insert("audit_log", "p_rows->'audit'")};
  {_insert("outbox_events", "p_rows->'event'")};
{_FAN_OUT}
  RETURN QUERY SELECT 'CREATED', {_RETURN};
END
$$
"""


def create_function(definition: str = DEFINITION) -> None:
    """Create the function (PostgreSQL only; SQLite books in Python)."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute(definition)


def drop_function() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"DROP FUNCTION IF EXISTS {NAME}({SIGNATURE})")
