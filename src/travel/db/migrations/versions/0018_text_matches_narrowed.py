"""Text matches narrowed before they are handed over (PostgreSQL).

`travel_text_listings(workspace_id, tsquery)` (revision 0015) returns every listing with the
words, whole, and the search's other conditions are applied to what it returned. A function's
result is copied into a tuplestore: a city's 21,000 matches of the benchmark, about 700 bytes
each, cost 55 ms of a 190 ms search, though two in three fall outside the price range asked
for. This overload takes the conditions that narrow a city most — the currency, the price
range in its minor units, and the bounding box of "near" — and returns only the rows that
meet them (NULL: no such condition). The search statement keeps its own conditions; these only
drop rows earlier. They are applied above the inner query's fence (`OFFSET 0`), so the
matches are still read by the scoped text index alone, never along another index.

The two-argument function stays for the release before this one (expand, then contract:
docs/deploy.md). As revision 0015's, the body is a string (`listings.*` is expanded when it is
planned), its search path is pinned with `pg_temp` last, and only the application role may
execute it. See docs/decisions/0104-text-matches-narrowed.md.

Revision ID: 0018
Revises: 0017
"""

from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

_SIGNATURE = (
    "travel_text_listings(uuid, tsquery, text, bigint, bigint, "
    "double precision, double precision, double precision, double precision)"
)

# As revision 0015's: the words through the scoped index alone, each row then checked to be
# the caller's workspace's; then the narrowing conditions, each skipped when NULL.
_TEXT_LISTINGS = """CREATE FUNCTION travel_text_listings(
  p_workspace_id uuid, p_query tsquery, p_currency text, p_min_price_minor bigint,
  p_max_price_minor bigint, p_south double precision, p_north double precision,
  p_west double precision, p_east double precision)
RETURNS SETOF listings LANGUAGE sql STABLE SECURITY DEFINER
ROWS 1000 SET max_parallel_workers_per_gather = 0 SET work_mem = '32MB'
AS $$
  SELECT found.* FROM (
    SELECT listings.* FROM listings
    WHERE travel_scope(listings.workspace_id, listings.search_document)
      @@ travel_scope_query(p_workspace_id, p_query)
    OFFSET 0) AS found
  WHERE found.workspace_id = p_workspace_id AND p_workspace_id = (SELECT travel_workspace())
    AND (p_currency IS NULL OR found.currency = p_currency)
    AND (p_min_price_minor IS NULL OR found.price_minor >= p_min_price_minor)
    AND (p_max_price_minor IS NULL OR found.price_minor <= p_max_price_minor)
    AND (p_south IS NULL OR found.latitude >= p_south)
    AND (p_north IS NULL OR found.latitude <= p_north)
    AND (p_west IS NULL OR found.longitude >= p_west)
    AND (p_east IS NULL OR found.longitude <= p_east)
$$"""

_PATH_AND_GRANT = f"""DO $$
DECLARE
  app text := NULLIF(current_setting('travel.app_role', true), '');
BEGIN
  EXECUTE format('ALTER FUNCTION {_SIGNATURE} SET search_path = %I, pg_temp', current_schema());
  REVOKE ALL ON FUNCTION {_SIGNATURE} FROM PUBLIC;
  IF app IS NOT NULL AND app <> current_user THEN
    EXECUTE format('GRANT EXECUTE ON FUNCTION {_SIGNATURE} TO %I', app);
  END IF;
END $$"""


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return  # SQLite's FTS5 index joins the table by rowid (revision 0008)
    op.execute(_TEXT_LISTINGS)
    op.execute(_PATH_AND_GRANT)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(f"DROP FUNCTION {_SIGNATURE}")
