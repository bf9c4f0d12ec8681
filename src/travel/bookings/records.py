"""Plain read models of bookings (what resolvers serialise and events carry).

The row models (BookingRecord, TransitionRecord) are made per row and never changed, but are not
frozen: building a frozen one costs ten times as much (travel/catalog/records.py).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal

from travel.catalog.records import ListingRecord
from travel.money import from_minor

CONFIRMED = "CONFIRMED"
CANCELLED = "CANCELLED"
PAID = "PAID"
REFUNDED = "REFUNDED"


@dataclass(slots=True)
class BookingRecord:
    id: uuid.UUID
    reference_code: str
    target_type: str
    target_id: uuid.UUID
    member_id: uuid.UUID
    status: str
    payment_status: str
    check_in: date
    check_out: date
    guests: int
    total_minor: int
    currency: str
    created_at: datetime
    updated_at: datetime
    total_price: Decimal = field(init=False)  # total_minor in `currency`
    # The booked listing, when the read that made the record joined it (pages of bookings);
    # otherwise the `target` field loads it in a batch.
    target: ListingRecord | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.total_price = from_minor(self.total_minor, self.currency)


@dataclass(slots=True)
class TransitionRecord:
    """One step of a booking's timeline; `from_status` is None for the creation."""

    booking_id: uuid.UUID
    from_status: str | None
    to_status: str
    at: datetime
    actor_member_id: uuid.UUID | None
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class GuestRecord:
    """What a booking shows of the member who made it."""

    display_name: str | None


@dataclass(frozen=True, slots=True)
class BookableListing:
    """What booking rules need to know of a listing (read under its row lock)."""

    id: uuid.UUID
    kind: str
    price_minor: int
    currency: str
    units: int
    max_guests: int | None
    capacity: int | None
    starts_at: datetime | None
    departs_at: datetime | None
    status: str  # only an ACTIVE listing is bookable (travel.catalog.status)
    # +1 with every change, the calendar's too: a booking decided on an older version (its
    # price, its blocks) is decided again (docs/decisions/0090-calendar.md).
    version: int


@dataclass(frozen=True, slots=True)
class BookingScope:
    """Which bookings a caller may see and cancel: the union of what its permissions allow."""

    everything: bool = False
    booked_by: uuid.UUID | None = None  # travel:book — one's own bookings
    hosted_by: uuid.UUID | None = None  # travel:host — bookings on listings of one's providers


@dataclass(frozen=True, slots=True)
class BookingConditions:
    """What a filter asks of bookings, within the caller's scope; None means "any"."""

    status: str | None = None
    target_type: str | None = None
    target_id: uuid.UUID | None = None
    booked_by: uuid.UUID | None = None
    hosted_by: uuid.UUID | None = None
