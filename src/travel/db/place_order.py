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
lock: readers keep reading the old table until the commit; writers wait.
"""

from __future__ import annotations

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


_KEEP_STATISTICS = text("INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (:tbl, :idx, :stat)")


class NotSQLite(Exception):
    """PostgreSQL keeps its order with pg_repack (docs/deploy.md)."""


async def order_listings(engines: Engines) -> int:
    """Rewrite the listings of `engines`' database in place order and rebuild its full-text
    index; how many listings were written."""
    if engines.dialect != "sqlite":
        raise NotSQLite(engines.dialect)
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
    return written


async def _rewrite(conn: AsyncConnection) -> int:
    schema = await conn.execute(
        text("SELECT type, sql FROM sqlite_master WHERE tbl_name = :t AND sql IS NOT NULL"),
        {"t": _TABLE},
    )
    made: dict[str, list[str]] = {"table": [], "index": [], "trigger": []}
    for kind, sql in schema:
        made[kind].append(sql)
    (definition,) = made["table"]
    prefix = f"CREATE TABLE {_TABLE} "
    if not definition.startswith(prefix):
        raise RuntimeError(f"unexpected definition of {_TABLE}: {definition[:60]!r}")
    names = await conn.scalars(text("SELECT name FROM pragma_table_info(:t)"), {"t": _TABLE})
    columns = ", ".join(f'"{name}"' for name in names)
    await conn.exec_driver_sql(f"CREATE TABLE {_COPY} {definition[len(prefix) :]}")
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
    broken = (await conn.exec_driver_sql("PRAGMA foreign_key_check")).first()
    if broken is not None:
        raise RuntimeError(f"a foreign key no longer holds: {tuple(broken)}")
    await rebuild_fts(conn)  # its rowids are the listings' new ones
    return int(result.rowcount)


async def _statistics(conn: AsyncConnection) -> list[dict[str, str]]:
    """The table's rows of sqlite_stat1 (ANALYZE's), none if it never ran."""
    if not await conn.scalar(text("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'")):
        return []
    rows = await conn.execute(
        text("SELECT tbl, idx, stat FROM sqlite_stat1 WHERE tbl = :t"), {"t": _TABLE}
    )
    return [{"tbl": tbl, "idx": idx, "stat": stat} for tbl, idx, stat in rows]
