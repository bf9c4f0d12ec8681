"""`<list>Count` queries: how many items a list has over all its pages, under the same filter
and the same permissions as the list."""

from __future__ import annotations

import pytest

from tests.factories import (
    Tenant,
    api_listing,
    api_provider,
    create_listing,
    create_tenant,
    future_date,
    issue_key,
    tenant_booking,
    tenant_listing,
)
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer

pytestmark = pytest.mark.plan("pro")

KINDS = {
    "PROPERTY": "travelProperties",
    "TOUR": "travelTours",
    "ACTIVITY": "travelActivities",
    "EVENT": "travelEvents",
    "TRIP": "travelTrips",
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_listing_counts_follow_the_filter_and_match_the_pages(
    server: LiveServer, tenant: Tenant, kind: str
) -> None:
    provider = api_provider(
        server, tenant.keys["host"], type="HOST" if kind == "PROPERTY" else "OPERATOR"
    )
    for i in range(5):
        api_listing(
            server,
            tenant.keys["host"],
            kind,
            provider,
            name=f"Item {i} {'blue' if i % 2 else 'red'}",
        )
    name = KINDS[kind]
    query = (
        f"query ($f: TravelListingFilterInput, $p: TravelPaginationInput) "
        f"{{ {name}(filter: $f, pagination: $p) {{ id }} {name}Count(filter: $f) }}"
    )
    everything = data(server, tenant.keys["traveler"], query, {"p": {"take": 2}})
    assert everything[f"{name}Count"] == 5
    assert len(everything[name]) == 2
    blue = data(server, tenant.keys["traveler"], query, {"f": {"text": "blue"}, "p": {"take": 100}})
    assert blue[f"{name}Count"] == len(blue[name]) == 2
    last_page = data(server, tenant.keys["traveler"], query, {"p": {"skip": 4, "take": 2}})
    assert len(last_page[name]) == 1  # skip + returned == count: no more pages
    nothing = data(server, tenant.keys["traveler"], query, {"f": {"providerId": "nope"}})
    assert nothing[f"{name}Count"] == 0


def test_counts_need_the_lists_permission_and_stay_in_the_workspace(
    server: LiveServer, tenant: Tenant
) -> None:
    tenant_listing(server, tenant)
    other = create_tenant(server)
    for _ in range(3):
        tenant_listing(server, other)
    counts = "{ travelPropertiesCount travelProvidersCount }"
    assert data(server, tenant.keys["traveler"], counts) == {
        "travelPropertiesCount": 1,
        "travelProvidersCount": 1,
    }
    assert data(server, other.keys["traveler"], counts)["travelPropertiesCount"] == 3
    book_only = issue_key(
        server, tenant.workspace, roles=["traveler"], permissions=["travel:book"]
    ).secret
    refused = post(server, book_only, counts)
    assert error_codes(refused) == ["FORBIDDEN", "FORBIDDEN"]
    assert refused.json()["data"] == {"travelPropertiesCount": None, "travelProvidersCount": None}


def test_provider_counts_and_the_owned_by_viewer_filter(server: LiveServer, tenant: Tenant) -> None:
    mine = api_provider(server, tenant.keys["host"], name="Mine One")
    api_provider(server, tenant.keys["host"], name="Mine Two", type="OPERATOR")
    theirs = api_provider(server, tenant.keys["host2"], name="Theirs")
    query = (
        "query ($f: TravelProviderFilterInput) "
        "{ travelProviders(filter: $f) { id } travelProvidersCount(filter: $f) }"
    )
    owned = data(server, tenant.keys["host"], query, {"f": {"ownedByViewer": True}})
    assert owned["travelProvidersCount"] == 2
    assert mine in {p["id"] for p in owned["travelProviders"]}
    assert theirs not in {p["id"] for p in owned["travelProviders"]}
    operators = data(
        server, tenant.keys["host"], query, {"f": {"ownedByViewer": True, "type": "OPERATOR"}}
    )
    assert operators["travelProvidersCount"] == 1
    everyone = data(server, tenant.keys["host"], query, {"f": {"ownedByViewer": False}})
    assert everyone["travelProvidersCount"] == 3
    # A traveler owns none.
    assert data(server, tenant.keys["traveler"], query, {"f": {"ownedByViewer": True}}) == {
        "travelProviders": [],
        "travelProvidersCount": 0,
    }


def test_booking_counts_follow_the_callers_scope(server: LiveServer, tenant: Tenant) -> None:
    listing = tenant_listing(server, tenant)
    for days, who in ((3, "traveler"), (6, "traveler"), (9, "traveler2")):
        tenant_booking(server, tenant, listing, future_date(days), future_date(days + 1), who=who)
    count = "query ($f: TravelBookingFilter) { travelBookingsCount(filter: $f) }"
    assert data(server, tenant.keys["traveler"], count)["travelBookingsCount"] == 2
    assert data(server, tenant.keys["traveler2"], count)["travelBookingsCount"] == 1
    assert data(server, tenant.keys["host"], count)["travelBookingsCount"] == 3
    assert data(server, tenant.keys["host2"], count)["travelBookingsCount"] == 0
    assert data(server, tenant.keys["admin"], count)["travelBookingsCount"] == 3
    cancelled = {"f": {"status": "CANCELLED"}}
    assert data(server, tenant.keys["admin"], count, cancelled)["travelBookingsCount"] == 0
    other = create_tenant(server)
    assert data(server, other.keys["admin"], count)["travelBookingsCount"] == 0
    read_only = issue_key(server, tenant.workspace, roles=["traveler"], permissions=["travel:read"])
    assert error_codes(post(server, read_only.secret, count)) == ["FORBIDDEN"]


def test_favorite_counts_are_the_callers_own(server: LiveServer, tenant: Tenant) -> None:
    toggle = "mutation ($id: ID!) { toggleTravelFavorite(targetType: PROPERTY, targetId: $id) }"
    for _ in range(3):
        listing = tenant_listing(server, tenant)
        data(server, tenant.keys["traveler"], toggle, {"id": str(listing)})
    count = "{ travelFavoritesCount }"
    assert data(server, tenant.keys["traveler"], count) == {"travelFavoritesCount": 3}
    assert data(server, tenant.keys["traveler2"], count) == {"travelFavoritesCount": 0}
    assert error_codes(post(server, tenant.keys["host"], count)) == ["FORBIDDEN"]


def test_booking_filters_for_the_viewers_own_and_hosted_bookings(
    server: LiveServer, tenant: Tenant
) -> None:
    """bookedByViewer / hostedByViewer narrow what the caller may see, never widen it."""
    hosted = tenant_listing(server, tenant)
    elsewhere = create_listing(server, tenant.workspace, tenant.members["host2"])
    for listing, who, days in (
        (hosted, "traveler", 3),
        (hosted, "admin", 5),
        (elsewhere, "admin", 7),
        (elsewhere, "traveler2", 9),
    ):
        tenant_booking(server, tenant, listing, future_date(days), future_date(days + 1), who=who)
    query = (
        "query ($f: TravelBookingFilter) { travelBookings(filter: $f) { id } "
        "travelBookingsCount(filter: $f) }"
    )

    def count(who: str, **f: bool) -> int:
        result = data(server, tenant.keys[who], query, {"f": f})
        assert len(result["travelBookings"]) == result["travelBookingsCount"]
        return int(result["travelBookingsCount"])

    assert count("admin") == 4
    assert count("admin", bookedByViewer=True) == 2
    assert count("admin", hostedByViewer=True) == 0  # the admin registered no provider
    assert count("host", hostedByViewer=True) == 2
    assert count("host", bookedByViewer=True) == 0
    assert count("traveler", bookedByViewer=True) == 1
    assert count("traveler", hostedByViewer=True) == 0  # never widens to others' bookings
    assert count("host2", hostedByViewer=True) == 2
