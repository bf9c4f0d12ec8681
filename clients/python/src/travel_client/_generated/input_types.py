from datetime import date, datetime
from decimal import Decimal
from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import (
    TravelBookingStatus,
    TravelBookingType,
    TravelListingStatus,
    TravelProviderType,
    TravelTripMode,
)


class UpdateTravelProfileInput(BaseModel):
    """The caller's own profile: only the fields given change; null clears one."""

    display_name: Optional[str] = Field(alias="displayName", default=None)
    "The name hosts see on your bookings: 1 to 100 characters (trimmed); blank or null: none."
    email: Optional[str] = None
    "A contact address shaped like ana@example.com (up to 254 characters); null: none."


class TravelPaginationInput(BaseModel):
    """A page of a list: `skip` items are passed over, then up to `take` (0..100) are returned."""

    skip: Optional[int] = 0
    "Items to pass over, 0 or more (a negative skip is VALIDATION_ERROR)."
    take: Optional[int] = 20
    "Items to return, 0 to 100 (anything else is VALIDATION_ERROR, never clamped)."


class CreateTravelProviderInput(BaseModel):
    """A host or operator to register; the caller becomes its owner."""

    name: str
    "1 to 200 characters (trimmed); names need not be unique."
    type_: TravelProviderType = Field(alias="type")
    "HOST for stays, OPERATOR for tours, activities, events and trips."


class CreateTravelPropertyInput(BaseModel):
    """A stay under a provider the caller owns (admins: any). Prices are in `currency`."""

    provider_id: str = Field(alias="providerId")
    "A provider the caller registered (admins: any); another workspace's is NOT_FOUND."
    name: str
    "1 to 200 characters (trimmed)."
    location: str
    "Where it is, 1 to 200 characters (e.g. a city and district)."
    price_per_night: Decimal = Field(alias="pricePerNight")
    'The price of one night of one room, in `currency`: 0 or more, with at most the currency\'s\ndecimal places (e.g. "120.00" USD, "15000" JPY).'
    currency: Optional[str] = "USD"
    "The ISO 4217 code the price is in (any case, e.g. EUR); an unknown code is VALIDATION_ERROR."
    description: Optional[str] = None
    "Up to 5,000 characters; blank is the same as none."
    amenities: Optional[list[str]] = None
    "Up to 50 names of 1 to 100 characters each; repeats are dropped."
    latitude: Optional[float] = None
    "Where it is: latitude in WGS84 degrees, -90 to 90; with longitude (both or neither)."
    longitude: Optional[float] = None
    "Longitude in WGS84 degrees, -180 to 180; with latitude."
    time_zone: Optional[str] = Field(alias="timeZone", default=None)
    "An IANA time zone (e.g. America/New_York); omitted or null: the zone at the coordinates."
    max_guests: Optional[int] = Field(alias="maxGuests", default=None)
    "Guests per room (per booking), 1 to 1,000; null for no stated limit (100 per booking)."
    units: Optional[int] = 1
    "Identical rooms, 1 to 10,000: how many bookings may share a night."


class CreateTravelTourInput(BaseModel):
    """A guided tour, bookable on any date for up to `capacity` persons per date."""

    provider_id: str = Field(alias="providerId")
    "A provider the caller registered (admins: any); another workspace's is NOT_FOUND."
    name: str
    "1 to 200 characters (trimmed)."
    description: Optional[str] = None
    "Up to 5,000 characters; blank is the same as none."
    location: str
    "Where it takes place, 1 to 200 characters (e.g. a city)."
    price: Decimal
    'The price of one person, in `currency`: 0 or more, with at most the currency\'s decimal\nplaces (e.g. "45.50" USD, "5000" JPY).'
    currency: Optional[str] = "USD"
    "The ISO 4217 code the price is in (any case, e.g. EUR); an unknown code is VALIDATION_ERROR."
    amenities: Optional[list[str]] = None
    "Up to 50 names of 1 to 100 characters each; repeats are dropped."
    latitude: Optional[float] = None
    "Where it is: latitude in WGS84 degrees, -90 to 90; with longitude (both or neither)."
    longitude: Optional[float] = None
    "Longitude in WGS84 degrees, -180 to 180; with latitude."
    time_zone: Optional[str] = Field(alias="timeZone", default=None)
    "An IANA time zone (e.g. America/New_York); omitted or null: the zone at the coordinates."
    capacity: int
    "Places per date (1 to 100,000): the guests of all bookings on one date together."
    duration_minutes: Optional[int] = Field(alias="durationMinutes", default=None)
    "How long it lasts, in minutes (1 to 43,200, i.e. 30 days); omit when not stated."


