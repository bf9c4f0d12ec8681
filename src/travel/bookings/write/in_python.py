"""The booking's write on SQLite: the function's steps in Python, in the same order
(README.md maps them), inside the request's write transaction.

That transaction holds SQLite's only write lock (`BEGIN IMMEDIATE`, travel.db.engine): nothing
changes the listing or its bookings between these statements.
"""

from __future__ import annotations

import uuid

from sqlalchemy.ext.asyncio import AsyncSession

from travel.bookings import repository
from travel.bookings.history import write_change
from travel.bookings.write.attempt import Attempt, Outcome, Result
from travel.catalog.availability import BookedSpan, has_room
from travel.kernel.ids import WorkspaceId


async def book(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    listing_id: uuid.UUID,
    attempt: Attempt | None,
) -> Result:
    listing = await repository.lock_listing(session, workspace_id, listing_id)
    if listing is None:
        return Result(Outcome.NOT_FOUND, None)
    if attempt is None or listing != attempt.seen:
        return Result(Outcome.LISTING, listing)
    row = attempt.booking
    wanted = BookedSpan(row["check_in"], row["check_out"], row["guests"])
    spans = await repository.confirmed_spans(
        session, workspace_id, listing, wanted.check_in, wanted.check_out
    )
    if not has_room(listing.kind, listing.units, listing.capacity, spans, wanted):
        return Result(Outcome.FULL, listing)
    if not await repository.insert_booking(session, row):
        return Result(Outcome.CODE_TAKEN, listing)
    await write_change(session, attempt.change)  # timeline, audit, event and its fan-out
    return Result(Outcome.CREATED, listing)
