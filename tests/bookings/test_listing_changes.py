"""A booking is decided on the listing as it is when the booking is written, never on an older
copy: the service remembers listings it has booked (travel.bookings.seen) and the write checks
them under the listing's lock (decision 0027). Listings have no update mutation yet, so the
tests change them the way an operator's fix would: directly in the database.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from sqlalchemy import update

from tests.factories import (
    Tenant,
    book,
    booked,
    count_rows,
    create_tenant,
    tenant_listing,
)
from tests.support.api import error_codes
from tests.support.live import LiveServer
from travel.catalog.models import Listing
from travel.db.session import system_transaction

pytestmark = pytest.mark.plan("enterprise")


def _change(server: LiveServer, listing: uuid.UUID, **values: Any) -> None:
    async def run() -> None:
        async with system_transaction(server.services.databases.main) as session:
            await session.execute(update(Listing).where(Listing.id == listing).values(**values))

    server.run(run())


def test_a_new_price_is_charged_from_the_next_booking(server: LiveServer, tenant: Tenant) -> None:
    tour = tenant_listing(server, tenant, kind="TOUR", price_minor=1_000)
    first = booked(book(server, tenant, tour, kind="TOUR", days=3, guests=2))
    assert first["totalPrice"] == "20.00"
    _change(server, tour, price_minor=2_500)
    second = booked(book(server, tenant, tour, kind="TOUR", days=3, guests=2))
    assert second["totalPrice"] == "50.00"


def test_a_lowered_capacity_refuses_what_the_old_one_allowed(
    server: LiveServer, tenant: Tenant
) -> None:
    tour = tenant_listing(server, tenant, kind="TOUR", capacity=10)
    assert error_codes(book(server, tenant, tour, kind="TOUR", days=4, guests=3)) == []
    _change(server, tour, capacity=4)
    # 3 taken of 4: two more guests do not fit; more than the capacity breaks the listing's limit
    assert error_codes(book(server, tenant, tour, kind="TOUR", days=4, guests=2)) == ["UNAVAILABLE"]
    assert error_codes(book(server, tenant, tour, kind="TOUR", days=4, guests=5)) == [
        "VALIDATION_ERROR"
    ]
    assert error_codes(book(server, tenant, tour, kind="TOUR", days=4, guests=1)) == []
    assert count_rows(server, "bookings", tenant.workspace) == 2


def test_a_raised_capacity_accepts_what_the_old_one_refused(
    server: LiveServer, tenant: Tenant
) -> None:
    tour = tenant_listing(server, tenant, kind="TOUR", capacity=2)
    assert error_codes(book(server, tenant, tour, kind="TOUR", days=5, guests=2)) == []
    assert error_codes(book(server, tenant, tour, kind="TOUR", days=5, guests=3)) == [
        "VALIDATION_ERROR"
    ]
    _change(server, tour, capacity=6)
    assert error_codes(book(server, tenant, tour, kind="TOUR", days=5, guests=3)) == []
    assert count_rows(server, "bookings", tenant.workspace) == 2


def test_a_listing_of_another_workspace_stays_not_found_after_being_booked(
    server: LiveServer, tenant: Tenant
) -> None:
    other = create_tenant(server, plan="enterprise")
    tour = tenant_listing(server, other, kind="TOUR")
    assert (
        error_codes(book(server, other, tour, kind="TOUR", days=6)) == []
    )  # remembered for `other` only
    assert error_codes(book(server, tenant, tour, kind="TOUR", days=6)) == ["NOT_FOUND"]
    assert count_rows(server, "bookings", tenant.workspace) == 0
    assert count_rows(server, "bookings", other.workspace) == 1
