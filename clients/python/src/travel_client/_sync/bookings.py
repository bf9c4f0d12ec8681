# Generated from _async/bookings.py by scripts/sdk-codegen.sh: do not edit.
"""Bookings and the wishlist: mutations send an Idempotency-Key (generated unless given,
reused on retries)."""

from __future__ import annotations

from collections.abc import Iterator

from travel_client._generated import Booking, Favorite
from travel_client._operations import MAX_TAKE, Day
from travel_client._operations import bookings as ops
from travel_client._sync.connection import SyncConnection
from travel_client.types import BookingFilter, Kind


class SyncBookings(SyncConnection):
    def bookings(
        self, *, skip: int = 0, take: int = 20, filter: BookingFilter | None = None
    ) -> list[Booking]:
        """travelBookings: the bookings the caller may see, newest first."""
        return self._run(ops.bookings(skip, take, filter))

    def iter_bookings(
        self, *, filter: BookingFilter | None = None, page_size: int = MAX_TAKE
    ) -> Iterator[Booking]:
        """Every booking of travelBookings, a page at a time."""
        return self._pages(lambda skip, take: ops.bookings(skip, take, filter), page_size)

    def booking(self, id: str) -> Booking:
        """travelBooking: one booking the caller may see (any other id is NOT_FOUND)."""
        return self._run(ops.booking(id))

    def bookings_count(self, *, filter: BookingFilter | None = None) -> int:
        """travelBookingsCount: how many bookings `bookings` lists, over all pages."""
        return self._run(ops.bookings_count(filter))

    def create_booking(
        self,
        target_type: Kind,
        target_id: str,
        check_in: Day,
        check_out: Day | None = None,
        guests: int | None = None,
        *,
        idempotency_key: str | None = None,
    ) -> Booking:
        """createTravelBooking: CONFIRMED and PAID, or UNAVAILABLE when nothing is left.
        `check_out` is required for a PROPERTY; `guests` defaults to 1."""
        call = ops.create_booking(
            target_type, target_id, check_in, check_out, guests, idempotency_key
        )
        return self._run(call)

    def cancel_booking(
        self, id: str, *, reason: str | None = None, idempotency_key: str | None = None
    ) -> Booking:
        """cancelTravelBooking: CONFIRMED → CANCELLED, payment REFUNDED; `reason` (up to 500
        characters) is kept in the timeline."""
        return self._run(ops.cancel_booking(id, reason, idempotency_key))

    def favorites(self, *, skip: int = 0, take: int = 20) -> list[Favorite]:
        """travelFavorites: the caller's wishlist, newest first."""
        return self._run(ops.favorites(skip, take))

    def iter_favorites(self, *, page_size: int = MAX_TAKE) -> Iterator[Favorite]:
        """Every saved listing of travelFavorites, a page at a time."""
        return self._pages(ops.favorites, page_size)

    def favorites_count(self) -> int:
        """travelFavoritesCount: how many listings the caller's wishlist holds."""
        return self._run(ops.favorites_count())

    def toggle_favorite(
        self, target_type: Kind, target_id: str, *, idempotency_key: str | None = None
    ) -> bool:
        """toggleTravelFavorite: True when the listing is now saved, False when removed."""
        return self._run(ops.toggle_favorite(target_type, target_id, idempotency_key))
