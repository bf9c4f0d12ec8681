"""Booking rules: who may book, see and cancel what; availability; the reference code."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import Principal, WorkspaceId
from travel.auth.permissions import Permission
from travel.bookings import repository, rules
from travel.bookings.history import record_change
from travel.bookings.records import (
    CANCELLED,
    CONFIRMED,
    PAID,
    REFUNDED,
    BookableListing,
    BookingRecord,
    BookingScope,
)
from travel.bookings.reference import new_reference_code
from travel.catalog import availability
from travel.db.base import utcnow
from travel.errors import Forbidden, NotFound, Unavailable, ValidationError
from travel.pagination import Page

_REFERENCE_ATTEMPTS = 5


async def create_booking(
    session: AsyncSession, principal: Principal, data: dict[str, Any]
) -> BookingRecord:
    """Confirm a paid booking of a listing in the caller's workspace, if there is room."""
    principal.require(Permission.BOOK)
    now = utcnow()
    request = rules.parse_input(data, today=now.date())
    workspace_id = principal.workspace_id
    # The lock is taken before counting: concurrent bookings of this listing queue here.
    listing = await repository.lock_listing(session, workspace_id, request.target_id)
    if listing is None or listing.kind != request.target_type:
        raise NotFound("Listing not found")
    rules.check_listing(request, listing, now)
    await _ensure_room(session, workspace_id, request, listing)
    values: dict[str, Any] = dict(
        workspace_id=workspace_id,
        listing_id=listing.id,
        listing_kind=listing.kind,
        member_id=principal.member_id,
        status=CONFIRMED,
        payment_status=PAID,
        check_in=request.check_in,
        check_out=request.check_out,
        guests=request.guests,
        total_minor=rules.total_minor(request, listing),
        currency=listing.currency,
        created_at=now,
        updated_at=now,
    )
    record = await _insert_with_reference(session, workspace_id, values)
    await record_change(session, principal, record, from_status=None, event_type="booking.created")
    return record


async def _ensure_room(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    request: rules.BookingRequest,
    listing: BookableListing,
) -> None:
    first, last = request.check_in, request.check_out
    spans = await repository.confirmed_spans(session, workspace_id, listing.id, first, last)
    if listing.kind == "PROPERTY":
        fits = availability.remaining_for_stay(listing.units, spans, first, last) >= 1
    else:
        places = availability.remaining_persons(listing.capacity or 0, spans, first, last)
        fits = places >= request.guests
    if not fits:
        raise Unavailable("No availability left for these dates and guests")


async def _insert_with_reference(
    session: AsyncSession, workspace_id: WorkspaceId, values: dict[str, Any]
) -> BookingRecord:
    """Insert with a fresh reference code, drawing again when one is already taken (by an
    earlier booking or a concurrent transaction: the unique index decides)."""
    for _ in range(_REFERENCE_ATTEMPTS):
        code = new_reference_code(values["listing_kind"])
        record = await repository.insert_booking(session, {**values, "reference_code": code})
        if record is not None:
            return record
    raise RuntimeError("could not draw an unused reference code")


def scope_of(principal: Principal) -> BookingScope:
    """The bookings the caller may see and cancel (DESIGN §2), or FORBIDDEN for none."""
    if principal.has(Permission.ADMIN):
        return BookingScope(everything=True)
    scope = BookingScope(
        booked_by=principal.member_id if principal.has(Permission.BOOK) else None,
        hosted_by=principal.member_id if principal.has(Permission.HOST) else None,
    )
    if scope.booked_by is None and scope.hosted_by is None:
        raise Forbidden("Missing permission travel:book, travel:host or travel:admin")
    return scope


def _in_scope(scope: BookingScope, booking: BookingRecord, provider_owner: uuid.UUID) -> bool:
    return (
        scope.everything
        or booking.member_id == scope.booked_by
        or provider_owner == scope.hosted_by
    )


async def _find(
    session: AsyncSession, principal: Principal, raw_id: str, *, lock: bool
) -> BookingRecord:
    """A booking the caller may see; any other id — foreign, unknown, malformed — is
    NOT_FOUND, so existence is never revealed."""
    scope = scope_of(principal)
    try:
        booking_id = uuid.UUID(raw_id)
    except ValueError:
        raise NotFound("Booking not found") from None
    found = await repository.booking_for_update(
        session, principal.workspace_id, booking_id, lock=lock
    )
    if found is None or not _in_scope(scope, *found):
        raise NotFound("Booking not found")
    return found[0]


async def get_booking(session: AsyncSession, principal: Principal, raw_id: str) -> BookingRecord:
    """One booking the caller may see."""
    return await _find(session, principal, raw_id, lock=False)


async def list_bookings(
    session: AsyncSession, principal: Principal, page: Page, filters: dict[str, Any]
) -> list[BookingRecord]:
    """The bookings the caller may see, newest first."""
    scope = scope_of(principal)
    wanted = _filters(filters)
    return await repository.list_bookings(session, principal.workspace_id, scope, page, wanted)


def _filters(raw: dict[str, Any]) -> dict[str, Any]:
    wanted = {"status": raw.get("status"), "target_type": raw.get("targetType")}
    if raw.get("targetId") is not None:
        try:
            wanted["target_id"] = uuid.UUID(str(raw["targetId"]))
        except ValueError:
            raise ValidationError(
                "filter.targetId is not a valid id", field="filter.targetId"
            ) from None
    return wanted


async def cancel_booking(session: AsyncSession, principal: Principal, raw_id: str) -> BookingRecord:
    """CONFIRMED → CANCELLED with a refund; the row lock makes a double cancel impossible."""
    booking = await _find(session, principal, raw_id, lock=True)
    if booking.status != CONFIRMED:
        raise ValidationError(f"Booking is {booking.status}: only CONFIRMED can be cancelled")
    now: datetime = utcnow()
    await repository.set_status(
        session, principal.workspace_id, booking, status=CANCELLED, payment_status=REFUNDED, at=now
    )
    cancelled = replace(booking, status=CANCELLED, payment_status=REFUNDED, updated_at=now)
    await record_change(
        session, principal, cancelled, from_status=CONFIRMED, event_type="booking.cancelled"
    )
    return cancelled
