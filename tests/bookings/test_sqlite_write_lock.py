"""SQLite: a booking's statements run in the event loop's thread once it holds the database's
write lock, taken without waiting (travel.bookings.write.in_python). When another process
holds the lock, the booking waits for it in aiosqlite's thread instead — the event loop, and
every other request of the process, must not wait with it — and books once the lock is free.
Bookings that wait for the write connection together are written in one transaction
(docs/decisions/0085-sqlite-group-commit.md).
"""

from __future__ import annotations

import sqlite3
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
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


@pytest.fixture
def groups(monkeypatch: pytest.MonkeyPatch, database_url: str) -> list[int]:
    """The size of each group of bookings written in one transaction in the loop."""
    if is_postgres(database_url):
        pytest.skip("SQLite's group commit")
    sizes: list[int] = []
    group_now = in_python._group_now

    def counted(driver: Any, connection: Any, group: list[Any]) -> bool:
        sizes.append(len(group))
        return group_now(driver, connection, group)

    monkeypatch.setattr(in_python, "_group_now", counted)
    return sizes


class HeldWriter:
    """The server's write connection held by the test, as a long write would hold it: the
    bookings that arrive meanwhile wait for it, the first alone and the others together. The
    test sends each booking once the server shows the one before it waiting."""

    def __init__(self, server: LiveServer, pool: ThreadPoolExecutor, *, hold: bool = True) -> None:
        self.server, self.pool = server, pool
        self.engine = server.services.databases.main.writer
        self.pooled = server.run(checkout(self.engine)) if hold else None
        self.sent: list[Future[Any]] = []

    def waiting(self) -> tuple[int, int]:
        """Bookings waiting to be written alone (for the connection) and in a group."""

        async def read() -> tuple[int, int]:
            batch = in_python._Batch._all.get(self.engine)
            return (0, 0) if batch is None else (batch.alone, len(batch.waiting))

        return self.server.run(read())

    def book(self, key: str, tour: uuid.UUID, day: str) -> None:
        """Send a booking and wait until the server holds it (alone or in the group)."""
        before = sum(self.waiting())
        self.sent.append(
            self.pool.submit(
                request_booking, self.server, key, tour, target_type="TOUR", checkIn=day
            )
        )
        deadline = time.monotonic() + 10
        while sum(self.waiting()) == before:
            assert time.monotonic() < deadline, "the booking never reached the write"
            time.sleep(0.005)

    def release(self) -> list[Any]:
        """Give the connection back; every booking's answer."""

        async def close() -> None:
            if self.pooled is not None:
                self.pooled.close()

        self.server.run(close())
        return [sent.result(timeout=20) for sent in self.sent]


def test_bookings_that_wait_together_are_written_together(
    server: LiveServer, tenant: Tenant, groups: list[int], in_the_loop: list[str]
) -> None:
    """Six bookings for the last three places arrive while the write connection is busy. The
    first is written alone as soon as it is free (nothing waited before it); the five that
    arrive while it waits are decided one after the other in one transaction (each seeing
    those before it). Exactly three are written, with all their rows."""
    tour = tenant_listing(server, tenant, "TOUR", capacity=3)
    key = tenant.keys["traveler"]
    # The listing is seen once first, so that each of the six brings its rows at once.
    booked(request_booking(server, key, tour, target_type="TOUR", checkIn=future_date(5)))
    before = snapshot(server, tenant.workspace, WRITTEN)
    assert groups == [1, 1]
    with ThreadPoolExecutor(6) as pool:
        held = HeldWriter(server, pool)
        for _ in range(6):
            held.book(key, tour, future_date(6))
        assert held.waiting() == (1, 5)
        answers = held.release()
    codes = sorted(
        answer.json()["errors"][0]["extensions"]["code"] if "errors" in answer.json() else "OK"
        for answer in answers
    )
    assert codes == ["OK"] * 3 + ["UNAVAILABLE"] * 3
    assert groups == [1, 1, 1, 5]
    assert in_the_loop[2:] == ["CREATED"] * 3 + ["FULL"] * 3
    after = snapshot(server, tenant.workspace, WRITTEN)
    assert after == {table: count + 3 for table, count in before.items()}


