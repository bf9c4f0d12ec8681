"""Reading the catalog (travel:read): providers and the five listing kinds."""

from __future__ import annotations

from collections.abc import Callable

from travel_client._generated import (
    Activities,
    ActivitiesCount,
    Activity,
    ActivityAvailability,
    ActivityById,
    Availability,
    Event,
    EventAvailability,
    EventById,
    Events,
    EventsCount,
    Properties,
    PropertiesCount,
    Property,
    PropertyAvailability,
    PropertyById,
    Provider,
    ProviderById,
    Providers,
    ProvidersCount,
    Search,
    SearchFacets,
    SearchFacetsTravelSearch,
    SearchTravelSearch,
    Suggest,
    Suggestion,
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
)
from travel_client._operations import (
    Call,
    Data,
    Day,
    compact,
    filtered,
    items,
    page,
    present,
)
from travel_client.types import Kind, ListingFilter, ProviderFilter, SearchFilter


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


def search(
    text: str | None, filter: SearchFilter | None, sort: str | None, skip: int, take: int
) -> Call[SearchTravelSearch]:
    variables = page(skip, take, filter)
    variables.update(compact(text=text, sort=sort))
    return Call(
        "Search",
        "travelSearch",
        variables,
        lambda d: present(Search.model_validate(d).travel_search, "travelSearch"),
    )


def search_facets(
    text: str | None, filter: SearchFilter | None, top: int, buckets: int
) -> Call[SearchFacetsTravelSearch]:
    variables = {**filtered(filter), **compact(text=text, top=top, buckets=buckets)}
    return Call(
        "SearchFacets",
        "travelSearch",
        variables,
        lambda d: present(SearchFacets.model_validate(d).travel_search, "travelSearch"),
    )


def suggest(prefix: str, limit: int) -> Call[list[Suggestion]]:
    return Call(
        "Suggest",
        "travelSuggest",
        {"prefix": prefix, "limit": limit},
        lambda d: items(Suggest.model_validate(d).travel_suggest),
    )
