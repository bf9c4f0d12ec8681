"""Data backfills: the rows written before a revision that added a column the database derives,
filled in batches by `travel db upgrade` and `travel db backfill` (docs/deploy.md, "Data
backfills"). Each batch is its own short transaction along the primary key, so the service keeps
reading and writing while it runs; a backfill stopped halfway is run again from the start, and
updates only the rows still missing.

The one so far: `listings.amenity_keys` (revision 0022, decision 0111), PostgreSQL only (SQLite's
revision 0024 fills its own as it migrates, decision 0113). Until
a row is filled the amenities facet folds its JSON as it reads it, so the counts are the same
before, during and after; only their speed changes.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import TextClause, text

from travel.db.engine import Engines
from travel.db.session import system_transaction

BATCH = 2_000  # rows a transaction: 0.28 s each at 1.27 million listings (docs/performance.md)

_KEY = "(workspace_id, id)"


def _statements(first: bool) -> tuple[TextClause, TextClause]:
    """The primary key of the next batch's last row, and the batch's fill, for the first batch
    (`first`) or one after the key (:workspace_id, :id). Two statements, not one with an
    optional bound: a reused plan keeps the bound in the index scan."""
    after = "" if first else f"{_KEY} > (:workspace_id, :id)"
    last = text(
        "SELECT workspace_id, id FROM listings"
        + (f" WHERE {after}" if after else "")
        + " ORDER BY workspace_id, id OFFSET :skip LIMIT 1"
    )
    # The trigger of revision 0022 sets the keys from the amenities on any write of them.
    fill = text(
        "UPDATE listings SET amenity_keys = travel_amenity_keys(amenities) "
        "WHERE amenity_keys IS NULL"
        + (f" AND {after}" if after else "")
        + f" AND {_KEY} <= (:last_workspace_id, :last_id)"
    )
    return last, fill


_FIRST, _NEXT = _statements(first=True), _statements(first=False)
_LAST_ROW = text(
    "SELECT workspace_id, id FROM listings ORDER BY workspace_id DESC, id DESC LIMIT 1"
)


async def amenity_keys(engines: Engines, batch: int = BATCH) -> int:
    """Fill `listings.amenity_keys` where it is NULL, `batch` rows of the primary key's order
    a transaction; how many rows were filled (0 on SQLite, which has no such column)."""
    if engines.dialect != "postgresql":
        return 0
    filled = 0
    after: dict[str, object] = {}
    while True:
        last_of_batch, fill = _NEXT if after else _FIRST
        async with system_transaction(engines) as session:
            last = (await session.execute(last_of_batch, {**after, "skip": batch - 1})).first()
            final = last is None  # fewer than a batch left: up to the table's last row
            if final:
                last = (await session.execute(_LAST_ROW)).first()
                if last is None:
                    return filled
            assert last is not None
            bounds = {**after, "last_workspace_id": last[0], "last_id": last[1]}
            result: Any = await session.execute(fill, bounds)  # a CursorResult: rowcount
            filled += int(result.rowcount)
        if final:
            return filled
        after = {"workspace_id": last[0], "id": last[1]}
