"""Bookings and the wishlist: mutations send an Idempotency-Key (generated unless given,
reused on retries)."""

from __future__ import annotations

from collections.abc import AsyncIterator

from travel_client._async.connection import AsyncConnection
from travel_client._generated import Booking, Favorite
from travel_client._operations import MAX_TAKE, Day
from travel_client._operations import bookings as ops
from travel_client.types import BookingFilter, Kind


class AsyncBookings(AsyncConnection):
    async def bookings(
        self, *, skip: int = 0, take: int = 20, filter: BookingFilter | None = None
    ) -> list[Booking]:
        """travelBookings: the bookings the caller may see, newest first."""
        return await self._run(ops.bookings(skip, take, filter))

    def iter_bookings(
        self, *, filter: BookingFilter | None = None, page_size: int = MAX_TAKE
    ) -> AsyncIterator[Booking]:
        """Every booking of travelBookings, a page at a time."""
        return self._pages(lambda skip, take: ops.bookings(skip, take, filter), page_size)

    async def booking(self, id: str) -> Booking:
        """travelBooking: one booking the caller may see (any other id is NOT_FOUND)."""
        return await self._run(ops.booking(id))

    async def bookings_count(self, *, filter: BookingFilter | None = None) -> int:
        """travelBookingsCount: how many bookings `bookings` lists, over all pages."""
        return await self._run(ops.bookings_count(filter))

    async def create_booking(
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
        return await self._run(call)

    async def cancel_booking(
        self, id: str, *, reason: str | None = None, idempotency_key: str | None = None
    ) -> Booking:
        """cancelTravelBooking: CONFIRMED → CANCELLED, payment REFUNDED; `reason` (up to 500
        characters) is kept in the timeline."""
        return await self._run(ops.cancel_booking(id, reason, idempotency_key))

    async def favorites(self, *, skip: int = 0, take: int = 20) -> list[Favorite]:
        """travelFavorites: the caller's wishlist, newest first."""
        return await self._run(ops.favorites(skip, take))

    def iter_favorites(self, *, page_size: int = MAX_TAKE) -> AsyncIterator[Favorite]:
        """Every saved listing of travelFavorites, a page at a time."""
        return self._pages(ops.favorites, page_size)

    async def favorites_count(self) -> int:
        """travelFavoritesCount: how many listings the caller's wishlist holds."""
        return await self._run(ops.favorites_count())

    async def toggle_favorite(
        self, target_type: Kind, target_id: str, *, idempotency_key: str | None = None
    ) -> bool:
        """toggleTravelFavorite: True when the listing is now saved, False when removed."""
        return await self._run(ops.toggle_favorite(target_type, target_id, idempotency_key))