class CreateTravelActivityInput(BaseModel):
    """An activity, bookable on any date for up to `capacity` persons per date."""

    provider_id: str = Field(alias="providerId")
    "A provider the caller registered (admins: any); another workspace's is NOT_FOUND."
    name: str
    "1 to 200 characters (trimmed)."
    description: Optional[str] = None
    "Up to 5,000 characters; blank is the same as none."
    location: str
    "Where it takes place, 1 to 200 characters (e.g. a city)."
    price: Decimal
    'The price of one person, in `currency`: 0 or more, with at most the currency\'s decimal\nplaces (e.g. "45.50" USD, "5000" JPY).'
    currency: Optional[str] = "USD"
    "The ISO 4217 code the price is in (any case, e.g. EUR); an unknown code is VALIDATION_ERROR."
    amenities: Optional[list[str]] = None
    "Up to 50 names of 1 to 100 characters each; repeats are dropped."
    latitude: Optional[float] = None
    "Where it is: latitude in WGS84 degrees, -90 to 90; with longitude (both or neither)."
    longitude: Optional[float] = None
    "Longitude in WGS84 degrees, -180 to 180; with latitude."
    time_zone: Optional[str] = Field(alias="timeZone", default=None)
    "An IANA time zone (e.g. America/New_York); omitted or null: the zone at the coordinates."
    capacity: int
    "Places per date (1 to 100,000): the guests of all bookings on one date together."
    duration_minutes: Optional[int] = Field(alias="durationMinutes", default=None)
    "How long it lasts, in minutes (1 to 43,200, i.e. 30 days); omit when not stated."


class CreateTravelEventInput(BaseModel):
    """An event for up to `capacity` persons, booked on the UTC date it starts."""

    provider_id: str = Field(alias="providerId")
    "A provider the caller registered (admins: any); another workspace's is NOT_FOUND."
    name: str
    "1 to 200 characters (trimmed)."
    description: Optional[str] = None
    "Up to 5,000 characters; blank is the same as none."
    location: str
    "The venue, 1 to 200 characters."
    price: Decimal
    'The price of one person, in `currency`: 0 or more, with at most the currency\'s decimal\nplaces (e.g. "45.50" USD, "5000" JPY).'
    currency: Optional[str] = "USD"
    "The ISO 4217 code the price is in (any case, e.g. EUR); an unknown code is VALIDATION_ERROR."
    amenities: Optional[list[str]] = None
    "Up to 50 names of 1 to 100 characters each; repeats are dropped."
    latitude: Optional[float] = None
    "Where it is: latitude in WGS84 degrees, -90 to 90; with longitude (both or neither)."
    longitude: Optional[float] = None
    "Longitude in WGS84 degrees, -180 to 180; with latitude."
    time_zone: Optional[str] = Field(alias="timeZone", default=None)
    "An IANA time zone (e.g. America/New_York); omitted or null: the zone at the coordinates."
    capacity: int
    "Places for the event (1 to 100,000): the guests of all its bookings together."
    starts_at: datetime = Field(alias="startsAt")
    "When it starts; it is booked on this UTC date."
    ends_at: datetime = Field(alias="endsAt")
    "After startsAt, at most 366 days later."


class CreateTravelTripInput(BaseModel):
    """A departure with `capacity` seats, booked on the UTC date it departs."""

    provider_id: str = Field(alias="providerId")
    "A provider the caller registered (admins: any); another workspace's is NOT_FOUND."
    name: str
    "1 to 200 characters (trimmed)."
    description: Optional[str] = None
    "Up to 5,000 characters; blank is the same as none."
    location: Optional[str] = None
    "1 to 200 characters; defaults to the origin."
    price: Decimal
    'The price of one person, in `currency`: 0 or more, with at most the currency\'s decimal\nplaces (e.g. "45.50" USD, "5000" JPY).'
    currency: Optional[str] = "USD"
    "The ISO 4217 code the price is in (any case, e.g. EUR); an unknown code is VALIDATION_ERROR."
    amenities: Optional[list[str]] = None
    "Up to 50 names of 1 to 100 characters each; repeats are dropped."
    latitude: Optional[float] = None
    "Where it is: latitude in WGS84 degrees, -90 to 90; with longitude (both or neither)."
    longitude: Optional[float] = None
    "Longitude in WGS84 degrees, -180 to 180; with latitude."
    time_zone: Optional[str] = Field(alias="timeZone", default=None)
    "An IANA time zone (e.g. America/New_York); omitted or null: the zone at the coordinates."
    capacity: int
    "Seats (1 to 100,000): the guests of all its bookings together."
    origin: str
    "Where it departs from, 1 to 200 characters."
    destination: str
    "Where it goes, 1 to 200 characters."
    departs_at: datetime = Field(alias="departsAt")
    "When it departs; it is booked on this UTC date."
    arrives_at: Optional[datetime] = Field(alias="arrivesAt", default=None)
    "After departsAt, when given."
    mode: TravelTripMode
    "How it travels."


