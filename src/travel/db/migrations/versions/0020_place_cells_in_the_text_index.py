"""A listing's place among the keys of the text index (PostgreSQL).

A text search with "near" found every listing of the workspace with its words, then dropped
those outside the box (revision 0018): "beach" near Barcelona read the rows of the 120,000
listings with that word on every coast of the benchmark to keep 800. Here the text index also
holds, for each listing with coordinates, the cells of a grid of latitudes and longitudes it
lies in, at four sizes (0.25, 1, 4 and 16 degrees: `travel_place_document`), as lexemes no word
can be (they start with `~`; a word is letters and digits). `travel_place_query` turns a box
into the cells that cover it, at the finest size that needs at most nine, ORed; the search
function ANDs them with the words, so the index itself answers "these words, about here" and
only those rows are read. The box is still applied exactly to what the index finds. A box
that would need more than nine cells of 16 degrees, or crosses the antimeridian, is not
narrowed in the index.

`travel_search_keys(workspace, document, latitude, longitude)` is what the index holds: the
document and the cells, each key prefixed with the workspace (`travel_scope`, revision 0014).
The index replaces 0014's under the same name; `travel_text_listings` (0018's signature, which
the release before calls) reads through it. The functions no release calls any more are
dropped (expand, then contract: docs/deploy.md): `travel_text_search` (0014, unused since 0015)
and the two-argument `travel_text_listings` (0015, unused since 0018). Building the index reads
every listing; writes to listings wait meanwhile (as revision 0014's).
See docs/decisions/0107-place-in-the-text-index.md.

Revision ID: 0020
Revises: 0019
"""

import importlib.util
from pathlib import Path
from types import ModuleType

from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

# The cells a point lies in, one per size; no cell without both coordinates. Each size is a
# power of two, so the division is exact and a point on a box's edge falls in the box's cells.
_PLACE_DOCUMENT = """CREATE FUNCTION travel_place_document(
  p_latitude double precision, p_longitude double precision) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN p_latitude IS NULL OR p_longitude IS NULL THEN ''::tsvector
  ELSE array_to_tsvector(ARRAY[
    '~g0:' || floor(p_latitude / 0.25)::int::text || ':' || floor(p_longitude / 0.25)::int::text,
    '~g1:' || floor(p_latitude)::int::text || ':' || floor(p_longitude)::int::text,
    '~g2:' || floor(p_latitude / 4)::int::text || ':' || floor(p_longitude / 4)::int::text,
    '~g3:' || floor(p_latitude / 16)::int::text || ':' || floor(p_longitude / 16)::int::text])
  END"""

# COST as travel_scope's: the planner must read the index, not compute this on each row.
_SEARCH_KEYS = """CREATE FUNCTION travel_search_keys(
  p_workspace_id uuid, p_document tsvector, p_latitude double precision,
  p_longitude double precision) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 10000
RETURN travel_scope(p_workspace_id, p_document || travel_place_document(p_latitude, p_longitude))"""

# The cells covering [south, north] x [west, east] at the finest size needing at most nine of
# them, ORed; NULL (no narrowing) for a missing edge, a box across the antimeridian (west >
# east) or one wider than nine cells of the largest size.
_PLACE_QUERY = """CREATE FUNCTION travel_place_query(
  p_south double precision, p_north double precision, p_west double precision,
  p_east double precision) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (
  SELECT ('(' || string_agg(format('''~g%s:%s:%s''', chosen.level, lat, lon), ' | ') || ')')
    ::tsquery
  FROM (
    SELECT level, size FROM (VALUES (0, 0.25::float8), (1, 1.0::float8), (2, 4.0::float8),
      (3, 16.0::float8)) AS sizes(level, size)
    WHERE p_south <= p_north AND p_west <= p_east
      AND (floor(p_north / size) - floor(p_south / size) + 1)
        * (floor(p_east / size) - floor(p_west / size) + 1) <= 9
    ORDER BY level LIMIT 1) AS chosen,
    generate_series(floor(p_south / chosen.size)::int, floor(p_north / chosen.size)::int) AS lat,
    generate_series(floor(p_west / chosen.size)::int, floor(p_east / chosen.size)::int) AS lon)"""

# As revision 0018's, the words and (given a box) its cells found through the index.
_TEXT_LISTINGS = """CREATE OR REPLACE FUNCTION travel_text_listings(
  p_workspace_id uuid, p_query tsquery, p_currency text, p_min_price_minor bigint,
  p_max_price_minor bigint, p_south double precision, p_north double precision,
  p_west double precision, p_east double precision)
RETURNS SETOF listings LANGUAGE sql STABLE SECURITY DEFINER
ROWS 1000 SET max_parallel_workers_per_gather = 0 SET work_mem = '32MB'
AS $$
  SELECT found.* FROM (
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
    AND (p_east IS NULL OR found.longitude <= p_east)
$$"""

_INDEX = "ix_listings_scoped_search_document"


def _replace_index(expression: str) -> list[str]:
    """The text index rebuilt on `expression`, under its own name."""
    return [
        f"CREATE INDEX {_INDEX}_new ON listings USING gin ({expression}) WITH (fastupdate = off)",
        f"DROP INDEX {_INDEX}",
        f"ALTER INDEX {_INDEX}_new RENAME TO {_INDEX}",
    ]


def _revision(name: str) -> ModuleType:
    """An earlier revision's module, whose statements the downgrade runs again."""
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return  # SQLite's FTS5 table is joined, then the box read from the table (revision 0008)
    narrowed = _revision("0018_text_matches_narrowed")
    for statement in (
        _PLACE_DOCUMENT,
        _SEARCH_KEYS,
        _PLACE_QUERY,
        *_replace_index("travel_search_keys(workspace_id, search_document, latitude, longitude)"),
        "DROP FUNCTION travel_text_search(uuid, tsquery)",
        "DROP FUNCTION travel_text_listings(uuid, tsquery)",
        _TEXT_LISTINGS,
        narrowed._PATH_AND_GRANT,  # CREATE OR REPLACE set the search path anew: none
    ):
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    scoped, one_pass = (
        _revision("0014_scoped_text_indexes"),
        _revision("0015_text_matches_in_one_pass"),
    )
    narrowed = _revision("0018_text_matches_narrowed")
    for statement in (
        *_replace_index("travel_scope(workspace_id, search_document)"),
        narrowed._TEXT_LISTINGS.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION", 1),
        narrowed._PATH_AND_GRANT,
        one_pass._TEXT_LISTINGS,
        one_pass._PATH_AND_GRANT,
        scoped._SCOPED[0],  # travel_text_search, then its grant (revision 0008's)
        """DO $$
DECLARE
  app text := NULLIF(current_setting('travel.app_role', true), '');
BEGIN
  REVOKE ALL ON FUNCTION travel_text_search(uuid, tsquery) FROM PUBLIC;
  IF app IS NOT NULL AND app <> current_user THEN
    EXECUTE format('GRANT EXECUTE ON FUNCTION travel_text_search(uuid, tsquery) TO %I', app);
  END IF;
END $$""",
        "DROP FUNCTION travel_place_query(double precision, double precision, "
        "double precision, double precision)",
        "DROP FUNCTION travel_search_keys(uuid, tsvector, double precision, double precision)",
        "DROP FUNCTION travel_place_document(double precision, double precision)",
    ):
        op.execute(statement)
