"""What callers send to bookings, typed (built by the schema layer: travel.graphql.inputs).

Values are as sent, after GraphQL's own coercion: ids are still strings (an id that cannot
exist is NOT_FOUND, decided by the service), and nothing here is validated yet (travel.bookings
.rules). A field a caller left out is None.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True, slots=True)
class BookingInput:
    """`CreateTravelBookingInput`: what to book."""

    target_type: str
    target_id: str
    check_in: date
    check_out: date | None = None
    guests: int | None = 1


@dataclass(frozen=True, slots=True)
class BookingFilterInput:
    """`TravelBookingFilter`: every given field must match."""

    status: str | None = None
    target_type: str | None = None
    target_id: str | None = None
    booked_by_viewer: bool | None = None
    hosted_by_viewer: bool | None = None