class TravelListingFilterInput(BaseModel):
    """Narrows a listing list: every condition given must hold. A bad value is VALIDATION_ERROR with
    `extensions.field` naming it (e.g. filter.minPrice)."""

    text: Optional[str] = None
    "What a traveler typed (at most 200 characters and 10 words), matched on the database's\nfull-text engine in the name, place, amenities and description, accents and case folded;\nthe last word also as the start of a word; a word of 5 or more letters also with one typo,\nof 9 or more with two. travelSearch ranks by relevance with it; the kinds' lists keep their\norder (oldest first) unless given a sort."
    location: Optional[str] = None
    'Text the location must contain (any case), e.g. "lisbon"; up to 200 characters.'
    places: Optional[list[str]] = None
    "Only listings whose location is exactly one of these, as the places facet gives them (case\nand accents as written); at most 10."
    min_price: Optional[Decimal] = Field(alias="minPrice", default=None)
    "Lowest price (0 to 10^12), in each listing's own currency: amounts are not converted."
    max_price: Optional[Decimal] = Field(alias="maxPrice", default=None)
    "Highest price (0 to 10^12, not below minPrice), in each listing's own currency."
    currency: Optional[str] = None
    "Only listings priced in this ISO 4217 currency (any case); needed to sort by price."
    min_rating: Optional[float] = Field(alias="minRating", default=None)
    "Lowest average rating, 0 to 5 (unrated listings are left out)."
    provider_id: Optional[str] = Field(alias="providerId", default=None)
    "Only listings of this provider; an unknown id gives an empty list, never NOT_FOUND."
    available_from: Optional[date] = Field(alias="availableFrom", default=None)
    "With availableTo: for stays, a room free every night from availableFrom (check-in) to\navailableTo (check-out); for the other kinds, `guests` places free on at least one date\nfrom availableFrom to availableTo, both included. At most 366 days."
    available_to: Optional[date] = Field(alias="availableTo", default=None)
    "Goes with availableFrom: the check-out day of a stay, the last date for the other kinds."
    guests: Optional[int] = None
    "Party size (default 1): stays must take it in one room, other kinds must have the places."
    near: Optional["TravelNearInput"] = None
    "Only listings with coordinates within this circle; needed to sort by DISTANCE."
    amenities: Optional[list[str]] = None
    "Amenities every listing must offer (each matched whole, any case); at most 10."
    status: Optional[list[TravelListingStatus]] = None
    "Only listings in these statuses; omitted or empty: ACTIVE only. Paused and archived listings\nare seen only by admins and by the owner of their provider (others get none of them)."
    owned_by_viewer: Optional[bool] = Field(alias="ownedByViewer", default=None)
    "true: only listings of the providers the caller registered (a host's own, across providers)."


