"""The capacity rule: what remains bookable, per date and per request — written once here, in
each form it runs in, side by side.

The model (docs/decisions/0010-availability-model.md):
- A stay (PROPERTY) has `units` identical rooms. A booking occupies one room for the nights
  `[check_in, check_out)`, so a check-out day is free for the next guest's check-in.
- Every other kind has a `capacity` in persons per date. A booking takes `guests` places on
  each date of `check_in..check_out`, both included (the bookings service books one date).
- Events and trips happen once: they are bookable only on `occurs_on`, the UTC date on which
  the event starts or the trip departs. Tours and activities run every date.

Only CONFIRMED bookings count (HOLDS_CAPACITY).

The rule itself is two predicates, `holds_night` and `holds_day`, written with operators that
mean the same on Python dates and on SQLAlchemy columns. They run:
- in Python (I/O-free): the calendar, and SQLite's booking (`has_room`, travel.bookings.write);
- as SQLAlchemy conditions: the availability filter (travel.catalog.repository.search);
- as PL/pgSQL text: PostgreSQL's one-statement booking. `plpgsql_taken` compiles the same
  predicates into a hand-written query, and PLPGSQL_FULL writes `has_room`'s condition again
  beside it; travel.bookings.write.function renders both into the function.
tests/bookings/test_availability_model.py holds the booking forms equal (on PostgreSQL the
function decides, the Python arithmetic is the model); the search tests run on both databases.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from itertools import pairwise
from typing import Any

from sqlalchemy import column, literal_column, table

from travel.bookings.records import CONFIRMED
from travel.catalog.pricing import PriceRange, price_on
from travel.catalog.records import ListingRecord
from travel.kernel.kinds import ListingKind
from travel.money import from_minor

MAX_RANGE_DAYS = 366  # longest range a calendar or an availability filter may ask about
HOLDS_CAPACITY = CONFIRMED  # the only status that holds capacity: a cancellation frees at once


def holds_night(span: Any, night: Any) -> Any:
    """Whether a stay `span` holds a room on the night starting `night`: `[check_in,
    check_out)`, so the check-out day is free for the next guest."""
    return (span.check_in <= night) & (span.check_out > night)


def holds_day(span: Any, day: Any) -> Any:
    """Whether a booking `span` of another kind holds its places on `day`: check-in to
    check-out, both included."""
    return (span.check_in <= day) & (span.check_out >= day)


def holds_block(block: Any, day: Any) -> Any:
    """Whether a host's block closes `day` (a stay's night starting on it): both ends
    included. As a span (block_spans) it is `holds_night` or `holds_day` again."""
    return (block.starts_on <= day) & (block.ends_on >= day)


@dataclass(frozen=True, slots=True)
class BookedSpan:
    """What holds capacity, as availability sees it: a confirmed booking, or a host's block
    (`block_spans`)."""

    check_in: date
    check_out: date
    guests: int
    rooms: int = 1  # stays: the rooms it holds (a booking one, a block its units)


@dataclass(frozen=True, slots=True)
class Block:
    """Dates a host closed: `units` rooms or places (None: all of them), both ends included
    (docs/decisions/0090-calendar.md)."""

    starts_on: date
    ends_on: date
    units: int | None


def block_spans(
    kind: str, units: int, capacity: int | None, blocks: Iterable[Block]
) -> list[BookedSpan]:
    """Blocks as what a booking of the same dates would hold: a stay's block holds its rooms
    for the nights starting `starts_on` to `ends_on`; any other kind's its places on each date.
    So every capacity rule (the calendar, the booking's check, the search's filter) counts a
    block as it counts a booking."""
    if ListingKind(kind).is_stay:
        return [
            BookedSpan(b.starts_on, b.ends_on + timedelta(days=1), 0, b.units or units)
            for b in blocks
        ]
    return [BookedSpan(b.starts_on, b.ends_on, b.units or capacity or 0) for b in blocks]


@dataclass(frozen=True, slots=True)
class DayAvailability:
    """One date of a calendar: `available` of `capacity` units (stays) or persons (others), and
    the price of a night or a person on it."""

    date: date
    capacity: int
    available: int
    price: Decimal


def dates_between(first: date, last: date) -> list[date]:
    """Every date from `first` to `last`, both included."""
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]


def units_booked_on(night: date, spans: Iterable[BookedSpan]) -> int:
    """Rooms taken on the night that starts on `night`."""
    return sum(s.rooms for s in spans if holds_night(s, night))


def persons_booked_on(day: date, spans: Iterable[BookedSpan]) -> int:
    """Places taken on `day` (a booking covers check-in to check-out, both included)."""
    return sum(s.guests for s in spans if holds_day(s, day))


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
    listing: ListingRecord,
    spans: Sequence[BookedSpan],
    first: date,
    last: date,
    prices: Sequence[PriceRange] = (),
) -> list[DayAvailability]:
    """A calendar from `first` to `last` (both included): for a stay, the rooms free on the
    night starting that date; for the other kinds, the places left on that date; each with the
    date's price (seasonal `prices` over the listing's own: travel.catalog.pricing)."""
    calendar = []
    stay = ListingKind(listing.kind).is_stay
    for day in dates_between(first, last):
        if stay:
            total, taken = listing.units, units_booked_on(day, spans)
        elif runs_on(day, listing.occurs_on):
            total, taken = listing.capacity or 0, persons_booked_on(day, spans)
        else:
            total, taken = 0, 0
        price = from_minor(price_on(day, listing.price_minor, prices), listing.currency)
        calendar.append(DayAvailability(day, total, max(0, total - taken), price))
    return calendar


def overbooked(kind: str, capacity: int, spans: Sequence[BookedSpan], first: date) -> list[date]:
    """The dates from `first` on whose bookings need more than `capacity` rooms (stays) or
    places (others): what a smaller capacity would oversell. A sweep over the spans' ends, so
    a listing's every future booking costs one sort."""
    stay = ListingKind(kind).is_stay
    changes: dict[date, int] = {}
    for span in spans:
        weight = span.rooms if stay else span.guests
        end = span.check_out if stay else span.check_out + timedelta(days=1)
        changes[span.check_in] = changes.get(span.check_in, 0) + weight
        changes[end] = changes.get(end, 0) - weight
    over: list[date] = []
    level, days = 0, sorted(changes)
    for day, following in pairwise(days):
        level += changes[day]
        if level > capacity:
            over += [d for d in dates_between(day, following - timedelta(days=1)) if d >= first]
    return over


