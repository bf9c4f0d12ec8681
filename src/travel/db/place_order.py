"""SQLite's listings rewritten in place order: each workspace's listings by their 1-degree grid
cell, then latitude and longitude, so a city's listings are neighbours in the table
(`travel db order-listings`, docs/decisions/0114-sqlite-listings-in-place-order.md).

SQLite keeps a table's rows in rowid order, which is the order they were inserted: a city's
listings, written over months among every other city's, lie on as many pages as there are
listings. A search near the city reads each of them by rowid from the full-text index; in
place order the same rows are a few thousand neighbouring pages (4x faster to read at a
million listings, docs/performance.md). PostgreSQL's operators keep the same order with
pg_repack (decision 0108).

The rewrite is SQLite's own procedure for changing a table (https://sqlite.org/lang_altertable.html,
"Making Other Kinds Of Table Schema Changes"): a copy of the table made from its own
definition and filled in order, the old one dropped, the copy renamed, its indexes and
triggers made again; foreign keys checked before the commit. The full-text index holds rowids,
so it is rebuilt from the renumbered rows. It all happens in one transaction under the write
lock: readers keep reading the old table until the commit; writers wait up to the busy
timeout, then fail.
"""

from __future__ import annotations

import re
from collections import Counter

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection

from travel.db.engine import Engines
from travel.search.engine import rebuild_fts

_TABLE = "listings"
_COPY = "listings_in_place_order"
# Each workspace's listings by the 1-degree cell they lie in, then latitude and longitude;
# those without a place last, in the order they were written (as every tie). A cell is the
# integer part of the coordinate moved above zero, not floor(): SQLAlchemy gives SQLite's
# connections a floor() of its own, which raises on NULL.
_ORDER = (
    "workspace_id, latitude IS NULL OR longitude IS NULL, "
    "CAST(latitude + 1000 AS INTEGER), CAST(longitude + 1000 AS INTEGER), "
    "latitude, longitude, rowid"
)


_DEFINITION = re.compile(rf'CREATE TABLE\s+("?){_TABLE}\1\s*\(')
_REFERRING = text(
    "SELECT DISTINCT m.name FROM sqlite_master AS m, pragma_foreign_key_list(m.name) AS f "
    "WHERE m.type = 'table' AND f.\"table\" = :t"
)
_CHECK = text('SELECT "table", parent, fkid FROM pragma_foreign_key_check(:t)')
_KEEP_STATISTICS = text("INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (:tbl, :idx, :stat)")


class Refused(Exception):
    """The rewrite was not done (rolled back): why, for the operator."""


async def order_listings(engines: Engines) -> int:
    """Rewrite the listings of `engines`' database in place order and rebuild its full-text
    index; how many listings were written."""
    if engines.dialect != "sqlite":
        raise Refused("PostgreSQL keeps listings in place order with pg_repack (docs/deploy.md)")
    async with engines.writer.connect() as conn:
        # Foreign keys are switched off outside a transaction: dropping the table must not
        # delete what refers to it (they are checked before the commit instead).
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        await conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
        # The copy is renamed without rewriting what names the table: the view and triggers
        # name `listings`, which it is once renamed.
        await conn.exec_driver_sql("PRAGMA legacy_alter_table=ON")
        try:
            await conn.exec_driver_sql("BEGIN IMMEDIATE")
            try:
                written = await _rewrite(conn)
                await conn.exec_driver_sql("COMMIT")
            except BaseException:
                await conn.exec_driver_sql("ROLLBACK")
                raise
        finally:
            await conn.exec_driver_sql("PRAGMA legacy_alter_table=OFF")
            await conn.exec_driver_sql("PRAGMA foreign_keys=ON")
        # The write-ahead log holds the whole rewrite (about the table, its indexes and the
        # full-text index): written back and emptied now if no reader still needs it, else at
        # SQLite's next checkpoint.
        await conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    return written


async def _rewrite(conn: AsyncConnection) -> int:
    schema = await conn.execute(
        text("SELECT type, sql FROM sqlite_master WHERE tbl_name = :t AND sql IS NOT NULL"),
        {"t": _TABLE},
    )
    made: dict[str, list[str]] = {"table": [], "index": [], "trigger": []}
    for kind, sql in schema:
        made[kind].append(sql)
    # As created, or quoted as SQLite writes it once renamed (by an earlier run).
    named = _DEFINITION.match(made["table"][0]) if len(made["table"]) == 1 else None
    if named is None:
        raise Refused(f"the definition of {_TABLE} is not one this command knows")
    names = await conn.scalars(text("SELECT name FROM pragma_table_info(:t)"), {"t": _TABLE})
    columns = ", ".join(f'"{name}"' for name in names)
    broken = await _broken_keys(conn)
    await conn.exec_driver_sql(f"CREATE TABLE {_COPY} ({made['table'][0][named.end() :]}")
    result = await conn.exec_driver_sql(
        f"INSERT INTO {_COPY} ({columns}) SELECT {columns} FROM {_TABLE} ORDER BY {_ORDER}"
    )
    # The planner's statistics of the table's indexes go with them: kept, as the rows are the
    # same (without them SQLite guesses, and a search near a city can scan the table).
    stats = await _statistics(conn)
    await conn.exec_driver_sql(f"DROP TABLE {_TABLE}")  # its indexes and triggers with it
    await conn.exec_driver_sql(f"ALTER TABLE {_COPY} RENAME TO {_TABLE}")
    for sql in [*made["index"], *made["trigger"]]:
        await conn.exec_driver_sql(sql)
    if stats:
        await conn.execute(_KEEP_STATISTICS, stats)
    # Rows keep their keys, so no reference can break; checked all the same, counting only
    # what was not already broken before (a bulk load made with foreign keys off).
    if (after := await _broken_keys(conn)) != broken:
        raise Refused(f"the rewrite would break foreign keys: {after - broken}")
    await rebuild_fts(conn)  # its rowids are the listings' new ones
    return int(result.rowcount)


async def _broken_keys(conn: AsyncConnection) -> Counter[tuple[str, str, int]]:
    """Foreign keys that do not hold, of the listings and of the tables referring to them:
    how many rows break each (table, parent, key)."""
    tables = await conn.scalars(_REFERRING, {"t": _TABLE})
    broken: Counter[tuple[str, str, int]] = Counter()
    for table in [_TABLE, *tables]:
        for child, parent, key in await conn.execute(_CHECK, {"t": table}):
            broken[(child, parent, key)] += 1
    return broken


async def _statistics(conn: AsyncConnection) -> list[dict[str, str]]:
    """The table's rows of sqlite_stat1 (ANALYZE's), none if it never ran."""
    if not await conn.scalar(text("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'")):
        return []
    rows = await conn.execute(
        text("SELECT tbl, idx, stat FROM sqlite_stat1 WHERE tbl = :t"), {"t": _TABLE}
    )
    return [{"tbl": tbl, "idx": idx, "stat": stat} for tbl, idx, stat in rows]
