"""Each typed method's request, and how its answer becomes a model: written once, run by the
sync and the async client alike (`Call`). The documents are the SDK's operation documents
(operations/*.graphql) and the models were generated from them: scripts/sdk-codegen.sh."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Generic, TypeVar

from travel_client._generated import (
    Activities,
    ActivitiesCount,
    Activity,
    ActivityAvailability,
    ActivityById,
    Analytics,
    Availability,
    Booking,
    BookingById,
    Bookings,
    BookingsCount,
    CancelBooking,
    CreateActivity,
    CreateBooking,
    CreateEvent,
    CreateProperty,
    CreateProvider,
    CreateTour,
    CreateTrip,
    Event,
    EventAvailability,
    EventById,
    Events,
    EventsCount,
    Favorite,
    Favorites,
    FavoritesCount,
    GetOverviewStats,
    GetViewer,
    OverviewStats,
    Properties,
    PropertiesCount,
    Property,
    PropertyAvailability,
    PropertyById,
    Provider,
    ProviderById,
    Providers,
    ProvidersCount,
    ToggleFavorite,
    Tour,
    TourAvailability,
    TourById,
    Tours,
    ToursCount,
    Trip,
    TripAvailability,
    TripById,
    Trips,
    TripsCount,
    Viewer,
    WorkspaceAnalytics,
)
from travel_client._generated.documents import DOCUMENTS
from travel_client.errors import TransportError
from travel_client.types import (
    BookingFilter,
    Kind,
    ListingFilter,
    ProviderFilter,
    ProviderKind,
)

T = TypeVar("T")
Data = dict[str, Any]
Money = Decimal | str  # never a float: "120.00" or Decimal("120.00")
Day = date | str  # YYYY-MM-DD
Instant = datetime | str  # ISO 8601 with a time zone
MAX_TAKE = 100  # the API's largest page (docs/design.md)


@dataclass(frozen=True)
class Call(Generic[T]):
    """One operation to run: `read` turns the response's `data` into the method's result once
    no error concerns `field`, the operation's root field."""

    operation: str
    field: str
    variables: Data
    read: Callable[[Data], T]
    idempotency_key: str | None = None

    @property
    def document(self) -> str:
        return DOCUMENTS[self.operation][0]

    @property
    def mutation(self) -> bool:
        return DOCUMENTS[self.operation][1]


def present(value: T | None, field: str) -> T:
    """A root field's value: null without an error is not an answer the API gives."""
    if value is None:
        raise TransportError(f"the API answered {field}: null without an error")
    return value


def items(values: list[T] | None) -> list[T]:
    return [] if values is None else values


def page(skip: int, take: int, filter: Mapping[str, Any] | None = None) -> Data:
    """Variables of a list query (a filter only when one is given)."""
    variables: Data = {"pagination": {"skip": skip, "take": take}}
    if filter:
        variables["filter"] = dict(filter)
    return variables


def filtered(filter: Mapping[str, Any] | None) -> Data:
    """Variables of a count query."""
    return {"filter": dict(filter)} if filter else {}


def compact(**fields: Any) -> Data:
    """An input object from snake_case keywords: camelCase keys, None left out (the API's
    default applies), sequences as lists."""
    return {
        _camel(name): list(value) if isinstance(value, tuple) else value
        for name, value in fields.items()
        if value is not None
    }


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


# -- the caller and the workspace's figures ---------------------------------------------------


def viewer() -> Call[Viewer]:
    return Call(
        "GetViewer", "travelViewer", {}, lambda d: GetViewer.model_validate(d).travel_viewer
    )


def ping() -> Call[None]:
    return Call("Ping", "travelProperties", {}, lambda d: None)


def overview_stats(from_: Day | None, to: Day | None) -> Call[OverviewStats]:
    return Call(
        "GetOverviewStats",
        "travelOverviewStats",
        {"from": from_, "to": to},
        lambda d: present(
            GetOverviewStats.model_validate(d).travel_overview_stats, "travelOverviewStats"
        ),
    )


def analytics(from_: Day | None, to: Day | None) -> Call[Analytics]:
    return Call(
        "WorkspaceAnalytics",
        "travelAnalytics",
        {"from": from_, "to": to},
        lambda d: present(WorkspaceAnalytics.model_validate(d).travel_analytics, "travelAnalytics"),
    )