def test_a_booking_that_fails_in_a_group_is_undone_alone(
    server: LiveServer, tenant: Tenant, groups: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A booking whose steps fail after writing its rows (here: a fault injected after the
    last) answers INTERNAL_SERVER_ERROR and leaves nothing: its group's transaction is rolled
    back and each of its bookings written again alone, the others with everything. (The
    first booking, written alone while the group gathers, is not touched.)"""
    good = tenant_listing(server, tenant, "TOUR", capacity=5)
    bad = tenant_listing(server, tenant, "TOUR", capacity=5)
    key = tenant.keys["traveler"]
    for tour in (good, bad):  # both seen: the next bookings of each bring their rows
        booked(request_booking(server, key, tour, target_type="TOUR", checkIn=future_date(7)))
    steps_now = in_python._steps_now
    failed: list[str] = []

    def failing(connection: Any, booking: Any) -> Any:
        result = steps_now(connection, booking)
        if booking.listing_id == bad:
            failed.append(result.outcome.value)  # its rows are written: now undo them
            raise RuntimeError("injected after the booking's rows")
        return result

    monkeypatch.setattr(in_python, "_steps_now", failing)
    before = snapshot(server, tenant.workspace, WRITTEN)
    groups.clear()
    with ThreadPoolExecutor(4) as pool:
        held = HeldWriter(server, pool)
        for tour in (good, good, bad, good):
            held.book(key, tour, future_date(8))
        assert held.waiting() == (1, 3)
        answers = held.release()
    assert groups == [1, 3, 1, 1, 1]
    assert failed == ["CREATED", "CREATED"]  # in the group, then alone
    for answer in answers[:2] + answers[3:]:
        booked(answer)
    assert answers[2].status_code == 500
    assert answers[2].json()["errors"][0]["extensions"]["code"] == "INTERNAL_SERVER_ERROR"
    after = snapshot(server, tenant.workspace, WRITTEN)
    assert after == {table: count + 3 for table, count in before.items()}


def test_a_group_waits_for_another_process_then_books_in_the_loop(
    server: LiveServer,
    tenant: Tenant,
    other_process: sqlite3.Connection,
    groups: list[int],
    in_the_loop: list[str],
) -> None:
    """Another process holds the write lock: the first booking waits for it in aiosqlite's
    thread, the two that arrive meanwhile gather; once the lock is free the first is written
    there and the two in the loop, together. All three are written, once."""
    tour = tenant_listing(server, tenant, "TOUR", capacity=5)
    key = tenant.keys["traveler"]
    booked(request_booking(server, key, tour, target_type="TOUR", checkIn=future_date(9)))
    before = snapshot(server, tenant.workspace, WRITTEN)
    groups.clear()
    in_the_loop.clear()
    other_process.execute("BEGIN IMMEDIATE")
    try:
        with ThreadPoolExecutor(3) as pool:
            waiting = HeldWriter(server, pool, hold=False)
            for _ in range(3):
                waiting.book(key, tour, future_date(9))
            assert waiting.waiting() == (1, 2)
            time.sleep(0.2)
            assert waiting.waiting() == (1, 2)  # nothing written while the other writes
            other_process.execute("ROLLBACK")
            answers = waiting.release()
    finally:
        if other_process.in_transaction:
            other_process.execute("ROLLBACK")
    for answer in answers:
        booked(answer)
    assert groups == [2]
    assert in_the_loop == ["CREATED", "CREATED"]
    after = snapshot(server, tenant.workspace, WRITTEN)
    assert after == {table: count + 3 for table, count in before.items()}
