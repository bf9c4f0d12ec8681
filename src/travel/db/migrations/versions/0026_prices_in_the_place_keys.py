"""A listing's currency and price band among its place's keys in the text index (PostgreSQL).

A city-wide search with a price range read every match in the box's cells, and dropped those
outside the range after reading them: "lisbon" near Lisbon in [20, 200] EUR read the rows of
all 18,700 listings there to keep 7,400. Here the index also holds, for each listing with
coordinates, a currency and a price, its cells of 1, 4 and 16 degrees again with its currency
and price band (`~p1:38:-10:EUR:26`). A price band is two to each doubling of the price in
minor units (`travel_price_band`: integers only). A search with a box, a currency and a
highest price asks the index for the box's cells (revision 0020) and, at the next size up,
its cells in each band of the range (`travel_price_query`): the box's cells are small and
few, the priced ones coarse and few, so the keys stay few (16 for that search, at most 128),
and the rows read are those about there at about those prices (9,800 for "lisbon"). The range
and the box are still applied exactly to what the index finds.

`travel_search_keys` gains the currency and the price; a new index under the old name replaces
0020's (building it reads every listing: the revision took 46 s at 1.2 million; writes to
listings wait meanwhile). `travel_text_matches` keeps its signature, so the release before runs
on the new index; it asks for the prices too. The four-argument `travel_search_keys`, which
only the old index used, is dropped; the downgrade makes it and 0020's index again. The
four-argument `travel_place_document` adds the priced cells to the two-argument one's (0020's),
which stays. Both end with ANALYZE of listings: the statistics of an index's expression are
gathered by ANALYZE alone. SQLite is unchanged: the same keys in its FTS5 table made "lisbon"'s
statement slower there, from 35.4 to 36.5 ms (the benchmark's listings in place order, decision
0114: the rows a range spares lie on the pages read anyway).
See docs/decisions/0116-prices-in-the-place-keys.md.

Revision ID: 0026
Revises: 0025
"""

import importlib.util
from pathlib import Path
from types import ModuleType

from alembic import op

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None

# Two bands to each doubling of a price in minor units, [2^k, 1.5 x 2^k) and [1.5 x 2^k,
# 2^(k+1)): 2 x (its binary length) + its second binary digit (1 has none); 0 under 1.
# Integers only, so a price on an edge is in one band however it is computed.
_PRICE_BAND = """CREATE FUNCTION travel_price_band(p_price_minor bigint) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN CASE WHEN p_price_minor < 1 THEN 0 WHEN p_price_minor = 1 THEN 2
  ELSE 2 * (65 - position('1' IN p_price_minor::bit(64)::text))
    + ((p_price_minor >> (63 - position('1' IN p_price_minor::bit(64)::text))) & 1)::integer
  END"""

# Revision 0020's cells (its travel_place_document), and those of 1, 4 and 16 degrees again
# with the currency and the price band (none without a currency of three capital letters and
# a price). One expression, which the index's inlines: the same as a query over the sizes took
# 40 µs a row, this 11.
_PLACE_DOCUMENT = """CREATE FUNCTION travel_place_document(
  p_latitude double precision, p_longitude double precision, p_currency text,
  p_price_minor bigint) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN travel_place_document(p_latitude, p_longitude)
  || CASE WHEN p_latitude IS NOT NULL AND p_longitude IS NOT NULL
      AND p_currency ~ '^[A-Z]{3}$' AND p_price_minor IS NOT NULL
    THEN array_to_tsvector(ARRAY[
      '~p1:' || floor(p_latitude)::int::text || ':' || floor(p_longitude)::int::text
        || ':' || p_currency || ':' || travel_price_band(p_price_minor)::text,
      '~p2:' || floor(p_latitude / 4)::int::text || ':' || floor(p_longitude / 4)::int::text
        || ':' || p_currency || ':' || travel_price_band(p_price_minor)::text,
      '~p3:' || floor(p_latitude / 16)::int::text || ':' || floor(p_longitude / 16)::int::text
        || ':' || p_currency || ':' || travel_price_band(p_price_minor)::text])
    ELSE ''::tsvector END"""

# COST as travel_scope's: the planner must read the index, not compute this on each row.
_SEARCH_KEYS = """CREATE FUNCTION travel_search_keys(
  p_workspace_id uuid, p_document tsvector, p_latitude double precision,
  p_longitude double precision, p_currency text, p_price_minor bigint) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 10000
RETURN travel_scope(p_workspace_id,
  p_document || travel_place_document(p_latitude, p_longitude, p_currency, p_price_minor))"""

