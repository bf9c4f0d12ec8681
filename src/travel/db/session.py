"""Transactions scoped to one workspace (or, for operator tooling, to the whole system).

On PostgreSQL every transaction starts by setting `travel.workspace_id` with
`set_config(..., true)` (transaction-local, like SET LOCAL) to the workspace's signed token
(travel.db.scope); row-level-security policies compare every tenant row with the workspace it
names, a second wall behind the repositories' filters.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar, TypeVarTuple, overload

from sqlalchemy import (
    Connection,
    CursorResult,
    Dialect,
    Executable,
    Select,
    TextClause,
    Uuid,
    any_,
    bindparam,
    event,
    select,
    text,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession
from sqlalchemy.orm import Session
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.sql.selectable import TypedReturnsRows

from travel.db.engine import Engines, checkout
from travel.db.scope import SETTING
from travel.kernel.ids import WorkspaceId


class SerialSession(AsyncSession):
    """An AsyncSession that runs one database operation at a time.

    graphql-core resolves sibling fields concurrently and DataLoader batches run as tasks, yet
    they share the request's session; an AsyncSession must never be used by two coroutines at
    once. Every awaitable operation takes this lock (`scalars`/`stream_scalars` go through
    `execute`/`stream`, so they are covered too).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._gate = asyncio.Lock()

    async def execute(self, *args: Any, **kwargs: Any) -> Any:
        async with self._gate:
            return await super().execute(*args, **kwargs)

    async def scalar(self, *args: Any, **kwargs: Any) -> Any:
        async with self._gate:
            return await super().scalar(*args, **kwargs)

    async def get(self, *args: Any, **kwargs: Any) -> Any:
        async with self._gate:
            return await super().get(*args, **kwargs)

    async def stream(self, *args: Any, **kwargs: Any) -> Any:
        async with self._gate:
            return await super().stream(*args, **kwargs)

    async def flush(self, objects: Any = None) -> None:
        async with self._gate:
            await super().flush(objects)

    async def refresh(self, *args: Any, **kwargs: Any) -> None:
        async with self._gate:
            await super().refresh(*args, **kwargs)

    async def merge(self, *args: Any, **kwargs: Any) -> Any:
        async with self._gate:
            return await super().merge(*args, **kwargs)

    async def delete(self, instance: object) -> None:
        async with self._gate:
            await super().delete(instance)


_SCOPE = "travel.scope"  # session.info key: the settings its transactions start with
_GATED = "travel.gated"  # session.info key: its transactions write (the first setting's workspace)


def _set_statement(count: int, gated: bool) -> TextClause:
    """The first statement of a scoped transaction; a writing one also passes the workspace's
    write gate in it (revision 0013, travel.db.moves): refused with SQLSTATE TRMOV while the
    workspace moves to another database, at no extra round trip."""
    calls = [f"set_config(:n{i}, :v{i}, true)" for i in range(count)]
    if gated:
        calls.append("travel_write_gate(:v0)")
    return text(f"SELECT {', '.join(calls)}")


_SET = {(count, gated): _set_statement(count, gated) for count in (1, 2) for gated in (False, True)}


def _scope_transaction(session: Session, _: object, connection: Connection) -> None:
    """Apply the session's settings as the first statement of each transaction it begins.

    Lazily, when the session first uses a connection: a mutation that fails before touching the
    database costs no round trip. A connection in autocommit has no transaction to scope (a
    transaction-local setting would end with its own statement): its statements scope
    themselves (`own_driver`).
    """
    settings: tuple[tuple[str, str], ...] | None = session.info.get(_SCOPE)
    if not settings or connection.get_execution_options().get("isolation_level") == "AUTOCOMMIT":
        return
    params = {}
    for i, (name, value) in enumerate(settings):
        params[f"n{i}"], params[f"v{i}"] = name, value
    connection.execute(_SET[len(settings), bool(session.info.get(_GATED))], params)


class _ScopedSession(Session):
    """The synchronous session under a SerialSession (carries the scoping hook)."""


event.listen(_ScopedSession, "after_begin", _scope_transaction)


