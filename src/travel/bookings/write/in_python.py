"""The booking's write on SQLite: the function's steps in Python, in the same order
(README.md maps them), between `BEGIN IMMEDIATE` (the database's write lock: nothing changes
the listing or its bookings meanwhile) and `COMMIT` — or, under an Idempotency-Key, inside the
request's transaction, as PostgreSQL's function does.

Bookings that wait for the write connection together are written as a group, in one
transaction (docs/decisions/0085-sqlite-group-commit.md). A group runs in the event
loop's thread when the lock is free this instant, else each booking in one hop to the thread of
SQLite's write connection, which waits for it (under an Idempotency-Key too:
docs/decisions/0084-sqlite-booking-write-inline.md). Each statement is the repository's own,
compiled once for the driver (travel.db.session.DriverForm): run one at a time through
SQLAlchemy and aiosqlite, a statement took three or four hops to that thread, thirty a booking,
and they were most of its CPU (docs/performance.md).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import sqlite3
import uuid
import weakref
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import Dialect
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from travel.bookings import repository
from travel.bookings.records import BookableListing
from travel.bookings.write.attempt import Attempt, Outcome, Result
from travel.catalog.availability import Block, BookedSpan, block_spans, has_room
from travel.catalog.pricing import PriceRange
from travel.db.engine import BUSY_TIMEOUT_MS, checkout
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
    forms = _Forms(session.get_bind().dialect)
    if session.in_nested_transaction():  # under an Idempotency-Key: the request's transaction
        driver, joined = await own_driver(session)
        return await in_driver_thread(
            driver, _book, forms, joined, workspace_id, listing_id, attempt
        )
    if session.in_transaction():  # it would hold the one write connection the group needs
        raise RuntimeError("a booking's write on a session that runs a transaction")
    engine = session.bind
    assert isinstance(engine, AsyncEngine)  # sessions are made on engines
    return await _Batch.of(engine).join(_Booking(forms, workspace_id, listing_id, attempt))


@dataclass(slots=True)
class _Booking:
    """One booking to write, and its answer."""

    forms: _Forms
    workspace_id: WorkspaceId
    listing_id: uuid.UUID
    attempt: Attempt | None
    answer: asyncio.Future[Result] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class _Batch:
    """How one write engine's bookings are written: the first of a turn of the event loop, when
    nothing else is, alone and at once; the others, which arrive while the loop is busy with
    more bookings (or while one is being written), together by one task, in one transaction
    (one `COMMIT`: one write of the log for every page they share;
    docs/decisions/0085-sqlite-group-commit.md)."""

    _all: weakref.WeakKeyDictionary[AsyncEngine, _Batch] = weakref.WeakKeyDictionary()

    def __init__(self, engine: AsyncEngine) -> None:
        # Weakly: the batch is the engine's value in `_all`, which must not keep it alive.
        self.engine = weakref.ref(engine)
        self.waiting: list[_Booking] = []
        self.writer: asyncio.Task[None] | None = None
        self.wrote_this_turn = False  # a booking was written alone in this loop iteration
        self.alone = 0  # bookings being written alone (waiting for the connection, say)

    @classmethod
    def of(cls, engine: AsyncEngine) -> _Batch:
        batch = cls._all.get(engine)
        if batch is None:
            batch = cls._all[engine] = cls(engine)
        return batch

    async def join(self, booking: _Booking) -> Result:
        """The booking's answer, once written: at once and alone if it is the first of this
        turn of the event loop and nothing else is being written or waits (no group to wait
        for: no latency added), else with the others in a group written after."""
        writing = self.writer is not None and not self.writer.done()
        if not (writing or self.waiting or self.alone or self.wrote_this_turn):
            self.wrote_this_turn = True
            asyncio.get_running_loop().call_soon(self._next_turn)
            return await self._alone(booking)
        self.waiting.append(booking)
        if not writing:  # in a context of its own, not the first caller's request's
            loop = asyncio.get_running_loop()
            self.writer = loop.create_task(self._write(), context=contextvars.Context())
        return await booking.answer

    def _next_turn(self) -> None:
        self.wrote_this_turn = False

    async def _alone(self, booking: _Booking) -> Result:
        self.alone += 1
        try:
            pooled = await checkout(self._engine())
            try:
                await _write_group(pooled.driver_connection, [booking])
            finally:
                pooled.close()
        finally:
            self.alone -= 1
        return booking.answer.result()

    async def _write(self) -> None:
        """Write what waits, group after group, until nothing does. A group's failure is its
        bookings' error (the next group is tried); cancelled, every waiting booking is."""
        group: list[_Booking] = []
        try:
            while self.waiting:
                group = []
                try:
                    pooled = await checkout(self._engine())
                    try:
                        group = self._take()
                        if group:
                            await _write_group(pooled.driver_connection, group)
                    finally:
                        pooled.close()
                except Exception as error:  # the group's (or, no connection, the next one's)
                    _answer_all(group or self._take(), error)
        except BaseException as error:
            _answer_all(group, error)
            _answer_all(self._take(everything=True), error)
            raise
        finally:
            self.writer = None

    def _engine(self) -> AsyncEngine:
        engine = self.engine()
        assert engine is not None  # a booking's session holds it while the booking waits
        return engine

    def _take(self, *, everything: bool = False) -> list[_Booking]:
        """The next group (bookings whose callers are gone left out)."""
        count = len(self.waiting) if everything else GROUP_MAX
        group, self.waiting = self.waiting[:count], self.waiting[count:]
        return [booking for booking in group if not booking.answer.done()]


