"""Favorites: a wishlist per member, toggled item by item (docs/design.md §5)."""

from __future__ import annotations

import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tests.factories import (
    Tenant,
    count_rows,
    create_listing,
    create_tenant,
    issue_key,
    tenant_listing,
)
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer

pytestmark = pytest.mark.plan("enterprise")

TOGGLE = """mutation ($type: TravelBookingType!, $id: ID!) {
  toggleTravelFavorite(targetType: $type, targetId: $id)
}"""
LIST = """query ($p: TravelPaginationInput) {
  travelFavorites(pagination: $p) { id targetType targetId createdAt target { __typename id name } }
}"""


def _toggle(server: LiveServer, key: str, target: uuid.UUID | str, kind: str = "PROPERTY") -> Any:
    return post(server, key, TOGGLE, {"type": kind, "id": str(target)})


def _favorites(server: LiveServer, key: str, **page: int) -> list[dict[str, Any]]:
    return data(server, key, LIST, {"p": page or None})["travelFavorites"]  # type: ignore[no-any-return]


def test_toggling_saves_then_removes(server: LiveServer, tenant: Tenant) -> None:
    key = tenant.keys["traveler"]
    tour = tenant_listing(server, tenant, kind="TOUR")
    assert _toggle(server, key, tour, "TOUR").json() == {"data": {"toggleTravelFavorite": True}}
    [favorite] = _favorites(server, key)
    assert (favorite["targetType"], favorite["targetId"]) == ("TOUR", str(tour))
    assert favorite["target"] == {
        "__typename": "TravelTour",
        "id": str(tour),
        "name": "Factory Tour",
    }
    assert favorite["createdAt"].endswith("Z")
    assert _toggle(server, key, tour, "TOUR").json() == {"data": {"toggleTravelFavorite": False}}
    assert _favorites(server, key) == []
    assert count_rows(server, "favorites", tenant.workspace) == 0


def test_each_member_has_its_own_list_newest_first(server: LiveServer, tenant: Tenant) -> None:
    host = tenant.members["host"]
    kinds = ("PROPERTY", "ACTIVITY", "EVENT")
    listings = [create_listing(server, tenant.workspace, host, kind=kind) for kind in kinds]
    for listing, kind in zip(listings, kinds, strict=True):
        assert _toggle(server, tenant.keys["traveler"], listing, kind).status_code == 200
    assert _toggle(server, tenant.keys["admin"], listings[0]).json()["data"] == {
        "toggleTravelFavorite": True
    }
    newest_first = [str(listing) for listing in reversed(listings)]
    assert [f["targetId"] for f in _favorites(server, tenant.keys["traveler"])] == newest_first
    assert [f["targetId"] for f in _favorites(server, tenant.keys["admin"])] == [str(listings[0])]
    assert _favorites(server, tenant.keys["traveler2"]) == []
    assert [f["targetId"] for f in _favorites(server, tenant.keys["traveler"], skip=1, take=1)] == [
        newest_first[1]
    ]
    response = post(server, tenant.keys["traveler"], LIST, {"p": {"take": 101}})
    assert error_codes(response) == ["VALIDATION_ERROR"]


def test_an_unknown_target_is_not_found(server: LiveServer, tenant: Tenant) -> None:
    stay = tenant_listing(server, tenant)
    other = create_tenant(server)
    foreign = tenant_listing(server, other)
    key = tenant.keys["traveler"]
    for target, kind in (
        (stay, "TOUR"),
        (foreign, "PROPERTY"),
        (uuid.uuid4(), "PROPERTY"),
        ("x", "TRIP"),
    ):
        response = _toggle(server, key, target, kind)
        assert response.status_code == 200
        assert error_codes(response) == ["NOT_FOUND"], (target, kind)
        assert response.json()["data"] is None  # the field is Boolean!, so data is null
    assert count_rows(server, "favorites", tenant.workspace) == 0
    assert count_rows(server, "favorites", other.workspace) == 0


def test_favorites_need_travel_favorite(server: LiveServer, tenant: Tenant) -> None:
    stay = tenant_listing(server, tenant)
    read_only = issue_key(server, tenant.workspace, roles=["traveler"], permissions=["travel:read"])
    for key in (tenant.keys["host"], read_only.secret):
        toggled = _toggle(server, key, stay)
        assert toggled.status_code == 200
        assert error_codes(toggled) == ["FORBIDDEN"]
        listed = post(server, key, LIST, {})
        assert error_codes(listed) == ["FORBIDDEN"]
        assert listed.json()["data"] == {"travelFavorites": None}
    assert count_rows(server, "favorites", tenant.workspace) == 0


def test_concurrent_toggles_never_duplicate(server: LiveServer, tenant: Tenant) -> None:
    stay = tenant_listing(server, tenant)
    clients = 9
    start = threading.Barrier(clients)

    def client(_: int) -> Any:
        start.wait()
        return _toggle(server, tenant.keys["traveler"], stay)

    with ThreadPoolExecutor(max_workers=clients) as pool:
        responses = list(pool.map(client, range(clients)))
    results = [r.json()["data"]["toggleTravelFavorite"] for r in responses]
    saved = count_rows(server, "favorites", tenant.workspace)
    assert saved <= 1
    # As if run one after another: saves and removals alternate, so they differ by the end state.
    assert results.count(True) - results.count(False) == saved
    assert len(_favorites(server, tenant.keys["traveler"])) == saved