def _session(
    engine: AsyncEngine, engines: Engines, *settings: tuple[str, str], gated: bool = False
) -> SerialSession:
    """`gated`: a write session of the workspace `settings[0]` names."""
    session = SerialSession(engine, expire_on_commit=False, sync_session_class=_ScopedSession)
    if engines.dialect == "postgresql":
        session.info[_SCOPE] = settings
        session.info[_GATED] = gated
    return session


async def _workspace_setting(engines: Engines, workspace_id: WorkspaceId) -> str:
    """What `travel.workspace_id` is set to for the workspace: its signed token on PostgreSQL
    (computed once per workspace, travel.db.scope); SQLite has no policies to satisfy."""
    scope = engines.scope
    return str(workspace_id) if scope is None else await scope.token(workspace_id)


def workspace_setting(session: AsyncSession) -> str:
    """The `travel.workspace_id` a tenant session's transactions start with: what a statement
    on its `own_driver` sets itself (PostgreSQL's booking function)."""
    for name, value in session.info.get(_SCOPE, ()):
        if name == SETTING:
            return str(value)
    raise RuntimeError("not a tenant session on PostgreSQL")


@asynccontextmanager
async def tenant_transaction(
    engines: Engines, workspace_id: WorkspaceId, *, write: bool
) -> AsyncIterator[AsyncSession]:
    """One transaction inside one workspace: committed on success, rolled back on error."""
    engine = engines.writer if write else engines.reader
    scope = (SETTING, await _workspace_setting(engines, workspace_id))
    # The transaction begins when the session first needs a connection, is committed if the
    # block ends well and rolled back (the session closed) if not: `session.begin()` around it
    # took a greenlet hop for nothing, a block that never touched the database has nothing to
    # commit, and a committed session holds nothing left to close.
    session = _session(engine, engines, scope, gated=write)
    try:
        yield session
        if session.in_transaction():
            await session.commit()
    finally:
        pooled = session.info.pop(_DRIVER, None)
        if pooled is not None:  # taken by `own_driver`; nothing began a transaction on it
            pooled.close()
        if session.in_transaction():
            await asyncio.shield(session.close())


# A read scoped by its own statement (PostgreSQL). The workspace is set by a materialized CTE
# (never inlined); the read refers to its row in a one-time filter behind an optimisation fence
# (OFFSET 0: never pulled up), so the read is a parameterised inner side that PostgreSQL can
# only run after the CTE produced its row, whatever plan it picks: every row-level-security
# check of the read sees the workspace. tests/db/test_migrations.py holds this for joins, CTEs,
# sorts and limits.
_SCOPED_READ = (
    "WITH travel_scope AS MATERIALIZED "
    "(SELECT set_config('travel.workspace_id', ${n}::text, true) AS ws) "
    "SELECT travel_read.* FROM travel_scope CROSS JOIN LATERAL "
    "(SELECT * FROM ({statement}) AS travel_query "
    "WHERE travel_scope.ws IS NOT NULL OFFSET 0) AS travel_read"
)
_WORKSPACE_OPTION = "travel_workspace"


def _scope_statement(
    _conn: Connection,
    _cursor: Any,
    statement: str,
    parameters: Any,
    context: Any,
    executemany: bool,
) -> tuple[str, Any]:
    """Rewrite a read of an `open_reads` connection so that it sets the workspace itself."""
    workspace = context.execution_options.get(_WORKSPACE_OPTION) if context else None
    if workspace is None:
        return statement, parameters
    if executemany or not statement.lstrip()[:6].upper().startswith(("SELECT", "WITH")):
        raise RuntimeError("an open_reads connection runs SELECT statements only")
    values = list(parameters or ())
    values.append(workspace)
    return _SCOPED_READ.format(n=len(values), statement=statement), values


def scope_reads(engines: Engines) -> None:
    """Let `open_reads` scope statements on these engines (PostgreSQL; called once)."""
    if engines.dialect == "postgresql":
        event.listen(
            engines.reader.sync_engine, "before_cursor_execute", _scope_statement, retval=True
        )


_Ts = TypeVarTuple("_Ts")
T = TypeVar("T")