GROUP_MAX = 16  # bookings in one transaction (about 3 ms of the event loop's time at most)


async def _write_group(driver: Any, group: list[_Booking]) -> None:
    """The group's bookings on the write connection `driver`: in the event loop's thread,
    together, if the write lock is free this instant; else each in one hop to the
    connection's thread, which waits for it."""
    if _written.get(driver, 0) >= CHECKPOINT_EVERY:
        await _checkpoint(driver)
    connection = driver._conn  # the sqlite3 connection under aiosqlite's (see below)
    if _lock_now(connection):
        if not _group_now(driver, connection, group):  # one failed: each again, alone
            for booking in group:
                if not booking.answer.done():
                    await _write_group(driver, [booking])
        return
    # Another process writes: the first booking waits for its lock in the connection's thread,
    # the others try the loop's way again after it.
    first, *others = group
    try:
        result: Result | Exception = await in_driver_thread(
            driver,
            _book,
            first.forms,
            False,
            first.workspace_id,
            first.listing_id,
            first.attempt,
        )
    except Exception as error:
        result = error
    _answer(first, result)
    others = [booking for booking in others if not booking.answer.done()]
    if others:
        await _write_group(driver, others)


def _answer(booking: _Booking, answer: Result | BaseException) -> None:
    """Give the booking's caller its answer (unless it is gone: cancelled)."""
    if booking.answer.done():
        return
    if isinstance(answer, Result):
        booking.answer.set_result(answer)
    elif isinstance(answer, Exception):
        booking.answer.set_exception(answer)
    else:  # cancelled (the process is stopping), or worse
        booking.answer.cancel()


def _answer_all(group: list[_Booking], error: BaseException) -> None:
    for booking in group:
        _answer(booking, error)


def _lock_now(connection: Any) -> bool:
    """Begin the write transaction in the event loop's thread if the database's write lock is
    free this instant; False (nothing begun) if another process holds it. The connection waits
    for a lock up to its busy timeout; here it must not wait, so it waits for none. Its
    automatic checkpoint is off until the transaction ends (`_group_now`)."""
    if connection.in_transaction:  # left by a ROLLBACK that failed: end it first
        connection.execute("ROLLBACK")
    connection.execute("PRAGMA busy_timeout=0")
    try:
        connection.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        connection.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        # The primary code: an extended one (SQLITE_BUSY_RECOVERY, ...) is a busy lock too.
        if error.sqlite_errorcode & 0xFF == sqlite3.SQLITE_BUSY:
            return False  # another process writes: the thread's hop waits for it instead
        raise
    connection.execute("PRAGMA wal_autocheckpoint=0")
    return True