# -- the catalog ------------------------------------------------------------------------------


def providers(skip: int, take: int, filter: ProviderFilter | None) -> Call[list[Provider]]:
    return Call(
        "Providers",
        "travelProviders",
        page(skip, take, filter),
        lambda d: items(Providers.model_validate(d).travel_providers),
    )


def provider(id: str) -> Call[Provider]:
    return Call(
        "ProviderById",
        "travelProvider",
        {"id": id},
        lambda d: present(ProviderById.model_validate(d).travel_provider, "travelProvider"),
    )


def providers_count(filter: ProviderFilter | None) -> Call[int]:
    return Call(
        "ProvidersCount",
        "travelProvidersCount",
        filtered(filter),
        lambda d: present(
            ProvidersCount.model_validate(d).travel_providers_count, "travelProvidersCount"
        ),
    )


def properties(skip: int, take: int, filter: ListingFilter | None) -> Call[list[Property]]:
    return Call(
        "Properties",
        "travelProperties",
        page(skip, take, filter),
        lambda d: items(Properties.model_validate(d).travel_properties),
    )


def property(id: str) -> Call[Property]:
    return Call(
        "PropertyById",
        "travelProperty",
        {"id": id},
        lambda d: present(PropertyById.model_validate(d).travel_property, "travelProperty"),
    )


def properties_count(filter: ListingFilter | None) -> Call[int]:
    return Call(
        "PropertiesCount",
        "travelPropertiesCount",
        filtered(filter),
        lambda d: present(
            PropertiesCount.model_validate(d).travel_properties_count, "travelPropertiesCount"
        ),
    )


def tours(skip: int, take: int, filter: ListingFilter | None) -> Call[list[Tour]]:
    return Call(
        "Tours",
        "travelTours",
        page(skip, take, filter),
        lambda d: items(Tours.model_validate(d).travel_tours),
    )


def tour(id: str) -> Call[Tour]:
    return Call(
        "TourById",
        "travelTour",
        {"id": id},
        lambda d: present(TourById.model_validate(d).travel_tour, "travelTour"),
    )


def tours_count(filter: ListingFilter | None) -> Call[int]:
    return Call(
        "ToursCount",
        "travelToursCount",
        filtered(filter),
        lambda d: present(ToursCount.model_validate(d).travel_tours_count, "travelToursCount"),
    )


def activities(skip: int, take: int, filter: ListingFilter | None) -> Call[list[Activity]]:
    return Call(
        "Activities",
        "travelActivities",
        page(skip, take, filter),
        lambda d: items(Activities.model_validate(d).travel_activities),
    )


def activity(id: str) -> Call[Activity]:
    return Call(
        "ActivityById",
        "travelActivity",
        {"id": id},
        lambda d: present(ActivityById.model_validate(d).travel_activity, "travelActivity"),
    )


def activities_count(filter: ListingFilter | None) -> Call[int]:
    return Call(
        "ActivitiesCount",
        "travelActivitiesCount",
        filtered(filter),
        lambda d: present(
            ActivitiesCount.model_validate(d).travel_activities_count, "travelActivitiesCount"
        ),
    )


def events(skip: int, take: int, filter: ListingFilter | None) -> Call[list[Event]]:
    return Call(
        "Events",
        "travelEvents",
        page(skip, take, filter),
        lambda d: items(Events.model_validate(d).travel_events),
    )


def event(id: str) -> Call[Event]:
    return Call(
        "EventById",
        "travelEvent",
        {"id": id},
        lambda d: present(EventById.model_validate(d).travel_event, "travelEvent"),
    )


def events_count(filter: ListingFilter | None) -> Call[int]:
    return Call(
        "EventsCount",
        "travelEventsCount",
        filtered(filter),
        lambda d: present(EventsCount.model_validate(d).travel_events_count, "travelEventsCount"),
    )


def trips(skip: int, take: int, filter: ListingFilter | None) -> Call[list[Trip]]:
    return Call(
        "Trips",
        "travelTrips",
        page(skip, take, filter),
        lambda d: items(Trips.model_validate(d).travel_trips),
    )