class SerialConnection:
    """A request's read connection on SQLite (Core, no ORM session, one read transaction), one
    statement at a time: sibling resolvers share it, as they share a SerialSession."""

    workspace: str | None = None

    def __init__(self, connection: AsyncConnection | None) -> None:
        self._connection = connection
        self._gate = asyncio.Lock()

    async def _sqlalchemy(self) -> AsyncConnection:
        """The connection SQLAlchemy's statements run on."""
        assert self._connection is not None
        return self._connection

    @property
    def dialect(self) -> Dialect:
        assert self._connection is not None
        return self._connection.dialect

    @overload
    async def execute(
        self, statement: TypedReturnsRows[*_Ts], parameters: Any = None
    ) -> CursorResult[*_Ts]: ...

    @overload
    async def execute(
        self, statement: Executable, parameters: Any = None
    ) -> CursorResult[*tuple[Any, ...]]: ...

    async def execute(
        self, statement: Executable, parameters: Any = None
    ) -> CursorResult[*tuple[Any, ...]]:
        async with self._gate:
            return await (await self._sqlalchemy()).execute(statement, parameters)

    async def scalar(self, statement: Executable, parameters: Any = None) -> Any:
        async with self._gate:
            return await (await self._sqlalchemy()).scalar(statement, parameters)


_POOLED = "postgresql pooled"  # the driver forms of reads through a transaction pooler


class ScopedConnection(SerialConnection):
    """A request's read connection: a pooled connection on which every statement runs on its
    own (autocommit); on PostgreSQL each also sets the workspace itself (`_SCOPED_READ`).

    The hottest reads (`CompiledRead`) go straight to the driver, so a request that makes only
    those never builds SQLAlchemy's connection around the pooled one: taking it from the pool
    and giving it back are one greenlet hop and a plain call, without the connection object,
    its events and the task SQLAlchemy starts to close it (44 µs against 15 on PostgreSQL,
    measured in isolation; on SQLite a driver read runs in the event loop's thread, where
    SQLAlchemy's made four hops to aiosqlite's: BEGIN, the read, COMMIT and the pool's reset).
    Other reads wrap the same pooled connection in SQLAlchemy's, made on first use; the gate
    keeps the two from ever using the connection at once.
    """

    def __init__(
        self,
        engine: AsyncEngine,
        pooled: PoolProxiedConnection,
        workspace: str | None,
        transaction_pooler: bool = False,
    ) -> None:
        super().__init__(None)
        self._engine = engine
        self._pooled = pooled
        self._driver: Any = pooled.driver_connection
        self._dialect = engine.dialect
        # Which of a read's driver forms it runs, and on what: through a transaction pooler,
        # forms of their own, run on the pooled connection (`_fetch_reparsed`).
        self._form = _POOLED if transaction_pooler else engine.dialect.name
        self._runs_on: Any = pooled if transaction_pooler else self._driver
        # PostgreSQL: what each statement scopes itself to (a signed token, travel.db.scope)
        self.workspace = workspace

    @property
    def dialect(self) -> Dialect:
        return self._dialect

    async def _sqlalchemy(self) -> AsyncConnection:
        if self._connection is None:
            # SQLAlchemy's reads run in autocommit too, carrying the workspace for the
            # scoping hook (`_scope_statement`) on PostgreSQL.
            connection = AsyncConnection(
                self._engine, Connection(self._engine.sync_engine, connection=self._pooled)
            )
            scope = {} if self.workspace is None else {_WORKSPACE_OPTION: self.workspace}
            await connection.execution_options(isolation_level="AUTOCOMMIT", **scope)
            self._connection = connection
        return self._connection

    async def fetch(self, read: CompiledRead, params: Mapping[str, Any]) -> Sequence[Any]:
        """Rows of a compiled read: straight from the driver where it has a driver form."""
        form = read.driver_forms.get(self._form, _UNKNOWN)
        async with self._gate:
            if form is _UNKNOWN:
                form = await DriverForm.of(
                    read, self._dialect, self._driver, reparsed=self._form == _POOLED
                )
                read.driver_forms[self._form] = form
            if form is None:  # SQLAlchemy must expand it (an IN list on SQLite)
                connection = await self._sqlalchemy()
                return (await connection.execute(read.statement, dict(params))).all()
            args = form.arguments(params, self.workspace)
            events = self._engine.sync_engine.dispatch.before_cursor_execute
            if events:
                # The engine's listeners (tracing, tests counting statements) see driver reads
                # too; the scoping hook leaves them as they are (no execution context).
                events(None, None, form.sql, args, None, False)
            if form.run_now is not None and read.bounded and params.get("skip", 0) <= INLINE_SKIP:
                rows = form.run_now(self._driver, form.sql, args)
            else:
                rows = await form.run(self._runs_on, form.sql, args)
        return rows if form.convert is None else [form.convert(row) for row in rows]

    async def release(self) -> None:
        """Give the pooled connection back (with SQLAlchemy's connection, if one was made).

        After driver reads alone it goes back without a greenlet: checking a connection in
        awaits nothing (on PostgreSQL unless SQLAlchemy began a transaction on it, which only
        its own connection does; SQLite's reader pool does not reset connections, travel.db.
        engine) — a greenlet hop costs 8 µs, the check-in 2."""
        if self._connection is not None:
            await self._connection.close()
        else:
            self._pooled.close()


