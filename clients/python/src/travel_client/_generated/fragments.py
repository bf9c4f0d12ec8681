from datetime import date, datetime
from decimal import Decimal
from typing import Literal, Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import (
    TravelBookingStatus,
    TravelBookingType,
    TravelListingStatus,
    TravelPaymentStatus,
    TravelPriceUnit,
    TravelProviderType,
    TravelRole,
    TravelSuggestionType,
    TravelTripMode,
)


class Provider(BaseModel):
    id: str
    name: str
    type_: TravelProviderType = Field(alias="type")
    rating: Optional[float]
    version: int
    updated_at: datetime = Field(alias="updatedAt")


class Activity(BaseModel):
    id: str
    kind: TravelBookingType
    name: str
    description: Optional[str]
    location: str
    latitude: Optional[float]
    longitude: Optional[float]
    time_zone: Optional[str] = Field(alias="timeZone")
    status: TravelListingStatus
    version: int
    updated_at: datetime = Field(alias="updatedAt")
    price: Decimal
    price_unit: TravelPriceUnit = Field(alias="priceUnit")
    currency: str
    rating: Optional[float]
    amenities: list[str]
    provider: "ActivityProvider"
    capacity: int
    duration_minutes: Optional[int] = Field(alias="durationMinutes")


class ActivityProvider(Provider):
    pass


class Analytics(BaseModel):
    category_mix: list["AnalyticsCategoryMix"] = Field(alias="categoryMix")
    top_providers: list["AnalyticsTopProviders"] = Field(alias="topProviders")


class AnalyticsCategoryMix(BaseModel):
    category: TravelBookingType
    count: int


class AnalyticsTopProviders(BaseModel):
    id: str
    name: str
    bookings: int
    revenue: Decimal
    currency: str


class Listing(BaseModel):
    id: str
    kind: TravelBookingType
    name: str
    description: Optional[str]
    location: str
    latitude: Optional[float]
    longitude: Optional[float]
    time_zone: Optional[str] = Field(alias="timeZone")
    status: TravelListingStatus
    version: int
    updated_at: datetime = Field(alias="updatedAt")
    price: Decimal
    price_unit: TravelPriceUnit = Field(alias="priceUnit")
    currency: str
    rating: Optional[float]
    amenities: list[str]
    provider: "ListingProvider"


class ListingProvider(Provider):
    pass


class AnyListing(Listing):
    typename__: str = Field(alias="__typename")


class Availability(BaseModel):
    date: date
    capacity: int
    available: int
    price: Decimal


class ListingRef(BaseModel):
    id: str
    kind: TravelBookingType
    name: str


class Booking(BaseModel):
    id: str
    reference_code: str = Field(alias="referenceCode")
    status: TravelBookingStatus
    payment_status: TravelPaymentStatus = Field(alias="paymentStatus")
    target_type: TravelBookingType = Field(alias="targetType")
    check_in: date = Field(alias="checkIn")
    check_out: date = Field(alias="checkOut")
    guests: int
    total_price: Decimal = Field(alias="totalPrice")
    currency: str
    created_at: datetime = Field(alias="createdAt")
    updated_at: datetime = Field(alias="updatedAt")
    target: "BookingTarget"
    timeline: list["BookingTimeline"]
    guest: "BookingGuest"


class BookingTarget(ListingRef):
    typename__: Literal[
        "TravelActivity",
        "TravelEvent",
        "TravelListing",
        "TravelProperty",
        "TravelTour",
        "TravelTrip",
    ] = Field(alias="__typename")


class BookingTimeline(BaseModel):
    from_: Optional[TravelBookingStatus] = Field(alias="from")
    to: TravelBookingStatus
    at: datetime
    actor: Optional[str]
    reason: Optional[str]


class BookingGuest(BaseModel):
    display_name: Optional[str] = Field(alias="displayName")


class Event(BaseModel):
    id: str
    kind: TravelBookingType
    name: str
    description: Optional[str]
    location: str
    latitude: Optional[float]
    longitude: Optional[float]
    time_zone: Optional[str] = Field(alias="timeZone")
    status: TravelListingStatus
    version: int
    updated_at: datetime = Field(alias="updatedAt")
    price: Decimal
    price_unit: TravelPriceUnit = Field(alias="priceUnit")
    currency: str
    rating: Optional[float]
    amenities: list[str]
    provider: "EventProvider"
    capacity: int
    starts_at: datetime = Field(alias="startsAt")
    ends_at: datetime = Field(alias="endsAt")


class EventProvider(Provider):
    pass


class Favorite(BaseModel):
    id: str
    target_type: TravelBookingType = Field(alias="targetType")
    target_id: str = Field(alias="targetId")
    created_at: datetime = Field(alias="createdAt")
    target: "FavoriteTarget"


class FavoriteTarget(ListingRef):
    typename__: Literal[
        "TravelActivity",
        "TravelEvent",
        "TravelListing",
        "TravelProperty",
        "TravelTour",
        "TravelTrip",
    ] = Field(alias="__typename")


