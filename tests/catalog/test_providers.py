"""Providers through HTTP: registering, reading, listing, filtering, and who may do what."""

from __future__ import annotations

import uuid

import pytest

from tests.factories import Tenant, api_provider, count_rows, create_tenant, issue_key
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer

CREATE = (
    "mutation ($input: CreateTravelProviderInput!) "
    "{ createTravelProvider(input: $input) { id name type rating } }"
)
ONE = "query ($id: ID!) { travelProvider(id: $id) { id name type rating } }"
LIST = (
    "query ($p: TravelPaginationInput, $f: TravelProviderFilterInput) "
    "{ travelProviders(pagination: $p, filter: $f) { id name type } }"
)


def test_host_registers_a_provider_with_no_rating(server: LiveServer, tenant: Tenant) -> None:
    created = data(
        server, tenant.keys["host"], CREATE, {"input": {"name": "  Casa Azul  ", "type": "HOST"}}
    )["createTravelProvider"]
    assert created["name"] == "Casa Azul"
    assert created["type"] == "HOST"
    assert created["rating"] is None
    read = data(server, tenant.keys["traveler"], ONE, {"id": created["id"]})["travelProvider"]
    assert read == created


def test_admin_registers_an_operator(server: LiveServer, tenant: Tenant) -> None:
    created = data(
        server, tenant.keys["admin"], CREATE, {"input": {"name": "Atlas", "type": "OPERATOR"}}
    )
    assert created["createTravelProvider"]["type"] == "OPERATOR"


def test_traveler_may_not_register_and_nothing_is_written(
    server: LiveServer, tenant: Tenant
) -> None:
    response = post(
        server, tenant.keys["traveler"], CREATE, {"input": {"name": "Mine", "type": "HOST"}}
    )
    assert response.status_code == 200
    assert error_codes(response) == ["FORBIDDEN"]
    assert response.json()["data"] == {"createTravelProvider": None}
    assert count_rows(server, "providers", tenant.workspace) == 0


@pytest.mark.parametrize(
    ("name", "field"),
    [("", "input.name"), ("   ", "input.name"), ("x" * 201, "input.name")],
)
def test_invalid_names_are_refused(
    server: LiveServer, tenant: Tenant, name: str, field: str
) -> None:
    response = post(server, tenant.keys["host"], CREATE, {"input": {"name": name, "type": "HOST"}})
    assert error_codes(response) == ["VALIDATION_ERROR"]
    error = response.json()["errors"][0]
    assert error["extensions"]["field"] == field
    assert field in error["message"]
    assert count_rows(server, "providers", tenant.workspace) == 0


def test_unknown_provider_type_is_a_validation_error(server: LiveServer, tenant: Tenant) -> None:
    response = post(
        server, tenant.keys["host"], CREATE, {"input": {"name": "Castle", "type": "CASTLE"}}
    )
    assert response.status_code == 400
    assert error_codes(response) == ["VALIDATION_ERROR"]
    assert count_rows(server, "providers", tenant.workspace) == 0


def test_single_provider_unknown_malformed_and_foreign_ids_are_not_found(
    server: LiveServer, tenant: Tenant
) -> None:
    other = create_tenant(server)
    foreign = api_provider(server, other.keys["host"], "Elsewhere Inn")
    for provider_id in (foreign, str(uuid.uuid4()), "not-an-id", ""):
        response = post(server, tenant.keys["admin"], ONE, {"id": provider_id})
        assert error_codes(response) == ["NOT_FOUND"], provider_id
        assert response.json()["data"] == {"travelProvider": None}


def test_list_is_oldest_first_and_scoped_to_the_workspace(
    server: LiveServer, tenant: Tenant
) -> None:
    other = create_tenant(server)
    api_provider(server, other.keys["host"], "Not Mine")
    ids = [api_provider(server, tenant.keys["host"], f"P{n}") for n in range(3)]
    listed = data(server, tenant.keys["traveler"], LIST)["travelProviders"]
    assert [p["id"] for p in listed] == ids
    page = data(server, tenant.keys["traveler"], LIST, {"p": {"skip": 1, "take": 1}})
    assert [p["id"] for p in page["travelProviders"]] == ids[1:2]


@pytest.mark.parametrize(
    ("pagination", "ok"),
    [
        ({"skip": 0, "take": 0}, True),
        ({"skip": 0, "take": 100}, True),
        ({"skip": 0, "take": 101}, False),
        ({"skip": -1, "take": 1}, False),
        ({"skip": 0, "take": -1}, False),
    ],
)
def test_pagination_edges(server: LiveServer, tenant: Tenant, pagination: dict, ok: bool) -> None:  # type: ignore[type-arg]
    api_provider(server, tenant.keys["host"])
    response = post(server, tenant.keys["traveler"], LIST, {"p": pagination})
    if ok:
        expected = min(1, pagination["take"])
        assert len(response.json()["data"]["travelProviders"]) == expected
    else:
        assert error_codes(response) == ["VALIDATION_ERROR"]
        assert response.json()["data"] == {"travelProviders": None}


def test_filter_by_type_and_text(server: LiveServer, tenant: Tenant) -> None:
    inn = api_provider(server, tenant.keys["host"], "Harbour View Inn", "HOST")
    tours = api_provider(server, tenant.keys["host"], "Harbour Walking Tours", "OPERATOR")
    api_provider(server, tenant.keys["host"], "Alpine Lodge", "HOST")

    def ids(conditions: dict) -> list[str]:  # type: ignore[type-arg]
        listed = data(server, tenant.keys["traveler"], LIST, {"f": conditions})
        return [p["id"] for p in listed["travelProviders"]]

    assert ids({"text": "harbour"}) == [inn, tours]
    assert ids({"text": "HARBOUR tours"}) == [tours]
    assert ids({"type": "OPERATOR"}) == [tours]
    assert ids({"type": "HOST", "text": "harbour"}) == [inn]
    assert ids({"minRating": 4}) == []  # nobody is rated yet


def test_reading_needs_travel_read(server: LiveServer, tenant: Tenant) -> None:
    narrow = issue_key(server, tenant.workspace, roles=["admin"], permissions=["travel:book"])
    for query, variables in ((LIST, None), (ONE, {"id": str(uuid.uuid4())})):
        response = post(server, narrow.secret, query, variables)
        assert error_codes(response) == ["FORBIDDEN"]
