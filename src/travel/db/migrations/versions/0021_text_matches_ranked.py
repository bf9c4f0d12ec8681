"""Text matches ranked where they are found, without their documents (PostgreSQL).

`travel_text_listings` (revisions 0018, 0020) returns each match as a whole row of `listings`,
copied into the tuplestore a function's result goes through, and the search statement then
ranks it with `ts_rank` on the row's `search_document`. That document is half a row (328 of
about 700 bytes at the benchmark's million listings) and is copied only to be ranked; and the
same rows came out of a PL/pgSQL function faster than out of this `LANGUAGE sql` one (18.7
against 20.9 ms for a city's 7,000, decision 0110). `travel_text_matches` takes
the same arguments, the query's words as typed (`p_exact`, NULL when nothing was corrected or
the order is not relevance) and whether the rows are ranked (`p_ranked`: a search sorted by
price, or a count, does not pay for `ts_rank`). It returns every column of a listing but its
document, with `rank` (`ts_rank` with the search's weights, decision 0099; NULL unless ranked)
and `exact` (the document has the words as typed; NULL without `p_exact`), computed on the row
as it is read. Its statement is
planned at each call with the words and the box given (`force_custom_plan`); the SQL function
was planned once per search statement, without them. The only way to the rows is the scoped
text index either way.

The columns are listed: a column added to `listings` must be added here too, by the revision
that adds it (tests/search/test_search.py compares the two). `travel_text_listings` stays for
the release before (expand, then contract: docs/deploy.md). Its search path is pinned with
`pg_temp` last and only the application role may execute it, as 0018's.
See docs/decisions/0110-text-matches-ranked.md.

Revision ID: 0021
Revises: 0020
"""

from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None

_SIGNATURE = (
    "travel_text_matches(uuid, tsquery, tsquery, boolean, text, bigint, bigint, "
    "double precision, double precision, double precision, double precision)"
)

# As revision 0020's travel_text_listings: the words and the box's cells through the scoped
# index alone, each row then checked to be the caller's workspace's, then the narrowing
# conditions, each skipped when NULL.
_TEXT_MATCHES = """CREATE FUNCTION travel_text_matches(
  p_workspace_id uuid, p_query tsquery, p_exact tsquery, p_ranked boolean, p_currency text,
  p_min_price_minor bigint, p_max_price_minor bigint, p_south double precision,
  p_north double precision, p_west double precision, p_east double precision)
RETURNS TABLE (workspace_id uuid, id uuid, kind varchar(16), provider_id uuid,
  name varchar(200), description text, location varchar(200), price_minor bigint,
  currency varchar(3), rating double precision, amenities json, units integer,
  max_guests integer, capacity integer, duration_minutes integer, starts_at timestamptz,
  ends_at timestamptz, origin varchar(200), destination varchar(200), departs_at timestamptz,
  arrives_at timestamptz, mode varchar(16), occurs_on date, created_at timestamptz,
  latitude double precision, longitude double precision, status varchar(16), version integer,
  updated_at timestamptz, time_zone varchar(64), rank real, exact boolean)
LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 1000
SET max_parallel_workers_per_gather = 0 SET work_mem = '32MB'
SET plan_cache_mode = force_custom_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT found.workspace_id, found.id, found.kind, found.provider_id, found.name,
    found.description, found.location, found.price_minor, found.currency, found.rating,
    found.amenities, found.units, found.max_guests, found.capacity, found.duration_minutes,
    found.starts_at, found.ends_at, found.origin, found.destination, found.departs_at,
    found.arrives_at, found.mode, found.occurs_on, found.created_at, found.latitude,
    found.longitude, found.status, found.version, found.updated_at, found.time_zone,
    CASE WHEN p_ranked
      THEN ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], found.search_document, p_query) END,
    found.search_document @@ p_exact
  FROM (
    SELECT listings.* FROM listings
    WHERE travel_search_keys(listings.workspace_id, listings.search_document,
        listings.latitude, listings.longitude)
      @@ travel_scope_query(p_workspace_id,
        coalesce(p_query && travel_place_query(p_south, p_north, p_west, p_east), p_query))
    OFFSET 0) AS found
  WHERE found.workspace_id = p_workspace_id AND p_workspace_id = (SELECT travel_workspace())
    AND (p_currency IS NULL OR found.currency = p_currency)
    AND (p_min_price_minor IS NULL OR found.price_minor >= p_min_price_minor)
    AND (p_max_price_minor IS NULL OR found.price_minor <= p_max_price_minor)
    AND (p_south IS NULL OR found.latitude >= p_south)
    AND (p_north IS NULL OR found.latitude <= p_north)
    AND (p_west IS NULL OR found.longitude >= p_west)
    AND (p_east IS NULL OR found.longitude <= p_east);
END
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
        return  # SQLite's FTS5 table is joined and ranked by bm25 (revision 0008)
    op.execute(_TEXT_MATCHES)
    op.execute(_PATH_AND_GRANT)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(f"DROP FUNCTION {_SIGNATURE}")
