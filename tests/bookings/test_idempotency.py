"""Idempotency-Key on mutations (docs/design.md §4, decision 0024)."""

from __future__ import annotations

import json
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import update

from tests.factories import (
    BOOK,
    CANCEL,
    Tenant,
    count_rows,
    create_tenant,
    future_date,
    request_booking,
    snapshot,
    tenant_listing,
)
from tests.support.api import error_codes, post
from tests.support.faults import refusing
from tests.support.live import LiveServer
from travel.db.base import utcnow
from travel.db.session import system_transaction
from travel.housekeeping import Housekeeping
from travel.idempotency.models import IdempotencyRecord

pytestmark = pytest.mark.plan("enterprise")

WRITTEN = ("bookings", "booking_transitions", "audit_log", "outbox_events", "idempotency_keys")
TOGGLE = "mutation ($id: ID!) { toggleTravelFavorite(targetType: PROPERTY, targetId: $id) }"


@pytest.fixture
def listing(server: LiveServer, tenant: Tenant) -> uuid.UUID:
    return tenant_listing(server, tenant, units=3)


def _key() -> dict[str, str]:
    return {"Idempotency-Key": f"test-{uuid.uuid4()}"}


def _stay(days: int = 5) -> dict[str, str]:
    return {"checkIn": future_date(days), "checkOut": future_date(days + 2)}


def test_a_retry_replays_the_first_response_without_booking_again(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID
) -> None:
    headers = _key()
    first = request_booking(server, tenant.keys["traveler"], listing, headers=headers, **_stay())
    again = request_booking(server, tenant.keys["traveler"], listing, headers=headers, **_stay())
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert count_rows(server, "bookings", tenant.workspace) == 1
    assert count_rows(server, "outbox_events", tenant.workspace) == 1


def test_a_mutation_whose_every_field_is_skipped_is_remembered_as_empty(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID
) -> None:
    """`data: {}` (nothing ran, nothing failed): the key is used and replays it, not blocked."""
    skipped = (
        "mutation ($s: Boolean = true, $id: ID!) {"
        " toggleTravelFavorite(targetType: PROPERTY, targetId: $id) @skip(if: $s) }"
    )
    headers = _key()
    variables = {"id": str(listing)}
    first = post(server, tenant.keys["traveler"], skipped, variables, headers=headers)
    again = post(server, tenant.keys["traveler"], skipped, variables, headers=headers)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json() == {"data": {}}
    assert again.headers["Idempotent-Replayed"] == "true"
    assert count_rows(server, "favorites", tenant.workspace) == 0


def test_the_same_request_spelled_differently_is_the_same(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID
) -> None:
    headers = {"Authorization": f"Bearer {tenant.keys['traveler']}", **_key()}
    booking_input = {"targetType": "PROPERTY", "targetId": str(listing), **_stay()}
    compact = httpx.post(
        server.graphql_url,
        json={"query": BOOK, "variables": {"input": booking_input}},
        headers=headers,
    )
    reordered = json.dumps(
        {"variables": {"input": dict(reversed(booking_input.items()))}, "query": BOOK}, indent=2
    )
    spaced = httpx.post(
        server.graphql_url,
        content=reordered,
        headers={**headers, "Content-Type": "application/json"},
    )
    assert spaced.json() == compact.json()
    assert spaced.headers["Idempotent-Replayed"] == "true"
    assert count_rows(server, "bookings", tenant.workspace) == 1


def test_a_different_request_with_a_used_key_is_refused(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID
) -> None:
    headers = _key()
    request_booking(server, tenant.keys["traveler"], listing, headers=headers, **_stay(5))
    response = request_booking(
        server, tenant.keys["traveler"], listing, headers=headers, **_stay(9)
    )
    assert response.status_code == 422
    assert error_codes(response) == ["IDEMPOTENCY_KEY_REUSED"]
    other_mutation = post(
        server, tenant.keys["traveler"], TOGGLE, {"id": str(listing)}, headers=headers
    )
    assert error_codes(other_mutation) == ["IDEMPOTENCY_KEY_REUSED"]
    assert count_rows(server, "bookings", tenant.workspace) == 1
    assert count_rows(server, "favorites", tenant.workspace) == 0