class ListingBlock(BaseModel):
    id: str
    starts_on: date = Field(alias="startsOn")
    ends_on: date = Field(alias="endsOn")
    units: Optional[int]
    note: Optional[str]


class OverviewStats(BaseModel):
    total_bookings: int = Field(alias="totalBookings")
    total_revenue: Decimal = Field(alias="totalRevenue")
    currency: str
    revenue_by_currency: list["OverviewStatsRevenueByCurrency"] = Field(
        alias="revenueByCurrency"
    )
    occupancy_rate: float = Field(alias="occupancyRate")
    booked_nights: int = Field(alias="bookedNights")
    available_nights: int = Field(alias="availableNights")
    occupancy_from: date = Field(alias="occupancyFrom")
    occupancy_to: date = Field(alias="occupancyTo")


class OverviewStatsRevenueByCurrency(BaseModel):
    currency: str
    bookings: int
    amount: Decimal


class Photo(BaseModel):
    id: str
    alt: str
    position: int
    width: int
    height: int
    url: str
    srcset: str
    sources: list["PhotoSources"]


class PhotoSources(BaseModel):
    width: int
    url: str


class PhotoUpload(BaseModel):
    id: str
    upload_path: str = Field(alias="uploadPath")
    expires_at: datetime = Field(alias="expiresAt")


class Property(BaseModel):
    id: str
    kind: TravelBookingType
    name: str
    description: Optional[str]
    location: str
    latitude: Optional[float]
    longitude: Optional[float]
    time_zone: Optional[str] = Field(alias="timeZone")
    status: TravelListingStatus
    version: int
    updated_at: datetime = Field(alias="updatedAt")
    price: Decimal
    price_unit: TravelPriceUnit = Field(alias="priceUnit")
    currency: str
    rating: Optional[float]
    amenities: list[str]
    provider: "PropertyProvider"
    price_per_night: Decimal = Field(alias="pricePerNight")
    max_guests: Optional[int] = Field(alias="maxGuests")
    units: int


class PropertyProvider(Provider):
    pass


class SeasonalPrice(BaseModel):
    id: str
    starts_on: date = Field(alias="startsOn")
    ends_on: date = Field(alias="endsOn")
    price: Decimal
    currency: str
    note: Optional[str]


class Suggestion(BaseModel):
    type_: TravelSuggestionType = Field(alias="type")
    text: str
    listings: Optional[int]
    listing: Optional["SuggestionListing"]


class SuggestionListing(Listing):
    typename__: Literal[
        "TravelActivity",
        "TravelEvent",
        "TravelListing",
        "TravelProperty",
        "TravelTour",
        "TravelTrip",
    ] = Field(alias="__typename")


class Tour(BaseModel):
    id: str
    kind: TravelBookingType
    name: str
    description: Optional[str]
    location: str
    latitude: Optional[float]
    longitude: Optional[float]
    time_zone: Optional[str] = Field(alias="timeZone")
    status: TravelListingStatus
    version: int
    updated_at: datetime = Field(alias="updatedAt")
    price: Decimal
    price_unit: TravelPriceUnit = Field(alias="priceUnit")
    currency: str
    rating: Optional[float]
    amenities: list[str]
    provider: "TourProvider"
    capacity: int
    duration_minutes: Optional[int] = Field(alias="durationMinutes")


class TourProvider(Provider):
    pass


class Trip(BaseModel):
    id: str
    kind: TravelBookingType
    name: str
    description: Optional[str]
    location: str
    latitude: Optional[float]
    longitude: Optional[float]
    time_zone: Optional[str] = Field(alias="timeZone")
    status: TravelListingStatus
    version: int
    updated_at: datetime = Field(alias="updatedAt")
    price: Decimal
    price_unit: TravelPriceUnit = Field(alias="priceUnit")
    currency: str
    rating: Optional[float]
    amenities: list[str]
    provider: "TripProvider"
    capacity: int
    origin: str
    destination: str
    departs_at: datetime = Field(alias="departsAt")
    arrives_at: Optional[datetime] = Field(alias="arrivesAt")
    mode: TravelTripMode


class TripProvider(Provider):
    pass


class Viewer(BaseModel):
    member_id: str = Field(alias="memberId")
    subject: str
    roles: list[TravelRole]
    permissions: list[str]
    workspace: "ViewerWorkspace"
    display_name: Optional[str] = Field(alias="displayName")
    email: Optional[str]


class ViewerWorkspace(BaseModel):
    id: str
    name: str
    plan: str


Provider.model_rebuild()
Activity.model_rebuild()
Analytics.model_rebuild()
Listing.model_rebuild()
AnyListing.model_rebuild()
Availability.model_rebuild()
ListingRef.model_rebuild()
Booking.model_rebuild()
Event.model_rebuild()
Favorite.model_rebuild()
ListingBlock.model_rebuild()
OverviewStats.model_rebuild()
Photo.model_rebuild()
PhotoUpload.model_rebuild()
Property.model_rebuild()
SeasonalPrice.model_rebuild()
Suggestion.model_rebuild()
Tour.model_rebuild()
Trip.model_rebuild()
Viewer.model_rebuild()