class CompiledRead:
    """A SELECT for the hottest reads: on a PostgreSQL read connection it is compiled once
    (with the scoping wrapper of `_SCOPED_READ`) and run on the driver, its parameters and
    result values converted as SQLAlchemy would, without SQLAlchemy's per-execution work
    (decision 0071); anywhere else (SQLite, a mutation's session) SQLAlchemy runs `statement`.

    `for_postgresql` is the same read written for the driver where it must differ (a list
    parameter as `= ANY($n)` rather than an expanding `IN`). `bounded`: it visits at most its
    `skip` + `take` rows (or one) through an index, so that on SQLite it may run in the event
    loop's thread while `skip` stays within `INLINE_SKIP` (decision 0075); counts and other
    reads whose work grows with the data are not.
    """

    def __init__(
        self,
        statement: Select[*tuple[Any, ...]],
        for_postgresql: Select[*tuple[Any, ...]] | None = None,
        *,
        bounded: bool = False,
    ) -> None:
        self.statement = statement
        self.bounded = bounded
        self.for_postgresql = for_postgresql if for_postgresql is not None else statement
        # Per dialect, made on first use (ScopedConnection.fetch); None: SQLAlchemy runs it.
        self.driver_forms: dict[str, DriverForm | None] = {}

    async def rows(self, reads: Reads, params: Mapping[str, Any]) -> Sequence[Any]:
        if isinstance(reads, ScopedConnection):
            return await reads.fetch(self, params)
        result = await reads.execute(self.statement, dict(params))
        rows: Sequence[Any] = result.all()
        return rows


def by_ids(workspace: Any, key: Any, *columns: Any) -> CompiledRead:
    """`columns` (model attributes) of the rows whose `key` is one of the `ids` parameter, in
    the `workspace_id` parameter's workspace: an expanding IN through SQLAlchemy, one
    `= ANY($n)` array on the driver (one prepared statement whatever the number of ids)."""
    where = workspace == bindparam("workspace_id")
    return CompiledRead(
        select(*columns).where(where, key.in_(bindparam("ids", expanding=True))),
        select(*columns).where(where, key == any_(bindparam("ids", type_=ARRAY(Uuid())))),
    )


async def _fetch_asyncpg(driver: Any, sql: str, args: list[Any]) -> Sequence[Any]:
    rows: Sequence[Any] = await driver.fetch(sql, *args)
    return rows


# A pooled connection's `info`: its statements by SQL text, at most one per compiled read of the
# code (and per shape of the bookings' pages): bounded by the code, not by traffic.
_REPARSED = "travel.reparsed"


async def _fetch_reparsed(pooled: Any, sql: str, args: list[Any]) -> Sequence[Any]:
    """`_fetch_asyncpg` through a pooler in transaction mode, on a pooled connection (asyncpg
    without its statement cache: travel.db.engine.POOLER_SAFE). The statement is described once
    per connection, unnamed, and kept in the connection's `info` (which lives as long as the
    driver's connection); each run sends its text again with the Bind and Execute, one message
    whole on whichever server connection it lands. `driver.fetch` would describe it anew each
    time: a second round trip (docs/decisions/0093-pgbouncer-transaction-mode.md)."""
    statements = pooled.info.get(_REPARSED)
    if statements is None:
        statements = pooled.info[_REPARSED] = {}
    statement = statements.get(sql)
    if statement is None:
        statement = statements[sql] = await pooled.driver_connection.prepare(sql)
    rows: Sequence[Any] = await statement.fetch(*args)
    return rows


