"""Booking a listing as one atomic step: lock it, check it is as the rules saw it, check there
is room, write the booking and everything it leaves behind — or nothing.

PostgreSQL runs the step as one statement, the function in travel.bookings.procedure, on a
connection in autocommit mode: the statement is the mutation's one transaction, and the listing's
lock is held only while PostgreSQL runs it (decision 0027). SQLite runs the same steps here in
Python, inside the request's write transaction, whose single writer already serialises them.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import orjson
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from travel.bookings import procedure, repository
from travel.bookings.history import ChangeRows, write_change
from travel.bookings.records import BookableListing
from travel.catalog import availability
from travel.kernel.ids import WorkspaceId


class Outcome(StrEnum):
    LISTING = "LISTING"  # the listing is not (or no longer) as seen: decide again with this one
    NOT_FOUND = "NOT_FOUND"
    FULL = "FULL"
    CODE_TAKEN = "CODE_TAKEN"  # the reference code exists in the workspace: draw another
    CREATED = "CREATED"


@dataclass(frozen=True, slots=True)
class Attempt:
    """What one booking attempt asks for: the listing as the rules saw it and every row."""

    seen: BookableListing
    booking: dict[str, Any]
    change: ChangeRows


@dataclass(frozen=True, slots=True)
class Result:
    outcome: Outcome
    listing: BookableListing | None  # as it is now (None when not found)


async def book(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    listing_id: uuid.UUID,
    attempt: Attempt | None,
) -> Result:
    """Try `attempt` on the listing; with none, only read the listing (Outcome.LISTING)."""
    if session.get_bind().dialect.name == "postgresql":
        return await _book_in_postgresql(session, workspace_id, listing_id, attempt)
    return await _book_in_python(session, workspace_id, listing_id, attempt)


_CALL = f"SELECT * FROM {procedure.NAME}($1, $2, $3, $4)"
_AUTOCOMMIT = "travel.autocommit"  # session.info: its connection was taken in autocommit mode


async def _book_in_postgresql(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    listing_id: uuid.UUID,
    attempt: Attempt | None,
) -> Result:
    connection = await _autocommit_connection(session)
    seen = rows = None
    if attempt is not None:
        seen = _json({c: getattr(attempt.seen, c) for c in procedure.LISTING_COLUMNS})
        rows = _json(
            {
                "booking": attempt.booking,
                "transition": attempt.change.transition,
                "audit": attempt.change.audit,
                "event": attempt.change.event,
            }
        )
    # Straight to the driver: this is the hottest statement of the service, and SQLAlchemy's
    # execution machinery cost more CPU than the call itself (decision 0027).
    driver = (await connection.get_raw_connection()).driver_connection
    assert driver is not None  # a pooled, checked-out connection
    row = await driver.fetchrow(_CALL, workspace_id, listing_id, seen, rows)
    outcome = Outcome(row[0])
    if outcome is Outcome.NOT_FOUND:
        return Result(outcome, None)
    return Result(outcome, BookableListing(listing_id, *row[1:]))


async def _autocommit_connection(session: AsyncSession) -> AsyncConnection:
    """The session's connection in autocommit mode, so that each call is its own transaction
    (no BEGIN/COMMIT). The mutation's session must not have used another connection before.

    Inside a savepoint the mutation is part of a longer transaction (a request under an
    Idempotency-Key, travel.idempotency): the call joins it, and the listing's lock is
    held until that transaction ends."""
    if session.in_nested_transaction():
        return await session.connection()
    if session.info.get(_AUTOCOMMIT):
        return await session.connection()
    session.info[_AUTOCOMMIT] = True
    return await session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})


def _json(value: Any) -> str:
    # `default=str`: ids may come from the driver as its own UUID type
    return orjson.dumps(value, default=str).decode()


async def _book_in_python(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    listing_id: uuid.UUID,
    attempt: Attempt | None,
) -> Result:
    # The write transaction holds SQLite's only write lock (BEGIN IMMEDIATE): nothing changes
    # the listing or its bookings between these statements.
    listing = await repository.lock_listing(session, workspace_id, listing_id)
    if listing is None:
        return Result(Outcome.NOT_FOUND, None)
    if attempt is None or listing != attempt.seen:
        return Result(Outcome.LISTING, listing)
    if not await _has_room(session, workspace_id, listing, attempt.booking):
        return Result(Outcome.FULL, listing)
    if not await repository.insert_booking(session, attempt.booking):
        return Result(Outcome.CODE_TAKEN, listing)
    await write_change(session, attempt.change)
    return Result(Outcome.CREATED, listing)


async def _has_room(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    listing: BookableListing,
    booking: dict[str, Any],
) -> bool:
    first, last = booking["check_in"], booking["check_out"]
    spans = await repository.confirmed_spans(session, workspace_id, listing, first, last)
    if listing.kind == "PROPERTY":
        return availability.remaining_for_stay(listing.units, spans, first, last) >= 1
    places = availability.remaining_persons(listing.capacity or 0, spans, first, last)
    return places >= int(booking["guests"])
