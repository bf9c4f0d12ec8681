"""Availability arithmetic, free of I/O: what remains bookable, per date and per request.

The model (decision 0010):
- A stay (PROPERTY) has `units` identical rooms. A booking occupies one room for the nights
  `[check_in, check_out)`, so a check-out day is free for the next guest's check-in.
- Every other kind has a `capacity` in persons per date. A booking takes `guests` places on
  each date of `check_in..check_out`, both included (the bookings service books one date).
- Events and trips happen once: they are bookable only on `occurs_on`, the UTC date on which
  the event starts or the trip departs. Tours and activities run every date.

Only CONFIRMED bookings count; the caller passes them in as `BookedSpan`s.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from travel.catalog.records import ListingRecord

MAX_RANGE_DAYS = 366  # longest range a calendar or an availability filter may ask about


@dataclass(frozen=True, slots=True)
class BookedSpan:
    """A confirmed booking, as availability sees it."""

    check_in: date
    check_out: date
    guests: int


@dataclass(frozen=True, slots=True)
class DayAvailability:
    """One date of a calendar: `available` of `capacity` units (stays) or persons (others)."""

    date: date
    capacity: int
    available: int


def dates_between(first: date, last: date) -> list[date]:
    """Every date from `first` to `last`, both included."""
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]


def units_booked_on(night: date, spans: Iterable[BookedSpan]) -> int:
    """Rooms taken on the night that starts on `night`."""
    return sum(1 for s in spans if s.check_in <= night < s.check_out)


def persons_booked_on(day: date, spans: Iterable[BookedSpan]) -> int:
    """Places taken on `day` (a booking covers check-in to check-out, both included)."""
    return sum(s.guests for s in spans if s.check_in <= day <= s.check_out)


def runs_on(day: date, occurs_on: date | None) -> bool:
    """Whether a listing can be booked on `day` at all (events and trips: their date only)."""
    return occurs_on is None or day == occurs_on


def remaining_for_stay(
    units: int, spans: Sequence[BookedSpan], check_in: date, check_out: date
) -> int:
    """Rooms free on every night of `[check_in, check_out)` (0 when the range has no night)."""
    nights = dates_between(check_in, check_out - timedelta(days=1))
    if not nights:
        return 0
    return max(0, min(units - units_booked_on(night, spans) for night in nights))


def remaining_persons(
    capacity: int,
    spans: Sequence[BookedSpan],
    first: date,
    last: date,
    occurs_on: date | None = None,
) -> int:
    """Places free on every date of `first..last` (0 if the listing does not run on one)."""
    days = dates_between(first, last)
    if not days or not all(runs_on(day, occurs_on) for day in days):
        return 0
    return max(0, min(capacity - persons_booked_on(day, spans) for day in days))


def daily_availability(
    listing: ListingRecord, spans: Sequence[BookedSpan], first: date, last: date
) -> list[DayAvailability]:
    """A calendar from `first` to `last` (both included): for a stay, the rooms free on the
    night starting that date; for the other kinds, the places left on that date."""
    calendar = []
    for day in dates_between(first, last):
        if listing.kind == "PROPERTY":
            total, taken = listing.units, units_booked_on(day, spans)
        elif runs_on(day, listing.occurs_on):
            total, taken = listing.capacity or 0, persons_booked_on(day, spans)
        else:
            total, taken = 0, 0
        calendar.append(DayAvailability(day, total, max(0, total - taken)))
    return calendar
