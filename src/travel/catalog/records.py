"""Plain read models of the catalog (what resolvers serialise).

Read models are made per row and never changed afterwards, but they are not frozen dataclasses:
a frozen one sets each field through `object.__setattr__`, and a listing cost 2.5 µs to build
against 0.2 µs (docs/performance.md) — a page of 50, 115 µs of every list request.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal

from travel.kernel.kinds import ListingKind
from travel.money import from_minor


@dataclass(slots=True)
class ProviderRecord:
    id: uuid.UUID
    name: str
    type: str
    rating: float | None
    owner_member_id: uuid.UUID
    version: int = 1
    updated_at: datetime | None = None


@dataclass(slots=True)
class ListingRecord:
    """One listing of any kind; fields a kind does not use are None."""

    id: uuid.UUID
    kind: str
    provider_id: uuid.UUID
    name: str
    description: str | None
    location: str
    price_minor: int
    currency: str
    rating: float | None
    amenities: list[str]
    units: int
    max_guests: int | None
    capacity: int | None
    duration_minutes: int | None
    starts_at: datetime | None
    ends_at: datetime | None
    origin: str | None
    destination: str | None
    departs_at: datetime | None
    arrives_at: datetime | None
    mode: str | None
    occurs_on: date | None = None  # events and trips: their only bookable date (UTC)
    latitude: float | None = None
    longitude: float | None = None
    status: str = "ACTIVE"  # travel.catalog.status
    version: int = 1
    updated_at: datetime | None = None
    time_zone: str | None = None
    price: Decimal = field(init=False)  # price_minor in `currency`, made once per record
    # The provider, when the read that made the record joined it (pages and single listings);
    # otherwise the `provider` field loads it in a batch.
    provider: ProviderRecord | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.price = from_minor(self.price_minor, self.currency)

    @property
    def price_per_night(self) -> Decimal:
        """Stays: the nightly price. Per-person kinds: the same as `price` (deprecated there)."""
        return self.price

    @property
    def price_unit(self) -> str:
        return ListingKind(self.kind).booking_unit


@dataclass(slots=True)
class BlockRecord:
    """Dates a host closed (travel.catalog.availability.Block, with its id and note)."""

    id: uuid.UUID
    listing_id: uuid.UUID
    starts_on: date
    ends_on: date
    units: int | None
    note: str | None


@dataclass(slots=True)
class SeasonalPriceRecord:
    """A seasonal price (travel.catalog.pricing.PriceRange, with its id, currency and note)."""

    id: uuid.UUID
    listing_id: uuid.UUID
    starts_on: date
    ends_on: date
    price_minor: int
    currency: str
    note: str | None
    price: Decimal = field(init=False)

    def __post_init__(self) -> None:
        self.price = from_minor(self.price_minor, self.currency)
