"""The booking's write on SQLite: the function's steps in Python, in the same order
(README.md maps them), between `BEGIN IMMEDIATE` (the database's write lock: nothing changes
the listing or its bookings meanwhile) and `COMMIT` — or, under an Idempotency-Key, inside the
request's transaction, as PostgreSQL's function does.

They run in the event loop's thread when the lock is free this instant, else in one hop to the
thread of SQLite's write connection, which waits for it (under an Idempotency-Key too:
docs/decisions/0084-sqlite-booking-write-inline.md). Each statement is the repository's own,
compiled once for the driver (travel.db.session.DriverForm): run one at a time through
SQLAlchemy and aiosqlite, a statement took three or four hops to that thread, thirty a booking,
and they were most of its CPU (docs/performance.md).
"""

from __future__ import annotations

import logging
import sqlite3
import uuid
import weakref
from typing import Any

from sqlalchemy import Dialect
from sqlalchemy.ext.asyncio import AsyncSession

from travel.bookings import repository
from travel.bookings.records import BookableListing
from travel.bookings.write.attempt import Attempt, Outcome, Result
from travel.catalog.availability import BookedSpan, has_room
from travel.db.engine import BUSY_TIMEOUT_MS
from travel.db.session import DriverForm, in_driver_thread, own_driver
from travel.events import repository as events
from travel.kernel.ids import WorkspaceId

_log = logging.getLogger(__name__)


async def book(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    listing_id: uuid.UUID,
    attempt: Attempt | None,
) -> Result:
    driver, joined = await own_driver(session)
    forms = _Forms(session.get_bind().dialect)
    if not joined:
        connection = driver._conn  # the sqlite3 connection under aiosqlite's (see below)
        if _written.get(driver, 0) >= CHECKPOINT_EVERY:
            await _checkpoint(driver)
        if _lock_now(connection):
            return _steps_now(driver, connection, forms, workspace_id, listing_id, attempt)
    return await in_driver_thread(driver, _book, forms, joined, workspace_id, listing_id, attempt)


def _lock_now(connection: Any) -> bool:
    """Begin the write transaction in the event loop's thread if the database's write lock is
    free this instant; False (nothing begun) if another process holds it. The connection waits
    for a lock up to its busy timeout; here it must not wait, so it waits for none. Its
    automatic checkpoint is off until the transaction ends (`_steps_now`)."""
    if connection.in_transaction:  # left by a ROLLBACK that failed: end it first
        connection.execute("ROLLBACK")
    connection.execute("PRAGMA busy_timeout=0")
    try:
        connection.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        connection.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        if error.sqlite_errorcode == sqlite3.SQLITE_BUSY:
            return False  # another process writes: the thread's hop waits for it instead
        raise
    connection.execute("PRAGMA wal_autocheckpoint=0")
    return True


def _steps_now(
    driver: Any,
    connection: Any,
    forms: _Forms,
    workspace_id: WorkspaceId,
    listing_id: uuid.UUID,
    attempt: Attempt | None,
) -> Result:
    """The steps and the COMMIT in the event loop's thread, under the lock just taken: a
    handful of indexed statements, about 300 µs, none of which waits for anything. In
    aiosqlite's thread each statement gave the GIL back and took it again from the loop's
    thread, busy with other requests, and a booking cost 910 µs of CPU instead of 740; with
    the COMMIT alone sent there, 1,090 (holding the lock over a hop; docs/decisions/0084).

    One COMMIT in a few dozen would run SQLite's checkpoint (copying the log into the database,
    with fsync: several milliseconds the loop must not wait for), so the automatic checkpoint
    is off here; after CHECKPOINT_EVERY bookings written this way on a connection, the next
    booking on it runs the same checkpoint in aiosqlite's thread first (`_checkpoint`)."""
    try:
        result = _committed(connection, forms, workspace_id, listing_id, attempt)
    finally:
        connection.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        connection.execute(f"PRAGMA wal_autocheckpoint={AUTOCHECKPOINT_PAGES}")
    if result.outcome is Outcome.CREATED:
        _written[driver] = _written.get(driver, 0) + 1
    return result


AUTOCHECKPOINT_PAGES = 1000  # SQLite's default: the log's length that triggers a checkpoint
CHECKPOINT_EVERY = 64  # bookings (about 4,000 pages of the log; SQLite alone: 1,000)
# Bookings `_steps_now` wrote on each write connection (an aiosqlite connection; a process may
# have several databases: dedicated tenants) since its last checkpoint.
_written: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()


