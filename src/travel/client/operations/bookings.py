"""Bookings (travel:book, travel:host, travel:admin) and the wishlist (travel:favorite)."""

from __future__ import annotations

from datetime import date

from travel.client.operations import selections as sel
from travel.client.operations.base import (
    OperationsBase,
    R,
    compact,
    count_document,
    filtered,
    input_mutation,
    list_document,
    one_document,
    page,
)
from travel.client.types import BookingFilter, BookingType


class Bookings(OperationsBase[R]):
    """Mutations here send an Idempotency-Key (generated unless given), reused on retries."""

    def bookings(self, *, skip: int = 0, take: int = 20, filter: BookingFilter | None = None) -> R:
        """travelBookings: the bookings the caller may see, newest first."""
        document = list_document(
            "travelBookings", sel.BOOKING, "TravelBookingFilterInput", argument="where"
        )
        return self._call("travelBookings", document, page(skip, take, filter))

    def bookings_count(self, *, filter: BookingFilter | None = None) -> R:
        """travelBookingsCount: how many bookings `bookings` lists, over all pages."""
        document = count_document(
            "travelBookingsCount", "TravelBookingFilterInput", argument="where"
        )
        return self._call("travelBookingsCount", document, filtered(filter))

    def booking(self, id: str) -> R:
        """travelBooking: one booking the caller may see (any other id is NOT_FOUND)."""
        return self._call("travelBooking", one_document("travelBooking", sel.BOOKING), {"id": id})

    def create_booking(
        self,
        target_type: BookingType,
        target_id: str,
        check_in: date | str,
        check_out: date | str | None = None,
        guests: int | None = None,
        *,
        idempotency_key: str | None = None,
    ) -> R:
        """createTravelBooking: CONFIRMED and PAID, or UNAVAILABLE when nothing is left.
        `check_out` is required for a PROPERTY; `guests` defaults to 1."""
        booking_input = compact(
            target_type=target_type,
            target_id=target_id,
            check_in=check_in,
            check_out=check_out,
            guests=guests,
        )
        document = input_mutation("createTravelBooking", "CreateTravelBookingInput", sel.BOOKING)
        return self._call(
            "createTravelBooking",
            document,
            {"input": booking_input},
            mutation=True,
            idempotency_key=idempotency_key,
        )

    def cancel_booking(self, id: str, *, idempotency_key: str | None = None) -> R:
        """cancelTravelBooking: CONFIRMED → CANCELLED, payment REFUNDED."""
        document = f"mutation($id: ID!) {{ cancelTravelBooking(id: $id) {{ {sel.BOOKING} }} }}"
        return self._call(
            "cancelTravelBooking",
            document,
            {"id": id},
            mutation=True,
            idempotency_key=idempotency_key,
        )

    def favorites(self, *, skip: int = 0, take: int = 20) -> R:
        """travelFavorites: the caller's wishlist, newest first."""
        document = list_document("travelFavorites", sel.FAVORITE)
        return self._call("travelFavorites", document, page(skip, take))

    def favorites_count(self) -> R:
        """travelFavoritesCount: how many listings the caller's wishlist holds."""
        return self._call("travelFavoritesCount", count_document("travelFavoritesCount"), {})

    def toggle_favorite(
        self, target_type: BookingType, target_id: str, *, idempotency_key: str | None = None
    ) -> R:
        """toggleTravelFavorite: True when the listing is now saved, False when removed."""
        document = (
            "mutation($targetType: TravelBookingType!, $targetId: ID!) "
            "{ toggleTravelFavorite(targetType: $targetType, targetId: $targetId) }"
        )
        variables = {"targetType": target_type, "targetId": target_id}
        return self._call(
            "toggleTravelFavorite",
            document,
            variables,
            mutation=True,
            idempotency_key=idempotency_key,
        )
