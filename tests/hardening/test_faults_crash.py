"""`travel serve` killed (SIGKILL) in the middle of a booking load on the test database (SQLite
or PostgreSQL): after a restart every acknowledged booking exists with its timeline, audit
entry and event, nothing is half-written, no date is oversold, and the capacity left is exactly
what the kept bookings leave (docs/reliability.md#faults)."""

from __future__ import annotations

import random
import signal
from datetime import date
from pathlib import Path
from typing import Any

from tests.factories import create_tenant, future_date, tenant_listing
from tests.support.cli import Serving
from tests.support.live import LiveServer
from tests.support.load import Attempt, BookingLoad, ledger, send_each

CAPACITY = 4  # places per date
DATES = [future_date(60 + n) for n in range(12)]


def test_sigkill_mid_load_loses_no_acknowledged_booking_and_oversells_nothing(
    server: LiveServer, cli_env: dict[str, str], database_url: str, tmp_path: Path
) -> None:
    tenant = create_tenant(server, plan="enterprise")  # the load stays far below its quotas
    tour = tenant_listing(server, tenant, kind="TOUR", capacity=CAPACITY)
    key = tenant.keys["traveler"]

    def booking(rng: random.Random) -> dict[str, Any]:
        return {"targetType": "TOUR", "targetId": str(tour), "checkIn": rng.choice(DATES)}

    env = {**cli_env, "TRAVEL_DISPATCHER_INTERVAL_SECONDS": "0"}  # events stay in the outbox
    log = tmp_path / "serve.log"
    first = Serving(env, log)
    load = BookingLoad(first.graphql_url, key, booking).start()
    try:
        load.wait_until(lambda: load.acknowledged() >= 12, "bookings before the kill")
        first.process.send_signal(signal.SIGKILL)
        first.process.wait(timeout=10)
    finally:
        attempts = load.stop()
        first.stop()

    answered = [a for a in attempts if a.status is not None]
    unanswered = [a for a in attempts if a.status is None]
    for attempt in answered:  # before the kill: bookings or "full", nothing else
        assert attempt.status == 200, attempt.body
        assert attempt.booking is not None or attempt.codes == ["UNAVAILABLE"], attempt.body
    assert unanswered, "the kill interrupted no request: the load was not running"

    second = Serving(env, log)
    try:
        # A partner resends what got no answer with the same Idempotency-Key: a booking that
        # committed before the kill comes back as it was, any other runs now.
        retried = send_each(
            second.graphql_url, key, [a for a in unanswered if a.key], concurrency=8
        )
        for attempt in retried:
            assert attempt.status == 200, attempt.body
            assert attempt.booking is not None or attempt.codes == ["UNAVAILABLE"], attempt.body
        held = ledger(database_url, tenant.id)
        acknowledged = _acknowledged([*answered, *retried])
        assert set(acknowledged) <= set(held.bookings)
        for booking_id, reference in acknowledged.items():
            assert held.bookings[booking_id].reference_code == reference
            assert held.bookings[booking_id].status == "CONFIRMED"
        assert held.half_written() == []
        keyless_unanswered = sum(1 for a in unanswered if a.key is None)
        assert len(set(held.bookings) - set(acknowledged)) <= keyless_unanswered
        booked = held.guests_by_date()
        assert max(booked.values()) <= CAPACITY
        print(  # the counts docs/reliability.md quotes (pytest -s shows them)
            f"\nSIGKILL: {len(attempts)} booking requests, {len(acknowledged)} acknowledged "
            f"(with retries), {len(unanswered)} cut off by the kill ({len(retried)} retried with "
            f"their key), {len(held.bookings)} bookings kept, 0 half-written, 0 oversold"
        )

        # Exactly the capacity the kept bookings leave is still bookable on each date.
        for day in DATES:
            left = CAPACITY - booked[date.fromisoformat(day)]
            fill = [Attempt({"input": {**booking(random.Random()), "checkIn": day}}, None)]
            answers = send_each(second.graphql_url, key, fill * (left + 1))
            assert [a.booking is not None for a in answers] == [True] * left + [False], day
            assert answers[-1].codes == ["UNAVAILABLE"], answers[-1].body
    finally:
        second.stop()
    assert ledger(database_url, tenant.id).guests_by_date() == {
        date.fromisoformat(day): CAPACITY for day in DATES
    }
    assert "Traceback" not in log.read_text()


def _acknowledged(attempts: list[Attempt]) -> dict[str, str]:
    """Booking id → reference code of every booking a 200 acknowledged."""
    return {a.booking["id"]: a.booking["referenceCode"] for a in attempts if a.booking}
