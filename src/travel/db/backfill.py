"""Data backfills: the rows written before a revision that added a column the database derives,
filled in batches by `travel db backfill` (docs/deploy.md, "Data backfills"). Each batch is its
own short transaction along the primary key, so the service keeps reading and writing while it
runs, and a backfill stopped halfway starts again where rows are still missing.

The one so far: `listings.amenity_keys` (revision 0022, decision 0111), PostgreSQL only. Until
a row is filled the amenities facet folds its JSON as it reads it, so the counts are the same
before, during and after; only their speed changes.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from travel.db.engine import Engines
from travel.db.session import system_transaction

BATCH = 2_000  # rows a transaction: at a million listings about 0.6 s each (docs/deploy.md)

# The primary key of the last row of the next batch after (workspace, id); none: the first.
_LAST_OF_BATCH = text(
    "SELECT workspace_id, id FROM listings "
    "WHERE (CAST(:workspace_id AS uuid) IS NULL OR (workspace_id, id) > (:workspace_id, :id)) "
    "ORDER BY workspace_id, id OFFSET :skip LIMIT 1"
)
_LAST_ROW = text(
    "SELECT workspace_id, id FROM listings ORDER BY workspace_id DESC, id DESC LIMIT 1"
)
# The trigger of revision 0022 sets the keys from the amenities on any write of the column.
_FILL = text(
    "UPDATE listings SET amenity_keys = travel_amenity_keys(amenities) "
    "WHERE amenity_keys IS NULL "
    "AND (CAST(:workspace_id AS uuid) IS NULL OR (workspace_id, id) > (:workspace_id, :id)) "
    "AND (workspace_id, id) <= (:last_workspace_id, :last_id)"
)


async def amenity_keys(engines: Engines, batch: int = BATCH) -> int:
    """Fill `listings.amenity_keys` where it is NULL, `batch` rows of the primary key's order
    a transaction; how many rows were filled (0 on SQLite, which has no such column)."""
    if engines.dialect != "postgresql":
        return 0
    filled = 0
    after: dict[str, object] = {"workspace_id": None, "id": None}
    while True:
        async with system_transaction(engines) as session:
            last = (await session.execute(_LAST_OF_BATCH, {**after, "skip": batch - 1})).first()
            final = last is None  # fewer than a batch left: up to the table's last row
            if final:
                last = (await session.execute(_LAST_ROW)).first()
                if last is None:
                    return filled
            assert last is not None
            bounds = {**after, "last_workspace_id": last[0], "last_id": last[1]}
            result: Any = await session.execute(_FILL, bounds)  # a CursorResult: rowcount
            filled += int(result.rowcount)
        if final:
            return filled
        after = {"workspace_id": last[0], "id": last[1]}
