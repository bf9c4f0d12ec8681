"""Listings of the five kinds through HTTP: creating, reading, listing, and who may do what."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.factories import (
    Tenant,
    api_listing,
    api_provider,
    count_rows,
    create_listing_mutation,
    create_tenant,
    issue_key,
    listing_input,
)
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer

KINDS = ("PROPERTY", "TOUR", "ACTIVITY", "EVENT", "TRIP")
QUERIES = {  # kind → (list query, single query)
    "PROPERTY": ("travelProperties", "travelProperty"),
    "TOUR": ("travelTours", "travelTour"),
    "ACTIVITY": ("travelActivities", "travelActivity"),
    "EVENT": ("travelEvents", "travelEvent"),
    "TRIP": ("travelTrips", "travelTrip"),
}
SHARED = "id kind name description location price priceUnit currency rating amenities"
PROVIDER = "provider { id name type rating }"
OWN_FIELDS = {
    "PROPERTY": "pricePerNight maxGuests units",
    "TOUR": "pricePerNight capacity durationMinutes",
    "ACTIVITY": "pricePerNight capacity durationMinutes",
    "EVENT": "pricePerNight capacity startsAt endsAt",
    "TRIP": "pricePerNight capacity origin destination departsAt arrivesAt mode",
}


def selection(kind: str) -> str:
    return f"{SHARED} {OWN_FIELDS[kind]} {PROVIDER}"


def single_query(kind: str, fields: str = "id name") -> str:
    return f"query ($id: ID!) {{ {QUERIES[kind][1]}(id: $id) {{ {fields} }} }}"


def list_query(kind: str, fields: str = "id") -> str:
    return (
        f"query ($p: TravelPaginationInput) {{ {QUERIES[kind][0]}(pagination: $p) {{ {fields} }} }}"
    )


@pytest.fixture
def provider(server: LiveServer, tenant: Tenant) -> str:
    return api_provider(server, tenant.keys["host"], "Casa Azul")


def create(server: LiveServer, key: str, kind: str, provider_id: str, **fields: Any) -> Any:
    variables = {"input": listing_input(kind, provider_id, **fields)}
    return post(server, key, create_listing_mutation(kind, selection(kind)), variables)


def test_spec_connectivity_check_works_for_every_reader(server: LiveServer, tenant: Tenant) -> None:
    api_listing(server, tenant.keys["host"], "PROPERTY", api_provider(server, tenant.keys["host"]))
    read_only = issue_key(server, tenant.workspace, roles=["traveler"], permissions=["travel:read"])
    check = "{ travelProperties(pagination: {skip: 0, take: 1}) { id name } }"
    for key in (*tenant.keys.values(), read_only.secret):
        assert len(data(server, key, check)["travelProperties"]) == 1


def test_create_property_with_the_design_input(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    mutation = create_listing_mutation("PROPERTY", "id name location pricePerNight")
    variables = {
        "input": {
            "providerId": provider,
            "name": "Sea-view double",
            "location": "Lisbon",
            "pricePerNight": "120",
            "description": "Two windows on the Tagus.",
            "amenities": ["wifi", " kitchen ", "wifi"],
            "maxGuests": 2,
        }
    }
    created = data(server, tenant.keys["host"], mutation, variables)["createTravelProperty"]
    assert created["pricePerNight"] == "120.00"
    read = data(
        server,
        tenant.keys["traveler"],
        single_query("PROPERTY", selection("PROPERTY")),
        {"id": created["id"]},
    )
    stay = read["travelProperty"]
    assert stay["currency"] == "USD"
    assert stay["units"] == 1
    assert stay["amenities"] == ["wifi", "kitchen"]
    assert (stay["price"], stay["priceUnit"], stay["rating"]) == ("120.00", "NIGHT", None)
    assert stay["provider"] == {"id": provider, "name": "Casa Azul", "type": "HOST", "rating": None}


@pytest.mark.parametrize(
    ("kind", "fields", "expected"),
    [
        ("PROPERTY", {"currency": "jpy", "pricePerNight": "15000", "units": 4}, {"units": 4}),
        ("TOUR", {"durationMinutes": 180}, {"durationMinutes": 180, "capacity": 10}),
        ("ACTIVITY", {"price": "0", "capacity": 1}, {"price": "0.00", "capacity": 1}),
        (
            "EVENT",
            {"startsAt": "2030-06-01T21:00:00+02:00"},
            {"startsAt": "2030-06-01T19:00:00Z", "endsAt": "2030-06-01T23:00:00Z"},
        ),
        (
            "TRIP",
            {"arrivesAt": "2030-06-01T11:15:00Z", "location": None, "mode": "BUS"},
            {"location": "Lisbon", "arrivesAt": "2030-06-01T11:15:00Z", "mode": "BUS"},
        ),
    ],
)
def test_create_each_kind_and_read_it_back(
    server: LiveServer,
    tenant: Tenant,
    provider: str,
    kind: str,
    fields: dict[str, Any],
    expected: dict[str, Any],
) -> None:
    response = create(server, tenant.keys["host"], kind, provider, **fields)
    assert "errors" not in response.json(), response.json()
    created = response.json()["data"][f"create{QUERIES[kind][1][0].upper()}{QUERIES[kind][1][1:]}"]
    assert created["kind"] == kind
    assert {k: created[k] for k in expected} == expected
    assert created["pricePerNight"] == created["price"]
    assert created["priceUnit"] == ("NIGHT" if kind == "PROPERTY" else "PERSON")
    read = data(
        server, tenant.keys["traveler"], single_query(kind, selection(kind)), {"id": created["id"]}
    )
    assert read[QUERIES[kind][1]] == created


def test_yen_prices_have_no_decimals(server: LiveServer, tenant: Tenant, provider: str) -> None:
    response = create(
        server, tenant.keys["host"], "PROPERTY", provider, currency="JPY", pricePerNight="15000"
    )
    assert response.json()["data"]["createTravelProperty"]["pricePerNight"] == "15000"


@pytest.mark.parametrize(
    ("kind", "fields", "field"),
    [
        ("PROPERTY", {"name": ""}, "input.name"),
        ("PROPERTY", {"name": "   "}, "input.name"),
        ("PROPERTY", {"name": "x" * 201}, "input.name"),
        ("PROPERTY", {"location": " "}, "input.location"),
        ("PROPERTY", {"description": "x" * 5001}, "input.description"),
        ("PROPERTY", {"pricePerNight": "-1"}, "input.pricePerNight"),
        ("PROPERTY", {"pricePerNight": "10.001"}, "input.pricePerNight"),
        ("PROPERTY", {"pricePerNight": "10.5", "currency": "JPY"}, "input.pricePerNight"),
        ("PROPERTY", {"pricePerNight": "1e20"}, "input.pricePerNight"),
        ("PROPERTY", {"currency": "XYZ"}, "input.currency"),
        ("PROPERTY", {"currency": ""}, "input.currency"),
        ("PROPERTY", {"units": 0}, "input.units"),
        ("PROPERTY", {"maxGuests": 0}, "input.maxGuests"),
        ("PROPERTY", {"amenities": ["wifi", " "]}, "input.amenities"),
        ("TOUR", {"price": "-0.01"}, "input.price"),
        ("TOUR", {"capacity": 0}, "input.capacity"),
        ("TOUR", {"durationMinutes": 0}, "input.durationMinutes"),
        ("ACTIVITY", {"capacity": -3}, "input.capacity"),
        ("ACTIVITY", {"currency": "EURO"}, "input.currency"),
        ("EVENT", {"endsAt": "2030-06-01T18:00:00Z"}, "input.endsAt"),
        ("EVENT", {"endsAt": "2030-06-01T19:00:00Z"}, "input.endsAt"),
        ("EVENT", {"endsAt": "2031-07-01T19:00:00Z"}, "input.endsAt"),
        ("EVENT", {"capacity": 0}, "input.capacity"),
        ("TRIP", {"arrivesAt": "2030-06-01T07:00:00Z"}, "input.arrivesAt"),
        ("TRIP", {"origin": ""}, "input.origin"),
        ("TRIP", {"destination": " "}, "input.destination"),
        ("TRIP", {"capacity": 0}, "input.capacity"),
    ],
)
def test_invalid_inputs_are_refused_naming_the_field(
    server: LiveServer,
    tenant: Tenant,
    provider: str,
    kind: str,
    fields: dict[str, Any],
    field: str,
) -> None:
    response = create(server, tenant.keys["host"], kind, provider, **fields)
    assert response.status_code == 200
    assert error_codes(response) == ["VALIDATION_ERROR"]
    error = response.json()["errors"][0]
    assert error["extensions"]["field"] == field
    assert field in error["message"]
    assert count_rows(server, "listings", tenant.workspace) == 0


@pytest.mark.parametrize(
    ("kind", "fields", "field"),
    [
        ("PROPERTY", {"pricePerNight": "12,50"}, "pricePerNight"),
        ("TOUR", {"price": "free"}, "price"),
        ("EVENT", {"startsAt": "2030-06-01 19:00"}, "startsAt"),
        ("TRIP", {"mode": "ROCKET"}, "mode"),
        ("TOUR", {"capacity": None}, "capacity"),
    ],
)
def test_malformed_values_are_refused_before_anything_runs(
    server: LiveServer,
    tenant: Tenant,
    provider: str,
    kind: str,
    fields: dict[str, Any],
    field: str,
) -> None:
    response = create(server, tenant.keys["host"], kind, provider, **fields)
    assert response.status_code == 400
    assert error_codes(response) == ["VALIDATION_ERROR"]
    assert field in response.json()["errors"][0]["message"]
    assert count_rows(server, "listings", tenant.workspace) == 0


@pytest.mark.parametrize("kind", KINDS)
def test_traveler_may_not_create_and_nothing_is_written(
    server: LiveServer, tenant: Tenant, provider: str, kind: str
) -> None:
    response = create(server, tenant.keys["traveler"], kind, provider)
    assert error_codes(response) == ["FORBIDDEN"]
    assert list(response.json()["data"].values()) == [None]
    assert count_rows(server, "listings", tenant.workspace) == 0


@pytest.mark.parametrize("kind", KINDS)
def test_a_host_may_not_list_under_another_members_provider(
    server: LiveServer, tenant: Tenant, provider: str, kind: str
) -> None:
    response = create(server, tenant.keys["host2"], kind, provider)
    assert error_codes(response) == ["FORBIDDEN"]
    assert count_rows(server, "listings", tenant.workspace) == 0
    # An admin may list under anyone's provider.
    assert "errors" not in create(server, tenant.keys["admin"], kind, provider).json()


@pytest.mark.parametrize("kind", KINDS)
def test_a_provider_of_another_workspace_is_not_found(
    server: LiveServer, tenant: Tenant, kind: str
) -> None:
    other = create_tenant(server)
    foreign = api_provider(server, other.keys["host"], "Elsewhere")
    for provider_id in (foreign, str(uuid.uuid4()), "nope"):
        response = create(server, tenant.keys["admin"], kind, provider_id)
        assert error_codes(response) == ["NOT_FOUND"], provider_id
    assert count_rows(server, "listings", tenant.workspace) == 0
    assert count_rows(server, "listings", other.workspace) == 0


@pytest.mark.parametrize("kind", KINDS)
def test_single_queries_find_only_their_own_kind_in_their_own_workspace(
    server: LiveServer, tenant: Tenant, provider: str, kind: str
) -> None:
    other = create_tenant(server)
    foreign = api_listing(
        server, other.keys["host"], kind, api_provider(server, other.keys["host"])
    )
    other_kind = "TOUR" if kind == "PROPERTY" else "PROPERTY"
    mine_of_other_kind = api_listing(server, tenant.keys["host"], other_kind, provider)
    for listing_id in (foreign, mine_of_other_kind, str(uuid.uuid4()), "42", ""):
        response = post(server, tenant.keys["admin"], single_query(kind), {"id": listing_id})
        assert error_codes(response) == ["NOT_FOUND"], listing_id
        assert response.json()["data"] == {QUERIES[kind][1]: None}
    # ...while the owner workspace reads it.
    assert data(server, other.keys["traveler"], single_query(kind), {"id": foreign})[
        QUERIES[kind][1]
    ]


@pytest.mark.parametrize("kind", KINDS)
def test_lists_hold_one_kind_of_one_workspace_oldest_first(
    server: LiveServer, tenant: Tenant, provider: str, kind: str
) -> None:
    other = create_tenant(server)
    api_listing(server, other.keys["host"], kind, api_provider(server, other.keys["host"]))
    api_listing(server, tenant.keys["host"], "TOUR" if kind == "PROPERTY" else "PROPERTY", provider)
    ids = [api_listing(server, tenant.keys["host"], kind, provider, name=f"N{n}") for n in range(3)]
    listed = data(server, tenant.keys["traveler"], list_query(kind))[QUERIES[kind][0]]
    assert [item["id"] for item in listed] == ids
    page = data(server, tenant.keys["traveler"], list_query(kind), {"p": {"skip": 2}})
    assert [item["id"] for item in page[QUERIES[kind][0]]] == ids[2:]


@pytest.mark.parametrize("kind", KINDS)
def test_pagination_edges(server: LiveServer, tenant: Tenant, provider: str, kind: str) -> None:
    api_listing(server, tenant.keys["host"], kind, provider)
    key = tenant.keys["traveler"]
    field = QUERIES[kind][0]
    assert data(server, key, list_query(kind), {"p": {"skip": 0, "take": 0}})[field] == []
    assert len(data(server, key, list_query(kind), {"p": {"skip": 0, "take": 100}})[field]) == 1
    assert data(server, key, list_query(kind), {"p": {"skip": 1, "take": 100}})[field] == []
    for bad in ({"take": 101}, {"skip": -1}, {"take": -1}):
        response = post(server, key, list_query(kind), {"p": bad})
        assert error_codes(response) == ["VALIDATION_ERROR"], bad
        assert response.json()["data"] == {field: None}


def test_listing_needs_travel_read(server: LiveServer, tenant: Tenant, provider: str) -> None:
    listing = api_listing(server, tenant.keys["host"], "PROPERTY", provider)
    narrow = issue_key(server, tenant.workspace, roles=["admin"], permissions=["travel:book"])
    for query, variables in (
        (list_query("PROPERTY"), None),
        (single_query("PROPERTY"), {"id": listing}),
    ):
        assert error_codes(post(server, narrow.secret, query, variables)) == ["FORBIDDEN"]
