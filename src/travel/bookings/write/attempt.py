"""What the booking's write is asked and what it answers (both twins speak these)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from travel.bookings.history import ChangeRows
from travel.bookings.records import BookableListing, BookingRecord
from travel.catalog.pricing import PriceRange


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
    booking: dict[str, Any]  # every column of the booking row
    record: BookingRecord  # the same booking, as the mutation answers it once written
    change: ChangeRows


@dataclass(frozen=True, slots=True)
class Result:
    outcome: Outcome
    listing: BookableListing | None  # as it is now (None when not found)
    prices: tuple[PriceRange, ...] = ()  # its seasonal prices to come, at that version
