"""What callers send to the catalog, typed (built by the schema layer: travel.graphql.inputs).

Values are as sent, after GraphQL's own coercion, not yet validated (travel.catalog.rules and
.filters do that); ids are still strings. A field a caller left out is None.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from travel.kernel.kinds import ListingKind
from travel.kernel.unset import UNSET


@dataclass(frozen=True, slots=True)
class ProviderInput:
    """`CreateTravelProviderInput`."""

    name: str
    type: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ListingInput:
    """What the create inputs of every kind share (docs/design.md §3, decision 0013)."""

    provider_id: str
    name: str
    location: str | None = None  # required but for trips (their origin)
    description: str | None = None
    currency: str | None = "USD"
    amenities: list[str] | None = None
    latitude: float | None = None
    longitude: float | None = None
    time_zone: str | None = None  # none: the zone at the coordinates, if any


@dataclass(frozen=True, slots=True, kw_only=True)
class PropertyInput(ListingInput):
    """`CreateTravelPropertyInput`: a stay, priced per night."""

    price_per_night: Decimal
    max_guests: int | None = None
    units: int | None = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class PerPersonInput(ListingInput):
    """What tours, activities, events and trips share: a price per person and a capacity."""

    price: Decimal
    capacity: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TourInput(PerPersonInput):
    """`CreateTravelTourInput` and `CreateTravelActivityInput` (the same fields)."""

    duration_minutes: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EventInput(PerPersonInput):
    """`CreateTravelEventInput`."""

    starts_at: datetime
    ends_at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class TripInput(PerPersonInput):
    """`CreateTravelTripInput`."""

    origin: str
    destination: str
    departs_at: datetime
    arrives_at: datetime | None = None
    mode: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ProviderUpdate:
    """`UpdateTravelProviderInput`: the fields to change, the others UNSET."""

    id: str
    expected_version: int | None = None
    name: str | None = UNSET
    type: str | None = UNSET


@dataclass(frozen=True, slots=True, kw_only=True)
class ListingUpdate:
    """What the update inputs of every kind share: the listing, the version the caller read
    (optional), and the create input's fields to change, the others UNSET (an explicit null
    clears an optional field, docs/decisions/0089-host-tools.md)."""

    id: str
    expected_version: int | None = None
    name: str | None = UNSET
    location: str | None = UNSET
    description: str | None = UNSET
    currency: str | None = UNSET
    amenities: list[str] | None = UNSET
    latitude: float | None = UNSET
    longitude: float | None = UNSET
    time_zone: str | None = UNSET


@dataclass(frozen=True, slots=True, kw_only=True)
class PropertyUpdate(ListingUpdate):
    """`UpdateTravelPropertyInput`."""

    price_per_night: Decimal | None = UNSET
    max_guests: int | None = UNSET
    units: int | None = UNSET


@dataclass(frozen=True, slots=True, kw_only=True)
class PerPersonUpdate(ListingUpdate):
    price: Decimal | None = UNSET
    capacity: int | None = UNSET


@dataclass(frozen=True, slots=True, kw_only=True)
class TourUpdate(PerPersonUpdate):
    """`UpdateTravelTourInput` and `UpdateTravelActivityInput`."""

    duration_minutes: int | None = UNSET


@dataclass(frozen=True, slots=True, kw_only=True)
class EventUpdate(PerPersonUpdate):
    """`UpdateTravelEventInput`."""

    starts_at: datetime | None = UNSET
    ends_at: datetime | None = UNSET


@dataclass(frozen=True, slots=True, kw_only=True)
class TripUpdate(PerPersonUpdate):
    """`UpdateTravelTripInput`."""

    origin: str | None = UNSET
    destination: str | None = UNSET
    departs_at: datetime | None = UNSET
    arrives_at: datetime | None = UNSET
    mode: str | None = UNSET


@dataclass(frozen=True, slots=True, kw_only=True)
class BlockInput:
    """`BlockTravelListingDatesInput`: close dates (both included) of a listing."""

    listing_id: str
    starts_on: date
    ends_on: date
    units: int | None = None  # None: the whole listing
    note: str | None = None
    expected_version: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SeasonalPriceInput:
    """`SetTravelSeasonalPriceInput`: a price for dates (both included) of a listing."""

    listing_id: str
    starts_on: date
    ends_on: date
    price: Decimal
    note: str | None = None
    expected_version: int | None = None


# What each kind's create mutation takes (tours and activities share their fields).
CREATE_INPUTS: dict[ListingKind, type[ListingInput]] = {
    ListingKind.PROPERTY: PropertyInput,
    ListingKind.TOUR: TourInput,
    ListingKind.ACTIVITY: TourInput,
    ListingKind.EVENT: EventInput,
    ListingKind.TRIP: TripInput,
}
UPDATE_INPUTS: dict[ListingKind, type[ListingUpdate]] = {
    ListingKind.PROPERTY: PropertyUpdate,
    ListingKind.TOUR: TourUpdate,
    ListingKind.ACTIVITY: TourUpdate,
    ListingKind.EVENT: EventUpdate,
    ListingKind.TRIP: TripUpdate,
}


@dataclass(frozen=True, slots=True)
class ListingConditions:
    """What `TravelListingFilterInput` and `TravelSearchFilterInput` share (decision 0011)."""

    location: str | None = None
    places: list[str] | None = None
    min_price: Decimal | None = None
    max_price: Decimal | None = None
    currency: str | None = None
    min_rating: float | None = None
    provider_id: str | None = None
    available_from: date | None = None
    available_to: date | None = None
    guests: int | None = None
    near: NearInput | None = None
    amenities: list[str] | None = None


@dataclass(frozen=True, slots=True)
class ListingFilterInput(ListingConditions):
    """`TravelListingFilterInput`: the text is one of its conditions; hosts and admins may
    ask for paused and archived listings too."""

    text: str | None = None
    status: list[str] | None = None
    owned_by_viewer: bool | None = None


@dataclass(frozen=True, slots=True)
class SearchFilterInput(ListingConditions):
    """`TravelSearchFilterInput` (travelSearch takes its text as an argument): it may name
    kinds."""

    kinds: list[str] | None = None


@dataclass(frozen=True, slots=True)
class NearInput:
    """`TravelNearInput`: within `radius_km` of a point."""

    latitude: float
    longitude: float
    radius_km: float


@dataclass(frozen=True, slots=True)
class ProviderFilterInput:
    """`TravelProviderFilterInput`."""

    type: str | None = None
    text: str | None = None
    min_rating: float | None = None
    owned_by_viewer: bool | None = None