async def _fetch_aiosqlite(driver: Any, sql: str, args: list[Any]) -> Sequence[Any]:
    rows: Sequence[Any] = await driver.execute_fetchall(sql, args)  # one hop to its thread
    return rows


INLINE_SKIP = 100
"""The largest `skip` of a bounded read SQLite runs in the event loop's thread. A page of 100
listings with their providers at skip 100 takes ~260 µs (at skip 0, ~240; at skip 1,000, 1.3 ms);
a farther page is left to aiosqlite's thread, where it delays only its own request (decision
0075)."""


def _fetch_inline(driver: Any, sql: str, args: list[Any]) -> Sequence[Any]:
    # In the event loop's own thread, on the sqlite3 connection under aiosqlite's (the reader
    # pool's connections allow it, travel.db.engine): a bounded, indexed read in WAL mode
    # waits for no writer, and a hop to aiosqlite's thread cost more than the read itself —
    # with a dozen such threads taking the GIL back after every row, the 50-listing page cost
    # 1,900 µs of CPU against 720 inline (docs/decisions/0075-sqlite-reads-inline.md).
    rows: Sequence[Any] = driver._conn.execute(sql, args).fetchall()
    return rows


_UNKNOWN: Any = object()
_REQUIRED: Any = object()  # a parameter the caller must give (not a value the statement fixes)

Bind = tuple[str, Callable[[Any], Any] | None, Any]  # name, conversion, fixed value


@dataclass(frozen=True, slots=True)
class DriverForm:
    """A statement as the driver runs it: its SQL (on PostgreSQL with the scoping wrapper),
    how its arguments are made from the parameters (each one's bind conversion, a literal of
    the statement where the caller gives none), how the driver runs it, and the conversion of
    a result row (None: rows as they come)."""

    sql: str
    # The driver's arguments from the statement's parameters and, on PostgreSQL, the workspace
    # last (`_SCOPED_READ`): made once from its binds (`_gatherer`).
    arguments: Callable[[Mapping[str, Any], str | None], list[Any]]
    # On the driver's connection; through a transaction pooler, on the pooled one.
    run: Callable[[Any, str, list[Any]], Awaitable[Sequence[Any]]]
    # How it runs in the event loop's own thread, for a bounded read (SQLite's, decision
    # 0075); None: always through `run`.
    run_now: Callable[[Any, str, list[Any]], Sequence[Any]] | None
    convert: Callable[[Any], list[Any]] | None

    @classmethod
    async def of(
        cls, read: CompiledRead, dialect: Dialect, driver: Any, *, reparsed: bool = False
    ) -> DriverForm | None:
        """The read's form for `dialect`; None when only SQLAlchemy can run it (a list
        parameter SQLite receives as an expanding IN, made anew for each length). `reparsed`:
        PostgreSQL through a pooler in transaction mode (`_fetch_reparsed`)."""
        if dialect.name != "postgresql":
            return cls.on_sqlite(read.statement, dialect)
        statement = read.for_postgresql
        compiled = statement.compile(dialect=dialect)
        binds = _binds(compiled, dialect)
        sql = _SCOPED_READ.format(n=len(binds) + 1, statement=compiled.string)
        # Result conversions need the driver's type of each column (as SQLAlchemy's do).
        attributes = (await driver.prepare(sql)).get_attributes()
        processors = [
            column.type.dialect_impl(dialect).result_processor(dialect, attribute.type.oid)
            for column, attribute in zip(statement.selected_columns, attributes, strict=True)
        ]
        return cls(
            sql,
            _gatherer(sql, binds, scoped=True),
            _fetch_reparsed if reparsed else _fetch_asyncpg,
            None,
            _converter(processors),
        )

    @classmethod
    def on_sqlite(
        cls, statement: Any, dialect: Dialect, keys: Sequence[str] | None = None
    ) -> DriverForm | None:
        """Any Core statement for SQLite (an INSERT of plain rows: `keys`, its columns); None
        when it has a list parameter, which only SQLAlchemy expands."""
        compiled = statement.compile(dialect=dialect, column_keys=keys)
        if any(bind.expanding for bind in compiled.binds.values()):
            return None
        columns = getattr(statement, "selected_columns", None) or ()
        processors = [c.type.dialect_impl(dialect).result_processor(dialect, None) for c in columns]
        binds = _binds(compiled, dialect)
        return cls(
            compiled.string,
            _gatherer(compiled.string, binds, scoped=False),
            _fetch_aiosqlite,
            _fetch_inline,
            _converter(processors),
        )

    def rows_now(self, connection: Any, params: Mapping[str, Any]) -> list[Any]:
        """Run it on a sqlite3 connection, by whoever holds it: aiosqlite's thread, or the
        event loop's for a booking holding the write lock (travel.bookings.write.in_python)."""
        rows = connection.execute(self.sql, self.arguments(params, None)).fetchall()
        return rows if self.convert is None else [self.convert(row) for row in rows]


