"""travelBookings / travelBooking: scoped by role, paginated, filtered, with target and timeline."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.factories import (
    BOOKING_FIELDS,
    CANCEL,
    Tenant,
    add_member,
    book,
    booked,
    create_listing,
    create_tenant,
    future_date,
    issue_key,
    request_booking,
)
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer

LIST = (
    "query ($p: TravelPaginationInput, $f: TravelBookingFilter) {"
    " travelBookings(pagination: $p, filter: $f) {" + BOOKING_FIELDS + "} }"
)
ONE = "query ($id: ID!) { travelBooking(id: $id) {" + BOOKING_FIELDS + "} }"


class World:
    """A tenant whose "host" owns a stay and a tour; bookings by traveler, traveler2 and admin;
    "host2" owns a listing nobody booked."""

    def __init__(self, server: LiveServer) -> None:
        self.tenant = create_tenant(server)
        host = self.tenant.members["host"]
        self.stay = create_listing(server, self.tenant.workspace, host, units=5)
        self.tour = create_listing(server, self.tenant.workspace, host, kind="TOUR")
        create_listing(server, self.tenant.workspace, self.tenant.members["host2"])
        self.ids: dict[str, str] = {}
        for who, listing, kind in (
            ("traveler", self.stay, "PROPERTY"),
            ("traveler2", self.stay, "PROPERTY"),
            ("admin", self.tour, "TOUR"),
        ):
            fields = {"checkIn": future_date(4)}
            if kind == "PROPERTY":
                fields["checkOut"] = future_date(6)
            response = request_booking(
                server, self.tenant.keys[who], listing, target_type=kind, **fields
            )
            self.ids[who] = booked(response)["id"]


@pytest.fixture
def world(server: LiveServer) -> World:
    return World(server)


def _ids(server: LiveServer, key: str, **variables: Any) -> list[str]:
    return [b["id"] for b in data(server, key, LIST, variables)["travelBookings"]]


def test_each_role_sees_its_own_union(server: LiveServer, world: World) -> None:
    keys, ids = world.tenant.keys, world.ids
    assert _ids(server, keys["traveler"]) == [ids["traveler"]]
    assert _ids(server, keys["traveler2"]) == [ids["traveler2"]]
    # Newest first: the admin's own tour booking was made last.
    assert _ids(server, keys["host"]) == [ids["admin"], ids["traveler2"], ids["traveler"]]
    assert _ids(server, keys["host2"]) == []
    assert _ids(server, keys["admin"]) == [ids["admin"], ids["traveler2"], ids["traveler"]]


def test_traveler_and_host_roles_together_see_both_scopes(server: LiveServer, world: World) -> None:
    tenant = world.tenant
    both = add_member(
        server, tenant.workspace, f"both-{uuid.uuid4().hex[:6]}", ["traveler", "host"]
    )
    key = issue_key(server, tenant.workspace, subject=both.subject).secret
    hosted = create_listing(server, tenant.workspace, both.id, kind="ACTIVITY")
    on_hosted = booked(book(server, tenant, hosted, days=2, kind="ACTIVITY"))["id"]
    own = booked(
        request_booking(server, key, world.stay, checkIn=future_date(8), checkOut=future_date(9))
    )["id"]
    assert _ids(server, key) == [own, on_hosted]
    assert _ids(server, tenant.keys["traveler"])[0] == on_hosted


def test_a_booking_carries_its_target_and_timeline(server: LiveServer, world: World) -> None:
    [booking] = data(server, world.tenant.keys["admin"], LIST, {"f": {"targetType": "TOUR"}})[
        "travelBookings"
    ]
    assert booking["target"] == {
        "__typename": "TravelTour",
        "id": str(world.tour),
        "name": "Factory Tour",
    }
    assert (booking["checkIn"], booking["checkOut"]) == (future_date(4), future_date(4))
    assert (booking["totalPrice"], booking["currency"], booking["guests"]) == ("100.00", "USD", 1)
    assert [(s["from"], s["to"]) for s in booking["timeline"]] == [(None, "CONFIRMED")]


def test_pagination_and_its_limits(server: LiveServer, world: World) -> None:
    key, ids = world.tenant.keys["admin"], world.ids
    assert _ids(server, key, p={"skip": 1, "take": 1}) == [ids["traveler2"]]
    assert _ids(server, key, p={"skip": 3}) == []
    assert _ids(server, key, p={"take": 0}) == []
    for page in ({"take": 101}, {"take": -1}, {"skip": -1}):
        response = post(server, key, LIST, {"p": page})
        assert error_codes(response) == ["VALIDATION_ERROR"], page


def test_filters(server: LiveServer, world: World) -> None:
    tenant, ids = world.tenant, world.ids
    key = tenant.keys["admin"]
    assert _ids(server, key, f={"targetId": str(world.stay)}) == [ids["traveler2"], ids["traveler"]]
    assert _ids(server, key, f={"status": "CANCELLED"}) == []
    assert error_codes(post(server, key, LIST, {"f": {"targetId": "nope"}})) == ["VALIDATION_ERROR"]
    # A fresh booking, cancelled: the filter finds it and only it.
    extra = booked(book(server, tenant, world.stay, days=30, nights=1))["id"]
    data(server, tenant.keys["traveler"], CANCEL, {"id": extra})
    assert _ids(server, key, f={"status": "CANCELLED"}) == [extra]
    assert extra not in _ids(server, key, f={"status": "CONFIRMED"})
    [cancelled] = data(server, key, LIST, {"f": {"status": "CANCELLED"}})["travelBookings"]
    assert [(s["from"], s["to"]) for s in cancelled["timeline"]] == [
        (None, "CONFIRMED"),
        ("CONFIRMED", "CANCELLED"),
    ]


def test_one_booking_is_visible_only_to_who_may_see_it(server: LiveServer, world: World) -> None:
    keys, booking_id = world.tenant.keys, world.ids["traveler"]
    for who in ("traveler", "host", "admin"):
        found = data(server, keys[who], ONE, {"id": booking_id})["travelBooking"]
        assert found["id"] == booking_id, who
    for who in ("traveler2", "host2"):
        response = post(server, keys[who], ONE, {"id": booking_id})
        assert error_codes(response) == ["NOT_FOUND"], who
        assert response.json()["data"] == {"travelBooking": None}
    assert error_codes(post(server, keys["admin"], ONE, {"id": str(uuid.uuid4())})) == ["NOT_FOUND"]


def test_another_workspace_sees_nothing(server: LiveServer, world: World) -> None:
    other: Tenant = create_tenant(server)
    assert _ids(server, other.keys["admin"]) == []
    response = post(server, other.keys["admin"], ONE, {"id": world.ids["traveler"]})
    assert error_codes(response) == ["NOT_FOUND"]


def test_reading_bookings_needs_a_booking_permission(server: LiveServer, world: World) -> None:
    read_only = issue_key(
        server, world.tenant.workspace, roles=["traveler"], permissions=["travel:read"]
    ).secret
    for query, variables in ((LIST, {}), (ONE, {"id": world.ids["traveler"]})):
        response = post(server, read_only, query, variables)
        assert response.status_code == 200
        assert error_codes(response) == ["FORBIDDEN"]