class TravelSearchFilterInput(BaseModel):
    """Narrows travelSearch: every condition given must hold. A bad value is VALIDATION_ERROR with
    `extensions.field` naming it (e.g. filter.near.radiusKm)."""

    kinds: Optional[list[TravelBookingType]] = None
    "Only these kinds (any of them); none or empty: every kind."
    location: Optional[str] = None
    'Text the location must contain (any case), e.g. "lisbon"; up to 200 characters.'
    places: Optional[list[str]] = None
    "Only listings whose location is exactly one of these, as the places facet gives them (case\nand accents as written); at most 10."
    min_price: Optional[Decimal] = Field(alias="minPrice", default=None)
    "Lowest price (0 to 10^12), in each listing's own currency: amounts are not converted."
    max_price: Optional[Decimal] = Field(alias="maxPrice", default=None)
    "Highest price (0 to 10^12, not below minPrice), in each listing's own currency."
    currency: Optional[str] = None
    "Only listings priced in this ISO 4217 currency (any case); needed to sort by price."
    min_rating: Optional[float] = Field(alias="minRating", default=None)
    "Lowest average rating, 0 to 5 (unrated listings are left out)."
    provider_id: Optional[str] = Field(alias="providerId", default=None)
    "Only listings of this provider; an unknown id gives an empty list, never NOT_FOUND."
    available_from: Optional[date] = Field(alias="availableFrom", default=None)
    "With availableTo: for stays, a room free every night from availableFrom (check-in) to\navailableTo (check-out); for the other kinds, `guests` places free on at least one date\nfrom availableFrom to availableTo, both included. At most 366 days."
    available_to: Optional[date] = Field(alias="availableTo", default=None)
    "Goes with availableFrom: the check-out day of a stay, the last date for the other kinds."
    guests: Optional[int] = None
    "Party size (default 1): stays must take it in one room, other kinds must have the places."
    near: Optional["TravelNearInput"] = None
    "Only listings with coordinates within this circle; needed to sort by DISTANCE."
    amenities: Optional[list[str]] = None
    "Amenities every listing must offer (each matched whole, any case); at most 10."


class TravelNearInput(BaseModel):
    """A circle on the map: listings with coordinates within radiusKm of the point."""

    latitude: float
    "The centre's latitude in WGS84 degrees, -90 to 90."
    longitude: float
    "The centre's longitude in WGS84 degrees, -180 to 180."
    radius_km: float = Field(alias="radiusKm")
    "The radius in kilometres, more than 0 and at most 1000."


class TravelProviderFilterInput(BaseModel):
    """Narrows the provider list: every condition given must hold."""

    type_: Optional[TravelProviderType] = Field(alias="type", default=None)
    "Only hosts, or only operators."
    text: Optional[str] = None
    "Words that must each appear in the name (any case): at most 200 characters and 10 words."
    min_rating: Optional[float] = Field(alias="minRating", default=None)
    "Lowest average rating, 0 to 5 (unrated providers are left out)."
    owned_by_viewer: Optional[bool] = Field(alias="ownedByViewer", default=None)
    "true: only the providers the caller registered (those it may list under)."


class UpdateTravelProviderInput(BaseModel):
    """Changes to a provider: only the fields given change. null clears an optional
    field (e.g. description, coordinates); a required one cannot be null (VALIDATION_ERROR)."""

    id: str
    "The provider's id; another workspace's is NOT_FOUND, another member's FORBIDDEN."
    expected_version: Optional[int] = Field(alias="expectedVersion", default=None)
    "The version last read: if the provider has changed since, nothing is written and the answer\nis CONFLICT. Omitted: the change applies to whatever is current."
    name: Optional[str] = None
    "1 to 200 characters (trimmed); names need not be unique."
    type_: Optional[TravelProviderType] = Field(alias="type", default=None)
    "HOST for stays, OPERATOR for tours, activities, events and trips."


class UpdateTravelPropertyInput(BaseModel):
    """Changes to a stay: only the fields given change. null clears an optional
    field (e.g. description, coordinates); a required one cannot be null (VALIDATION_ERROR)."""

    id: str
    "The listing's id; another workspace's is NOT_FOUND, another member's FORBIDDEN."
    expected_version: Optional[int] = Field(alias="expectedVersion", default=None)
    "The version last read: if the listing has changed since, nothing is written and the answer\nis CONFLICT. Omitted: the change applies to whatever is current."
    name: Optional[str] = None
    "1 to 200 characters (trimmed)."
    location: Optional[str] = None
    "Where it is, 1 to 200 characters (e.g. a city and district)."
    price_per_night: Optional[Decimal] = Field(alias="pricePerNight", default=None)
    'The price of one night of one room, in `currency`: 0 or more, with at most the currency\'s\ndecimal places (e.g. "120.00" USD, "15000" JPY).'
    currency: Optional[str] = None
    "The ISO 4217 code the price is in (any case, e.g. EUR); an unknown code is VALIDATION_ERROR."
    description: Optional[str] = None
    "Up to 5,000 characters; blank is the same as none."
    amenities: Optional[list[str]] = None
    "Up to 50 names of 1 to 100 characters each; repeats are dropped."
    latitude: Optional[float] = None
    "Where it is: latitude in WGS84 degrees, -90 to 90; with longitude (both or neither)."
    longitude: Optional[float] = None
    "Longitude in WGS84 degrees, -180 to 180; with latitude."
    time_zone: Optional[str] = Field(alias="timeZone", default=None)
    "An IANA time zone (e.g. America/New_York); omitted or null: the zone at the coordinates."
    max_guests: Optional[int] = Field(alias="maxGuests", default=None)
    "Guests per room (per booking), 1 to 1,000; null for no stated limit (100 per booking)."
    units: Optional[int] = None
    "Identical rooms, 1 to 10,000: how many bookings may share a night."