def test_keys_belong_to_one_member_of_one_workspace(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID
) -> None:
    headers = _key()
    mine = request_booking(server, tenant.keys["traveler"], listing, headers=headers, **_stay())
    theirs = request_booking(server, tenant.keys["traveler2"], listing, headers=headers, **_stay())
    assert "Idempotent-Replayed" not in theirs.headers
    assert (
        theirs.json()["data"]["createTravelBooking"]["id"]
        != mine.json()["data"]["createTravelBooking"]["id"]
    )
    other = create_tenant(server)
    foreign = tenant_listing(server, other)
    elsewhere = request_booking(server, other.keys["traveler"], foreign, headers=headers, **_stay())
    assert error_codes(elsewhere) == []
    assert count_rows(server, "bookings", tenant.workspace) == 2
    assert count_rows(server, "bookings", other.workspace) == 1


def test_without_a_key_a_retry_books_again(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID
) -> None:
    for _ in range(2):
        assert (
            error_codes(request_booking(server, tenant.keys["traveler"], listing, **_stay())) == []
        )
    assert count_rows(server, "bookings", tenant.workspace) == 2


def test_an_error_response_is_replayed_too(server: LiveServer, tenant: Tenant) -> None:
    listing = tenant_listing(server, tenant, units=1)
    taken = request_booking(server, tenant.keys["traveler2"], listing, **_stay())
    headers = _key()
    refused = request_booking(server, tenant.keys["traveler"], listing, headers=headers, **_stay())
    assert error_codes(refused) == ["UNAVAILABLE"]
    post(
        server,
        tenant.keys["traveler2"],
        CANCEL,
        {"id": taken.json()["data"]["createTravelBooking"]["id"]},
    )
    retried = request_booking(server, tenant.keys["traveler"], listing, headers=headers, **_stay())
    assert retried.json() == refused.json()
    assert retried.headers["Idempotent-Replayed"] == "true"
    assert error_codes(request_booking(server, tenant.keys["traveler"], listing, **_stay())) == []


def test_a_request_that_never_ran_does_not_use_up_the_key(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID
) -> None:
    headers = _key()
    bad = request_booking(server, tenant.keys["traveler"], listing, headers=headers, checkIn="soon")
    assert bad.status_code == 400
    good = request_booking(server, tenant.keys["traveler"], listing, headers=headers, **_stay())
    assert error_codes(good) == []
    assert "Idempotent-Replayed" not in good.headers


def test_concurrent_requests_with_one_key_book_once(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID
) -> None:
    headers, clients = _key(), 8
    start = threading.Barrier(clients)

    def client(_: int) -> Any:
        start.wait()
        return request_booking(server, tenant.keys["traveler"], listing, headers=headers, **_stay())

    with ThreadPoolExecutor(max_workers=clients) as pool:
        responses = list(pool.map(client, range(clients)))
    bodies = [r.json() for r in responses]
    assert all(r.status_code == 200 for r in responses), bodies
    assert all(body == bodies[0] for body in bodies)
    assert sum(r.headers.get("Idempotent-Replayed") == "true" for r in responses) == clients - 1
    assert count_rows(server, "bookings", tenant.workspace) == 1


def test_every_mutation_honours_the_key(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID
) -> None:
    headers = _key()
    first = post(server, tenant.keys["traveler"], TOGGLE, {"id": str(listing)}, headers=headers)
    second = post(server, tenant.keys["traveler"], TOGGLE, {"id": str(listing)}, headers=headers)
    assert first.json() == second.json() == {"data": {"toggleTravelFavorite": True}}
    assert count_rows(server, "favorites", tenant.workspace) == 1


def test_queries_ignore_the_key_and_bad_keys_are_refused(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID
) -> None:
    headers = _key()
    query = "{ travelBookings { id } }"
    for _ in range(2):
        response = post(server, tenant.keys["traveler"], query, headers=headers)
        assert "Idempotent-Replayed" not in response.headers
    assert count_rows(server, "idempotency_keys", tenant.workspace) == 0
    for bad in ("x" * 256, "with space", "tab\tkey"):
        response = request_booking(
            server, tenant.keys["traveler"], listing, headers={"Idempotency-Key": bad}, **_stay()
        )
        assert response.status_code == 400, bad
        assert error_codes(response) == ["VALIDATION_ERROR"]
    assert count_rows(server, "bookings", tenant.workspace) == 0