# --- The booking's question, "is there room for this one?", in Python and in PL/pgSQL ---


def has_room(
    kind: str,
    units: int,
    capacity: int | None,
    spans: Sequence[BookedSpan],
    booking: BookedSpan,
) -> bool:
    """Whether `booking` fits beside the confirmed `spans`: a room free every night of a stay,
    or `guests` places on every date of anything else (SQLite's booking; PLPGSQL_FULL is
    PostgreSQL's)."""
    first, last = booking.check_in, booking.check_out
    if ListingKind(kind).is_stay:
        return remaining_for_stay(units, spans, first, last) >= 1
    return remaining_persons(capacity or 0, spans, first, last) >= booking.guests


_SPANS = table("spans", column("check_in"), column("check_out"), column("guests"))


def _plpgsql(predicate: Any) -> str:
    return str(predicate)  # plain column comparisons: the same text in every dialect


# The one kind booked by the night, as the SQL below names it (`l` is the booked listing).
_IS_STAY = f"l.kind = '{ListingKind.PROPERTY.value}'"
_NOT_STAY = f"l.kind <> '{ListingKind.PROPERTY.value}'"


def plpgsql_taken(longest_stay: int, longest_other: int) -> str:
    """PL/pgSQL that sets `taken` to the most rooms (stays) or places (others) held on one
    night or date of the booking `b` of listing `l` (the function's variables), counting the
    CONFIRMED bookings that overlap it and the host's blocks. `longest_*` bound how far back
    a booking can start and still overlap (travel.bookings.rules.longest_booking)."""
    night = _plpgsql(holds_night(_SPANS.c, literal_column("day")))
    day = _plpgsql(holds_day(_SPANS.c, literal_column("day")))
    return f"""\
  -- What is taken on each night (stays: check-out exclusive) or date (others: inclusive) of
  -- the request, counting the CONFIRMED bookings that overlap it (travel.catalog.availability).
  -- A stay lasts at most {longest_stay} nights and anything else one date, which bounds the
  -- index range scanned (travel.bookings.rules.longest_booking).
  longest := CASE WHEN {_IS_STAY} THEN {longest_stay} ELSE {longest_other} END;
  WITH spans AS MATERIALIZED (
    SELECT s.check_in, s.check_out, s.guests, 1 AS rooms FROM bookings s
    WHERE s.workspace_id = p_workspace_id AND s.listing_id = p_listing_id
      AND s.status = '{HOLDS_CAPACITY}' AND s.check_in <= b.check_out
      AND s.check_in >= b.check_in - longest AND s.check_out >= b.check_in
    UNION ALL
    -- The host's blocks, as the bookings they stand for (block_spans).
    SELECT k.starts_on, k.ends_on + CASE WHEN {_IS_STAY} THEN 1 ELSE 0 END,
      coalesce(k.units, l.capacity, 0), coalesce(k.units, l.units) FROM listing_blocks k
    WHERE k.workspace_id = p_workspace_id AND k.listing_id = p_listing_id
      AND k.starts_on <= b.check_out AND k.ends_on >= b.check_in
  ), days AS (
    SELECT b.check_in + n AS day FROM generate_series(0, b.check_out - b.check_in) AS n
  )
  SELECT coalesce(max(
    CASE WHEN {_IS_STAY}
      THEN (SELECT coalesce(sum(spans.rooms), 0) FROM spans WHERE {night})
      ELSE (SELECT coalesce(sum(spans.guests), 0) FROM spans
            WHERE {day})
    END), 0) INTO taken
  FROM days
  WHERE {_NOT_STAY} OR day < b.check_out;"""


# `has_room`, negated, over the `taken` that `plpgsql_taken` counts.
PLPGSQL_FULL = f"""({_IS_STAY} AND l.units - taken < 1)
     OR ({_NOT_STAY} AND coalesce(l.capacity, 0) - taken < b.guests)"""
