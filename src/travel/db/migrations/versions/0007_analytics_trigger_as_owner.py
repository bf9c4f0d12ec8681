"""The analytics trigger function runs as its owner (SECURITY DEFINER).

`analytics_track_booking()` keeps the running totals of confirmed bookings (decision 0053). Run
as the caller, each of its statements checked row-level security again — a call of
`travel_workspace()` per policy check, several per booking — although it writes only the
workspace of the booking row that fired it, which the policy of `bookings` has already admitted.
As its owner (the system role, which bypasses row-level security) it skips those checks; its
search path is pinned to the migration's. See docs/decisions/0076-analytics-trigger-as-owner.md.

Revision ID: 0007
Revises: 0006
"""

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

# The function as this revision creates it, frozen here (travel/analytics/triggers.py renders
# the current text; tests/db/test_migrations.py holds the two equal).
_FUNCTION = """
CREATE OR REPLACE FUNCTION analytics_track_booking() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'CONFIRMED' THEN
    UPDATE analytics_daily_sales SET bookings = bookings - 1, total_minor = total_minor - OLD.total_minor WHERE workspace_id = OLD.workspace_id AND check_in = OLD.check_in AND listing_kind = OLD.listing_kind AND currency = OLD.currency;
    UPDATE analytics_daily_provider_sales SET bookings = bookings - 1, total_minor = total_minor - OLD.total_minor WHERE workspace_id = OLD.workspace_id AND check_in = OLD.check_in AND provider_id = (SELECT listings.provider_id FROM listings WHERE listings.workspace_id = OLD.workspace_id AND listings.id = OLD.listing_id) AND currency = OLD.currency;
    UPDATE analytics_stay_dates SET stays = stays - 1 WHERE OLD.listing_kind = 'PROPERTY' AND workspace_id = OLD.workspace_id AND check_in = OLD.check_in AND check_out = OLD.check_out;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'CONFIRMED' THEN
    INSERT INTO analytics_daily_sales (workspace_id, check_in, listing_kind, currency, bookings, total_minor) VALUES (NEW.workspace_id, NEW.check_in, NEW.listing_kind, NEW.currency, 1, NEW.total_minor) ON CONFLICT (workspace_id, check_in, listing_kind, currency) DO UPDATE SET bookings = analytics_daily_sales.bookings + 1, total_minor = analytics_daily_sales.total_minor + excluded.total_minor;
    INSERT INTO analytics_daily_provider_sales (workspace_id, check_in, provider_id, currency, bookings, total_minor) VALUES (NEW.workspace_id, NEW.check_in, (SELECT listings.provider_id FROM listings WHERE listings.workspace_id = NEW.workspace_id AND listings.id = NEW.listing_id), NEW.currency, 1, NEW.total_minor) ON CONFLICT (workspace_id, check_in, provider_id, currency) DO UPDATE SET bookings = analytics_daily_provider_sales.bookings + 1, total_minor = analytics_daily_provider_sales.total_minor + excluded.total_minor;
    INSERT INTO analytics_stay_dates (workspace_id, check_in, check_out, stays) SELECT NEW.workspace_id, NEW.check_in, NEW.check_out, 1 WHERE NEW.listing_kind = 'PROPERTY' ON CONFLICT (workspace_id, check_in, check_out) DO UPDATE SET stays = analytics_stay_dates.stays + 1;
  END IF;
  RETURN NULL;
END
$$
"""
_AS_CALLER = "ALTER FUNCTION analytics_track_booking() SECURITY INVOKER RESET search_path"


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(_FUNCTION)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(_AS_CALLER)
