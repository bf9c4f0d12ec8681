"""Typed methods for every operation of the spec, shared by the sync and async clients."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any, Generic, TypeVar

R = TypeVar("R")

PROVIDER = "id name type rating"
LISTING = (
    "__typename id name description location pricePerNight price priceUnit currency rating "
    "amenities provider { id name type rating }"
)
BOOKING = (
    "id referenceCode status paymentStatus checkIn checkOut guests totalPrice currency createdAt "
    "target { __typename id name }"
)
LIST_KINDS = {
    "travelProperties": "properties",
    "travelTours": "tours",
    "travelActivities": "activities",
    "travelEvents": "events",
    "travelTrips": "trips",
}
BOOKING_MUTATIONS = frozenset(
    {"createTravelBooking", "cancelTravelBooking", "toggleTravelFavorite"}
)


def _list(field: str, selection: str) -> str:
    return (
        f"query($pagination: TravelPaginationInput) {{ {field}(pagination: $pagination) "
        f"{{ {selection} }} }}"
    )


def _one(field: str, selection: str) -> str:
    return f"query($id: ID!) {{ {field}(id: $id) {{ {selection} }} }}"


def _page(skip: int, take: int) -> dict[str, Any]:
    return {"pagination": {"skip": skip, "take": take}}


def _iso(value: date | str | None) -> str | None:
    return value.isoformat() if isinstance(value, date) else value


class Operations(Generic[R]):
    """Each method runs one operation and returns its root field (sync: the value; async: an
    awaitable of it). Errors raise TravelAPIError with the spec's code."""

    def _call(
        self,
        field: str,
        document: str,
        variables: dict[str, Any],
        *,
        idempotency_key: str | None = None,
    ) -> R:
        raise NotImplementedError

    # --- inventory -----------------------------------------------------------------------
    def properties(self, *, skip: int = 0, take: int = 20) -> R:
        return self._call("travelProperties", _list("travelProperties", LISTING), _page(skip, take))

    def property(self, id: str) -> R:
        return self._call("travelProperty", _one("travelProperty", LISTING), {"id": id})

    def tours(self, *, skip: int = 0, take: int = 20) -> R:
        return self._call("travelTours", _list("travelTours", LISTING), _page(skip, take))

    def tour(self, id: str) -> R:
        return self._call("travelTour", _one("travelTour", LISTING), {"id": id})

    def activities(self, *, skip: int = 0, take: int = 20) -> R:
        return self._call("travelActivities", _list("travelActivities", LISTING), _page(skip, take))

    def activity(self, id: str) -> R:
        return self._call("travelActivity", _one("travelActivity", LISTING), {"id": id})

    def events(self, *, skip: int = 0, take: int = 20) -> R:
        return self._call("travelEvents", _list("travelEvents", LISTING), _page(skip, take))

    def event(self, id: str) -> R:
        return self._call("travelEvent", _one("travelEvent", LISTING), {"id": id})

    def trips(self, *, skip: int = 0, take: int = 20) -> R:
        return self._call("travelTrips", _list("travelTrips", LISTING), _page(skip, take))

    def providers(self, *, skip: int = 0, take: int = 20) -> R:
        return self._call("travelProviders", _list("travelProviders", PROVIDER), _page(skip, take))

    def provider(self, id: str) -> R:
        return self._call("travelProvider", _one("travelProvider", PROVIDER), {"id": id})

    # --- bookings and favorites ------------------------------------------------------------
    def bookings(self, *, skip: int = 0, take: int = 20) -> R:
        return self._call("travelBookings", _list("travelBookings", BOOKING), _page(skip, take))

    def create_booking(
        self,
        target_type: str,
        target_id: str,
        check_in: date | str,
        check_out: date | str | None = None,
        guests: int | None = None,
        *,
        idempotency_key: str | None = None,
    ) -> R:
        """Book a listing; an Idempotency-Key is generated (and reused on retries) if not given."""
        booking_input: dict[str, Any] = {
            "targetType": target_type,
            "targetId": target_id,
            "checkIn": _iso(check_in),
        }
        if check_out is not None:
            booking_input["checkOut"] = _iso(check_out)
        if guests is not None:
            booking_input["guests"] = guests
        document = (
            "mutation($input: CreateTravelBookingInput!) { createTravelBooking(input: $input) "
            f"{{ {BOOKING} }} }}"
        )
        return self._call(
            "createTravelBooking",
            document,
            {"input": booking_input},
            idempotency_key=idempotency_key,
        )

    def cancel_booking(self, id: str, *, idempotency_key: str | None = None) -> R:
        document = "mutation($id: ID!) { cancelTravelBooking(id: $id) { id status paymentStatus } }"
        return self._call(
            "cancelTravelBooking", document, {"id": id}, idempotency_key=idempotency_key
        )

    def favorites(self, *, skip: int = 0, take: int = 20) -> R:
        selection = "id targetType targetId createdAt target { __typename id name }"
        return self._call("travelFavorites", _list("travelFavorites", selection), _page(skip, take))

    def toggle_favorite(self, target_type: str, target_id: str) -> R:
        document = (
            "mutation($t: TravelBookingType!, $id: ID!) "
            "{ toggleTravelFavorite(targetType: $t, targetId: $id) }"
        )
        return self._call("toggleTravelFavorite", document, {"t": target_type, "id": target_id})

    # --- hosts ---------------------------------------------------------------------------
    def create_provider(self, name: str, type: str) -> R:
        document = (
            "mutation($input: CreateTravelProviderInput!) "
            f"{{ createTravelProvider(input: $input) {{ {PROVIDER} }} }}"
        )
        return self._call("createTravelProvider", document, {"input": {"name": name, "type": type}})

    def create_property(
        self,
        provider_id: str,
        name: str,
        location: str,
        price_per_night: Decimal | str,
        **optional: Any,
    ) -> R:
        """`optional`: currency, description, amenities, maxGuests, units (as in the API)."""
        property_input = {
            "providerId": provider_id,
            "name": name,
            "location": location,
            "pricePerNight": str(price_per_night),
            **optional,
        }
        document = (
            "mutation($input: CreateTravelPropertyInput!) "
            "{ createTravelProperty(input: $input) { id name location pricePerNight } }"
        )
        return self._call("createTravelProperty", document, {"input": property_input})

    # --- analytics -----------------------------------------------------------------------
    def overview_stats(self, *, from_: date | str | None = None, to: date | str | None = None) -> R:
        document = (
            "query($from: Date, $to: Date) { travelOverviewStats(from: $from, to: $to) "
            "{ totalBookings totalRevenue occupancyRate } }"
        )
        return self._call("travelOverviewStats", document, {"from": _iso(from_), "to": _iso(to)})

    def analytics(self, *, from_: date | str | None = None, to: date | str | None = None) -> R:
        document = (
            "query($from: Date, $to: Date) { travelAnalytics(from: $from, to: $to) "
            "{ categoryMix { category count } topProviders { id name bookings revenue } } }"
        )
        return self._call("travelAnalytics", document, {"from": _iso(from_), "to": _iso(to)})
