"""The triggers that keep analytics' running totals (travel.analytics.models) exact.

Every change to `bookings` — an insert, a cancellation, a delete, whatever code or tool makes it —
fires them inside the same transaction: a booking that is CONFIRMED after the change is added to
its totals, one that was CONFIRMED before is taken away. A trigger, rather than a call in the
bookings service, because then no write path can forget it (the benchmark seed inserts rows in
bulk, an operator may fix a row by hand).

The initial migration created them and revision 0007 re-created the function (SECURITY DEFINER);
a later change to these statements needs a new revision that re-creates them
(tests/db/test_migrations.py holds this text equal to the newest revision's).
"""

from __future__ import annotations

from alembic import op

from travel.kernel.kinds import ListingKind

# Only stays fill analytics_stay_dates (what occupancy counts).
_IS_STAY = f"listing_kind = '{ListingKind.PROPERTY.value}'"
# An update of any other column (payment status, timestamps) changes no total.
_COUNTED_COLUMNS = "status, check_in, check_out, listing_id, listing_kind, currency, total_minor"


def _provider(row: str) -> str:
    """The provider of the booking `row`'s listing (a listing never changes provider)."""
    return (
        f"(SELECT listings.provider_id FROM listings"
        f" WHERE listings.workspace_id = {row}.workspace_id AND listings.id = {row}.listing_id)"
    )


def _add(row: str) -> list[str]:
    """Statements adding the booking `row` (NEW or OLD) to the totals; it is CONFIRMED."""
    return [
        "INSERT INTO analytics_daily_sales"
        " (workspace_id, check_in, listing_kind, currency, bookings, total_minor)"
        f" VALUES ({row}.workspace_id, {row}.check_in, {row}.listing_kind, {row}.currency, 1,"
        f" {row}.total_minor)"
        " ON CONFLICT (workspace_id, check_in, listing_kind, currency) DO UPDATE"
        " SET bookings = analytics_daily_sales.bookings + 1,"
        " total_minor = analytics_daily_sales.total_minor + excluded.total_minor",
        "INSERT INTO analytics_daily_provider_sales"
        " (workspace_id, check_in, provider_id, currency, bookings, total_minor)"
        f" VALUES ({row}.workspace_id, {row}.check_in, {_provider(row)}, {row}.currency, 1,"
        f" {row}.total_minor)"
        " ON CONFLICT (workspace_id, check_in, provider_id, currency) DO UPDATE"
        " SET bookings = analytics_daily_provider_sales.bookings + 1,"
        " total_minor = analytics_daily_provider_sales.total_minor + excluded.total_minor",
        "INSERT INTO analytics_stay_dates (workspace_id, check_in, check_out, stays)"
        f" SELECT {row}.workspace_id, {row}.check_in, {row}.check_out, 1"
        f" WHERE {row}.{_IS_STAY}"
        " ON CONFLICT (workspace_id, check_in, check_out) DO UPDATE"
        " SET stays = analytics_stay_dates.stays + 1",
    ]


def _subtract(row: str) -> list[str]:
    """Statements taking the booking `row` away from the totals; it was CONFIRMED.

    Plain updates, never inserts: when a workspace is deleted its totals may already be gone
    (both cascade from `workspaces`), and there is then nothing to take away from.
    """
    return [
        f"UPDATE analytics_daily_sales SET bookings = bookings - 1,"
        f" total_minor = total_minor - {row}.total_minor"
        f" WHERE workspace_id = {row}.workspace_id AND check_in = {row}.check_in"
        f" AND listing_kind = {row}.listing_kind AND currency = {row}.currency",
        f"UPDATE analytics_daily_provider_sales SET bookings = bookings - 1,"
        f" total_minor = total_minor - {row}.total_minor"
        f" WHERE workspace_id = {row}.workspace_id AND check_in = {row}.check_in"
        f" AND provider_id = {_provider(row)} AND currency = {row}.currency",
        f"UPDATE analytics_stay_dates SET stays = stays - 1"
        f" WHERE {row}.{_IS_STAY} AND workspace_id = {row}.workspace_id"
        f" AND check_in = {row}.check_in AND check_out = {row}.check_out",
    ]


def _body(statements: list[str], indent: str) -> str:
    return "".join(f"{indent}{statement};\n" for statement in statements)


# SECURITY DEFINER (revision 0007): the function writes the totals as their owner, the system
# role, so row-level security is not checked again on each of its statements (a policy check
# calls travel_workspace(), 12-15 µs, and these statements made several per booking). It writes
# only what the booking row that fired it says, and that row has already passed the policy of
# `bookings` (its workspace is the caller's). Its search path is pinned to the one the
# migration ran with (the schema of the tables, wherever a deployment keeps them), as for every
# SECURITY DEFINER function: the caller's own setting never applies inside.
_POSTGRESQL_FUNCTION = f"""
CREATE OR REPLACE FUNCTION analytics_track_booking() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'CONFIRMED' THEN
{_body(_subtract("OLD"), "    ")}  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'CONFIRMED' THEN
{_body(_add("NEW"), "    ")}  END IF;
  RETURN NULL;
END
$$
"""
# Deferred to the commit: two bookings of the same day lock the same totals row, and a lock
# taken at commit is held for the commit only, not for the rest of the booking's transaction.
_POSTGRESQL_TRIGGER = (
    "CREATE CONSTRAINT TRIGGER analytics_track_booking"
    f" AFTER INSERT OR DELETE OR UPDATE OF {_COUNTED_COLUMNS} ON bookings"
    " DEFERRABLE INITIALLY DEFERRED"
    " FOR EACH ROW EXECUTE FUNCTION analytics_track_booking()"
)

# SQLite has no trigger functions: one trigger per event and side, each guarded by WHEN.
_SQLITE_TRIGGERS = {
    "analytics_booking_inserted": ("INSERT", "NEW", _add),
    "analytics_booking_deleted": ("DELETE", "OLD", _subtract),
    "analytics_booking_updated_from": (f"UPDATE OF {_COUNTED_COLUMNS}", "OLD", _subtract),
    "analytics_booking_updated_to": (f"UPDATE OF {_COUNTED_COLUMNS}", "NEW", _add),
}


def create_booking_triggers() -> None:
    """Create the triggers on `bookings` (after the analytics tables)."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_POSTGRESQL_FUNCTION)
        op.execute(_POSTGRESQL_TRIGGER)
        return
    for name, (event, row, statements) in _SQLITE_TRIGGERS.items():
        op.execute(
            f"CREATE TRIGGER {name} AFTER {event} ON bookings"
            f" WHEN {row}.status = 'CONFIRMED'\nBEGIN\n{_body(statements(row), '  ')}END"
        )


def drop_booking_triggers() -> None:
    """Drop what create_booking_triggers made."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS analytics_track_booking ON bookings")
        op.execute("DROP FUNCTION IF EXISTS analytics_track_booking()")
        return
    for name in _SQLITE_TRIGGERS:
        op.execute(f"DROP TRIGGER IF EXISTS {name}")