async def _checkpoint(driver: Any) -> None:
    """SQLite's PASSIVE checkpoint in the connection's thread, before the booking that found it
    due begins (cancelled meanwhile, it has written nothing). Housekeeping: a failure is
    logged, the booking goes on, and the next one tries again."""
    try:
        await in_driver_thread(driver, _run_checkpoint)
    except Exception:
        _log.warning("SQLite checkpoint failed; the next booking tries again", exc_info=True)
    else:
        _written[driver] = 0


def _run_checkpoint(connection: Any) -> None:
    connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()


def _book(
    connection: Any,
    forms: _Forms,
    joined: bool,
    workspace_id: WorkspaceId,
    listing_id: uuid.UUID,
    attempt: Attempt | None,
) -> Result:
    """In the connection's own thread: the steps in a transaction of their own, unless they
    join the request's. Nothing is written unless the outcome is CREATED."""
    if joined:
        return _steps(connection, forms, workspace_id, listing_id, attempt)
    connection.execute("BEGIN IMMEDIATE")
    return _committed(connection, forms, workspace_id, listing_id, attempt)


def _committed(
    connection: Any,
    forms: _Forms,
    workspace_id: WorkspaceId,
    listing_id: uuid.UUID,
    attempt: Attempt | None,
) -> Result:
    """The steps, then the COMMIT of the transaction begun for them (either way: the loop's or
    the thread's); everything rolled back if the steps or the COMMIT fail."""
    try:
        result = _steps(connection, forms, workspace_id, listing_id, attempt)
        # Nothing was written unless CREATED: ending either way is the same COMMIT.
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:  # the steps failed, or the COMMIT did
            connection.execute("ROLLBACK")
        raise
    return result


def _steps(
    connection: Any,
    forms: _Forms,
    workspace_id: WorkspaceId,
    listing_id: uuid.UUID,
    attempt: Attempt | None,
) -> Result:
    found = forms.of(repository.LOCK_LISTING).rows_now(
        connection, {"workspace_id": workspace_id, "listing_id": listing_id}
    )
    if not found:
        return Result(Outcome.NOT_FOUND, None)
    listing = BookableListing(*found[0])
    if attempt is None or listing != attempt.seen:
        return Result(Outcome.LISTING, listing)
    row = attempt.booking
    wanted = BookedSpan(row["check_in"], row["check_out"], row["guests"])
    params = repository.span_params(workspace_id, listing, wanted.check_in, wanted.check_out)
    rows = forms.of(repository.CONFIRMED_SPANS).rows_now(connection, params)
    spans = repository.spans_of(listing.kind, rows)
    if not has_room(listing.kind, listing.units, listing.capacity, spans, wanted):
        return Result(Outcome.FULL, listing)
    if not forms.insert(repository.INSERT_BOOKING, row, connection):
        return Result(Outcome.CODE_TAKEN, listing)
    # What the change leaves behind: timeline step, audit entry, event and its fan-out
    # (history.write_change and events.repository.insert_event, statement for statement).
    change = attempt.change
    forms.insert(repository.INSERT_TRANSITION, change.transition, connection)
    forms.insert(repository.INSERT_AUDIT, change.audit, connection)
    forms.insert(events.INSERT_EVENT, change.event, connection)
    endpoints = forms.of(events.ENABLED_ENDPOINTS).rows_now(
        connection, {"workspace_id": workspace_id}
    )
    for delivery in events.delivery_rows(change.event, (e[0] for e in endpoints)):
        forms.insert(events.INSERT_DELIVERY, delivery, connection)
    return Result(Outcome.CREATED, listing)


class _Forms:
    """The driver forms of the write's statements, compiled once (an INSERT once per set of
    columns its rows give); SQLite's engines all compile alike (travel.db.engine)."""

    _compiled: dict[tuple[int, tuple[str, ...] | None], DriverForm] = {}

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect

    def of(self, statement: Any, keys: tuple[str, ...] | None = None) -> DriverForm:
        form = self._compiled.get((id(statement), keys))
        if form is None:
            made = DriverForm.on_sqlite(statement, self.dialect, keys)
            assert made is not None  # the write's statements have no list parameter
            form = self._compiled[(id(statement), keys)] = made
        return form

    def insert(self, statement: Any, row: dict[str, Any], connection: Any) -> list[Any]:
        """Insert `row` (its keys are the columns); the RETURNING rows, if any."""
        return self.of(statement, tuple(row)).rows_now(connection, row)
