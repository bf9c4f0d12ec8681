"""PostgreSQL stopped, then paused (SIGSTOP: nothing answers), under a booking load: while it is
down every request gets a clear 503 SERVICE_UNAVAILABLE (never a 500, never a hang: a paused
database within TRAVEL_DB_TIMEOUT_SECONDS), nothing is half-written, and the same `travel serve`
process serves again once the database is back (docs/reliability.md#faults).

The database is a private server of this test (tests/support/pgserver.py): the shared one is
never stopped. It runs in the SQLite and the PostgreSQL pass alike (it needs no test database).
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.factories import create_listing_mutation, future_date, listing_input
from tests.support.cli import Serving
from tests.support.load import BookingLoad, ledger, send_each
from tests.support.pgserver import PrivateServer, private_server
from travel.auth import service as auth_service
from travel.db import migrate
from travel.db.registry import Databases

CAPACITY = 4  # places per date
DB_TIMEOUT = 2  # TRAVEL_DB_TIMEOUT_SECONDS of the service under test
# Enough places (800) that the load, booking as fast as the service answers, does not fill
# the tour before the last phase: once full, every answer is UNAVAILABLE (no booking to wait
# for) and the plan's quota runs out (429). 30 dates were filled in the first seconds once
# bookings got faster.
DATES = [future_date(40 + n) for n in range(200)]


@pytest.fixture
def database() -> Iterator[PrivateServer]:
    yield from private_server()


async def _prepare(url: str, system_url: str) -> tuple[str, str]:
    """Migrate the private database (as `travel db upgrade` does), then a workspace on the
    enterprise plan (the load stays below its quotas) and a traveler-and-host key."""
    databases = Databases(url, pool_size=1, system_url=system_url)
    try:
        await migrate.upgrade(databases.main)
        workspace = await auth_service.create_workspace(databases, "Outage", "enterprise")
        issued = await auth_service.create_api_key(
            databases, workspace, roles=["traveler", "host"], subject=None, permissions=[]
        )
        return str(workspace.id), issued.secret
    finally:
        await databases.dispose()


def _tour(serving: Serving, key: str) -> str:
    provider = serving.data(
        key,
        "mutation ($input: CreateTravelProviderInput!) { createTravelProvider(input: $input) { id } }",
        {"input": {"name": "Harbour Walks", "type": "OPERATOR"}},
    )["createTravelProvider"]["id"]
    variables = {"input": listing_input("TOUR", provider, capacity=CAPACITY)}
    created = serving.data(key, create_listing_mutation("TOUR"), variables)
    return str(created["createTravelTour"]["id"])


def test_postgresql_stopped_or_paused_mid_load_answers_503_and_recovers_without_restart(
    database: PrivateServer, tmp_path: Path
) -> None:
    workspace, key = asyncio.run(_prepare(database.url, database.system_url))
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_")}
    env.update(
        TRAVEL_DATABASE_URL=database.url,
        TRAVEL_SYSTEM_DATABASE_URL=database.system_url,
        TRAVEL_METRICS_PORT="0",
    )
    env["TRAVEL_DB_TIMEOUT_SECONDS"] = str(DB_TIMEOUT)
    serving = Serving(env, tmp_path / "serve.log")
    load = None
    try:
        tour = _tour(serving, key)

        def booking(rng: random.Random) -> dict[str, Any]:
            return {"targetType": "TOUR", "targetId": tour, "checkIn": rng.choice(DATES)}

        load = BookingLoad(serving.graphql_url, key, booking).start()
        load.wait_until(lambda: load.acknowledged() >= 10, "bookings before the outage")
        database.stop("immediate")  # the server dies: crash recovery at the next start
        stopped_at = time.monotonic()
        # Long enough for the 2 s credential cache to expire: authentication needs the
        # database again, and must answer 503 too (not 401).
        load.wait_until(lambda: time.monotonic() - stopped_at > 3, "the outage to last")
        ready = httpx.get(f"{serving.url}/readyz", timeout=10)
        alive = httpx.get(f"{serving.url}/healthz", timeout=10)
        database.start()
        restarted_at = time.monotonic()
        load.wait_until(
            lambda: any(a.booking and a.at > restarted_at for a in load.attempts),
            "a booking after the database came back",
        )
        # Then it hangs instead: connections open, nothing answered.
        database.pause()
        paused_at = time.monotonic()
        load.wait_until(lambda: time.monotonic() - paused_at > 2 * DB_TIMEOUT, "the pause")
        database.resume()
        resumed_at = time.monotonic()
        load.wait_until(
            lambda: any(a.booking and a.at > resumed_at for a in load.attempts),
            "a booking after the database answered again",
        )
        attempts = load.stop()
        assert serving.process.poll() is None  # the same process, never restarted
        # A partner retries each 503 it got with the same Idempotency-Key: a booking whose
        # commit went through before the connection broke is replayed, any other runs afresh.
        unavailable = [a for a in attempts if a.status == 503]
        retried = send_each(
            serving.graphql_url, key, [a for a in unavailable if a.key], concurrency=8
        )
    finally:
        if load is not None:
            load.stop()  # already stopped unless something above failed
        serving.stop()
    output = serving.output()

    assert (ready.status_code, ready.json()["database"]) == (503, "unreachable")
    assert alive.status_code == 200
    down = [a for a in attempts if stopped_at <= a.at < restarted_at]
    assert [a.failure for a in attempts if a.failure] == []  # answered, never hung
    assert len(unavailable) >= 10, [a.status for a in down]
    hung = [a for a in attempts if paused_at <= a.at + a.took and a.at < resumed_at]
    assert any(a.status == 503 for a in hung), [a.status for a in hung]
    # Each answered within a few database timeouts (authentication, then the booking).
    assert max(a.took for a in attempts) < 3 * DB_TIMEOUT + 2
    for attempt in unavailable:
        assert attempt.codes == ["SERVICE_UNAVAILABLE"], attempt.body
        assert attempt.headers["retry-after"] == "1"
    for attempt in attempts:
        if attempt.status != 503:
            assert attempt.status == 200, attempt.body
            assert attempt.booking is not None or attempt.codes == ["UNAVAILABLE"], attempt.body
    assert "Traceback" not in output, output[-3000:]
    assert "INTERNAL_SERVER_ERROR" not in output

    for attempt in retried:
        assert attempt.status == 200, attempt.body
        assert attempt.booking is not None or attempt.codes == ["UNAVAILABLE"], attempt.body

    held = ledger(database.url, workspace)
    acknowledged = {a.booking["id"] for a in [*attempts, *retried] if a.booking}
    assert acknowledged <= set(held.bookings)  # every acknowledged booking exists
    assert held.half_written() == []  # each with its timeline entry, audit entry and event
    keyless_unanswered = sum(1 for a in unavailable if a.key is None)
    assert len(set(held.bookings) - acknowledged) <= keyless_unanswered
    assert max(held.guests_by_date().values()) <= CAPACITY  # no oversell
    print(  # the counts docs/reliability.md quotes (pytest -s shows them)
        f"\npostgresql stopped: {len(attempts)} booking requests, "
        f"{sum(1 for a in attempts if a.booking)} booked, {len(unavailable)} answered 503 "
        f"during a {restarted_at - stopped_at:.1f} s outage and a "
        f"{resumed_at - paused_at:.1f} s pause (slowest answer {max(a.took for a in attempts):.1f} s), "
        f"{len(retried)} retried with their "
        f"key ({sum(1 for a in retried if a.booking)} booked), {len(held.bookings)} bookings "
        f"kept, 0 half-written, 0 oversold"
    )