# The keys of the listings about the box at about those prices: at the size next up from the
# one travel_place_query chooses, its cells covering the box, each in each band from the
# lowest price's (none: 0) to the highest's, ORed. NULL (not narrowed by price) without a box,
# a currency of three capital letters or a highest price, for a range holding no price, a box
# of the largest cells or none, or more than 128 keys. PL/pgSQL: nothing in it is planned (the
# same in SQL is a join of three set-returning functions the planner costs at millions of rows
# and compiles with JIT where that is on).
_PRICE_QUERY = """CREATE FUNCTION travel_price_query(
  p_south double precision, p_north double precision, p_west double precision,
  p_east double precision, p_currency text, p_min_price_minor bigint,
  p_max_price_minor bigint) RETURNS tsquery
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  sizes CONSTANT float8[] := ARRAY[0.25, 1.0, 4.0, 16.0];
  lowest CONSTANT bigint := greatest(coalesce(p_min_price_minor, 0), 0);
  chosen integer;
  size float8;
  low integer;
  high integer;
  keys text[] := '{}';
BEGIN
  IF p_south IS NULL OR p_north IS NULL OR p_west IS NULL OR p_east IS NULL
      OR p_south > p_north OR p_west > p_east OR p_currency IS NULL
      OR p_currency !~ '^[A-Z]{3}$' OR p_max_price_minor IS NULL
      OR lowest > p_max_price_minor THEN
    RETURN NULL;
  END IF;
  FOR level IN 0..2 LOOP  -- as travel_place_query, but never the largest size
    size := sizes[level + 1];
    IF (floor(p_north / size) - floor(p_south / size) + 1)
        * (floor(p_east / size) - floor(p_west / size) + 1) <= 9 THEN
      chosen := level + 1;
      EXIT;
    END IF;
  END LOOP;
  IF chosen IS NULL THEN
    RETURN NULL;
  END IF;
  size := sizes[chosen + 1];
  low := travel_price_band(lowest);
  high := travel_price_band(p_max_price_minor);
  IF (floor(p_north / size) - floor(p_south / size) + 1)
      * (floor(p_east / size) - floor(p_west / size) + 1) * (high - low + 1) > 128 THEN
    RETURN NULL;
  END IF;
  FOR lat IN floor(p_south / size)::int .. floor(p_north / size)::int LOOP
    FOR lon IN floor(p_west / size)::int .. floor(p_east / size)::int LOOP
      FOR band IN low .. high LOOP
        keys := keys || format('''~p%s:%s:%s:%s:%s''', chosen, lat, lon, p_currency, band);
      END LOOP;
    END LOOP;
  END LOOP;
  RETURN array_to_string(keys, ' | ')::tsquery;
END
$$"""

_OLD_KEYS = "travel_search_keys(workspace_id, search_document, latitude, longitude)"
_NEW_KEYS = (
    "travel_search_keys(workspace_id, search_document, latitude, longitude, currency, price_minor)"
)
# The text of revision 0022's travel_text_matches that this one changes, and to what.
_ASKED_BEFORE = (
    "    WHERE travel_search_keys(listings.workspace_id, listings.search_document,\n"
    "        listings.latitude, listings.longitude)\n"
    "      @@ travel_scope_query(p_workspace_id,\n"
    "        coalesce(p_query && travel_place_query(p_south, p_north, p_west, p_east), p_query))"
)
_ASKED_NOW = """    WHERE travel_search_keys(listings.workspace_id, listings.search_document,
        listings.latitude, listings.longitude, listings.currency, listings.price_minor)
      @@ travel_scope_query(p_workspace_id, coalesce(
        p_query && travel_place_query(p_south, p_north, p_west, p_east)
          && travel_price_query(p_south, p_north, p_west, p_east, p_currency,
            p_min_price_minor, p_max_price_minor),
        p_query && travel_place_query(p_south, p_north, p_west, p_east),
        p_query))"""


def _revision(name: str) -> ModuleType:
    """An earlier revision's module, whose statements this one adapts."""
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _replaced(text: str, before: str, after: str) -> str:
    """`text` with `before`, found once, made `after`. The revisions it is read from are
    frozen: a miss is a mistake here, never data."""
    if text.count(before) != 1:
        raise RuntimeError(f"an earlier revision has no single {before!r}")
    return text.replace(before, after)


def _text_matches(*, priced: bool) -> str:
    """Revision 0022's travel_text_matches, to be made again over itself; `priced`: asking the
    index for the prices too."""
    ranked = _revision("0021_text_matches_ranked")
    function = _revision("0022_amenity_keys")._text_matches(ranked)
    function = _replaced(function, "CREATE FUNCTION", "CREATE OR REPLACE FUNCTION")
    return _replaced(function, _ASKED_BEFORE, _ASKED_NOW) if priced else function


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return  # SQLite's FTS5 table keeps the cells alone (revision 0023)
    placed = _revision("0020_place_cells_in_the_text_index")  # its index, rebuilt by name
    ranked = _revision("0021_text_matches_ranked")
    for statement in (
        _PRICE_BAND,
        _PLACE_DOCUMENT,
        _SEARCH_KEYS,
        _PRICE_QUERY,
        *placed._replace_index(_NEW_KEYS),
        _text_matches(priced=True),
        ranked._PATH_AND_GRANT,  # CREATE OR REPLACE set the search path anew: none
        "DROP FUNCTION travel_search_keys(uuid, tsvector, double precision, double precision)",
        "ANALYZE listings",
    ):
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    placed = _revision("0020_place_cells_in_the_text_index")
    ranked = _revision("0021_text_matches_ranked")
    for statement in (
        placed._SEARCH_KEYS,
        *placed._replace_index(_OLD_KEYS),
        _text_matches(priced=False),
        ranked._PATH_AND_GRANT,
        "DROP FUNCTION travel_price_query(double precision, double precision, double precision, "
        "double precision, text, bigint, bigint)",
        "DROP FUNCTION travel_search_keys(uuid, tsvector, double precision, double precision, "
        "text, bigint)",
        "DROP FUNCTION travel_place_document(double precision, double precision, text, bigint)",
        "DROP FUNCTION travel_price_band(bigint)",
        "ANALYZE listings",
    ):
        op.execute(statement)
