"""The price rule: what a night (stays) or a person (other kinds) costs on a date — the
listing's own price, or a host's seasonal price for a range of dates — and what a booking
totals. One rule for the calendar, the checkout and the charge (docs/decisions/0090-calendar.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from travel.kernel.kinds import ListingKind


@dataclass(frozen=True, slots=True)
class PriceRange:
    """A seasonal price in the listing's currency's minor units, `starts_on` to `ends_on` (both
    included); a listing's ranges never overlap."""

    starts_on: date
    ends_on: date
    price_minor: int


def price_on(day: date, base_minor: int, ranges: Sequence[PriceRange]) -> int:
    """The price of `day`: the seasonal one covering it, else the listing's own."""
    for season in ranges:
        if season.starts_on <= day <= season.ends_on:
            return season.price_minor
    return base_minor


def total_minor(
    kind: str,
    base_minor: int,
    ranges: Sequence[PriceRange],
    check_in: date,
    check_out: date,
    guests: int,
) -> int:
    """A booking's total: each night's price for a stay `[check_in, check_out)`; guests x the
    date's price otherwise."""
    if ListingKind(kind).is_stay:
        nights = (check_in + timedelta(days=n) for n in range((check_out - check_in).days))
        return sum(price_on(night, base_minor, ranges) for night in nights)
    return guests * price_on(check_in, base_minor, ranges)