def trip(id: str) -> Call[Trip]:
    return Call(
        "TripById",
        "travelTrip",
        {"id": id},
        lambda d: present(TripById.model_validate(d).travel_trip, "travelTrip"),
    )


def trips_count(filter: ListingFilter | None) -> Call[int]:
    return Call(
        "TripsCount",
        "travelTripsCount",
        filtered(filter),
        lambda d: present(TripsCount.model_validate(d).travel_trips_count, "travelTripsCount"),
    )


_AVAILABILITY: dict[str, tuple[str, str, Callable[[Data], list[Availability]]]] = {
    "PROPERTY": (
        "PropertyAvailability",
        "travelProperty",
        lambda d: (
            present(
                PropertyAvailability.model_validate(d).travel_property, "travelProperty"
            ).availability
        ),
    ),
    "TOUR": (
        "TourAvailability",
        "travelTour",
        lambda d: (
            present(TourAvailability.model_validate(d).travel_tour, "travelTour").availability
        ),
    ),
    "ACTIVITY": (
        "ActivityAvailability",
        "travelActivity",
        lambda d: (
            present(
                ActivityAvailability.model_validate(d).travel_activity, "travelActivity"
            ).availability
        ),
    ),
    "EVENT": (
        "EventAvailability",
        "travelEvent",
        lambda d: (
            present(EventAvailability.model_validate(d).travel_event, "travelEvent").availability
        ),
    ),
    "TRIP": (
        "TripAvailability",
        "travelTrip",
        lambda d: (
            present(TripAvailability.model_validate(d).travel_trip, "travelTrip").availability
        ),
    ),
}


def availability(kind: Kind, id: str, from_: Day, to: Day) -> Call[list[Availability]]:
    try:
        operation, field, read = _AVAILABILITY[str(getattr(kind, "value", kind))]
    except KeyError:
        choices = ", ".join(_AVAILABILITY)
        raise ValueError(f"{kind!r} is not a listing kind: use one of {choices}") from None
    return Call(operation, field, {"id": id, "from": from_, "to": to}, read)


# -- hosting ----------------------------------------------------------------------------------


def create_provider(name: str, type: ProviderKind, key: str | None) -> Call[Provider]:
    return Call(
        "CreateProvider",
        "createTravelProvider",
        {"input": {"name": name, "type": type}},
        lambda d: present(
            CreateProvider.model_validate(d).create_travel_provider, "createTravelProvider"
        ),
        key,
    )


def create_property(fields: Data, key: str | None) -> Call[Property]:
    return Call(
        "CreateProperty",
        "createTravelProperty",
        {"input": fields},
        lambda d: present(
            CreateProperty.model_validate(d).create_travel_property, "createTravelProperty"
        ),
        key,
    )


def create_tour(fields: Data, key: str | None) -> Call[Tour]:
    return Call(
        "CreateTour",
        "createTravelTour",
        {"input": fields},
        lambda d: present(CreateTour.model_validate(d).create_travel_tour, "createTravelTour"),
        key,
    )


def create_activity(fields: Data, key: str | None) -> Call[Activity]:
    return Call(
        "CreateActivity",
        "createTravelActivity",
        {"input": fields},
        lambda d: present(
            CreateActivity.model_validate(d).create_travel_activity, "createTravelActivity"
        ),
        key,
    )


def create_event(fields: Data, key: str | None) -> Call[Event]:
    return Call(
        "CreateEvent",
        "createTravelEvent",
        {"input": fields},
        lambda d: present(CreateEvent.model_validate(d).create_travel_event, "createTravelEvent"),
        key,
    )


def create_trip(fields: Data, key: str | None) -> Call[Trip]:
    return Call(
        "CreateTrip",
        "createTravelTrip",
        {"input": fields},
        lambda d: present(CreateTrip.model_validate(d).create_travel_trip, "createTravelTrip"),
        key,
    )


# -- bookings and the wishlist ----------------------------------------------------------------


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


def cancel_booking(id: str, key: str | None) -> Call[Booking]:
    return Call(
        "CancelBooking",
        "cancelTravelBooking",
        {"id": id},
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
