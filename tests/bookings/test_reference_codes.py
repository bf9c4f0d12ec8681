"""Reference codes are unique per workspace: a drawn code that is already taken is drawn again
(the unique index decides, inside the booking's one write), and a booking never reuses one.

The draw is random, so the tests replace it with a scripted one (the service's own function,
in process); everything else — the write, the index, the retry — is the real thing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import func, select

from tests.factories import Tenant, count_rows, create_listing, create_tenant, future_date
from tests.factories import request_booking as post_booking
from tests.support.api import error_codes
from tests.support.live import LiveServer
from travel.bookings import service
from travel.bookings.models import Booking
from travel.db.session import system_transaction

pytestmark = pytest.mark.plan("enterprise")

TAKEN = "TRV-TOUR-TAKEN000"


def _draws(monkeypatch: pytest.MonkeyPatch, codes: Iterator[str]) -> None:
    monkeypatch.setattr(service, "new_reference_code", lambda kind: next(codes))


def _book(server: LiveServer, tenant: Tenant, tour: Any) -> Any:
    return post_booking(
        server, tenant.keys["traveler"], tour, target_type="TOUR", checkIn=future_date(4)
    )


def _codes(server: LiveServer, tenant: Tenant) -> list[str]:
    async def read() -> list[str]:
        async with system_transaction(server.services.databases.main) as session:
            rows = await session.execute(
                select(Booking.reference_code)
                .where(Booking.workspace_id == tenant.workspace.id)
                .order_by(func.lower(Booking.reference_code))
            )
            return [row[0] for row in rows]

    return server.run(read())


def test_a_taken_code_is_drawn_again(
    server: LiveServer, tenant: Tenant, monkeypatch: pytest.MonkeyPatch
) -> None:
    tour = create_listing(server, tenant.workspace, tenant.members["host"], kind="TOUR")
    _draws(monkeypatch, iter([TAKEN]))
    first = _book(server, tenant, tour).json()["data"]["createTravelBooking"]
    assert first["referenceCode"] == TAKEN
    # Remembered listing: the write comes first and meets the taken code; then a new draw.
    _draws(monkeypatch, iter([TAKEN, TAKEN, "TRV-TOUR-FRESH000"]))
    second = _book(server, tenant, tour).json()["data"]["createTravelBooking"]
    assert second["referenceCode"] == "TRV-TOUR-FRESH000"
    assert _codes(server, tenant) == ["TRV-TOUR-FRESH000", TAKEN]
    assert count_rows(server, "booking_transitions", tenant.workspace) == 2
    assert count_rows(server, "outbox_events", tenant.workspace) == 2


def test_the_same_code_in_another_workspace_is_not_taken(
    server: LiveServer, tenant: Tenant, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = create_tenant(server, plan="enterprise")
    for who in (tenant, other):
        tour = create_listing(server, who.workspace, who.members["host"], kind="TOUR")
        _draws(monkeypatch, iter([TAKEN]))
        booked = _book(server, who, tour).json()["data"]["createTravelBooking"]
        assert booked["referenceCode"] == TAKEN


def test_when_every_draw_is_taken_nothing_is_written(
    server: LiveServer, tenant: Tenant, monkeypatch: pytest.MonkeyPatch
) -> None:
    tour = create_listing(server, tenant.workspace, tenant.members["host"], kind="TOUR")
    _draws(monkeypatch, iter([TAKEN]))
    assert error_codes(_book(server, tenant, tour)) == []
    _draws(monkeypatch, iter([TAKEN] * 10))
    response = _book(server, tenant, tour)
    assert error_codes(response) == ["INTERNAL_SERVER_ERROR"]
    assert TAKEN not in response.text  # the masked error gives no detail
    assert "could not book" not in response.text
    assert count_rows(server, "bookings", tenant.workspace) == 1
    assert count_rows(server, "audit_log", tenant.workspace) == 1
