"""The write gate of a workspace moving to another database (revision 0013, travel.db.moves):
while it is frozen or closed, every write of that workspace is refused with 503
SERVICE_UNAVAILABLE and Retry-After and changes nothing — a mutation's transaction and the
booking function alike — while its reads go on and other workspaces are untouched; a frozen gate
lets go by itself once its time is up (a mover that died does not keep a workspace frozen).

The whole move, under load on two clusters, is tests/db/test_workspace_move.py.
"""

from __future__ import annotations

import uuid

import asyncpg  # type: ignore[import-untyped]
import httpx
import pytest

from tests.factories import (
    Tenant,
    create_tenant,
    future_date,
    request_booking,
    snapshot,
    tenant_listing,
)
from tests.media.test_photos import CREATE_UPLOAD, jpeg
from tests.support.api import answered, data, error_codes, post
from tests.support.live import LiveServer

pytestmark = [pytest.mark.postgres_only, pytest.mark.plan("enterprise")]

WRITTEN = ("bookings", "booking_transitions", "audit_log", "outbox_events", "favorites")
TOGGLE = "mutation ($id: ID!) { toggleTravelFavorite(targetType: PROPERTY, targetId: $id) }"
MY_BOOKINGS = "{ travelBookings(pagination: {take: 10}) { id } }"


class Gates:
    """The gates table, written as the mover writes it (the system role owns it)."""

    def __init__(self, server: LiveServer, url: str) -> None:
        self.server, self.url = server, url

    def _run(self, statement: str, *args: object) -> None:
        async def run() -> None:
            conn = await asyncpg.connect(self.url.replace("+asyncpg", ""))
            try:
                await conn.execute(statement, *args)
            finally:
                await conn.close()

        self.server.run(run())

    def frozen(self, workspace: str, seconds: float) -> None:
        self._run(
            "INSERT INTO travel_private.workspace_gates VALUES "
            "($1, 'frozen', clock_timestamp() + make_interval(secs => $2))",
            uuid.UUID(workspace),
            seconds,
        )

    def closed(self, workspace: str) -> None:
        self._run(
            "INSERT INTO travel_private.workspace_gates VALUES ($1, 'closed', NULL)",
            uuid.UUID(workspace),
        )

    def open(self, workspace: str) -> None:
        self._run(
            "DELETE FROM travel_private.workspace_gates WHERE workspace_id = $1",
            uuid.UUID(workspace),
        )


@pytest.fixture
def gates(server: LiveServer, system_database_url: str | None) -> Gates:
    if system_database_url is None or not system_database_url.startswith("postgres"):
        pytest.skip("the write gate is PostgreSQL's")
    return Gates(server, system_database_url)


def _stay(days: int) -> dict[str, str]:
    return {"checkIn": future_date(days), "checkOut": future_date(days + 1)}


def _refused_as_moving(response: httpx.Response) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["Retry-After"] == "1"
    assert error_codes(response) == ["SERVICE_UNAVAILABLE"]
    message = response.json()["errors"][0]["message"]
    assert "moving to another database" in message


def test_a_closed_gate_refuses_every_write_and_changes_nothing(
    server: LiveServer, tenant: Tenant, gates: Gates
) -> None:
    listing = tenant_listing(server, tenant, units=5)
    booked = request_booking(server, tenant.keys["traveler"], listing, **_stay(20))
    answered(booked)
    neighbor = create_tenant(server, plan="enterprise")
    neighbor_listing = tenant_listing(server, neighbor, units=5)
    before = snapshot(server, tenant.workspace, WRITTEN)
    gates.closed(tenant.id)
    try:
        # The booking function (one statement in autocommit) and a mutation's transaction.
        _refused_as_moving(request_booking(server, tenant.keys["traveler"], listing, **_stay(21)))
        toggled = post(server, tenant.keys["traveler"], TOGGLE, {"id": str(listing)})
        _refused_as_moving(toggled)
        assert snapshot(server, tenant.workspace, WRITTEN) == before
        # Reads go on.
        mine = post(server, tenant.keys["traveler"], MY_BOOKINGS)
        answered(mine)
        assert len(mine.json()["data"]["travelBookings"]) == 1
        # Another workspace of the same database writes as before.
        other = request_booking(server, neighbor.keys["traveler"], neighbor_listing, **_stay(21))
        answered(other)
    finally:
        gates.open(tenant.id)
    again = request_booking(server, tenant.keys["traveler"], listing, **_stay(21))
    answered(again)


def test_a_frozen_gate_lets_go_when_its_time_is_up(
    server: LiveServer, tenant: Tenant, gates: Gates
) -> None:
    listing = tenant_listing(server, tenant, units=5)
    gates.frozen(tenant.id, seconds=-1)  # a freeze whose mover died a second ago
    try:
        booked = request_booking(server, tenant.keys["traveler"], listing, **_stay(22))
        answered(booked)
    finally:
        gates.open(tenant.id)
    gates.frozen(tenant.id, seconds=60)
    try:
        _refused_as_moving(request_booking(server, tenant.keys["traveler"], listing, **_stay(23)))
    finally:
        gates.open(tenant.id)


def test_a_photo_sent_while_the_workspace_moves_is_refused_to_be_sent_again(
    server: LiveServer, tenant: Tenant, gates: Gates
) -> None:
    """The upload's PUT is a write outside GraphQL: refused alike (503, Retry-After, the
    reason), and the upload place stays open for the same file once the gate opens."""
    listing = str(tenant_listing(server, tenant, units=1))
    place = data(server, tenant.keys["host"], CREATE_UPLOAD, {"id": listing})
    url = server.url + place["createTravelPhotoUpload"]["uploadPath"]
    photo = jpeg(800, 600)
    gates.closed(tenant.id)
    try:
        refused = httpx.put(url, content=photo, timeout=60)
        _refused_as_moving(refused)
    finally:
        gates.open(tenant.id)
    sent = httpx.put(url, content=photo, timeout=60)
    assert sent.status_code == 201, sent.text
