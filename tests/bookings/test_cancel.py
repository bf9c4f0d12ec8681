"""cancelTravelBooking: the transition, its side effects, and who may cancel what (docs/design.md §2)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.factories import (
    Tenant,
    add_member,
    book,
    booked,
    create_listing,
    create_tenant,
    future_date,
    issue_key,
    request_booking,
    snapshot,
    tenant_listing,
)
from tests.support.api import error_codes, post
from tests.support.live import LiveServer

CANCEL = """mutation ($id: ID!) {
  cancelTravelBooking(id: $id) { id status paymentStatus timeline { from to actor } }
}"""
WRITTEN = ("bookings", "booking_transitions", "audit_log", "outbox_events")


def _book(server: LiveServer, tenant: Tenant, who: str = "traveler") -> dict[str, Any]:
    """A booking by `who` on a new listing of a provider owned by the tenant's "host"."""
    return booked(book(server, tenant, tenant_listing(server, tenant), who=who, days=7, nights=2))


def _cancel(server: LiveServer, key: str, booking_id: str) -> Any:
    return post(server, key, CANCEL, {"id": booking_id})


@pytest.mark.parametrize("who", ["traveler", "host", "admin"])
def test_the_booker_the_listings_host_and_an_admin_may_cancel(
    server: LiveServer, tenant: Tenant, who: str
) -> None:
    booking = _book(server, tenant)
    response = _cancel(server, tenant.keys[who], booking["id"])
    assert response.status_code == 200
    cancelled = response.json()["data"]["cancelTravelBooking"]
    assert (cancelled["status"], cancelled["paymentStatus"]) == ("CANCELLED", "REFUNDED")
    assert cancelled["timeline"] == [
        {"from": None, "to": "CONFIRMED", "actor": str(tenant.members["traveler"])},
        {"from": "CONFIRMED", "to": "CANCELLED", "actor": str(tenant.members[who])},
    ]
    assert snapshot(server, tenant.workspace, WRITTEN) == {
        "bookings": 1,
        "booking_transitions": 2,
        "audit_log": 2,
        "outbox_events": 2,
    }


def test_cancelling_twice_is_a_validation_error_that_changes_nothing(
    server: LiveServer, tenant: Tenant
) -> None:
    booking = _book(server, tenant)
    assert error_codes(_cancel(server, tenant.keys["traveler"], booking["id"])) == []
    before = snapshot(server, tenant.workspace, WRITTEN)
    response = _cancel(server, tenant.keys["admin"], booking["id"])
    assert error_codes(response) == ["VALIDATION_ERROR"]
    assert response.json()["data"] == {"cancelTravelBooking": None}
    assert snapshot(server, tenant.workspace, WRITTEN) == before


@pytest.mark.parametrize("who", ["traveler2", "host2"])
def test_someone_elses_booking_is_not_found(server: LiveServer, tenant: Tenant, who: str) -> None:
    booking = _book(server, tenant)
    before = snapshot(server, tenant.workspace, WRITTEN)
    response = _cancel(server, tenant.keys[who], booking["id"])
    assert error_codes(response) == ["NOT_FOUND"]
    assert snapshot(server, tenant.workspace, WRITTEN) == before


def test_a_host_who_also_books_cancels_own_bookings_and_hosted_ones(
    server: LiveServer, tenant: Tenant
) -> None:
    both = add_member(
        server, tenant.workspace, f"both-{uuid.uuid4().hex[:6]}", ["traveler", "host"]
    )
    key = issue_key(server, tenant.workspace, subject=both.subject).secret
    hosted = create_listing(server, tenant.workspace, both.id)
    on_hosted = booked(book(server, tenant, hosted, days=3, nights=1))
    elsewhere = tenant_listing(server, tenant)
    own = booked(
        request_booking(server, key, elsewhere, checkIn=future_date(3), checkOut=future_date(4))
    )
    foreign = _book(server, tenant, "traveler2")
    assert error_codes(_cancel(server, key, on_hosted["id"])) == []
    assert error_codes(_cancel(server, key, own["id"])) == []
    assert error_codes(_cancel(server, key, foreign["id"])) == ["NOT_FOUND"]


def test_another_workspace_cannot_cancel(server: LiveServer, tenant: Tenant) -> None:
    booking = _book(server, tenant)
    other = create_tenant(server)
    before = snapshot(server, tenant.workspace, WRITTEN)
    for who in ("admin", "traveler", "host"):
        assert error_codes(_cancel(server, other.keys[who], booking["id"])) == ["NOT_FOUND"]
    assert snapshot(server, tenant.workspace, WRITTEN) == before


def test_unknown_and_malformed_ids_are_not_found(server: LiveServer, tenant: Tenant) -> None:
    for raw in (str(uuid.uuid4()), "TRV-PROPERTY-0000", ""):
        assert error_codes(_cancel(server, tenant.keys["admin"], raw)) == ["NOT_FOUND"]


def test_a_key_without_booking_rights_is_forbidden(server: LiveServer, tenant: Tenant) -> None:
    booking = _book(server, tenant)
    read_only = issue_key(
        server, tenant.workspace, subject=None, roles=["traveler"], permissions=["travel:read"]
    )
    before = snapshot(server, tenant.workspace, WRITTEN)
    response = _cancel(server, read_only.secret, booking["id"])
    assert error_codes(response) == ["FORBIDDEN"]
    assert snapshot(server, tenant.workspace, WRITTEN) == before


def test_cancelled_event_tells_what_was_refunded(server: LiveServer, tenant: Tenant) -> None:
    from sqlalchemy import select

    from travel.db.session import system_transaction
    from travel.events.models import OutboxEvent

    booking = _book(server, tenant)
    _cancel(server, tenant.keys["host"], booking["id"])

    async def last_event() -> tuple[str, dict[str, Any]]:
        async with system_transaction(server.services.databases.main) as session:
            row = (
                await session.execute(
                    select(OutboxEvent.type, OutboxEvent.data)
                    .where(OutboxEvent.workspace_id == tenant.workspace.id)
                    .order_by(OutboxEvent.created_at.desc())
                    .limit(1)
                )
            ).one()
            return row[0], row[1]

    event_type, event = server.run(last_event())
    assert event_type == "booking.cancelled"
    assert (event["id"], event["status"], event["paymentStatus"]) == (
        booking["id"],
        "CANCELLED",
        "REFUNDED",
    )
    assert event["actorId"] == str(tenant.members["host"])
    assert event["memberId"] == str(tenant.members["traveler"])
