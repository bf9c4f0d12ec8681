"""Each listing's amenities kept folded for the facet, by the database (PostgreSQL).

The amenities facet parsed every match's JSON array, lower-cased each amenity and sorted them
to count each listing once (`count(DISTINCT id)`): 18.8 of a city-wide search's 55 ms at the
benchmark's million. `listings.amenity_keys` holds them already folded: lower-cased, each
once, in order (`travel_amenity_keys`, as the facet and the amenities filter fold them), so
the facet unnests and counts them. A trigger keeps it: any write of `amenities` or
`amenity_keys` sets it from `amenities`, so it cannot drift, and nothing of the application
writes it.

Adding the column rewrites nothing (no default), and the rows written before it hold NULL,
which the facet reads as `travel_amenity_keys(amenities)`: the same counts, only slower. Filling
them is a data backfill, run in batches by `travel db upgrade` after the revisions, or `travel
db backfill` (docs/deploy.md: 50,000 rows in one statement took 16 s through the text index, so
a revision would hold its locks for minutes at a million).
`travel_text_matches` (revision 0021) hands the column over with the others: it is dropped and
made again with it (a result type cannot be changed in place; the release before reads its
columns by name). See docs/decisions/0111-amenity-keys.md.

Revision ID: 0022
Revises: 0021
"""

import importlib.util
from pathlib import Path
from types import ModuleType

from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None

# The facet's and the filter's folding (lower-case), each once, in order; none for anything
# but an array.
_AMENITY_KEYS = """CREATE FUNCTION travel_amenity_keys(p_amenities json) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN json_typeof(p_amenities) = 'array' THEN ARRAY(
    SELECT DISTINCT lower(a) FROM json_array_elements_text(p_amenities) AS a
    WHERE a IS NOT NULL ORDER BY 1)
  ELSE '{}'::text[] END"""

_KEEP = """CREATE FUNCTION travel_listing_amenity_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.amenity_keys := travel_amenity_keys(NEW.amenities);
  RETURN NEW;
END
$$"""

# Its search path pinned to the schema it was made in, pg_temp last (as 0018's functions).
_PATH = """DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION travel_listing_amenity_keys() SET search_path = %I, pg_temp',
    current_schema());
END $$"""

_TRIGGER = """CREATE TRIGGER listings_amenity_keys BEFORE INSERT OR UPDATE OF amenities, amenity_keys
ON listings FOR EACH ROW EXECUTE FUNCTION travel_listing_amenity_keys()"""


def _revision(name: str) -> ModuleType:
    """An earlier revision's module, whose statements this one adapts."""
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _text_matches(ranked: ModuleType) -> str:
    """Revision 0021's travel_text_matches, with `amenity_keys` after `time_zone`."""
    function: str = ranked._TEXT_MATCHES
    for before, after in (
        (
            "time_zone varchar(64), rank real",
            "time_zone varchar(64), amenity_keys text[], rank real",
        ),
        ("found.time_zone,\n", "found.time_zone, found.amenity_keys,\n"),
    ):
        if function.count(before) != 1:  # 0021 is frozen: this never happens quietly
            raise RuntimeError(f"revision 0021's travel_text_matches has no {before!r}")
        function = function.replace(before, after)
    return function


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return  # SQLite's facet reads the JSON (json_each)
    ranked = _revision("0021_text_matches_ranked")
    for statement in (
        _AMENITY_KEYS,
        "ALTER TABLE listings ADD COLUMN amenity_keys text[]",
        _KEEP,
        _PATH,
        _TRIGGER,
        f"DROP FUNCTION {ranked._SIGNATURE}",
        _text_matches(ranked),
        ranked._PATH_AND_GRANT,
    ):
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    ranked = _revision("0021_text_matches_ranked")
    for statement in (
        f"DROP FUNCTION {ranked._SIGNATURE}",
        ranked._TEXT_MATCHES,
        ranked._PATH_AND_GRANT,
        "DROP TRIGGER listings_amenity_keys ON listings",
        "DROP FUNCTION travel_listing_amenity_keys()",
        "ALTER TABLE listings DROP COLUMN amenity_keys",
        "DROP FUNCTION travel_amenity_keys(json)",
    ):
        op.execute(statement)