class UpdateTravelTourInput(BaseModel):
    """Changes to a tour: only the fields given change. null clears an optional
    field (e.g. description, coordinates); a required one cannot be null (VALIDATION_ERROR)."""

    id: str
    "The listing's id; another workspace's is NOT_FOUND, another member's FORBIDDEN."
    expected_version: Optional[int] = Field(alias="expectedVersion", default=None)
    "The version last read: if the listing has changed since, nothing is written and the answer\nis CONFLICT. Omitted: the change applies to whatever is current."
    name: Optional[str] = None
    "1 to 200 characters (trimmed)."
    description: Optional[str] = None
    "Up to 5,000 characters; blank is the same as none."
    location: Optional[str] = None
    "Where it takes place, 1 to 200 characters (e.g. a city)."
    price: Optional[Decimal] = None
    'The price of one person, in `currency`: 0 or more, with at most the currency\'s decimal\nplaces (e.g. "45.50" USD, "5000" JPY).'
    currency: Optional[str] = None
    "The ISO 4217 code the price is in (any case, e.g. EUR); an unknown code is VALIDATION_ERROR."
    amenities: Optional[list[str]] = None
    "Up to 50 names of 1 to 100 characters each; repeats are dropped."
    latitude: Optional[float] = None
    "Where it is: latitude in WGS84 degrees, -90 to 90; with longitude (both or neither)."
    longitude: Optional[float] = None
    "Longitude in WGS84 degrees, -180 to 180; with latitude."
    time_zone: Optional[str] = Field(alias="timeZone", default=None)
    "An IANA time zone (e.g. America/New_York); omitted or null: the zone at the coordinates."
    capacity: Optional[int] = None
    "Places per date (1 to 100,000): the guests of all bookings on one date together."
    duration_minutes: Optional[int] = Field(alias="durationMinutes", default=None)
    "How long it lasts, in minutes (1 to 43,200, i.e. 30 days); omit when not stated."


class UpdateTravelActivityInput(BaseModel):
    """Changes to an activity: only the fields given change. null clears an optional
    field (e.g. description, coordinates); a required one cannot be null (VALIDATION_ERROR)."""

    id: str
    "The listing's id; another workspace's is NOT_FOUND, another member's FORBIDDEN."
    expected_version: Optional[int] = Field(alias="expectedVersion", default=None)
    "The version last read: if the listing has changed since, nothing is written and the answer\nis CONFLICT. Omitted: the change applies to whatever is current."
    name: Optional[str] = None
    "1 to 200 characters (trimmed)."
    description: Optional[str] = None
    "Up to 5,000 characters; blank is the same as none."
    location: Optional[str] = None
    "Where it takes place, 1 to 200 characters (e.g. a city)."
    price: Optional[Decimal] = None
    'The price of one person, in `currency`: 0 or more, with at most the currency\'s decimal\nplaces (e.g. "45.50" USD, "5000" JPY).'
    currency: Optional[str] = None
    "The ISO 4217 code the price is in (any case, e.g. EUR); an unknown code is VALIDATION_ERROR."
    amenities: Optional[list[str]] = None
    "Up to 50 names of 1 to 100 characters each; repeats are dropped."
    latitude: Optional[float] = None
    "Where it is: latitude in WGS84 degrees, -90 to 90; with longitude (both or neither)."
    longitude: Optional[float] = None
    "Longitude in WGS84 degrees, -180 to 180; with latitude."
    time_zone: Optional[str] = Field(alias="timeZone", default=None)
    "An IANA time zone (e.g. America/New_York); omitted or null: the zone at the coordinates."
    capacity: Optional[int] = None
    "Places per date (1 to 100,000): the guests of all bookings on one date together."
    duration_minutes: Optional[int] = Field(alias="durationMinutes", default=None)
    "How long it lasts, in minutes (1 to 43,200, i.e. 30 days); omit when not stated."


