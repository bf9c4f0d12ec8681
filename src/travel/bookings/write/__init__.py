"""The optimised write of one booking: lock the listing, check it is as the rules saw it,
check there is room, write the booking and everything it leaves behind — or nothing.

PostgreSQL runs it as one statement, the function whose text function.py generates, called in
autocommit (in_postgresql.py): the statement is the mutation's one transaction, and the
listing's lock is held only while PostgreSQL runs it
(docs/decisions/0027-booking-in-one-statement.md). SQLite runs the same steps in Python
(in_python.py), inside the request's write transaction, whose single writer already serialises
them. README.md maps each step of one to its twin in the other.
"""

from __future__ import annotations

import uuid

from sqlalchemy.ext.asyncio import AsyncSession

from travel.bookings.write import in_postgresql, in_python
from travel.bookings.write.attempt import Attempt, Outcome, Result
from travel.kernel.ids import WorkspaceId

__all__ = ["Attempt", "Outcome", "Result", "book"]


async def book(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    listing_id: uuid.UUID,
    attempt: Attempt | None,
) -> Result:
    """Try `attempt` on the listing; with none, only read the listing (Outcome.LISTING)."""
    if session.get_bind().dialect.name == "postgresql":
        return await in_postgresql.book(session, workspace_id, listing_id, attempt)
    return await in_python.book(session, workspace_id, listing_id, attempt)
