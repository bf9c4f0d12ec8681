"""SQLite keeps each listing's amenities folded for the facet, as PostgreSQL does (SQLite).

The amenities facet of a city-wide search parsed every match's JSON, lower-cased each amenity
and counted each listing once per amenity with `count(DISTINCT id)` (a host may write "Pool"
and "pool"): 14 ms of a 68 ms search at the benchmark's million. `listings.amenity_keys` holds
the amenities lower-cased (SQLite's `lower`, as the amenities filter folds them), each once, in
order, as a JSON array, so the facet counts the keys as they are (5 ms).

The database keeps the column, as PostgreSQL's trigger does (revision 0022): after an insert,
and after an update of the amenities or of the keys themselves, a trigger sets the keys from
the amenities, so nothing in the application writes them and they cannot drift. SQLite cannot
change a row in a BEFORE trigger, so it updates the row it has just written; the update's own
trigger finds the keys already right and does nothing. The revision fills every row itself:
SQLite is migrated by the process that serves it, before it serves (travel.app), so there is
no release running meanwhile to read the JSON and no need for PostgreSQL's batches (decision
0111). It rewrites every listing once (measured in docs/performance.md). PostgreSQL is
unchanged. See docs/decisions/0113-sqlite-amenity-keys.md.

Revision ID: 0024
Revises: 0023
"""

from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def _keys(amenities: str) -> str:
    """The keys of `amenities`: '[]' for anything but a JSON array (malformed text included,
    which json_type would raise on, failing the revision or the write)."""
    array = (
        f"CASE WHEN json_valid({amenities}) THEN CASE json_type({amenities}) "
        f"WHEN 'array' THEN {amenities} END END"
    )
    return (
        "(SELECT json_group_array(key) FROM (SELECT DISTINCT lower(value) AS key "
        f"FROM json_each({array}) WHERE value IS NOT NULL ORDER BY key))"
    )


_UPGRADE = [
    "ALTER TABLE listings ADD COLUMN amenity_keys TEXT",
    # Every row, before the triggers that would fold each one again.
    f"UPDATE listings SET amenity_keys = {_keys('amenities')}",
    f"""CREATE TRIGGER listings_amenity_keys_insert AFTER INSERT ON listings BEGIN
  UPDATE listings SET amenity_keys = {_keys("new.amenities")} WHERE rowid = new.rowid;
END""",
    f"""CREATE TRIGGER listings_amenity_keys_update AFTER UPDATE OF amenities, amenity_keys
ON listings WHEN new.amenity_keys IS NOT {_keys("new.amenities")} BEGIN
  UPDATE listings SET amenity_keys = {_keys("new.amenities")} WHERE rowid = new.rowid;
END""",
]


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        return  # the keys are kept since revision 0022
    for statement in _UPGRADE:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        return
    op.execute("DROP TRIGGER listings_amenity_keys_update")
    op.execute("DROP TRIGGER listings_amenity_keys_insert")
    op.execute("ALTER TABLE listings DROP COLUMN amenity_keys")
