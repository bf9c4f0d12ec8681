"""Listings found by text read in one pass (PostgreSQL).

`travel_text_search` (0008, 0014) answers the ids of the listings whose text matches; the
search then read those listings again by id, or along a second index, to filter, rank and
count them — each match's row read twice, the second time one by one. `travel_text_listings`
answers the matching rows themselves, read once by the bitmap scan of the scoped text index; a
search reads its listings from it instead of from the table (travel.search.engine). Its checks
are `travel_text_search`'s: each row's workspace, and the caller's signed scope.
`travel_text_search`, which this release no longer calls, stays for the release before it
(expand, then contract: docs/deploy.md); a revision of a later release drops it.

The body is a string, not `BEGIN ATOMIC`: its `listings.*` is read again when the function is
planned, so a column added to `listings` later comes with it (a stored body would keep the
columns of today and no longer match the table's row type). The names in it are therefore
looked up at each call, on a search path pinned to this schema with `pg_temp` last, and
PostgreSQL records no dependency on `travel_scope` or `travel_scope_query`: a revision that
changes those must keep this function working (tests/search/test_search.py calls it). Like
0008's functions, only the application role may execute it (granted by name).

See docs/decisions/0100-text-matches-in-one-pass.md.

Revision ID: 0015
Revises: 0014
"""

from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

# As travel_text_search (revision 0014): the words through the scoped index alone, each row
# then checked to be the caller's workspace's, no parallel workers. The rows it returns are
# kept in memory up to work_mem, then in a temporary file: 32 MB holds a city's 20,000
# listings of the benchmark (about 850 bytes each), which spilled at the default 4 MB
# (decision 0100).
_TEXT_LISTINGS = """CREATE FUNCTION travel_text_listings(p_workspace_id uuid, p_query tsquery)
RETURNS SETOF listings LANGUAGE sql STABLE SECURITY DEFINER
ROWS 1000 SET max_parallel_workers_per_gather = 0 SET work_mem = '32MB'
AS $$
  SELECT found.* FROM (
    SELECT listings.* FROM listings
    WHERE travel_scope(listings.workspace_id, listings.search_document)
      @@ travel_scope_query(p_workspace_id, p_query)
    OFFSET 0) AS found
  WHERE found.workspace_id = p_workspace_id AND p_workspace_id = (SELECT travel_workspace())
$$"""


# Its search path: this schema, then pg_temp (which would otherwise be searched first for
# tables); and who may run it: the application role alone, as 0008's functions.
_PATH_AND_GRANT = """DO $$
DECLARE
  app text := NULLIF(current_setting('travel.app_role', true), '');
BEGIN
  EXECUTE format(
    'ALTER FUNCTION travel_text_listings(uuid, tsquery) SET search_path = %I, pg_temp',
    current_schema());
  REVOKE ALL ON FUNCTION travel_text_listings(uuid, tsquery) FROM PUBLIC;
  IF app IS NOT NULL AND app <> current_user THEN
    EXECUTE format('GRANT EXECUTE ON FUNCTION travel_text_listings(uuid, tsquery) TO %I', app);
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
    op.execute("DROP FUNCTION travel_text_listings(uuid, tsquery)")
