from datetime import date, datetime
from decimal import Decimal
from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import (
    TravelBookingStatus,
    TravelBookingType,
    TravelProviderType,
    TravelTripMode,
)


class TravelPaginationInput(BaseModel):
    """A page of a list: `skip` items are passed over, then up to `take` (0..100) are returned."""

    skip: Optional[int] = 0
    take: Optional[int] = 20


class CreateTravelProviderInput(BaseModel):
    name: str
    type_: TravelProviderType = Field(alias="type")


class CreateTravelPropertyInput(BaseModel):
    """A stay under a provider the caller owns (admins: any). Prices are in `currency`."""

    provider_id: str = Field(alias="providerId")
    name: str
    location: str
    price_per_night: Decimal = Field(alias="pricePerNight")
    currency: Optional[str] = "USD"
    "ISO 4217."
    description: Optional[str] = None
    amenities: Optional[list[str]] = None
    max_guests: Optional[int] = Field(alias="maxGuests", default=None)
    "Guests per room (per booking); null for no stated limit."
    units: Optional[int] = 1
    "Identical rooms: how many bookings may share a night."


class CreateTravelTourInput(BaseModel):
    """A guided tour, bookable on any date for up to `capacity` persons per date."""

    provider_id: str = Field(alias="providerId")
    name: str
    description: Optional[str] = None
    location: str
    price: Decimal
    "Per person."
    currency: Optional[str] = "USD"
    amenities: Optional[list[str]] = None
    capacity: int
    duration_minutes: Optional[int] = Field(alias="durationMinutes", default=None)


class CreateTravelActivityInput(BaseModel):
    """An activity, bookable on any date for up to `capacity` persons per date."""

    provider_id: str = Field(alias="providerId")
    name: str
    description: Optional[str] = None
    location: str
    price: Decimal
    "Per person."
    currency: Optional[str] = "USD"
    amenities: Optional[list[str]] = None
    capacity: int
    duration_minutes: Optional[int] = Field(alias="durationMinutes", default=None)


class CreateTravelEventInput(BaseModel):
    """An event for up to `capacity` persons, booked on the UTC date it starts."""

    provider_id: str = Field(alias="providerId")
    name: str
    description: Optional[str] = None
    location: str
    price: Decimal
    "Per person."
    currency: Optional[str] = "USD"
    amenities: Optional[list[str]] = None
    capacity: int
    starts_at: datetime = Field(alias="startsAt")
    ends_at: datetime = Field(alias="endsAt")
    "After startsAt."


class CreateTravelTripInput(BaseModel):
    """A departure with `capacity` seats, booked on the UTC date it departs."""

    provider_id: str = Field(alias="providerId")
    name: str
    description: Optional[str] = None
    location: Optional[str] = None
    "Defaults to the origin."
    price: Decimal
    "Per person."
    currency: Optional[str] = "USD"
    amenities: Optional[list[str]] = None
    capacity: int
    origin: str
    destination: str
    departs_at: datetime = Field(alias="departsAt")
    arrives_at: Optional[datetime] = Field(alias="arrivesAt", default=None)
    "After departsAt, when given."
    mode: TravelTripMode


class TravelListingFilterInput(BaseModel):
    """Narrows a listing list: every condition given must hold."""

    text: Optional[str] = None
    "Words that must each appear in the name or the description (any case)."
    location: Optional[str] = None
    'Text the location must contain (any case), e.g. "lisbon".'
    min_price: Optional[Decimal] = Field(alias="minPrice", default=None)
    "Lowest price, in each listing's own currency."
    max_price: Optional[Decimal] = Field(alias="maxPrice", default=None)
    "Highest price, in each listing's own currency."
    currency: Optional[str] = None
    "Only listings priced in this ISO 4217 currency."
    min_rating: Optional[float] = Field(alias="minRating", default=None)
    "Lowest average rating, 0 to 5 (unrated listings are left out)."
    provider_id: Optional[str] = Field(alias="providerId", default=None)
    available_from: Optional[date] = Field(alias="availableFrom", default=None)
    "With availableTo: for stays, a room free every night from availableFrom (check-in) to\navailableTo (check-out); for the other kinds, `guests` places free on at least one date\nfrom availableFrom to availableTo, both included. At most 366 days."
    available_to: Optional[date] = Field(alias="availableTo", default=None)
    guests: Optional[int] = None
    "Party size (default 1): stays must take it in one room, other kinds must have the places."


class TravelProviderFilterInput(BaseModel):
    """Narrows the provider list: every condition given must hold."""

    type_: Optional[TravelProviderType] = Field(alias="type", default=None)
    text: Optional[str] = None
    "Words that must each appear in the name (any case)."
    min_rating: Optional[float] = Field(alias="minRating", default=None)
    owned_by_viewer: Optional[bool] = Field(alias="ownedByViewer", default=None)
    "true: only the providers the caller registered (those it may list under)."


class CreateTravelBookingInput(BaseModel):
    """What to book. `checkOut` is required for a PROPERTY (1 to 365 nights) and defaults to
    `checkIn` otherwise; an EVENT or TRIP is booked on the UTC date it starts or departs."""

    target_type: TravelBookingType = Field(alias="targetType")
    target_id: str = Field(alias="targetId")
    check_in: date = Field(alias="checkIn")
    check_out: Optional[date] = Field(alias="checkOut", default=None)
    guests: Optional[int] = 1
    "1 up to the listing's limit: maxGuests per room for a stay, capacity otherwise."


class TravelBookingFilter(BaseModel):
    """Narrows travelBookings; every given field must match."""

    status: Optional[TravelBookingStatus] = None
    target_type: Optional[TravelBookingType] = Field(alias="targetType", default=None)
    target_id: Optional[str] = Field(alias="targetId", default=None)
    booked_by_viewer: Optional[bool] = Field(alias="bookedByViewer", default=None)
    "true: only the caller's own bookings (e.g. an admin's own trips)."
    hosted_by_viewer: Optional[bool] = Field(alias="hostedByViewer", default=None)
    "true: only bookings on listings of providers the caller registered."