def test_a_booking_is_never_committed_without_its_remembered_response(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID
) -> None:
    """Storing the response fails after the booking's own writes succeeded: the client gets a
    500, and nothing of the booking remains, so the retry with the same key books exactly once
    (before, the booking stayed committed and the retry booked a second time)."""
    headers = _key()
    with refusing(server, "idempotency_keys", tenant.workspace, on="UPDATE"):
        failed = request_booking(
            server, tenant.keys["traveler"], listing, headers=headers, **_stay()
        )
        assert failed.status_code == 500
        assert error_codes(failed) == ["INTERNAL_SERVER_ERROR"]
        assert "data" not in failed.json()  # no booking that does not exist is described
        assert snapshot(server, tenant.workspace, WRITTEN) == dict.fromkeys(WRITTEN, 0)
    retried = request_booking(server, tenant.keys["traveler"], listing, headers=headers, **_stay())
    assert error_codes(retried) == []
    assert "Idempotent-Replayed" not in retried.headers
    again = request_booking(server, tenant.keys["traveler"], listing, headers=headers, **_stay())
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == retried.json()
    assert snapshot(server, tenant.workspace, WRITTEN) == dict.fromkeys(WRITTEN, 1)


def test_a_failing_field_undoes_every_field_of_the_request(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID
) -> None:
    """A booking, then a provider whose insert fails unexpectedly, in one request under a key:
    the booking is not kept either (the response could not describe it without claiming what
    was undone), and the key stays free for a retry."""
    both = """mutation ($input: CreateTravelBookingInput!) {
      createTravelBooking(input: $input) { id }
      createTravelProvider(input: {name: "Casa Retry", type: HOST}) { id }
    }"""
    variables = {"input": {"targetType": "PROPERTY", "targetId": str(listing), **_stay()}}
    headers = _key()
    with refusing(server, "providers", tenant.workspace):
        failed = post(server, tenant.keys["admin"], both, variables, headers=headers)
        assert failed.status_code == 500
        assert error_codes(failed) == ["INTERNAL_SERVER_ERROR"]
        assert snapshot(server, tenant.workspace, WRITTEN) == dict.fromkeys(WRITTEN, 0)
    retried = post(server, tenant.keys["admin"], both, variables, headers=headers)
    assert error_codes(retried) == []
    assert count_rows(server, "bookings", tenant.workspace) == 1


def test_a_retry_while_the_first_request_holds_the_key_gets_its_response(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID
) -> None:
    """The second request waits on the key (not on a poll) and replays the first's response."""
    headers, clients = _key(), 4
    start = threading.Barrier(clients)

    def client(_: int) -> Any:
        start.wait()
        return post(server, tenant.keys["traveler"], TOGGLE, {"id": str(listing)}, headers=headers)

    with ThreadPoolExecutor(max_workers=clients) as pool:
        responses = list(pool.map(client, range(clients)))
    assert [r.json() for r in responses] == [{"data": {"toggleTravelFavorite": True}}] * clients
    assert count_rows(server, "favorites", tenant.workspace) == 1


def _age_keys(server: LiveServer, tenant: Tenant, hours: int) -> None:
    """Make every key the workspace remembers `hours` old."""

    async def run() -> None:
        async with system_transaction(server.services.databases.main) as session:
            await session.execute(
                update(IdempotencyRecord)
                .where(IdempotencyRecord.workspace_id == tenant.workspace.id)
                .values(created_at=utcnow() - timedelta(hours=hours))
            )

    server.run(run())


def test_a_key_is_remembered_for_24_hours_then_forgotten(
    server: LiveServer, tenant: Tenant, listing: uuid.UUID
) -> None:
    headers = _key()
    request_booking(server, tenant.keys["traveler"], listing, headers=headers, **_stay(5))
    _age_keys(server, tenant, hours=23)
    reused = request_booking(server, tenant.keys["traveler"], listing, headers=headers, **_stay(9))
    assert error_codes(reused) == ["IDEMPOTENCY_KEY_REUSED"]
    _age_keys(server, tenant, hours=25)
    # Expired: the key is claimed afresh by a new request, even before the clean-up runs.
    fresh = request_booking(server, tenant.keys["traveler"], listing, headers=headers, **_stay(9))
    assert error_codes(fresh) == []
    assert "Idempotent-Replayed" not in fresh.headers
    assert count_rows(server, "bookings", tenant.workspace) == 2
    # The clean-up forgets expired keys in every database and keeps the others.
    other = _key()
    request_booking(server, tenant.keys["traveler"], listing, headers=other, **_stay(20))
    _age_keys(server, tenant, hours=25)
    request_booking(server, tenant.keys["traveler"], listing, headers=_key(), **_stay(30))
    assert count_rows(server, "idempotency_keys", tenant.workspace) == 3
    server.run(Housekeeping(server.services.databases).run_due())
    assert count_rows(server, "idempotency_keys", tenant.workspace) == 1