class UpdateTravelEventInput(BaseModel):
    """Changes to an event: only the fields given change. null clears an optional
    field (e.g. description, coordinates); a required one cannot be null (VALIDATION_ERROR)."""

    id: str
    "The listing's id; another workspace's is NOT_FOUND, another member's FORBIDDEN."
    expected_version: Optional[int] = Field(alias="expectedVersion", default=None)
    "The version last read: if the listing has changed since, nothing is written and the answer\nis CONFLICT. Omitted: the change applies to whatever is current."
    name: Optional[str] = None
    "1 to 200 characters (trimmed)."
    description: Optional[str] = None
    "Up to 5,000 characters; blank is the same as none."
    location: Optional[str] = None
    "The venue, 1 to 200 characters."
    price: Optional[Decimal] = None
    'The price of one person, in `currency`: 0 or more, with at most the currency\'s decimal\nplaces (e.g. "45.50" USD, "5000" JPY).'
    currency: Optional[str] = None
    "The ISO 4217 code the price is in (any case, e.g. EUR); an unknown code is VALIDATION_ERROR."
    amenities: Optional[list[str]] = None
    "Up to 50 names of 1 to 100 characters each; repeats are dropped."
    latitude: Optional[float] = None
    "Where it is: latitude in WGS84 degrees, -90 to 90; with longitude (both or neither)."
    longitude: Optional[float] = None
    "Longitude in WGS84 degrees, -180 to 180; with latitude."
    time_zone: Optional[str] = Field(alias="timeZone", default=None)
    "An IANA time zone (e.g. America/New_York); omitted or null: the zone at the coordinates."
    capacity: Optional[int] = None
    "Places for the event (1 to 100,000): the guests of all its bookings together."
    starts_at: Optional[datetime] = Field(alias="startsAt", default=None)
    "When it starts; it is booked on this UTC date."
    ends_at: Optional[datetime] = Field(alias="endsAt", default=None)
    "After startsAt, at most 366 days later."


class UpdateTravelTripInput(BaseModel):
    """Changes to a trip: only the fields given change. null clears an optional
    field (e.g. description, coordinates); a required one cannot be null (VALIDATION_ERROR)."""

    id: str
    "The listing's id; another workspace's is NOT_FOUND, another member's FORBIDDEN."
    expected_version: Optional[int] = Field(alias="expectedVersion", default=None)
    "The version last read: if the listing has changed since, nothing is written and the answer\nis CONFLICT. Omitted: the change applies to whatever is current."
    name: Optional[str] = None
    "1 to 200 characters (trimmed)."
    description: Optional[str] = None
    "Up to 5,000 characters; blank is the same as none."
    location: Optional[str] = None
    "1 to 200 characters; defaults to the origin."
    price: Optional[Decimal] = None
    'The price of one person, in `currency`: 0 or more, with at most the currency\'s decimal\nplaces (e.g. "45.50" USD, "5000" JPY).'
    currency: Optional[str] = None
    "The ISO 4217 code the price is in (any case, e.g. EUR); an unknown code is VALIDATION_ERROR."
    amenities: Optional[list[str]] = None
    "Up to 50 names of 1 to 100 characters each; repeats are dropped."
    latitude: Optional[float] = None
    "Where it is: latitude in WGS84 degrees, -90 to 90; with longitude (both or neither)."
    longitude: Optional[float] = None
    "Longitude in WGS84 degrees, -180 to 180; with latitude."
    time_zone: Optional[str] = Field(alias="timeZone", default=None)
    "An IANA time zone (e.g. America/New_York); omitted or null: the zone at the coordinates."
    capacity: Optional[int] = None
    "Seats (1 to 100,000): the guests of all its bookings together."
    origin: Optional[str] = None
    "Where it departs from, 1 to 200 characters."
    destination: Optional[str] = None
    "Where it goes, 1 to 200 characters."
    departs_at: Optional[datetime] = Field(alias="departsAt", default=None)
    "When it departs; it is booked on this UTC date."
    arrives_at: Optional[datetime] = Field(alias="arrivesAt", default=None)
    "After departsAt, when given."
    mode: Optional[TravelTripMode] = None
    "How it travels."


