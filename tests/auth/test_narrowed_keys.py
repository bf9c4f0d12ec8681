"""Keys narrowed to a few permissions read and replay nothing beyond them: a listing (and its
provider) needs travel:read wherever it is reached, and an Idempotency-Key replay answers only
a credential that could have run the mutation."""

from __future__ import annotations

import uuid

import pytest

from tests.factories import (
    Tenant,
    count_rows,
    future_date,
    issue_key,
    request_booking,
    tenant_listing,
)
from tests.support.api import error_codes, post
from tests.support.live import LiveServer

pytestmark = pytest.mark.plan("enterprise")


def _key(server: LiveServer, tenant: Tenant, *permissions: str) -> str:
    """Another key of the tenant's traveler, limited to `permissions`."""
    subject = _subject(server, tenant)
    return issue_key(
        server, tenant.workspace, subject=subject, permissions=list(permissions)
    ).secret


def _subject(server: LiveServer, tenant: Tenant) -> str:
    answer = post(server, tenant.keys["traveler"], "{ travelViewer { subject } }")
    return str(answer.json()["data"]["travelViewer"]["subject"])


def test_a_booking_key_cannot_read_listings_through_its_bookings(
    server: LiveServer, module_tenant: Tenant
) -> None:
    listing = tenant_listing(server, module_tenant, units=5)
    book_only = _key(server, module_tenant, "travel:book")
    booked = request_booking(
        server,
        book_only,
        listing,
        checkIn=future_date(3),
        checkOut=future_date(4),
    )
    assert booked.status_code == 200, booked.text
    assert error_codes(post(server, book_only, "{ travelProperties { id } }")) == ["FORBIDDEN"]

    own = "{ travelBookings { id referenceCode } }"
    assert "errors" not in post(server, book_only, own).json()
    through = (
        "{ travelBookings { id target { name ... on TravelProperty { provider { name } } } } }"
    )
    answer = post(server, book_only, through)
    assert "FORBIDDEN" in error_codes(answer)
    # The refused, non-null target nulls its booking and so the list: nothing of it shows.
    assert answer.json()["data"] == {"travelBookings": None}
    # The full key of the same member reads it.
    full = post(server, module_tenant.keys["traveler"], through)
    assert "errors" not in full.json()


def test_a_favorite_key_cannot_read_listings_through_its_wishlist(
    server: LiveServer, module_tenant: Tenant
) -> None:
    listing = tenant_listing(server, module_tenant)
    favorite_only = _key(server, module_tenant, "travel:favorite")
    toggle = "mutation ($id: ID!) { toggleTravelFavorite(targetType: PROPERTY, targetId: $id) }"
    assert post(server, favorite_only, toggle, {"id": str(listing)}).json() == {
        "data": {"toggleTravelFavorite": True}
    }
    assert "errors" not in post(server, favorite_only, "{ travelFavorites { targetId } }").json()
    answer = post(server, favorite_only, "{ travelFavorites { target { name } } }")
    assert error_codes(answer) == ["FORBIDDEN"]


def test_a_replay_answers_only_a_credential_with_the_same_permissions(
    server: LiveServer, module_tenant: Tenant
) -> None:
    """The first call selected the target and its provider (travel:read); a key of the same
    member that may book but not read, or read but not book, must not see that answer: it
    gets IDEMPOTENCY_KEY_REUSED and nothing runs."""
    listing = tenant_listing(server, module_tenant, units=5)
    headers = {"Idempotency-Key": f"shared-{uuid.uuid4()}"}
    dates = {"checkIn": future_date(10), "checkOut": future_date(11)}
    first = request_booking(
        server, module_tenant.keys["traveler"], listing, headers=headers, **dates
    )
    assert first.status_code == 200, first.text
    booked = count_rows(server, "bookings", module_tenant.workspace)

    for narrowed in ("travel:read", "travel:book"):
        key = _key(server, module_tenant, narrowed)
        again = request_booking(server, key, listing, headers=headers, **dates)
        assert again.status_code == 422, (narrowed, again.text)
        assert error_codes(again) == ["IDEMPOTENCY_KEY_REUSED"]
        assert "Idempotent-Replayed" not in again.headers
        assert first.json()["data"]["createTravelBooking"]["id"] not in again.text
        assert count_rows(server, "bookings", module_tenant.workspace) == booked

    # The credential that may book still gets its replay.
    replay = request_booking(
        server, module_tenant.keys["traveler"], listing, headers=headers, **dates
    )
    assert replay.headers["Idempotent-Replayed"] == "true"
    assert replay.json() == first.json()
