"""Booking input rules (docs/design.md §4, decision 0020): dates, nights, guests, price."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, cast

from travel.bookings.inputs import BookingInput
from travel.bookings.records import BookableListing
from travel.catalog import pricing
from travel.catalog.pricing import PriceRange
from travel.errors import InvalidInput, Unavailable
from travel.kernel.ids import parse_id
from travel.kernel.kinds import ListingKind
from travel.kernel.text import cleaned as clean_text
from travel.kernel.text import is_blank

MAX_NIGHTS = 365
# How far ahead a check-in may be (decision 0020): five years, so that a typo such as 9999 or
# 2206 is a VALIDATION_ERROR, not a booking nobody will ever use.
HORIZON = timedelta(days=5 * 365 + 1)
# A property without `maxGuests` states no per-room limit; one booking still stays sane.
MAX_GUESTS_UNLIMITED_PROPERTY = 100
_MAX_TOTAL_MINOR = 2**62  # far below BIGINT; only absurd capacity x price reaches it


@dataclass(frozen=True, slots=True)
class BookingRequest:
    """A validated BookingInput (not yet checked against its listing)."""

    target_type: str
    target_id: uuid.UUID
    check_in: date
    check_out: date
    guests: int

    @property
    def nights(self) -> int:
        return (self.check_out - self.check_in).days


def parse_listing_id(raw: Any) -> uuid.UUID:
    """An id from the API; one that cannot exist is simply not found."""
    return parse_id(raw, "Listing not found")


def parse_input(given: BookingInput, today: date) -> BookingRequest:
    """The request `given` describes, or VALIDATION_ERROR naming the offending field."""
    kind, check_in = given.target_type, given.check_in
    if check_in < today:
        raise InvalidInput("check_in", "$check_in must not be in the past")
    if check_in > today + HORIZON:
        raise InvalidInput(
            "check_in", f"$check_in must be within {HORIZON.days} days (five years) from today"
        )
    check_out = _check_out(kind, check_in, given.check_out)
    guests = 1 if given.guests is None else given.guests
    if guests < 1:
        raise InvalidInput("guests", "$guests must be at least 1")
    target_id = parse_listing_id(given.target_id)
    return BookingRequest(kind, target_id, check_in, check_out, guests)


def _check_out(kind: str, check_in: date, check_out: date | None) -> date:
    if not ListingKind(kind).is_stay:
        # Tours, activities, events and trips are booked for one date.
        if check_out is not None and check_out != check_in:
            raise InvalidInput(
                "check_out", f"$check_out must be omitted or equal to $check_in for a {kind}"
            )
        return check_in
    if check_out is None:
        raise InvalidInput("check_out", f"$check_out is required for a {kind}")
    nights = (check_out - check_in).days
    if nights < 1:
        raise InvalidInput("check_out", "$check_out must be after $check_in (at least one night)")
    if nights > MAX_NIGHTS:
        raise InvalidInput("check_out", f"A stay is at most {MAX_NIGHTS} nights")
    return check_out


def longest_booking(kind: str) -> int:
    """How many days a booking of `kind` can span from check-in to check-out: a stay at most
    MAX_NIGHTS nights, anything else one date (`_check_out` enforces both). Capacity checks use
    it to bound the bookings they read."""
    return MAX_NIGHTS if ListingKind(kind).is_stay else 0


MAX_REASON = 500


def reason(value: str | None) -> str | None:
    """Why a booking is cancelled: up to MAX_REASON characters, trimmed; blank is none."""
    if value is None or is_blank(value):
        return None
    text = clean_text(value)
    if len(text) > MAX_REASON:
        raise InvalidInput("reason", f"$reason must be at most {MAX_REASON} characters")
    return text


def check_listing(request: BookingRequest, listing: BookableListing, now: datetime) -> None:
    """Rules that depend on the listing: its fixed date and its guest limit."""
    fixed = fixed_start(listing)
    if fixed is not None:
        noun = ListingKind(listing.kind).word
        if request.check_in != fixed.date():
            raise InvalidInput(
                "check_in", f"$check_in must be {fixed.date().isoformat()}, the {noun}'s date (UTC)"
            )
        if fixed <= now:
            raise Unavailable(f"The {noun} has already started")
    limit = guest_limit(listing)
    if request.guests > limit:
        raise InvalidInput("guests", f"$guests must be at most {limit} for this listing")


def fixed_start(listing: BookableListing) -> datetime | None:
    """Events and trips happen once: at their start, at their departure."""
    column = ListingKind(listing.kind).fixed_start_column
    return None if column is None else cast(datetime | None, getattr(listing, column))


def guest_limit(listing: BookableListing) -> int:
    """The most guests one booking may bring: per room for stays, the capacity otherwise."""
    if ListingKind(listing.kind).is_stay:
        return listing.max_guests or MAX_GUESTS_UNLIMITED_PROPERTY
    return listing.capacity or 0


def total_minor(
    request: BookingRequest, listing: BookableListing, prices: Sequence[PriceRange]
) -> int:
    """Each night's price for stays, guests x the date's price otherwise (minor units), seasonal
    `prices` over the listing's own (travel.catalog.pricing)."""
    total = pricing.total_minor(
        listing.kind,
        listing.price_minor,
        prices,
        request.check_in,
        request.check_out,
        request.guests,
    )
    if total >= _MAX_TOTAL_MINOR:
        raise InvalidInput("guests", "The booking's total price is too large")
    return total
