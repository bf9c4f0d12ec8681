"""travelBookings(where:) and its deprecated twin `filter`
(docs/decisions/0065-booking-filter-input-name.md): old documents keep working, new ones use
TravelBookingFilterInput, both at once is a VALIDATION_ERROR."""

from __future__ import annotations

from typing import Any

import pytest

from tests.factories import book, booked, create_listing, create_tenant
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer

OLD = (
    "query ($f: TravelBookingFilter) {"
    " travelBookings(filter: $f) { id } travelBookingsCount(filter: $f) }"
)
NEW = (
    "query ($w: TravelBookingFilterInput) {"
    " travelBookings(where: $w) { id } travelBookingsCount(where: $w) }"
)
BOTH_LIST = (
    "query ($w: TravelBookingFilterInput, $f: TravelBookingFilter) {"
    " travelBookings(where: $w, filter: $f) { id } }"
)
BOTH_COUNT = (
    "query ($w: TravelBookingFilterInput, $f: TravelBookingFilter) {"
    " travelBookingsCount(where: $w, filter: $f) }"
)


@pytest.fixture
def bookings(server: LiveServer) -> tuple[str, dict[str, str]]:
    """An admin's key, and the ids of a stay booked by the traveler and a tour by the admin."""
    tenant = create_tenant(server)
    host = tenant.members["host"]
    stay = create_listing(server, tenant.workspace, host)
    tour = create_listing(server, tenant.workspace, host, kind="TOUR")
    ids = {}
    for who, listing, kind, nights in (
        ("traveler", stay, "PROPERTY", 1),
        ("admin", tour, "TOUR", None),
    ):
        response = book(server, tenant, listing, days=4, nights=nights, kind=kind, who=who)
        ids[kind] = booked(response)["id"]
    return tenant.keys["admin"], ids


def _found(body: dict[str, Any]) -> tuple[list[str], int]:
    return [b["id"] for b in body["travelBookings"]], body["travelBookingsCount"]


def test_where_and_the_deprecated_filter_answer_alike(
    server: LiveServer, bookings: tuple[str, dict[str, str]]
) -> None:
    key, ids = bookings
    for conditions, expected in (
        (None, [ids["TOUR"], ids["PROPERTY"]]),
        ({"targetType": "PROPERTY"}, [ids["PROPERTY"]]),
        ({"bookedByViewer": True}, [ids["TOUR"]]),
        ({"status": "CANCELLED"}, []),
    ):
        new = _found(data(server, key, NEW, {"w": conditions}))
        old = _found(data(server, key, OLD, {"f": conditions}))
        assert new == old == (expected, len(expected)), conditions


def test_literal_arguments_of_either_name(
    server: LiveServer, bookings: tuple[str, dict[str, str]]
) -> None:
    key, ids = bookings
    for argument in ("where", "filter"):
        query = (
            f"{{ travelBookings({argument}: {{targetType: TOUR}}) {{ id }}"
            f" travelBookingsCount({argument}: {{targetType: TOUR}}) }}"
        )
        assert _found(data(server, key, query)) == ([ids["TOUR"]], 1), argument


@pytest.mark.parametrize("query", [BOTH_LIST, BOTH_COUNT])
def test_both_at_once_is_a_validation_error(
    server: LiveServer, bookings: tuple[str, dict[str, str]], query: str
) -> None:
    key, _ = bookings
    same = {"targetType": "TOUR"}
    response = post(server, key, query, {"w": same, "f": same})
    body = response.json()
    assert response.status_code == 200
    assert error_codes(response) == ["VALIDATION_ERROR"]
    assert body["errors"][0]["extensions"]["field"] == "filter"
    assert "not both" in body["errors"][0]["message"]
    assert list(body["data"].values()) == [None]


def test_one_of_them_null_is_the_other_alone(
    server: LiveServer, bookings: tuple[str, dict[str, str]]
) -> None:
    key, ids = bookings
    found = data(server, key, BOTH_LIST, {"w": {"targetType": "TOUR"}, "f": None})
    assert [b["id"] for b in found["travelBookings"]] == [ids["TOUR"]]
    found = data(server, key, BOTH_LIST, {"w": None, "f": {"targetType": "PROPERTY"}})
    assert [b["id"] for b in found["travelBookings"]] == [ids["PROPERTY"]]


def test_a_bad_id_names_the_argument_it_came_in(
    server: LiveServer, bookings: tuple[str, dict[str, str]]
) -> None:
    key, _ = bookings
    for query, variables, field in (
        (NEW, {"w": {"targetId": "nope"}}, "where.targetId"),
        (OLD, {"f": {"targetId": "nope"}}, "filter.targetId"),
    ):
        response = post(server, key, query, variables)
        errors = response.json()["errors"]
        assert {e["extensions"]["code"] for e in errors} == {"VALIDATION_ERROR"}
        assert {e["extensions"]["field"] for e in errors} == {field}


def test_the_old_type_is_not_accepted_for_the_new_argument(
    server: LiveServer, bookings: tuple[str, dict[str, str]]
) -> None:
    key, _ = bookings
    mixed = "query ($f: TravelBookingFilter) { travelBookings(where: $f) { id } }"
    response = post(server, key, mixed, {"f": {}})
    assert response.status_code == 400
    assert error_codes(response) == ["VALIDATION_ERROR"]
