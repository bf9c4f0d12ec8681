"""Typed inputs of the SDK's methods: the API's filter objects, with the API's field names (a
static type checker catches a misspelt one), and UNCHANGED, the default of an update's fields."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from enum import Enum
from typing import Final, Literal, TypedDict

from travel_client._generated.enums import (
    TravelBookingStatus,
    TravelBookingType,
    TravelListingStatus,
    TravelProviderType,
    TravelTripMode,
)

BookingType = Literal["PROPERTY", "TOUR", "ACTIVITY", "EVENT", "TRIP"]
ProviderType = Literal["HOST", "OPERATOR"]
TripMode = Literal["BUS", "TRAIN", "FERRY", "FLIGHT", "CAR"]
BookingStatus = Literal["CONFIRMED", "CANCELLED"]
ListingStatus = Literal["ACTIVE", "PAUSED", "ARCHIVED"]
# Arguments take the API's names, or the generated enums that results carry.
Kind = BookingType | TravelBookingType
ProviderKind = ProviderType | TravelProviderType
TripKind = TripMode | TravelTripMode
ListingState = ListingStatus | TravelListingStatus


class Unchanged(Enum):
    """The type of UNCHANGED."""

    UNCHANGED = "UNCHANGED"

    def __repr__(self) -> str:
        return "UNCHANGED"


# The default of every field of the update methods (`update_property(id, name=...)`): a field
# left UNCHANGED is not sent, so it keeps its value; None is sent as null, which clears an
# optional field (description, amenities, coordinates, ...).
UNCHANGED: Final = Unchanged.UNCHANGED


class Near(TypedDict):
    """TravelNearInput: within radiusKm of a point (WGS84 degrees)."""

    latitude: float
    longitude: float
    radiusKm: float


class ListingConditions(TypedDict, total=False):
    """The conditions TravelListingFilterInput and TravelSearchFilterInput share."""

    location: str
    minPrice: Decimal | str
    maxPrice: Decimal | str
    currency: str
    minRating: float
    providerId: str
    availableFrom: date | str
    availableTo: date | str
    guests: int
    near: Near
    amenities: list[str]


class ListingFilter(ListingConditions, total=False):
    """TravelListingFilterInput: every condition given must hold."""

    text: str
    status: list[ListingState]  # omitted: ACTIVE only; others for their host and admins


class SearchFilter(ListingConditions, total=False):
    """TravelSearchFilterInput: travelSearch's conditions (its text is an argument)."""

    kinds: list[Kind]


class ProviderFilter(TypedDict, total=False):
    """TravelProviderFilterInput."""

    type: ProviderKind
    text: str
    minRating: float
    ownedByViewer: bool


class BookingFilter(TypedDict, total=False):
    """TravelBookingFilterInput: the `where` argument of travelBookings and its count."""

    status: BookingStatus | TravelBookingStatus
    targetType: Kind
    targetId: str
    bookedByViewer: bool
    hostedByViewer: bool
