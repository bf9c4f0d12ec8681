"""Typed inputs of the SDK's methods: the API's filter objects, with the API's field names (a
static type checker catches a misspelt one)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal, TypedDict

from travel_client._generated.enums import (
    TravelBookingStatus,
    TravelBookingType,
    TravelProviderType,
    TravelTripMode,
)

BookingType = Literal["PROPERTY", "TOUR", "ACTIVITY", "EVENT", "TRIP"]
ProviderType = Literal["HOST", "OPERATOR"]
TripMode = Literal["BUS", "TRAIN", "FERRY", "FLIGHT", "CAR"]
BookingStatus = Literal["CONFIRMED", "CANCELLED"]
# Arguments take the API's names, or the generated enums that results carry.
Kind = BookingType | TravelBookingType
ProviderKind = ProviderType | TravelProviderType
TripKind = TripMode | TravelTripMode


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
