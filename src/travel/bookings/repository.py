"""Every SQL statement of bookings (idempotency keys have their own, in idempotency/)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, false, func, insert, or_, select, true, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from travel.bookings import rules
from travel.bookings.models import AuditEntry, Booking, BookingTransition
from travel.bookings.records import (
    BookableListing,
    BookingConditions,
    BookingRecord,
    BookingScope,
    TransitionRecord,
)
from travel.catalog.availability import HOLDS_CAPACITY, BookedSpan
from travel.catalog.models import Listing, Provider
from travel.db.base import columns_for
from travel.db.session import Reads
from travel.kernel.ids import WorkspaceId
from travel.pagination import Page

_BOOKING_COLUMNS = columns_for(
    BookingRecord, Booking, target_type=Booking.listing_kind, target_id=Booking.listing_id
)


def booking_record_of(row: dict[str, Any]) -> BookingRecord:
    """A record from a booking row given as a dict of every column."""
    return BookingRecord(*(row[column.key] for column in _BOOKING_COLUMNS))


_BOOKABLE_COLUMNS = columns_for(BookableListing, Listing)


async def lock_listing(
    session: AsyncSession, workspace_id: WorkspaceId, listing_id: uuid.UUID
) -> BookableListing | None:
    """The listing, row-locked until commit (`FOR UPDATE` on PostgreSQL; on SQLite the
    writer already holds the database's write lock), so capacity checks cannot interleave."""
    stmt = (
        select(*_BOOKABLE_COLUMNS)
        .where(Listing.workspace_id == workspace_id, Listing.id == listing_id)
        .with_for_update()
    )
    row = (await session.execute(stmt)).first()
    return None if row is None else BookableListing(*row)


def _confirmed_on(workspace_id: WorkspaceId, listing_id: uuid.UUID) -> ColumnElement[bool]:
    return and_(
        Booking.workspace_id == workspace_id,
        Booking.listing_id == listing_id,
        Booking.status == HOLDS_CAPACITY,
    )


async def confirmed_spans(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    listing: BookableListing,
    first: date,
    last: date,
) -> list[BookedSpan]:
    """The listing's confirmed bookings touching the dates `first..last` (both included):
    a superset of what the availability arithmetic counts, never less.

    No booking spans more than `longest_booking` days, which bounds the index range on
    `check_in` (without it the scan would cover every earlier booking of the listing).
    """
    longest = timedelta(days=rules.longest_booking(listing.kind))
    stmt = select(Booking.check_in, Booking.check_out, Booking.guests).where(
        _confirmed_on(workspace_id, listing.id),
        Booking.check_in <= last,
        Booking.check_in >= first - longest,
        Booking.check_out >= first,
    )
    return [BookedSpan(*row) for row in await session.execute(stmt)]


async def insert_booking(session: AsyncSession, row: dict[str, Any]) -> bool:
    """Insert the booking `row` (every column), or return False when its reference code is
    already taken in the workspace.

    One statement (`INSERT … ON CONFLICT DO NOTHING RETURNING`): the unique index decides, also
    against concurrent transactions, with no look-up first and no savepoint.
    """
    dialect = session.get_bind().dialect.name
    upsert = pg_insert if dialect == "postgresql" else sqlite_insert
    stmt = (
        upsert(Booking)
        .values(**row)
        .on_conflict_do_nothing(index_elements=["workspace_id", "reference_code"])
        .returning(Booking.id)
    )
    return (await session.execute(stmt)).scalar_one_or_none() is not None


async def booking_for_update(
    session: Reads, workspace_id: WorkspaceId, booking_id: uuid.UUID, *, lock: bool
) -> tuple[BookingRecord, uuid.UUID] | None:
    """A booking and the member owning its listing's provider (row-locked when `lock`)."""
    stmt = (
        select(*_BOOKING_COLUMNS, Provider.owner_member_id)
        .join(Listing, _listing_of_booking())
        .join(Provider, _provider_of_listing())
        .where(Booking.workspace_id == workspace_id, Booking.id == booking_id)
    )
    if lock:
        stmt = stmt.with_for_update(of=Booking)
    row = (await session.execute(stmt)).first()
    if row is None:
        return None
    owner: uuid.UUID = row.owner_member_id
    return BookingRecord(*row[:-1]), owner


async def set_status(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    booking: BookingRecord,
    *,
    status: str,
    payment_status: str,
    at: datetime,
) -> None:
    stmt = (
        update(Booking)
        .where(Booking.workspace_id == workspace_id, Booking.id == booking.id)
        .values(status=status, payment_status=payment_status, updated_at=at)
    )
    await session.execute(stmt)


async def list_bookings(
    session: Reads,
    workspace_id: WorkspaceId,
    scope: BookingScope,
    page: Page,
    wanted: BookingConditions,
) -> list[BookingRecord]:
    """The bookings in `scope` matching `wanted`, newest first."""
    stmt = (
        select(*_BOOKING_COLUMNS)
        .where(*_matching(workspace_id, scope, wanted))
        .order_by(Booking.created_at.desc(), Booking.id.desc())
    )
    rows = await session.execute(stmt.offset(page.skip).limit(page.take))
    return [BookingRecord(*row) for row in rows]


async def count_bookings(
    session: Reads, workspace_id: WorkspaceId, scope: BookingScope, wanted: BookingConditions
) -> int:
    """How many bookings `list_bookings` would return over all pages."""
    stmt = select(func.count()).select_from(Booking).where(*_matching(workspace_id, scope, wanted))
    return int((await session.execute(stmt)).scalar_one())


def _matching(
    workspace_id: WorkspaceId, scope: BookingScope, wanted: BookingConditions
) -> list[ColumnElement[bool]]:
    where = [Booking.workspace_id == workspace_id, _visible(workspace_id, scope)]
    for value, column in (
        (wanted.status, Booking.status),
        (wanted.target_type, Booking.listing_kind),
        (wanted.target_id, Booking.listing_id),
        (wanted.booked_by, Booking.member_id),
    ):
        if value is not None:
            where.append(column == value)
    if wanted.hosted_by is not None:
        where.append(Booking.listing_id.in_(_hosted_listings(workspace_id, wanted.hosted_by)))
    return where


def _visible(workspace_id: WorkspaceId, scope: BookingScope) -> ColumnElement[bool]:
    """The scope as a condition: its parts are OR-ed (a union of what permissions allow)."""
    if scope.everything:
        return true()
    allowed: list[ColumnElement[bool]] = []
    if scope.booked_by is not None:
        allowed.append(Booking.member_id == scope.booked_by)
    if scope.hosted_by is not None:
        allowed.append(Booking.listing_id.in_(_hosted_listings(workspace_id, scope.hosted_by)))
    return or_(false(), *allowed)


def _hosted_listings(workspace_id: WorkspaceId, owner: uuid.UUID) -> Select[uuid.UUID]:
    """The ids of the listings under providers `owner` registered."""
    return (
        select(Listing.id)
        .join(Provider, _provider_of_listing())
        .where(Listing.workspace_id == workspace_id, Provider.owner_member_id == owner)
    )


def _listing_of_booking() -> ColumnElement[bool]:
    return and_(Listing.workspace_id == Booking.workspace_id, Listing.id == Booking.listing_id)


def _provider_of_listing() -> ColumnElement[bool]:
    return and_(Provider.workspace_id == Listing.workspace_id, Provider.id == Listing.provider_id)


async def insert_change_rows(
    session: AsyncSession, transition: dict[str, Any], audit: dict[str, Any]
) -> None:
    """Insert a change's timeline step and audit entry (rows with every column)."""
    await session.execute(insert(BookingTransition).values(transition))
    await session.execute(insert(AuditEntry).values(audit))


_TRANSITION_COLUMNS = columns_for(
    TransitionRecord, BookingTransition, at=BookingTransition.created_at
)


async def transitions_by_booking(
    session: Reads, workspace_id: WorkspaceId, booking_ids: Sequence[uuid.UUID]
) -> dict[uuid.UUID, list[TransitionRecord]]:
    """Each booking's timeline, oldest step first."""
    stmt = (
        select(*_TRANSITION_COLUMNS)
        .where(
            BookingTransition.workspace_id == workspace_id,
            BookingTransition.booking_id.in_(booking_ids),
        )
        .order_by(BookingTransition.created_at, BookingTransition.id)
    )
    timelines: dict[uuid.UUID, list[TransitionRecord]] = {}
    for row in await session.execute(stmt):
        step = TransitionRecord(*row)
        timelines.setdefault(step.booking_id, []).append(step)
    return timelines