class CreateTravelBookingInput(BaseModel):
    """What to book. `checkOut` is required for a PROPERTY (1 to 365 nights) and defaults to
    `checkIn` otherwise; an EVENT or TRIP is booked on the UTC date it starts or departs.
    Invalid values are VALIDATION_ERROR with `extensions.field` naming the input field."""

    target_type: TravelBookingType = Field(alias="targetType")
    "The kind of listing: it must be the kind of `targetId` (otherwise NOT_FOUND)."
    target_id: str = Field(alias="targetId")
    "The listing's id; an id of another kind or workspace is NOT_FOUND."
    check_in: date = Field(alias="checkIn")
    "The first night of a stay, or the date of anything else: from today (UTC) up to 1,826 days\n(five years) ahead. For an EVENT or TRIP it must be the UTC date it starts or departs."
    check_out: Optional[date] = Field(alias="checkOut", default=None)
    "PROPERTY: the departure day, 1 to 365 nights after checkIn (required). Other kinds: omit it\nor send checkIn."
    guests: Optional[int] = 1
    "Persons: 1 up to the listing's limit, maxGuests per room for a stay (100 when it states\nnone), capacity otherwise. For other kinds than stays, totalPrice is guests x price."


class TravelBookingFilterInput(BaseModel):
    """Narrows travelBookings (the `where` argument): every given field must match. Conditions only
    ever narrow what the caller may see."""

    status: Optional[TravelBookingStatus] = None
    "Only bookings in this status."
    target_type: Optional[TravelBookingType] = Field(alias="targetType", default=None)
    "Only bookings of this kind of listing."
    target_id: Optional[str] = Field(alias="targetId", default=None)
    "Only bookings of this listing; an id that is not a UUID is VALIDATION_ERROR."
    booked_by_viewer: Optional[bool] = Field(alias="bookedByViewer", default=None)
    "true: only the caller's own bookings (e.g. an admin's own trips)."
    hosted_by_viewer: Optional[bool] = Field(alias="hostedByViewer", default=None)
    "true: only bookings on listings of providers the caller registered."


class BlockTravelListingDatesInput(BaseModel):
    """Dates to close on a listing (both included; for a stay, the nights starting on them)."""

    listing_id: str = Field(alias="listingId")
    "A listing under a provider the caller owns (admins: any); any kind."
    starts_on: date = Field(alias="startsOn")
    "The first date: today or later."
    ends_on: date = Field(alias="endsOn")
    "The last date, included: on or after startsOn, at most 365 days after it."
    units: Optional[int] = None
    "Rooms (stays) or places (other kinds) to close, 1 to the listing's capacity; they must be\nfree on every date. Omitted or null: the whole listing (what is booked stays booked)."
    note: Optional[str] = None
    "A note for the host (up to 200 characters), e.g. painting; travelers never see it."
    expected_version: Optional[int] = Field(alias="expectedVersion", default=None)
    "The listing's version last read: CONFLICT if it changed since. Omitted: whatever is current."


class SetTravelSeasonalPriceInput(BaseModel):
    """A price for a range of dates (both included), over the listing's own."""

    listing_id: str = Field(alias="listingId")
    "A listing under a provider the caller owns (admins: any); any kind."
    starts_on: date = Field(alias="startsOn")
    "The first date: today or later."
    ends_on: date = Field(alias="endsOn")
    "The last date, included: on or after startsOn, at most 365 days after it."
    price: Decimal
    "The price of a night (stays) or a person (others) on those dates, in the listing's currency:\n0 or more, with at most the currency's decimal places."
    note: Optional[str] = None
    "A note for the host (up to 200 characters), e.g. high season."
    expected_version: Optional[int] = Field(alias="expectedVersion", default=None)
    "The listing's version last read: CONFLICT if it changed since. Omitted: whatever is current."


class AddTravelListingPhotoInput(BaseModel):
    """A photo that was uploaded, to add to its listing."""

    upload_id: str = Field(alias="uploadId")
    "The upload it was sent to (TravelPhotoUpload.id)."
    alt: str
    "What it shows, for those who cannot see it: 1 to 300 characters, required."
    cover: Optional[bool] = False
    "true: the new cover (first photo); otherwise it goes last."


class UpdateTravelListingPhotoInput(BaseModel):
    """Changes to a photo: only the fields given change."""

    id: str
    "The photo's id."
    alt: Optional[str] = None
    "A new description, 1 to 300 characters."
    position: Optional[int] = None
    "A new place among the listing's photos, 0 (the cover) to their number - 1."


TravelListingFilterInput.model_rebuild()
TravelSearchFilterInput.model_rebuild()
