"""Listings' text indexes keyed by workspace and word together (PostgreSQL).

Revision 0008 indexed `(workspace_id, search_document)` with btree_gin: a search's bitmap was
the intersection of its words' entries with the workspace's own entry, which holds every
listing of the workspace — a million items decoded to answer a word that 13,000 listings have
(docs/performance.md, "Discovery at a million listings"). Here each lexeme of the indexed
document is prefixed with its listing's workspace (`travel_scope`), and each lexeme of a query
with the caller's (`travel_scope_query`): a word's entry in the index is that workspace's
listings with the word, and nothing else is read. The index is still the database's own GIN of
tsvectors; the workspace leads every key of it (tests/db/test_tenant_keys.py).

- `travel_scope(workspace_id, tsvector)`, `travel_scope_query(workspace_id, tsquery)`:
  IMMUTABLE, the prefix the workspace's id in hex and a colon.
- GIN indexes on `travel_scope(workspace_id, search_document)` and on the names alone,
  replacing 0008's two; `travel_text_search` and `travel_name_search` match through them and
  keep their checks (the workspace of the row and of the caller's signed scope).

Ranking still reads `search_document` itself. See docs/decisions/0099-scoped-text-indexes.md.

Revision ID: 0014
Revises: 0013
"""

from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

_PREFIX = "replace(p_workspace_id::text, '-', '') || ':'"
_NAME_DOCUMENT = "to_tsvector('simple'::regconfig, travel_fold(name))"

_FUNCTIONS = [
    # COST: building the prefixed document takes ~20 µs; at the default cost the planner would
    # rather compute it on each row a coordinates' range finds than read this index.
    f"""CREATE FUNCTION travel_scope(p_workspace_id uuid, p_document tsvector) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT COST 10000
RETURN array_to_tsvector(ARRAY(
  SELECT {_PREFIX} || lexeme FROM unnest(tsvector_to_array(p_document)) AS lexeme))""",
    # A tsquery's text quotes every lexeme ('word', a quote in it doubled): each gets the prefix.
    f"""CREATE FUNCTION travel_scope_query(p_workspace_id uuid, p_query tsquery) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN regexp_replace(
  p_query::text, '''((?:[^'']|'''')*)''', '''' || {_PREFIX} || '\\1''', 'g')::tsquery""",
]

_INDEXES = [
    "CREATE INDEX ix_listings_scoped_search_document ON listings "
    "USING gin (travel_scope(workspace_id, search_document))",
    "CREATE INDEX ix_listings_scoped_name_document ON listings "
    f"USING gin (travel_scope(workspace_id, {_NAME_DOCUMENT}))",
    "DROP INDEX ix_listings_workspace_id_search_document",
    "DROP INDEX ix_listings_workspace_id_name_document",
]

# The words are found through the scoped index alone, and each row found is then checked to be
# the workspace's (OFFSET 0 keeps that check out of the scan): a function's statement is planned
# once for any arguments, and given `workspace_id = $1` as well, such a generic plan ANDs the
# bitmap with a workspace btree's — the workspace's every row, 70 ms at a million. No parallel
# scan either: for the few thousand rows of a word, starting workers costs more than it saves,
# and the planner, told what computing `travel_scope` costs, would rather start them (decision
# 0099).
_SCOPED = [
    """CREATE OR REPLACE FUNCTION travel_text_search(p_workspace_id uuid, p_query tsquery)
RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT ROWS 1000
SET max_parallel_workers_per_gather = 0
BEGIN ATOMIC
  SELECT found.id FROM (
    SELECT listings.id, listings.workspace_id FROM listings
    WHERE travel_scope(listings.workspace_id, listings.search_document)
      @@ travel_scope_query(p_workspace_id, p_query)
    OFFSET 0) AS found
  WHERE found.workspace_id = p_workspace_id AND p_workspace_id = (SELECT travel_workspace());
END""",
    """CREATE OR REPLACE FUNCTION travel_name_search(
  p_workspace_id uuid, p_query tsquery, p_limit integer)
RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT ROWS 20
SET max_parallel_workers_per_gather = 0
BEGIN ATOMIC
  SELECT found.id FROM (
    SELECT listings.id, listings.workspace_id FROM listings
    WHERE travel_scope(listings.workspace_id, to_tsvector('simple'::regconfig,
      travel_fold(listings.name))) @@ travel_scope_query(p_workspace_id, p_query)
    OFFSET 0) AS found
  WHERE found.workspace_id = p_workspace_id AND p_workspace_id = (SELECT travel_workspace())
  LIMIT p_limit;
END""",
]

# As 0008 wrote them.
_UNSCOPED = [
    """CREATE OR REPLACE FUNCTION travel_text_search(p_workspace_id uuid, p_query tsquery)
RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT ROWS 1000
BEGIN ATOMIC
  SELECT listings.id FROM listings
  WHERE listings.workspace_id = p_workspace_id AND p_workspace_id = (SELECT travel_workspace())
    AND listings.search_document @@ p_query;
END""",
    """CREATE OR REPLACE FUNCTION travel_name_search(
  p_workspace_id uuid, p_query tsquery, p_limit integer)
RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT ROWS 20
BEGIN ATOMIC
  SELECT listings.id FROM listings
  WHERE listings.workspace_id = p_workspace_id AND p_workspace_id = (SELECT travel_workspace())
    AND to_tsvector('simple'::regconfig, travel_fold(listings.name)) @@ p_query
  LIMIT p_limit;
END""",
]


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return  # SQLite's FTS5 table names the workspace as a column (revision 0008)
    for statement in (*_FUNCTIONS, *_INDEXES, *_SCOPED):
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for statement in (
        "CREATE INDEX ix_listings_workspace_id_search_document ON listings "
        "USING gin (workspace_id, search_document)",
        "CREATE INDEX ix_listings_workspace_id_name_document ON listings "
        f"USING gin (workspace_id, ({_NAME_DOCUMENT}))",
        *_UNSCOPED,
        "DROP INDEX ix_listings_scoped_search_document",
        "DROP INDEX ix_listings_scoped_name_document",
        "DROP FUNCTION travel_scope_query(uuid, tsquery)",
        "DROP FUNCTION travel_scope(uuid, tsvector)",
    ):
        op.execute(statement)
