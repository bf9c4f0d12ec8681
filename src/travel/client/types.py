"""Typed inputs of the SDK's methods: the API's filter objects, with the API's field names."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal, TypedDict

BookingType = Literal["PROPERTY", "TOUR", "ACTIVITY", "EVENT", "TRIP"]
ProviderType = Literal["HOST", "OPERATOR"]
TripMode = Literal["BUS", "TRAIN", "FERRY", "FLIGHT", "CAR"]
BookingStatus = Literal["CONFIRMED", "CANCELLED"]


class ListingFilter(TypedDict, total=False):
    """TravelListingFilterInput: every condition given must hold."""

    text: str
    location: str
    minPrice: Decimal | str
    maxPrice: Decimal | str
    currency: str
    minRating: float
    providerId: str
    availableFrom: date | str
    availableTo: date | str
    guests: int


class ProviderFilter(TypedDict, total=False):
    """TravelProviderFilterInput."""

    type: ProviderType
    text: str
    minRating: float
    ownedByViewer: bool


class BookingFilter(TypedDict, total=False):
    """TravelBookingFilter."""

    status: BookingStatus
    targetType: BookingType
    targetId: str
    bookedByViewer: bool
    hostedByViewer: bool