def _group_now(driver: Any, connection: Any, group: list[_Booking]) -> bool:
    """The group's steps and one COMMIT in the event loop's thread, under the lock just taken:
    a handful of indexed statements a booking, about 200 µs, none of which waits for anything.
    In aiosqlite's thread each statement gave the GIL back and took it again from the loop's
    thread, busy with other requests, and a booking cost 910 µs of CPU instead of 740; with
    the COMMIT alone sent there, 1,090 (holding the lock over a hop; docs/decisions/0084).

    True once every booking of the group has its answer. If anything fails in a group of
    several, all of it is rolled back and nothing is answered (False): each booking is then
    written again alone, and only the one that fails answers its error. (A savepoint each
    would undo one booking alone, but SQLite copies every page a savepoint's statements
    change into its statement journal: a group of 16 took 8 ms instead of 3.)

    One COMMIT in a few dozen would run SQLite's checkpoint (copying the log into the database,
    with fsync: several milliseconds the loop must not wait for), so the automatic checkpoint
    is off here; after CHECKPOINT_EVERY bookings written this way on a connection, the next
    group on it runs the same checkpoint in aiosqlite's thread first (`_checkpoint`)."""
    try:
        results = [_steps_now(connection, booking) for booking in group]
        connection.execute("COMMIT")
    except Exception as error:
        if connection.in_transaction:  # a step failed, or the COMMIT did
            connection.execute("ROLLBACK")
        if len(group) > 1:
            return False
        _answer(group[0], error)
        return True
    finally:
        connection.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        connection.execute(f"PRAGMA wal_autocheckpoint={AUTOCHECKPOINT_PAGES}")
    for booking, result in zip(group, results, strict=True):
        if result.outcome is Outcome.CREATED:
            _written[driver] = _written.get(driver, 0) + 1
        _answer(booking, result)
    return True


def _steps_now(connection: Any, booking: _Booking) -> Result:
    """One booking's steps in the event loop's thread, inside its group's transaction."""
    return _steps(
        connection, booking.forms, booking.workspace_id, booking.listing_id, booking.attempt
    )


AUTOCHECKPOINT_PAGES = 1000  # SQLite's default: the log's length that triggers a checkpoint
CHECKPOINT_EVERY = 64  # bookings (about 4,000 pages of the log; SQLite alone: 1,000)
# Bookings `_group_now` wrote on each write connection (an aiosqlite connection; a process may
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


def _yesterday() -> date:
    """The first date whose seasonal price may still be asked for, as PostgreSQL's twin has it
    (`current_date - 1`: a booking decided just before midnight)."""
    return datetime.now(UTC).date() - timedelta(days=1)


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
    since = {"workspace_id": workspace_id, "listing_id": listing_id, "since": _yesterday()}
    prices = tuple(
        PriceRange(*season)
        for season in forms.of(repository.LISTING_PRICES).rows_now(connection, since)
    )
    if attempt is None or listing != attempt.seen:
        return Result(Outcome.LISTING, listing, prices)
    row = attempt.booking
    wanted = BookedSpan(row["check_in"], row["check_out"], row["guests"])
    params = repository.span_params(workspace_id, listing, wanted.check_in, wanted.check_out)
    rows = forms.of(repository.CONFIRMED_SPANS).rows_now(connection, params)
    blocks = forms.of(repository.LISTING_BLOCKS).rows_now(connection, params)
    spans = repository.spans_of(listing.kind, rows) + block_spans(
        listing.kind, listing.units, listing.capacity, (Block(*block) for block in blocks)
    )
    if not has_room(listing.kind, listing.units, listing.capacity, spans, wanted):
        return Result(Outcome.FULL, listing, prices)
    if not forms.insert(repository.INSERT_BOOKING, row, connection):
        return Result(Outcome.CODE_TAKEN, listing, prices)
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
    return Result(Outcome.CREATED, listing, prices)


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
