"""SQLite: a booking's statements run in the event loop's thread once it holds the database's
write lock, taken without waiting (travel.bookings.write.in_python). When another process
holds the lock, the booking waits for it in aiosqlite's thread instead — the event loop, and
every other request of the process, must not wait with it — and books once the lock is free.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tests.conftest import is_postgres
from tests.factories import (
    Tenant,
    booked,
    future_date,
    request_booking,
    snapshot,
    tenant_listing,
)
from tests.support.api import data
from tests.support.live import LiveServer
from travel.bookings.write import in_python
from travel.db.engine import BUSY_TIMEOUT_MS, checkout

HOLD = 1.5  # seconds the other process keeps the write lock
WRITTEN = ("bookings", "booking_transitions", "audit_log", "outbox_events")


@pytest.fixture
def other_process(database_url: str) -> Iterator[sqlite3.Connection]:
    """Another process's connection to the file, as a second `travel` would have."""
    if is_postgres(database_url):
        pytest.skip("SQLite's write lock")
    connection = sqlite3.connect(database_url.removeprefix("sqlite:///"), isolation_level=None)
    try:
        yield connection
    finally:
        connection.close()


@pytest.fixture
def in_the_loop(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The outcome of each booking written in the event loop's thread (the live server runs in
    this process): which way a booking went."""
    taken: list[str] = []
    steps_now = in_python._steps_now

    def counted(*args: Any) -> Any:
        result = steps_now(*args)
        taken.append(result.outcome.value)
        return result

    monkeypatch.setattr(in_python, "_steps_now", counted)
    return taken


def writer_pragmas(server: LiveServer) -> tuple[int, int]:
    """The write connection's busy timeout and automatic checkpoint, read in the server's loop
    while no booking holds it."""

    async def read() -> tuple[int, int]:
        pooled = await checkout(server.services.databases.main.writer)
        try:
            connection = pooled.driver_connection._conn
            (timeout,) = connection.execute("PRAGMA busy_timeout").fetchone()
            (pages,) = connection.execute("PRAGMA wal_autocheckpoint").fetchone()
            return timeout, pages
        finally:
            pooled.close()

    return server.run(read())


def test_a_booking_in_the_loop_leaves_the_connection_as_it_found_it(
    server: LiveServer, tenant: Tenant, other_process: sqlite3.Connection, in_the_loop: list[str]
) -> None:
    tour = tenant_listing(server, tenant, "TOUR", capacity=1)
    key = tenant.keys["traveler"]
    assert writer_pragmas(server) == (BUSY_TIMEOUT_MS, in_python.AUTOCHECKPOINT_PAGES)
    booked(request_booking(server, key, tour, target_type="TOUR", checkIn=future_date(2)))
    full = request_booking(server, key, tour, target_type="TOUR", checkIn=future_date(2))
    assert full.json()["errors"][0]["extensions"]["code"] == "UNAVAILABLE"
    # The first read the listing (not seen yet), then booked it on what it read; the second
    # booked on the listing as last seen and found no room.
    assert in_the_loop == ["LISTING", "CREATED", "FULL"]
    assert writer_pragmas(server) == (BUSY_TIMEOUT_MS, in_python.AUTOCHECKPOINT_PAGES)
    assert not other_process.in_transaction
    other_process.execute("BEGIN IMMEDIATE")  # the lock is free: nothing was left open
    other_process.execute("ROLLBACK")


def test_a_booking_waits_for_another_process_without_holding_up_the_others(
    server: LiveServer, tenant: Tenant, other_process: sqlite3.Connection, in_the_loop: list[str]
) -> None:
    tour = tenant_listing(server, tenant, "TOUR", capacity=5)
    before = snapshot(server, tenant.workspace, WRITTEN)
    key = tenant.keys["traveler"]
    other_process.execute("BEGIN IMMEDIATE")
    started = time.monotonic()
    with ThreadPoolExecutor(1) as pool:
        booking = pool.submit(
            request_booking, server, key, tour, target_type="TOUR", checkIn=future_date(3)
        )
        time.sleep(0.3)
        assert not booking.done()  # waiting for the lock
        # Meanwhile the process answers reads at once.
        read_at = time.monotonic()
        page = data(server, key, "{ travelTours(pagination: {skip: 0, take: 5}) { id } }")
        assert page["travelTours"] == [{"id": str(tour)}]
        assert time.monotonic() - read_at < HOLD / 2
        time.sleep(max(0.0, HOLD - (time.monotonic() - started)))
        assert not booking.done()
        assert in_the_loop == []  # it waits in aiosqlite's thread
        other_process.execute("ROLLBACK")
        made = booked(booking.result(timeout=20))
    # Its first attempt (reading the listing) ended in the thread once the lock was free; the
    # second, which booked, found the lock free and ran in the loop.
    assert in_the_loop == ["CREATED"]
    assert time.monotonic() - started >= HOLD
    after = snapshot(server, tenant.workspace, WRITTEN)
    assert after == {table: count + 1 for table, count in before.items()}
    # The write connection is fine afterwards: the next booking takes the fast way again.
    again = booked(request_booking(server, key, tour, target_type="TOUR", checkIn=future_date(3)))
    assert again["id"] != made["id"]
    assert in_the_loop == ["CREATED", "CREATED"]


@pytest.mark.plan("enterprise")  # 192 bookings in a quota window
def test_the_log_stays_short_over_many_bookings(
    server: LiveServer, tenant: Tenant, other_process: sqlite3.Connection, in_the_loop: list[str]
) -> None:
    """The loop's bookings turn SQLite's automatic checkpoint off while they commit and run it
    themselves every CHECKPOINT_EVERY bookings: over three times that many, the log is
    checkpointed (and so restarted) along the way instead of growing by each booking."""
    from travel.bookings.write.in_python import CHECKPOINT_EVERY

    tour = tenant_listing(server, tenant, "TOUR", capacity=1000)
    key = tenant.keys["traveler"]

    def book() -> None:
        booked(request_booking(server, key, tour, target_type="TOUR", checkIn=future_date(4)))

    other_process.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    book()
    (one,) = other_process.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[1:2]
    other_process.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for _ in range(3 * CHECKPOINT_EVERY):
        book()
    busy, log, _ = other_process.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    assert in_the_loop == ["LISTING"] + ["CREATED"] * (3 * CHECKPOINT_EVERY + 1)
    assert busy == 0
    assert 0 < log <= 2 * CHECKPOINT_EVERY * one  # never checkpointed: 3 * CHECKPOINT_EVERY
