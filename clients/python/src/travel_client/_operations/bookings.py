"""Bookings (travel:book, travel:host, travel:admin) and the wishlist (travel:favorite)."""

from __future__ import annotations

from travel_client._generated import (
    Booking,
    BookingById,
    Bookings,
    BookingsCount,
    CancelBooking,
    CreateBooking,
    Favorite,
    Favorites,
    FavoritesCount,
    ToggleFavorite,
)
from travel_client._operations import Call, Day, compact, filtered, items, page, present
from travel_client.types import BookingFilter, Kind


def bookings(skip: int, take: int, filter: BookingFilter | None) -> Call[list[Booking]]:
    return Call(
        "Bookings",
        "travelBookings",
        page(skip, take, filter),
        lambda d: items(Bookings.model_validate(d).travel_bookings),
    )


def booking(id: str) -> Call[Booking]:
    return Call(
        "BookingById",
        "travelBooking",
        {"id": id},
        lambda d: present(BookingById.model_validate(d).travel_booking, "travelBooking"),
    )


def bookings_count(filter: BookingFilter | None) -> Call[int]:
    return Call(
        "BookingsCount",
        "travelBookingsCount",
        filtered(filter),
        lambda d: present(
            BookingsCount.model_validate(d).travel_bookings_count, "travelBookingsCount"
        ),
    )


def create_booking(
    target_type: Kind,
    target_id: str,
    check_in: Day,
    check_out: Day | None,
    guests: int | None,
    key: str | None,
) -> Call[Booking]:
    fields = compact(
        target_type=target_type,
        target_id=target_id,
        check_in=check_in,
        check_out=check_out,
        guests=guests,
    )
    return Call(
        "CreateBooking",
        "createTravelBooking",
        {"input": fields},
        lambda d: present(
            CreateBooking.model_validate(d).create_travel_booking, "createTravelBooking"
        ),
        key,
    )


def cancel_booking(id: str, reason: str | None, key: str | None) -> Call[Booking]:
    return Call(
        "CancelBooking",
        "cancelTravelBooking",
        {"id": id, **({"reason": reason} if reason is not None else {})},
        lambda d: present(
            CancelBooking.model_validate(d).cancel_travel_booking, "cancelTravelBooking"
        ),
        key,
    )


def favorites(skip: int, take: int) -> Call[list[Favorite]]:
    return Call(
        "Favorites",
        "travelFavorites",
        page(skip, take),
        lambda d: items(Favorites.model_validate(d).travel_favorites),
    )


def favorites_count() -> Call[int]:
    return Call(
        "FavoritesCount",
        "travelFavoritesCount",
        {},
        lambda d: present(
            FavoritesCount.model_validate(d).travel_favorites_count, "travelFavoritesCount"
        ),
    )


def toggle_favorite(target_type: Kind, target_id: str, key: str | None) -> Call[bool]:
    return Call(
        "ToggleFavorite",
        "toggleTravelFavorite",
        {"targetType": target_type, "targetId": target_id},
        lambda d: ToggleFavorite.model_validate(d).toggle_travel_favorite,
        key,
    )
