"""Hosts and operators (travel:host): providers, and listings under a provider one owns."""

from __future__ import annotations

from travel_client._generated import (
    Activity,
    CreateActivity,
    CreateEvent,
    CreateProperty,
    CreateProvider,
    CreateTour,
    CreateTrip,
    Event,
    Property,
    Provider,
    Tour,
    Trip,
)
from travel_client._operations import Call, Data, present
from travel_client.types import ProviderKind


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
