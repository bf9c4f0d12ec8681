"""Availability: rooms per night for stays, places per date otherwise — also under a race."""

from __future__ import annotations

import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tests.factories import (
    CANCEL,
    Tenant,
    book,
    booked,
    count_rows,
    future_date,
    request_booking,
    tenant_listing,
)
from tests.support.api import data, error_codes
from tests.support.live import LiveServer

pytestmark = pytest.mark.plan("enterprise")


def _stay(server: LiveServer, tenant: Tenant, first: int, last: int, **extra: Any) -> list[str]:
    """Book nights `first..last-1` (days from today); the error codes, [] on success."""
    response = request_booking(
        server,
        tenant.keys["traveler"],
        extra.pop("listing"),
        checkIn=future_date(first),
        checkOut=future_date(last),
        **extra,
    )
    return error_codes(response)


def test_overlapping_stays_are_refused_back_to_back_are_not(
    server: LiveServer, tenant: Tenant
) -> None:
    listing = tenant_listing(server, tenant, units=1)
    assert _stay(server, tenant, 10, 13, listing=listing) == []
    assert _stay(server, tenant, 12, 14, listing=listing) == ["UNAVAILABLE"]
    assert _stay(server, tenant, 9, 11, listing=listing) == ["UNAVAILABLE"]
    assert _stay(server, tenant, 9, 20, listing=listing) == ["UNAVAILABLE"]
    assert _stay(server, tenant, 13, 15, listing=listing) == []  # check-in on the check-out day
    assert _stay(server, tenant, 8, 10, listing=listing) == []  # check-out on the check-in day
    assert count_rows(server, "bookings", tenant.workspace) == 3


def test_rooms_are_counted_per_night(server: LiveServer, tenant: Tenant) -> None:
    listing = tenant_listing(server, tenant, units=2)
    assert _stay(server, tenant, 10, 12, listing=listing) == []
    assert _stay(server, tenant, 12, 14, listing=listing) == []
    # Overlaps both, but they never share a night: one room is free every night.
    assert _stay(server, tenant, 10, 14, listing=listing) == []
    # Night 11 now has two stays in two rooms: full.
    assert _stay(server, tenant, 11, 12, listing=listing) == ["UNAVAILABLE"]
    assert _stay(server, tenant, 14, 15, listing=listing) == []


def test_places_are_counted_per_date(server: LiveServer, tenant: Tenant) -> None:
    listing = tenant_listing(server, tenant, kind="TOUR", capacity=5)

    def book(days: int, guests: int) -> list[str]:
        response = request_booking(
            server,
            tenant.keys["traveler"],
            listing,
            target_type="TOUR",
            checkIn=future_date(days),
            guests=guests,
        )
        return error_codes(response)

    assert book(4, 3) == []
    assert book(4, 3) == ["UNAVAILABLE"]
    assert book(4, 2) == []
    assert book(4, 1) == ["UNAVAILABLE"]
    assert book(5, 5) == []  # another date, its own places


def test_cancelling_frees_the_room(server: LiveServer, tenant: Tenant) -> None:
    listing = tenant_listing(server, tenant, units=1)
    first = booked(book(server, tenant, listing, days=3, nights=2))
    assert _stay(server, tenant, 4, 6, listing=listing) == ["UNAVAILABLE"]
    data(server, tenant.keys["traveler"], CANCEL, {"id": first["id"]})
    assert _stay(server, tenant, 4, 6, listing=listing) == []


def _race(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID, clients: int, **fields: Any
) -> list[Any]:
    """`clients` threads send the same booking at the same instant; their responses."""
    start = threading.Barrier(clients)
    keys = [tenant.keys["traveler"], tenant.keys["traveler2"], tenant.keys["admin"]]

    def client(n: int) -> Any:
        start.wait()
        return request_booking(server, keys[n % len(keys)], listing, **fields)

    with ThreadPoolExecutor(max_workers=clients) as pool:
        return list(pool.map(client, range(clients)))


def test_many_clients_racing_for_the_last_room_one_wins(server: LiveServer, tenant: Tenant) -> None:
    listing = tenant_listing(server, tenant, units=1)
    responses = _race(
        server, tenant, listing, 16, checkIn=future_date(20), checkOut=future_date(23)
    )
    outcomes = sorted(tuple(error_codes(r)) for r in responses)
    assert all(r.status_code == 200 for r in responses)
    assert outcomes == [()] + [("UNAVAILABLE",)] * 15
    assert count_rows(server, "bookings", tenant.workspace) == 1
    assert count_rows(server, "outbox_events", tenant.workspace) == 1


def test_many_clients_racing_for_the_last_places_fill_exactly(
    server: LiveServer, tenant: Tenant
) -> None:
    listing = tenant_listing(server, tenant, kind="ACTIVITY", capacity=4)
    responses = _race(
        server, tenant, listing, 12, target_type="ACTIVITY", checkIn=future_date(6), guests=2
    )
    outcomes = sorted(tuple(error_codes(r)) for r in responses)
    assert outcomes == [(), ()] + [("UNAVAILABLE",)] * 10
    assert count_rows(server, "bookings", tenant.workspace) == 2
