"""createTravelBooking: the input rules, prices, reference codes and rights (docs/design.md §4)."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, time, timedelta
from typing import Any

import pytest
from sqlalchemy import select

from tests.factories import (
    Tenant,
    booked,
    create_tenant,
    future_date,
    issue_key,
    request_booking,
    snapshot,
    tenant_listing,
)
from tests.support.api import error_codes
from tests.support.live import LiveServer
from travel.db.session import system_transaction
from travel.events.models import OutboxEvent

REFERENCE = re.compile(r"^TRV-(PROPERTY|TOUR|ACTIVITY|EVENT|TRIP)-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$")
WRITTEN = ("bookings", "booking_transitions", "audit_log", "outbox_events")


def _outbox(server: LiveServer, tenant: Tenant) -> list[tuple[str, dict[str, Any]]]:
    async def read() -> list[tuple[str, dict[str, Any]]]:
        async with system_transaction(server.services.databases.main) as session:
            rows = await session.execute(
                select(OutboxEvent.type, OutboxEvent.data)
                .where(OutboxEvent.workspace_id == tenant.workspace.id)
                .order_by(OutboxEvent.created_at)
            )
            return [(row[0], row[1]) for row in rows]

    return server.run(read())


def test_a_stay_is_confirmed_paid_and_priced_per_night(server: LiveServer, tenant: Tenant) -> None:
    listing = tenant_listing(server, tenant, "PROPERTY", price_minor=12_345, max_guests=4)
    response = request_booking(
        server,
        tenant.keys["traveler"],
        listing,
        checkIn=future_date(5),
        checkOut=future_date(8),
        guests=2,
    )
    booking = booked(response)
    assert booking["status"] == "CONFIRMED"
    assert booking["paymentStatus"] == "PAID"
    assert booking["targetType"] == "PROPERTY"
    assert REFERENCE.match(booking["referenceCode"])
    assert booking["referenceCode"].startswith("TRV-PROPERTY-")
    assert (booking["checkIn"], booking["checkOut"]) == (future_date(5), future_date(8))
    assert booking["guests"] == 2
    assert (booking["totalPrice"], booking["currency"]) == ("370.35", "USD")
    assert booking["target"] == {
        "__typename": "TravelProperty",
        "id": str(listing),
        "name": "Factory Property",
    }
    [step] = booking["timeline"]
    assert (step["from"], step["to"]) == (None, "CONFIRMED")
    assert step["actor"] == str(tenant.members["traveler"])
    assert step["at"] == booking["createdAt"]
    assert snapshot(server, tenant.workspace, WRITTEN) == dict.fromkeys(WRITTEN, 1)
    [(event_type, data)] = _outbox(server, tenant)
    assert event_type == "booking.created"
    assert data["id"] == booking["id"]
    assert data["referenceCode"] == booking["referenceCode"]
    assert (data["totalPrice"], data["currency"], data["status"]) == ("370.35", "USD", "CONFIRMED")
    assert (data["targetType"], data["targetId"]) == ("PROPERTY", str(listing))


@pytest.mark.parametrize("kind", ["TOUR", "ACTIVITY", "EVENT", "TRIP"])
def test_per_person_kinds_are_priced_per_guest_on_one_date(
    server: LiveServer, tenant: Tenant, kind: str
) -> None:
    listing = tenant_listing(server, tenant, kind, price_minor=2_500, capacity=10)
    day = future_date(10)
    booking = booked(
        request_booking(
            server, tenant.keys["traveler"], listing, target_type=kind, checkIn=day, guests=3
        )
    )
    assert booking["referenceCode"].startswith(f"TRV-{kind}-")
    assert REFERENCE.match(booking["referenceCode"])
    assert (booking["checkIn"], booking["checkOut"]) == (day, day)
    assert (booking["totalPrice"], booking["guests"]) == ("75.00", 3)
    assert booking["target"]["__typename"] == f"Travel{kind.title()}"


def test_defaults_one_guest_and_zero_decimal_currencies(server: LiveServer, tenant: Tenant) -> None:
    listing = tenant_listing(server, tenant, "TOUR", price_minor=5_000, currency="JPY")
    booking = booked(
        request_booking(
            server, tenant.keys["traveler"], listing, target_type="TOUR", checkIn=future_date(1)
        )
    )
    assert (booking["guests"], booking["totalPrice"], booking["currency"]) == (1, "5000", "JPY")


def test_today_and_a_365_night_stay_are_allowed(server: LiveServer, tenant: Tenant) -> None:
    listing = tenant_listing(server, tenant, "PROPERTY")
    booking = booked(
        request_booking(
            server,
            tenant.keys["traveler"],
            listing,
            checkIn=future_date(0),
            checkOut=future_date(365),
        )
    )
    assert booking["totalPrice"] == "36500.00"


@pytest.mark.parametrize(
    ("kind", "fields", "field"),
    [
        ("PROPERTY", {"checkIn": -1, "checkOut": 2}, "input.checkIn"),
        ("PROPERTY", {"checkIn": 3}, "input.checkOut"),
        ("PROPERTY", {"checkIn": 3, "checkOut": 3}, "input.checkOut"),
        ("PROPERTY", {"checkIn": 3, "checkOut": 2}, "input.checkOut"),
        ("PROPERTY", {"checkIn": 3, "checkOut": 369}, "input.checkOut"),
        ("PROPERTY", {"checkIn": 3, "checkOut": 4, "guests": 0}, "input.guests"),
        ("PROPERTY", {"checkIn": 3, "checkOut": 4, "guests": 3}, "input.guests"),
        ("TOUR", {"checkIn": 3, "guests": 11}, "input.guests"),
        ("TOUR", {"checkIn": 3, "guests": -2}, "input.guests"),
        ("TOUR", {"checkIn": 3, "checkOut": 4}, "input.checkOut"),
        ("TOUR", {"checkIn": -1}, "input.checkIn"),
        ("EVENT", {"checkIn": 9}, "input.checkIn"),
        ("EVENT", {"checkIn": 10, "checkOut": 11}, "input.checkOut"),
        ("TRIP", {"checkIn": 11}, "input.checkIn"),
    ],
)
def test_invalid_input_is_a_validation_error_and_writes_nothing(
    server: LiveServer, tenant: Tenant, kind: str, fields: dict[str, int], field: str
) -> None:
    listing = tenant_listing(server, tenant, kind)  # stays: maxGuests 2; others: capacity 10
    values: dict[str, Any] = {
        name: future_date(days) if name.startswith("check") else days
        for name, days in fields.items()
    }
    response = request_booking(server, tenant.keys["traveler"], listing, target_type=kind, **values)
    assert error_codes(response) == ["VALIDATION_ERROR"]
    assert response.json()["errors"][0]["extensions"]["field"] == field
    assert response.json()["data"] == {"createTravelBooking": None}
    assert snapshot(server, tenant.workspace, WRITTEN) == dict.fromkeys(WRITTEN, 0)


@pytest.mark.parametrize("raw", ["2031-02-30", "20310101", "tomorrow", "2031-1-5", ""])
def test_a_malformed_date_is_a_validation_error(
    server: LiveServer, tenant: Tenant, raw: str
) -> None:
    listing = tenant_listing(server, tenant, "PROPERTY")
    response = request_booking(
        server, tenant.keys["traveler"], listing, checkIn=raw, checkOut=future_date(3)
    )
    assert response.status_code == 400
    assert error_codes(response) == ["VALIDATION_ERROR"]
    assert snapshot(server, tenant.workspace, WRITTEN) == dict.fromkeys(WRITTEN, 0)


def test_a_missing_required_field_is_a_validation_error(server: LiveServer, tenant: Tenant) -> None:
    listing = tenant_listing(server, tenant, "PROPERTY")
    response = request_booking(server, tenant.keys["traveler"], listing, checkOut=future_date(3))
    assert response.status_code == 400
    assert error_codes(response) == ["VALIDATION_ERROR"]


def test_an_event_that_has_started_is_unavailable(server: LiveServer, tenant: Tenant) -> None:
    today = datetime.now(UTC).date()
    started = datetime.combine(today, time(0), tzinfo=UTC)
    listing = tenant_listing(
        server, tenant, "EVENT", starts_at=started, ends_at=started + timedelta(days=1)
    )
    response = request_booking(
        server, tenant.keys["traveler"], listing, target_type="EVENT", checkIn=today.isoformat()
    )
    assert error_codes(response) == ["UNAVAILABLE"]
    assert snapshot(server, tenant.workspace, WRITTEN) == dict.fromkeys(WRITTEN, 0)


def test_a_target_of_another_kind_or_workspace_is_not_found(
    server: LiveServer, tenant: Tenant
) -> None:
    tour = tenant_listing(server, tenant, "TOUR")
    other = create_tenant(server)
    foreign = tenant_listing(server, other)
    key = tenant.keys["traveler"]
    stay = {"checkIn": future_date(3), "checkOut": future_date(4)}
    for target in (tour, foreign, uuid.uuid4(), "not-an-id"):
        response = request_booking(server, key, target, **stay)
        assert error_codes(response) == ["NOT_FOUND"], target
        assert response.status_code == 200
    assert snapshot(server, tenant.workspace, WRITTEN) == dict.fromkeys(WRITTEN, 0)
    assert snapshot(server, other.workspace, WRITTEN) == dict.fromkeys(WRITTEN, 0)


def test_booking_needs_travel_book(server: LiveServer, tenant: Tenant) -> None:
    listing = tenant_listing(server, tenant, "PROPERTY")
    read_only = issue_key(server, tenant.workspace, roles=["traveler"], permissions=["travel:read"])
    stay = {"checkIn": future_date(3), "checkOut": future_date(4)}
    for key in (tenant.keys["host"], read_only.secret):
        response = request_booking(server, key, listing, **stay)
        assert error_codes(response) == ["FORBIDDEN"]
        assert response.json()["data"] == {"createTravelBooking": None}
    assert snapshot(server, tenant.workspace, WRITTEN) == dict.fromkeys(WRITTEN, 0)
    admin = booked(request_booking(server, tenant.keys["admin"], listing, **stay))
    assert admin["status"] == "CONFIRMED"


def test_reference_codes_are_unique(server: LiveServer, tenant: Tenant) -> None:
    listing = tenant_listing(server, tenant, "ACTIVITY", capacity=50)
    codes = {
        booked(
            request_booking(
                server,
                tenant.keys["traveler"],
                listing,
                target_type="ACTIVITY",
                checkIn=future_date(2),
            )
        )["referenceCode"]
        for _ in range(12)
    }
    assert len(codes) == 12
    assert all(REFERENCE.match(code) for code in codes)
