"""Reference codes are unique per workspace: a drawn code that is already taken is drawn again
(the unique index decides, inside the booking's one write), and a booking never reuses one.

The draw is random, so the tests replace it with a scripted one (the service's own function,
in process); everything else — the write, the index, the retry — is the real thing.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import func, select

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
from travel.bookings import service
from travel.bookings.models import Booking
from travel.db.session import system_transaction

pytestmark = pytest.mark.plan("enterprise")

TAKEN = "TRV-TOUR-TAKEN000"


def _draws(monkeypatch: pytest.MonkeyPatch, codes: Iterator[str]) -> None:
    monkeypatch.setattr(service, "new_reference_code", lambda kind: next(codes))


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
    tour = tenant_listing(server, tenant, kind="TOUR")
    _draws(monkeypatch, iter([TAKEN]))
    first = booked(book(server, tenant, tour, kind="TOUR", days=4))
    assert first["referenceCode"] == TAKEN
    # Remembered listing: the write comes first and meets the taken code; then a new draw.
    _draws(monkeypatch, iter([TAKEN, TAKEN, "TRV-TOUR-FRESH000"]))
    second = booked(book(server, tenant, tour, kind="TOUR", days=4))
    assert second["referenceCode"] == "TRV-TOUR-FRESH000"
    assert _codes(server, tenant) == ["TRV-TOUR-FRESH000", TAKEN]
    assert count_rows(server, "booking_transitions", tenant.workspace) == 2
    assert count_rows(server, "outbox_events", tenant.workspace) == 2


def test_the_same_code_in_another_workspace_is_not_taken(
    server: LiveServer, tenant: Tenant, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = create_tenant(server, plan="enterprise")
    for who in (tenant, other):
        tour = tenant_listing(server, who, kind="TOUR")
        _draws(monkeypatch, iter([TAKEN]))
        made = booked(book(server, who, tour, kind="TOUR", days=4))
        assert made["referenceCode"] == TAKEN


def test_when_every_draw_is_taken_nothing_is_written(
    server: LiveServer, tenant: Tenant, monkeypatch: pytest.MonkeyPatch
) -> None:
    tour = tenant_listing(server, tenant, kind="TOUR")
    _draws(monkeypatch, iter([TAKEN]))
    assert error_codes(book(server, tenant, tour, kind="TOUR", days=4)) == []
    _draws(monkeypatch, iter([TAKEN] * 10))
    response = book(server, tenant, tour, kind="TOUR", days=4)
    assert error_codes(response) == ["INTERNAL_SERVER_ERROR"]
    assert TAKEN not in response.text  # the masked error gives no detail
    assert "could not book" not in response.text
    assert count_rows(server, "bookings", tenant.workspace) == 1
    assert count_rows(server, "audit_log", tenant.workspace) == 1
