"""Every SQL statement of bookings (idempotency keys have their own, in idempotency/)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Select,
    and_,
    bindparam,
    false,
    func,
    insert,
    or_,
    select,
    true,
    update,
)
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.models import Member
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
from travel.catalog.models import Listing, ListingBlock, Provider, SeasonalPrice
from travel.catalog.records import ListingRecord
from travel.db.base import columns_for, table_of
from travel.db.session import CompiledRead, Reads
from travel.kernel.ids import WorkspaceId
from travel.kernel.kinds import ListingKind
from travel.pagination import Page

_BOOKING_COLUMNS = columns_for(
    BookingRecord, Booking, target_type=Booking.listing_kind, target_id=Booking.listing_id
)


def booking_record_of(row: dict[str, Any]) -> BookingRecord:
    """A record from a booking row given as a dict of every column."""
    return BookingRecord(*(row[column.key] for column in _BOOKING_COLUMNS))


_BOOKABLE_COLUMNS = columns_for(BookableListing, Listing)

# The statements of SQLite's booking write, in its order (travel.bookings.write.in_python runs
# them on the driver, in one hop; PostgreSQL's twin is the function of write/function.py):
# built once with bound parameters. The listing is locked by SQLite's one writer
# (`BEGIN IMMEDIATE`); `FOR UPDATE` is there for the statement's meaning, and ignored.
LOCK_LISTING = (
    select(*_BOOKABLE_COLUMNS)
    .where(Listing.workspace_id == bindparam("workspace_id"), Listing.id == bindparam("listing_id"))
    .with_for_update()
)
CONFIRMED_SPANS = (
    select(Booking.check_in, Booking.check_out, func.sum(Booking.guests), func.count())
    .where(
        Booking.workspace_id == bindparam("workspace_id"),
        Booking.listing_id == bindparam("listing_id"),
        Booking.status == HOLDS_CAPACITY,
        Booking.check_in <= bindparam("last"),
        Booking.check_in >= bindparam("earliest"),
        Booking.check_out >= bindparam("first"),
    )
    .group_by(Booking.check_in, Booking.check_out)
)
# The host's blocks that touch the booking's dates (counted as bookings: availability
# .block_spans), and the seasonal prices still to come (the rules price with them).
LISTING_BLOCKS = select(ListingBlock.starts_on, ListingBlock.ends_on, ListingBlock.units).where(
    ListingBlock.workspace_id == bindparam("workspace_id"),
    ListingBlock.listing_id == bindparam("listing_id"),
    ListingBlock.starts_on <= bindparam("last"),
    ListingBlock.ends_on >= bindparam("first"),
)
LISTING_PRICES = (
    select(SeasonalPrice.starts_on, SeasonalPrice.ends_on, SeasonalPrice.price_minor)
    .where(
        SeasonalPrice.workspace_id == bindparam("workspace_id"),
        SeasonalPrice.listing_id == bindparam("listing_id"),
        SeasonalPrice.ends_on >= bindparam("since"),
    )
    .order_by(SeasonalPrice.starts_on)
)
# A code already taken in the workspace inserts nothing and returns no row: the unique index
# decides, with no look-up first.
INSERT_BOOKING = (
    sqlite_insert(table_of(Booking))
    .on_conflict_do_nothing(index_elements=["workspace_id", "reference_code"])
    .returning(table_of(Booking).c.id)
)
# Every change's timeline step and audit entry (cancellations too, through insert_change_rows).
INSERT_TRANSITION = insert(table_of(BookingTransition))
INSERT_AUDIT = insert(table_of(AuditEntry))


def span_params(
    workspace_id: WorkspaceId, listing: BookableListing, first: date, last: date
) -> dict[str, Any]:
    """CONFIRMED_SPANS' parameters for `listing` and the dates `first..last`."""
    longest = timedelta(days=rules.longest_booking(listing.kind))
    return {
        "workspace_id": workspace_id,
        "listing_id": listing.id,
        "first": first,
        "last": last,
        "earliest": first - longest,
    }