def _binds(compiled: Any, dialect: Dialect) -> tuple[Bind, ...]:
    binds = []
    for name in compiled.positiontup or ():
        bind = compiled.binds[name]
        process = bind.type.dialect_impl(dialect).bind_processor(dialect)
        binds.append((name, process, _REQUIRED if bind.required else bind.effective_value))
    return tuple(binds)


def _gatherer(
    sql: str, binds: Sequence[Bind], *, scoped: bool
) -> Callable[[Mapping[str, Any], str | None], list[Any]]:
    """A function of the parameters (and the workspace) giving the driver's arguments in order:
    each bind's value (a fixed one if the caller gave none), through its conversion. Written
    out once per statement as one list display, it costs about half of a loop over the binds
    (7 statements of a booking: 26 µs of CPU; docs/performance.md)."""
    namespace: dict[str, Any] = {}
    items = []
    for i, (name, process, fixed) in enumerate(binds):
        if fixed is _REQUIRED:
            value = f"params[{name!r}]"
        else:
            namespace[f"fixed{i}"] = fixed
            value = f"params.get({name!r}, fixed{i})"
        if process is not None:
            namespace[f"convert{i}"] = process
            value = f"convert{i}({value})"
        items.append(value)
    if scoped:
        items.append("workspace")
    source = f"def arguments(params, workspace):\n    return [{', '.join(items)}]\n"
    # Named after its statement: a parameter missing from a call shows which statement wanted it.
    exec(compile(source, f"<arguments of {sql[:60]!r}>", "exec"), namespace)
    gather: Callable[[Mapping[str, Any], str | None], list[Any]] = namespace["arguments"]
    return gather


def _converter(
    processors: Sequence[Callable[[Any], Any] | None],
) -> Callable[[Any], list[Any]] | None:
    """A row's conversion, touching only the columns that have one (a row of 23 columns with
    four timestamps no longer goes through a generator of 23 steps); None if none has."""
    converted = [(i, p) for i, p in enumerate(processors) if p is not None]
    if not converted:
        return None

    def convert(row: Any) -> list[Any]:
        values = list(row)
        for i, process in converted:
            value = values[i]
            if value is not None:  # NULL stays None through every result processor
                values[i] = process(value)
        return values

    return convert


Reads = AsyncSession | SerialConnection
"""What read-only repository functions take: a request's read connection, or the session of
the transaction they read in (a mutation reading its own writes)."""


def dialect_of(reads: Reads) -> str:
    """ "postgresql" or "sqlite": the database `reads` reads, for the few statements that are
    each database's own (search: docs/decisions/0088-discovery.md)."""
    if isinstance(reads, AsyncSession):
        assert reads.bind is not None
        return reads.bind.dialect.name
    return reads.dialect.name


async def open_reads(engines: Engines, workspace_id: WorkspaceId) -> ScopedConnection:
    """Reads inside one workspace, on one connection, through Core (no ORM session), until
    its owner gives it back (`release`): a request's context opens it on first use and
    releases it when the request ends (travel.graphql.context).

    On PostgreSQL each statement runs on its own (autocommit) and sets the workspace itself
    (`_SCOPED_READ`): one round trip per read instead of BEGIN, set_config, the read and COMMIT
    (decision 0071). Sibling reads of one request may therefore see two snapshots a few
    milliseconds apart, as two requests would. SQLite's reads run in autocommit too, each
    statement its own snapshot (in-process, but each hop to aiosqlite's thread counts).
    """
    scope = engines.scope
    workspace = None if scope is None else await scope.token(workspace_id)
    pooled = await checkout(engines.reader)
    return ScopedConnection(engines.reader, pooled, workspace, engines.transaction_pooler)


