"""The `filter` argument of the listing lists: each condition, combinations, and bad input."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.factories import Tenant, api_listing, api_provider, create_tenant, set_ratings
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer

PROPERTIES = (
    "query ($p: TravelPaginationInput, $f: TravelListingFilterInput) "
    "{ travelProperties(pagination: $p, filter: $f) { name } }"
)
TOURS = "query ($f: TravelListingFilterInput) { travelTours(filter: $f) { name } }"


@pytest.fixture(scope="module")
def catalog(server: LiveServer) -> tuple[Tenant, dict[str, str]]:
    """One workspace with a small, varied catalog (and a second workspace that must not leak)."""
    tenant = create_tenant(server)
    mine = api_provider(server, tenant.keys["host"], "Casa Azul")
    theirs = api_provider(server, tenant.keys["host2"], "Harbour Homes")
    stays = {
        "loft": (mine, "Sea-view loft", "Lisbon, Portugal", "120.00", "USD", None, 2),
        "studio": (mine, "Garden studio", "Porto", "80.00", "USD", "Quiet, near the OLD town", 4),
        "suite": (theirs, "Old town suite", "lisbon", "250.00", "EUR", None, None),
        "capsule": (mine, "Capsule 100%", "Tokyo", "9000", "JPY", "A_pod", 1),
    }
    ids = {}
    for label, (provider, name, location, price, currency, description, guests) in stays.items():
        ids[label] = api_listing(
            server,
            tenant.keys["host" if provider == mine else "host2"],
            "PROPERTY",
            provider,
            name=name,
            location=location,
            pricePerNight=price,
            currency=currency,
            description=description,
            maxGuests=guests,
        )
    set_ratings(server, tenant, {ids["loft"]: 4.6, ids["studio"]: 3.9, ids["capsule"]: 4.2})
    for name, capacity in (("Old town walk", 12), ("Harbour kayak", 4)):
        api_listing(server, tenant.keys["host"], "TOUR", mine, name=name, capacity=capacity)
    other = create_tenant(server)
    api_listing(server, other.keys["host"], "PROPERTY", api_provider(server, other.keys["host"]))
    return tenant, {"mine": mine, "theirs": theirs}


def names(server: LiveServer, key: str, conditions: Any, query: str = PROPERTIES) -> list[str]:
    result = data(server, key, query, {"f": conditions})
    return [item["name"] for item in next(iter(result.values()))]


ALL = ["Sea-view loft", "Garden studio", "Old town suite", "Capsule 100%"]


@pytest.mark.parametrize(
    ("conditions", "expected"),
    [
        (None, ALL),
        ({}, ALL),
        ({"text": "  "}, ALL),
        ({"text": "LOFT"}, ["Sea-view loft"]),
        ({"text": "old town"}, ["Garden studio", "Old town suite"]),
        ({"text": "town quiet"}, ["Garden studio"]),
        ({"text": "100%"}, ["Capsule 100%"]),
        ({"text": "%"}, ALL),  # no word in it: no text condition (decision 0088)
        ({"text": "a_p"}, ["Capsule 100%"]),
        ({"text": "a_"}, ["Capsule 100%"]),
        ({"text": "nowhere"}, []),
        ({"location": "LISBON"}, ["Sea-view loft", "Old town suite"]),
        ({"location": "portugal"}, ["Sea-view loft"]),
        ({"minPrice": "100"}, ["Sea-view loft", "Old town suite", "Capsule 100%"]),
        ({"maxPrice": "100"}, ["Garden studio"]),
        ({"minPrice": "80", "maxPrice": "120"}, ["Sea-view loft", "Garden studio"]),
        ({"minPrice": "80.01", "maxPrice": "119.99"}, []),
        ({"currency": "eur"}, ["Old town suite"]),
        ({"minPrice": "100", "currency": "USD"}, ["Sea-view loft"]),
        ({"maxPrice": "9000", "currency": "JPY"}, ["Capsule 100%"]),
        ({"minRating": 4}, ["Sea-view loft", "Capsule 100%"]),
        ({"minRating": 4.6}, ["Sea-view loft"]),
        ({"minRating": 0}, ["Sea-view loft", "Garden studio", "Capsule 100%"]),
        ({"providerId": str(uuid.uuid4())}, []),
        ({"providerId": "not-an-id"}, []),
        ({"guests": 2}, ["Sea-view loft", "Garden studio", "Old town suite"]),
        ({"guests": 3}, ["Garden studio", "Old town suite"]),
        ({"location": "lisbon", "maxPrice": "200", "minRating": 4}, ["Sea-view loft"]),
        ({"text": "old", "location": "porto", "guests": 4}, ["Garden studio"]),
        ({"text": "old", "location": "porto", "guests": 5}, []),
    ],
)
def test_property_filters(
    server: LiveServer, catalog: tuple[Tenant, dict[str, str]], conditions: Any, expected: list[str]
) -> None:
    tenant, _ = catalog
    assert names(server, tenant.keys["traveler"], conditions) == expected


def test_provider_filter(server: LiveServer, catalog: tuple[Tenant, dict[str, str]]) -> None:
    tenant, providers = catalog
    key = tenant.keys["traveler"]
    assert names(server, key, {"providerId": providers["theirs"]}) == ["Old town suite"]
    assert names(server, key, {"providerId": providers["mine"], "minRating": 4.5}) == [
        "Sea-view loft"
    ]
    other = create_tenant(server)
    assert names(server, other.keys["traveler"], {"providerId": providers["mine"]}) == []


def test_filters_apply_to_the_other_kinds(
    server: LiveServer, catalog: tuple[Tenant, dict[str, str]]
) -> None:
    key = catalog[0].keys["traveler"]
    assert names(server, key, {"text": "old"}, TOURS) == ["Old town walk"]
    assert names(server, key, {"guests": 5}, TOURS) == ["Old town walk"]
    assert names(server, key, {"location": "tokyo"}, TOURS) == []


def test_filter_and_pagination_combine(
    server: LiveServer, catalog: tuple[Tenant, dict[str, str]]
) -> None:
    key = catalog[0].keys["traveler"]
    result = data(server, key, PROPERTIES, {"f": {"minPrice": "100"}, "p": {"skip": 1, "take": 1}})
    assert [item["name"] for item in result["travelProperties"]] == ["Old town suite"]


@pytest.mark.parametrize(
    ("conditions", "field"),
    [
        ({"minPrice": "-1"}, "filter.minPrice"),
        ({"maxPrice": "-0.5"}, "filter.maxPrice"),
        ({"minPrice": "10", "maxPrice": "5"}, "filter.maxPrice"),
        ({"maxPrice": "1e13"}, "filter.maxPrice"),
        ({"minRating": 5.5}, "filter.minRating"),
        ({"minRating": -1}, "filter.minRating"),
        ({"currency": "XX"}, "filter.currency"),
        ({"text": "x" * 201}, "filter.text"),
        ({"text": " ".join("abcdefghijk")}, "filter.text"),
        ({"location": "x" * 201}, "filter.location"),
        ({"guests": 0}, "filter.guests"),
        ({"availableFrom": "2030-01-01"}, "filter.availableTo"),
        ({"availableTo": "2030-01-01"}, "filter.availableFrom"),
        ({"availableFrom": "2030-01-05", "availableTo": "2030-01-01"}, "filter.availableTo"),
        ({"availableFrom": "2030-01-05", "availableTo": "2030-01-05"}, "filter.availableTo"),
        ({"availableFrom": "2030-01-01", "availableTo": "2031-01-03"}, "filter.availableTo"),
        # Dates nobody could book: before today, or past the bookings' five years.
        ({"availableFrom": "2020-01-01", "availableTo": "2020-01-05"}, "filter.availableFrom"),
        ({"availableFrom": "2099-01-01", "availableTo": "2099-01-03"}, "filter.availableFrom"),
        ({"places": ["Lisbon", " "]}, "filter.places"),
    ],
)
def test_invalid_filters_are_validation_errors(
    server: LiveServer, catalog: tuple[Tenant, dict[str, str]], conditions: Any, field: str
) -> None:
    response = post(server, catalog[0].keys["traveler"], PROPERTIES, {"f": conditions})
    assert error_codes(response) == ["VALIDATION_ERROR"]
    error = response.json()["errors"][0]
    assert error["extensions"]["field"] == field
    assert field in error["message"]
    assert response.json()["data"] == {"travelProperties": None}


def test_a_one_day_window_is_fine_for_kinds_booked_by_date(
    server: LiveServer, catalog: tuple[Tenant, dict[str, str]]
) -> None:
    window = {"availableFrom": "2030-01-05", "availableTo": "2030-01-05"}
    assert names(server, catalog[0].keys["traveler"], window, TOURS) == [
        "Old town walk",
        "Harbour kayak",
    ]


def test_malformed_filter_values_are_400(
    server: LiveServer, catalog: tuple[Tenant, dict[str, str]]
) -> None:
    for conditions in ({"minPrice": "cheap"}, {"availableFrom": "01/05/2030"}, {"guests": "2"}):
        response = post(server, catalog[0].keys["traveler"], PROPERTIES, {"f": conditions})
        assert response.status_code == 400, conditions
        assert error_codes(response) == ["VALIDATION_ERROR"]
        # The value is named by its path in the variables as sent.
        (name,) = conditions
        assert response.json()["errors"][0]["extensions"]["field"] == f"f.{name}"
    search = """query ($f: TravelSearchFilterInput, $p: TravelPaginationInput) {
      travelSearch(filter: $f) { total listings(pagination: $p) { name } } }"""
    for variables, field in (
        ({"f": {"near": {"latitude": "NaN", "longitude": 0, "radiusKm": 5}}}, "f.near.latitude"),
        ({"f": {"near": {"latitude": 1, "longitude": 0}}}, "f.near"),
        ({"f": {"kinds": ["PROPERTY", "FOO"]}}, "f.kinds[1]"),
        ({"f": 5}, "f"),
        ({"p": {"skip": 99999999999}}, "p.skip"),
    ):
        response = post(server, catalog[0].keys["traveler"], search, variables)
        assert response.status_code == 400, variables
        (error,) = response.json()["errors"]
        assert (error["extensions"]["code"], error["extensions"]["field"]) == (
            "VALIDATION_ERROR",
            field,
        )
