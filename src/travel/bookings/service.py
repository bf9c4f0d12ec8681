"""Booking rules: who may book, see and cancel what; availability; the reference code."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import Principal
from travel.auth.permissions import Permission
from travel.bookings import repository, rules, write
from travel.bookings.history import change_rows, record_change
from travel.bookings.inputs import BookingFilterInput, BookingInput
from travel.bookings.records import (
    CANCELLED,
    CONFIRMED,
    PAID,
    REFUNDED,
    BookableListing,
    BookingConditions,
    BookingRecord,
    BookingScope,
)
from travel.bookings.reference import new_reference_code
from travel.bookings.repository import booking_record_of
from travel.bookings.seen import Seen, SeenListings
from travel.catalog.pricing import PriceRange
from travel.catalog.status import VISIBLE
from travel.db.base import utcnow
from travel.db.session import Reads
from travel.errors import Forbidden, InvalidInput, NotFound, Unavailable, ValidationError
from travel.kernel.ids import parse_id, try_parse_id
from travel.pagination import Page

# A first look at the listing, then tries: a changed listing or a taken code costs one each.
_ATTEMPTS = 6


async def create_booking(
    session: AsyncSession, principal: Principal, given: BookingInput, seen: SeenListings
) -> BookingRecord:
    """Confirm a paid booking of a listing in the caller's workspace, if there is room.

    The rules run here on the listing as read (or as recently `seen`, travel.bookings.seen); the
    write (travel.bookings.write) happens only if the listing is still that one under its lock,
    else the rules run again on the listing as it is.
    """
    principal.require(Permission.BOOK)
    now = utcnow()
    request = rules.parse_input(given, today=now.date())
    workspace_id = principal.workspace_id
    attempt = _attempt_on_seen(principal, request, seen.get(workspace_id, request.target_id), now)
    for _ in range(_ATTEMPTS):
        result = await write.book(session, workspace_id, request.target_id, attempt)
        listing = result.listing
        if listing is None:
            seen.forget(workspace_id, request.target_id)
            raise NotFound("Listing not found")
        seen.remember(workspace_id, listing, result.prices)
        if not _bookable_as(listing, request.target_type):
            raise NotFound("Listing not found")
        if result.outcome is write.Outcome.CREATED and attempt is not None:
            return attempt.record
        if result.outcome is write.Outcome.FULL:
            raise Unavailable("No availability left for these dates and guests")
        # LISTING (first look, or it changed) or CODE_TAKEN: decide (again) and retry.
        attempt = _attempt(principal, request, listing, result.prices, now)
    raise RuntimeError("could not book: the listing kept changing or codes kept colliding")


def _attempt_on_seen(
    principal: Principal,
    request: rules.BookingRequest,
    seen: Seen | None,
    now: datetime,
) -> write.Attempt | None:
    """An attempt built on the listing (and its prices) as last `seen`, if it passes the rules;
    a refusal is only ever given on the listing read fresh, so anything else starts with a
    read."""
    if seen is None or not _bookable_as(seen[0], request.target_type):
        return None
    try:
        return _attempt(principal, request, *seen, now)
    except (ValidationError, Unavailable):
        return None


def _bookable_as(listing: BookableListing, kind: str) -> bool:
    """Whether `listing` may be booked as `kind`: of that kind, and active (a paused or archived
    listing is NOT_FOUND to bookings, docs/decisions/0089-host-tools.md)."""
    return listing.kind == kind and listing.status == VISIBLE


def _attempt(
    principal: Principal,
    request: rules.BookingRequest,
    listing: BookableListing,
    prices: tuple[PriceRange, ...],
    now: datetime,
) -> write.Attempt:
    """Every row a booking of `listing` writes, with a freshly drawn reference code, once the
    listing's rules pass (VALIDATION_ERROR or UNAVAILABLE otherwise)."""
    rules.check_listing(request, listing, now)
    booking = {
        "workspace_id": principal.workspace_id,
        "id": uuid.uuid4(),
        "created_at": now,
        "reference_code": new_reference_code(listing.kind),
        "listing_id": listing.id,
        "listing_kind": listing.kind,
        "member_id": principal.member_id,
        "status": CONFIRMED,
        "payment_status": PAID,
        "check_in": request.check_in,
        "check_out": request.check_out,
        "guests": request.guests,
        "total_minor": rules.total_minor(request, listing, prices),
        "currency": listing.currency,
        "updated_at": now,
    }
    record = booking_record_of(booking)
    change = change_rows(principal, record, from_status=None, event_type="booking.created")
    return write.Attempt(seen=listing, booking=booking, record=record, change=change)


def scope_of(principal: Principal) -> BookingScope:
    """The bookings the caller may see and cancel (docs/design.md §2), or FORBIDDEN for none."""
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


async def _find(session: Reads, principal: Principal, raw_id: str, *, lock: bool) -> BookingRecord:
    """A booking the caller may see; any other id — foreign, unknown, malformed — is
    NOT_FOUND, so existence is never revealed."""
    scope = scope_of(principal)
    booking_id = parse_id(raw_id, "Booking not found")
    found = await repository.booking_for_update(
        session, principal.workspace_id, booking_id, lock=lock
    )
    if found is None or not _in_scope(scope, *found):
        raise NotFound("Booking not found")
    return found[0]


async def get_booking(session: Reads, principal: Principal, raw_id: str) -> BookingRecord:
    """One booking the caller may see."""
    return await _find(session, principal, raw_id, lock=False)


async def list_bookings(
    session: Reads, principal: Principal, page: Page, given: BookingFilterInput | None
) -> list[BookingRecord]:
    """The bookings the caller may see, newest first."""
    scope = scope_of(principal)
    wanted = _conditions(given, principal)
    return await repository.list_bookings(session, principal.workspace_id, scope, page, wanted)


async def count_bookings(
    session: Reads, principal: Principal, given: BookingFilterInput | None
) -> int:
    """How many bookings `list_bookings` finds over all pages."""
    scope = scope_of(principal)
    return await repository.count_bookings(
        session, principal.workspace_id, scope, _conditions(given, principal)
    )


def _conditions(given: BookingFilterInput | None, principal: Principal) -> BookingConditions:
    """The conditions a filter asks for; they only ever narrow the caller's scope."""
    if given is None:
        return BookingConditions()
    target_id = None
    if given.target_id is not None:
        target_id = try_parse_id(given.target_id)
        if target_id is None:
            raise InvalidInput("target_id", "$target_id is not a valid id")
    return BookingConditions(
        status=given.status,
        target_type=given.target_type,
        target_id=target_id,
        booked_by=principal.member_id if given.booked_by_viewer else None,
        hosted_by=principal.member_id if given.hosted_by_viewer else None,
    )


async def cancel_booking(
    session: AsyncSession, principal: Principal, raw_id: str, reason: str | None = None
) -> BookingRecord:
    """CONFIRMED → CANCELLED with a refund, for `reason` (kept in the timeline); the row lock
    makes a double cancel impossible."""
    why = rules.reason(reason)
    booking = await _find(session, principal, raw_id, lock=True)
    if booking.status != CONFIRMED:
        raise ValidationError(f"Booking is {booking.status}: only CONFIRMED can be cancelled")
    now: datetime = utcnow()
    await repository.set_status(
        session, principal.workspace_id, booking, status=CANCELLED, payment_status=REFUNDED, at=now
    )
    cancelled = replace(booking, status=CANCELLED, payment_status=REFUNDED, updated_at=now)
    await record_change(
        session,
        principal,
        cancelled,
        from_status=CONFIRMED,
        event_type="booking.cancelled",
        reason=why,
    )
    return cancelled