@asynccontextmanager
async def tenant_reads(engines: Engines, workspace_id: WorkspaceId) -> AsyncIterator[Reads]:
    """`open_reads` as a context manager (tests' reads under row-level security)."""
    reads = await open_reads(engines, workspace_id)
    try:
        yield reads
    finally:
        await reads.release()


_DRIVER = "travel.driver"  # session.info: the pooled connection `own_driver` took


async def own_driver(session: AsyncSession) -> tuple[Any, bool]:
    """A driver connection (asyncpg's or aiosqlite's) for a write that runs its statements
    itself, and whether they join the session's transaction.

    Inside a savepoint the session is part of a longer transaction (a request under an
    Idempotency-Key, travel.idempotency): the statements join that one, and whatever they lock
    stays locked until it ends. Otherwise it is a pooled connection of the session's engine,
    taken without the session (whose connection, transaction and events cost 85 µs a
    booking for statements that need none of them) and given back when `tenant_transaction`
    ends; the session must not run a transaction of its own. On it, each PostgreSQL statement
    is its own transaction (autocommit) and sets the workspace itself, as the booking function
    does; on SQLite the write begins and commits its own (travel.bookings.write)."""
    if session.in_nested_transaction():
        connection = await session.connection()
        # Just checked out and valid: reading its driver connection needs no greenlet hop
        # (AsyncConnection.get_raw_connection takes one, to reconnect an invalidated one).
        sync = connection.sync_connection
        assert sync is not None
        return sync.connection.driver_connection, True
    pooled = session.info.get(_DRIVER)
    if pooled is None:
        if session.in_transaction():
            raise RuntimeError("own_driver on a session that runs a transaction")
        engine = session.bind
        assert isinstance(engine, AsyncEngine)  # sessions are made on engines (`_session`)
        pooled = session.info[_DRIVER] = await checkout(engine)
    return pooled.driver_connection, False


async def in_driver_thread(driver: Any, function: Callable[..., T], *args: Any) -> T:
    """`function(connection, *args)` in the thread of an aiosqlite connection, on its sqlite3
    connection: several statements for one hop to that thread (travel.bookings.write). aiosqlite
    (pinned) has no public way to do it; its queue (`_tx`, a future and a call) is how its own
    methods send work there, and the SQLite booking tests fail if that changes.

    It returns only once the function has run, even when the caller is cancelled meanwhile (the
    thread runs it anyway): the connection must not go back to its pool while that thread uses
    it, since the write's next user may use it from the event loop's thread
    (travel.bookings.write.in_python)."""
    if not driver._running:  # as aiosqlite's own methods check: nothing would run it
        raise ValueError("Connection closed")
    future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
    driver._tx.put_nowait((future, partial(function, driver._conn, *args)))
    try:
        return await asyncio.shield(future)
    except asyncio.CancelledError:
        while not future.done():
            with suppress(asyncio.CancelledError):
                await asyncio.wait((future,))
        raise


@asynccontextmanager
async def tenant_session(
    engines: Engines, workspace_id: WorkspaceId, *, lock_timeout_seconds: float
) -> AsyncIterator[AsyncSession]:
    """A write session inside one workspace whose one transaction the caller ends: committed
    by `await session.commit()`, rolled back when the block is left without committing.

    Lock waits longer than `lock_timeout_seconds` fail (PostgreSQL's `lock_timeout`, set with
    the workspace by the transaction's first statement); SQLite's writers queue for the one
    write connection instead.
    """
    settings = (
        (SETTING, await _workspace_setting(engines, workspace_id)),
        ("lock_timeout", f"{round(lock_timeout_seconds * 1000)}ms"),
    )
    async with _session(engines.writer, engines, *settings, gated=True) as session:
        yield session


@asynccontextmanager
async def system_transaction(engines: Engines) -> AsyncIterator[AsyncSession]:
    """A transaction that may see every workspace: migrations, operator commands and the
    dispatcher only. It runs as the system role (TRAVEL_SYSTEM_DATABASE_URL), which bypasses
    row-level security; the application role has no way to (docs/decisions/0072-database-roles.md).
    """
    async with _session(engines.system, engines) as session, session.begin():
        yield session
