"""Plain read models of analytics (what resolvers serialise)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date
from decimal import Decimal


@dataclass(frozen=True, slots=True)
class Window:
    """What a report covers: bookings by check-in day, and the nights occupancy is measured on.

    `check_in_from`/`check_in_to` None: bookings of all time.
    """

    check_in_from: date | None
    check_in_to: date | None
    nights_from: date
    nights_to: date

    @property
    def nights(self) -> int:
        return (self.nights_to - self.nights_from).days


@dataclass(frozen=True, slots=True)
class CurrencyTotal:
    """Confirmed bookings in one currency, and their summed total price."""

    currency: str
    bookings: int
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Sales:
    """Counted bookings of a window: per currency (most bookings first, ties by code) and per
    kind (kinds without bookings are absent)."""

    by_currency: list[CurrencyTotal]
    by_kind: dict[str, int]


@dataclass(frozen=True, slots=True)
class Occupancy:
    """Booked property-nights in a window's nights, and the rooms every stay offers."""

    booked_nights: int
    units: int


@dataclass(frozen=True, slots=True)
class OverviewStats:
    total_bookings: int
    total_revenue: Decimal
    currency: str
    revenue_by_currency: list[CurrencyTotal]
    occupancy_rate: float
    booked_nights: int
    available_nights: int
    occupancy_from: date
    occupancy_to: date


@dataclass(frozen=True, slots=True)
class CategoryCount:
    category: str
    count: int


@dataclass(frozen=True, slots=True)
class TopProvider:
    id: uuid.UUID
    name: str
    bookings: int
    revenue: Decimal
    currency: str


@dataclass(frozen=True, slots=True)
class Analytics:
    category_mix: list[CategoryCount]
    top_providers: list[TopProvider]