def spans_of(kind: str, rows: Iterable[Sequence[Any]]) -> list[BookedSpan]:
    """The spans of CONFIRMED_SPANS' rows (dates, summed guests, count) for a listing of
    `kind`: places add up into one span; a stay's span stands once per booking, a room each."""
    stay = ListingKind(kind).is_stay
    spans = []
    for check_in, check_out, guests, count in rows:
        if stay:
            spans += [BookedSpan(check_in, check_out, guests // count)] * count
        else:
            spans.append(BookedSpan(check_in, check_out, guests))
    return spans


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


# Shapes whose page an index walks in order, visiting only the rows it returns (and those it
# skips): all of a workspace's, or one member's. A filter or a host's scope may walk many rows
# to find a page, so those reads are not `bounded` (travel.db.session.CompiledRead).
_INDEX_ORDERED = {("everything",), ("scope_booked_by",)}


async def list_bookings(
    session: Reads,
    workspace_id: WorkspaceId,
    scope: BookingScope,
    page: Page,
    wanted: BookingConditions,
) -> list[BookingRecord]:
    """The bookings in `scope` matching `wanted`, newest first, each with its listing (the
    booking's `target`, read in the same statement)."""
    if page.take == 0:
        return []
    shape, params = _shape(workspace_id, scope, wanted)
    read = _PAGES.get(shape)
    if read is None:
        read = _PAGES[shape] = CompiledRead(
            select(*_BOOKING_COLUMNS, *_LISTING_COLUMNS)
            .join(Listing, _listing_of_booking())
            .where(*_conditions(shape))
            .order_by(Booking.created_at.desc(), Booking.id.desc())
            .offset(bindparam("skip"))
            .limit(bindparam("take")),
            bounded=shape in _INDEX_ORDERED,
        )
    rows = await read.rows(session, {**params, "skip": page.skip, "take": page.take})
    return [_with_target(row) for row in rows]


async def count_bookings(
    session: Reads, workspace_id: WorkspaceId, scope: BookingScope, wanted: BookingConditions
) -> int:
    """How many bookings `list_bookings` would return over all pages."""
    shape, params = _shape(workspace_id, scope, wanted)
    read = _COUNTS.get(shape)
    if read is None:
        read = _COUNTS[shape] = CompiledRead(
            select(func.count()).select_from(Booking).where(*_conditions(shape))
        )
    return int((await read.rows(session, params))[0][0])


_LISTING_COLUMNS = columns_for(ListingRecord, Listing)
_SPLIT = len(_BOOKING_COLUMNS)


def _with_target(row: Sequence[Any]) -> BookingRecord:
    booking = BookingRecord(*row[:_SPLIT])
    booking.target = ListingRecord(*row[_SPLIT:])
    return booking


# What a page of bookings asks, as the names of the parameters it binds: which parts of the
# caller's scope, and which conditions of a filter, are there. Each shape's statements are built
# once (bound parameters): SQLAlchemy builds and hashes nothing per request, and on PostgreSQL
# the page runs on the driver (travel.db.session.CompiledRead). At most 2^7 shapes.
Shape = tuple[str, ...]
_PAGES: dict[Shape, CompiledRead] = {}
_COUNTS: dict[Shape, CompiledRead] = {}


def _shape(
    workspace_id: WorkspaceId, scope: BookingScope, wanted: BookingConditions
) -> tuple[Shape, dict[str, Any]]:
    """The shape of a read and the values of its parameters."""
    given = {
        "scope_booked_by": scope.booked_by,
        "scope_hosted_by": scope.hosted_by,
        "status": wanted.status,
        "target_type": wanted.target_type,
        "target_id": wanted.target_id,
        "booked_by": wanted.booked_by,
        "hosted_by": wanted.hosted_by,
    }
    params: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
    shape: Shape = ("everything", *params) if scope.everything else tuple(params)
    params["workspace_id"] = workspace_id
    return shape, params


def _conditions(shape: Shape) -> list[ColumnElement[bool]]:
    """The WHERE of a read of this shape: the workspace, the scope (its parts OR-ed: a union of
    what the caller's permissions allow) and the filter's conditions."""
    workspace: Any = bindparam("workspace_id")
    if "everything" in shape:
        visible: ColumnElement[bool] = true()
    else:
        allowed: list[ColumnElement[bool]] = []
        if "scope_booked_by" in shape:
            allowed.append(Booking.member_id == bindparam("scope_booked_by"))
        if "scope_hosted_by" in shape:
            hosted = _hosted_listings(workspace, bindparam("scope_hosted_by"))
            allowed.append(Booking.listing_id.in_(hosted))
        visible = or_(false(), *allowed)
    where = [Booking.workspace_id == workspace, visible]
    for name, column in (
        ("status", Booking.status),
        ("target_type", Booking.listing_kind),
        ("target_id", Booking.listing_id),
        ("booked_by", Booking.member_id),
    ):
        if name in shape:
            where.append(column == bindparam(name))
    if "hosted_by" in shape:
        hosted = _hosted_listings(workspace, bindparam("hosted_by"))
        where.append(Booking.listing_id.in_(hosted))
    return where


def _hosted_listings(workspace: Any, owner: Any) -> Select[uuid.UUID]:
    """The ids of the listings under providers `owner` registered."""
    return (
        select(Listing.id)
        .join(Provider, _provider_of_listing())
        .where(Listing.workspace_id == workspace, Provider.owner_member_id == owner)
    )


def _listing_of_booking() -> ColumnElement[bool]:
    return and_(Listing.workspace_id == Booking.workspace_id, Listing.id == Booking.listing_id)


def _provider_of_listing() -> ColumnElement[bool]:
    return and_(Provider.workspace_id == Listing.workspace_id, Provider.id == Listing.provider_id)


async def insert_change_rows(
    session: AsyncSession, transition: dict[str, Any], audit: dict[str, Any]
) -> None:
    """Insert a change's timeline step and audit entry (rows with every column)."""
    await session.execute(INSERT_TRANSITION, transition)
    await session.execute(INSERT_AUDIT, audit)


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


async def display_names(
    session: Reads, workspace_id: WorkspaceId, member_ids: Sequence[uuid.UUID]
) -> dict[uuid.UUID, str | None]:
    """The display names of members (removed ones too: their bookings stay)."""
    stmt = select(Member.id, Member.display_name).where(
        Member.workspace_id == workspace_id, Member.id.in_(member_ids)
    )
    return {member_id: name for member_id, name in await session.execute(stmt)}
