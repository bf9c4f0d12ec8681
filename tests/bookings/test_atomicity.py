"""One transaction per booking change: booking, timeline step, audit entry and outbox event
are written together or not at all (docs/design.md §4).

To make the last write fail for real, the tests install a database trigger that rejects
outbox rows of one workspace — the service's own code runs unchanged.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from tests.factories import (
    CANCEL,
    Tenant,
    book,
    booked,
    future_date,
    request_booking,
    snapshot,
    tenant_listing,
)
from tests.support.api import data, error_codes, post
from tests.support.faults import refusing
from tests.support.live import LiveServer

WRITTEN = ("bookings", "booking_transitions", "audit_log", "outbox_events")
ONE = "query ($id: ID!) { travelBooking(id: $id) { status timeline { to } } }"


@pytest.fixture
def outbox_refuses(server: LiveServer, tenant: Tenant) -> Iterator[None]:
    """While active, inserting an outbox event of `tenant`'s workspace fails in the database."""
    with refusing(server, "outbox_events", tenant.workspace):
        yield


def test_a_failing_event_leaves_no_booking_behind(
    server: LiveServer, tenant: Tenant, outbox_refuses: None
) -> None:
    listing = tenant_listing(server, tenant)
    response = book(server, tenant, listing, days=3, nights=2)
    assert response.status_code == 500
    assert error_codes(response) == ["INTERNAL_SERVER_ERROR"]
    assert "outbox" not in response.text  # no database detail reaches the caller
    assert snapshot(server, tenant.workspace, WRITTEN) == dict.fromkeys(WRITTEN, 0)


def test_a_failing_event_leaves_the_booking_confirmed(
    server: LiveServer, tenant: Tenant, request: pytest.FixtureRequest
) -> None:
    listing = tenant_listing(server, tenant)
    booking_id = booked(book(server, tenant, listing, days=3, nights=2))["id"]
    before = snapshot(server, tenant.workspace, WRITTEN)
    request.getfixturevalue("outbox_refuses")
    response = post(server, tenant.keys["traveler"], CANCEL, {"id": booking_id})
    assert error_codes(response) == ["INTERNAL_SERVER_ERROR"]
    assert snapshot(server, tenant.workspace, WRITTEN) == before
    booking = data(server, tenant.keys["traveler"], ONE, {"id": booking_id})["travelBooking"]
    assert booking == {"status": "CONFIRMED", "timeline": [{"to": "CONFIRMED"}]}


def test_refused_bookings_write_nothing(server: LiveServer, tenant: Tenant) -> None:
    listing = tenant_listing(server, tenant)
    assert error_codes(book(server, tenant, listing, days=3, nights=2)) == []
    before = snapshot(server, tenant.workspace, WRITTEN)
    stay = {"checkIn": future_date(3), "checkOut": future_date(5)}
    refusals = {
        "UNAVAILABLE": (tenant.keys["traveler2"], listing, stay),
        "FORBIDDEN": (tenant.keys["host"], listing, stay),
        "NOT_FOUND": (tenant.keys["traveler"], uuid.uuid4(), stay),
        "VALIDATION_ERROR": (tenant.keys["traveler"], listing, {**stay, "guests": 0}),
    }
    for code, (key, target, fields) in refusals.items():
        assert error_codes(request_booking(server, key, target, **fields)) == [code]
    assert snapshot(server, tenant.workspace, WRITTEN) == before
