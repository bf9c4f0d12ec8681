"""Engines for the configured database URL, with the per-dialect settings that make them safe."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import orjson
from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import MissingGreenlet
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import PoolProxiedConnection, QueuePool

from travel.db.scope import WorkspaceScope
from travel.search.words import place_cells, scoped_words
from travel.settings import parse_database_url


def async_url(url: str, setting: str = "TRAVEL_DATABASE_URL") -> str:
    """Turn the plain `sqlite:///…` / `postgresql://…` forms into async driver URLs."""
    parsed = parse_database_url(url, setting)
    if parsed.get_backend_name() == "sqlite":
        return str(parsed.set(drivername="sqlite+aiosqlite"))
    return parsed.set(drivername="postgresql+asyncpg").render_as_string(hide_password=False)


async def checkout(engine: AsyncEngine) -> PoolProxiedConnection:
    """A pooled connection of `engine`, taken without a greenlet when one is ready.

    `AsyncEngine.raw_connection` runs the pool's checkout in a new greenlet, since a checkout
    may have to await: to wait for a connection, or to open or recycle one. The greenlet costs
    more than the checkout (its frame stack is a fresh 16 KiB mapping, mapped and unmapped each
    time: about 10 µs of CPU a request of the connectivity check on PostgreSQL,
    docs/performance.md).
    Taking an idle connection awaits nothing (the pool's queue hands one over without awaiting),
    so it runs as a plain call. When it would have to await, SQLAlchemy's `await_` cancels the
    awaitable and raises MissingGreenlet before it starts (nothing waited for, nothing opened;
    a connection due for recycling is closed by then, and reopened below), and the checkout
    runs again in a greenlet. A pool with nothing idle goes there at once (decision 0083)."""
    pool = engine.sync_engine.pool
    if isinstance(pool, QueuePool) and pool.checkedin() > 0:
        try:
            return engine.sync_engine.raw_connection()
        except MissingGreenlet:
            pass
    return await engine.raw_connection()


BUSY_TIMEOUT_MS = 15_000
"""How long a SQLite connection waits for another process's write lock."""


def _json_text(value: Any) -> str:
    return orjson.dumps(value).decode()


# JSON columns (amenities, analytics) read and written with orjson: the standard library's
# decoder was 8 % of the CPU of a 50-listing page (bench.spy).
_JSON: dict[str, Any] = {"json_serializer": _json_text, "json_deserializer": orjson.loads}


# The most of the file SQLite maps (its own limit as Debian builds it, about 2 GB).
MMAP_BYTES = 2**31 - 2**16


def _scoped_words(scope: object, text: object) -> str:
    """`travel_scoped_words(workspace_id, text)`, as SQLite calls it: anything but text is no
    words (a write never fails in it)."""
    return scoped_words(
        scope if isinstance(scope, str) else None, text if isinstance(text, str) else None
    )


def _place_cells(scope: object, latitude: object, longitude: object) -> str:
    """`travel_place_cells(workspace_id, latitude, longitude)`, as SQLite calls it."""
    if not isinstance(latitude, int | float) or not isinstance(longitude, int | float):
        return ""
    return place_cells(scope if isinstance(scope, str) else None, latitude, longitude)


def sqlite_functions(dbapi_connection: Any) -> None:
    """The functions the schema calls on SQLite, registered on a connection (`sqlite3`'s, or
    SQLAlchemy's adapter of aiosqlite's): the full-text index's triggers write each listing's
    words and its place's cells keyed by its workspace (revision 0023,
    docs/decisions/0112-fts5-words-keyed-by-workspace.md). Any connection that writes
    listings needs them, as another `travel` process would have them."""
    dbapi_connection.create_function("travel_scoped_words", 2, _scoped_words, deterministic=True)
    dbapi_connection.create_function("travel_place_cells", 3, _place_cells, deterministic=True)


def _sqlite_pragmas() -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        sqlite_functions(dbapi_connection)
        # Let SQLAlchemy's "begin" event decide how transactions start (pysqlite's own
        # transaction handling would defer them).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        # Pages read from the operating system's cache in place rather than copied into each
        # connection's own (decision 0112).
        cursor.execute(f"PRAGMA mmap_size={MMAP_BYTES}")
        cursor.close()

    return on_connect


def _sqlite_begin(immediate: bool) -> Any:
    statement = "BEGIN IMMEDIATE" if immediate else "BEGIN"

    def on_begin(conn: Any) -> None:
        # A request's reads run in autocommit (travel.db.session.ScopedConnection): each
        # statement is its own transaction, with no BEGIN around it.
        if conn.get_execution_options().get("isolation_level") != "AUTOCOMMIT":
            conn.exec_driver_sql(statement)

    return on_begin


@dataclass(frozen=True)
class Engines:
    """A reader and a writer engine on one database (the same engine on PostgreSQL).

    On SQLite the writer takes the write lock when its transaction begins
    (`BEGIN IMMEDIATE`) and has a single connection, so writers queue instead of
    racing: check-then-insert under it is serialised. Readers run concurrently (WAL).
    """

    reader: AsyncEngine
    writer: AsyncEngine
    dialect: str
    # Migrations, operator commands and the dispatcher: on PostgreSQL a role that bypasses
    # row-level security (TRAVEL_SYSTEM_DATABASE_URL, docs/decisions/0072-database-roles.md);
    # the writer itself when no such URL is given (SQLite, or a role that bypasses already).
    system: AsyncEngine
    # The application role (PostgreSQL): migrations grant it what it needs, and no more.
    app_role: str | None = None
    # What scopes a connection to a workspace (PostgreSQL: a token signed with this database's
    # secret, travel.db.scope); None on SQLite, which has no row-level security.
    scope: WorkspaceScope | None = field(default=None, compare=False)
    # Reached through a pooler in transaction mode (TRAVEL_DATABASE_POOLER=transaction).
    transaction_pooler: bool = False

    async def dispose(self) -> None:
        for engine in {id(e): e for e in (self.reader, self.writer, self.system)}.values():
            await engine.dispose()


def create_engines(
    url: str,
    *,
    pool_size: int = 10,
    system_url: str | None = None,
    timeout: float | None = None,
    recycle_seconds: int | None = None,
    transaction_pooler: bool = False,
) -> Engines:
    """Build the engines for a plain database URL (and, on PostgreSQL, for the system role's
    URL of the same database: `system_url`). `timeout`: on PostgreSQL, the longest wait for one
    statement or a new connection of the application's engine (None: the driver's defaults, no
    statement limit — for migrations and operator commands). `recycle_seconds`: how old a
    pooled connection may grow before it is replaced (None: 30 minutes on PostgreSQL, never on
    SQLite, whose connections are files of this process). `transaction_pooler`: the URLs name
    a pooler in transaction mode (PostgreSQL; `POOLER_SAFE`)."""
    driver_url = async_url(url)
    if driver_url.startswith("sqlite"):
        recycle = -1 if recycle_seconds is None else recycle_seconds
        reader = _sqlite_engine(
            driver_url, immediate=False, pool_size=pool_size, inline=True, recycle=recycle
        )
        writer = _sqlite_engine(
            driver_url, immediate=True, pool_size=1, inline=True, recycle=recycle
        )
        return Engines(reader=reader, writer=writer, dialect="sqlite", system=writer)
    # No pre-ping (decision 0005): on asyncpg it costs three round trips per checkout. A
    # connection found dead fails its request and invalidates the whole pool, so after a
    # database restart one request fails and the next ones reconnect; recycling keeps
    # connections younger than any server or proxy idle timeout.
    # No overflow: an overflow connection is closed when it comes back to a full pool, so a
    # burst above the pool's size opened and closed connections continuously (a connection costs
    # a TCP handshake, SCRAM authentication and a new backend: measured as 4 % of the CPU of
    # `bench.spy` under 32 clients). Requests beyond the pool's size wait for a connection.
    engine = create_async_engine(
        driver_url,
        pool_size=pool_size,
        max_overflow=0,
        pool_timeout=30,
        pool_recycle=1800 if recycle_seconds is None else recycle_seconds,
        connect_args=_connect_args(timeout, transaction_pooler),
        **_JSON,
    )
    system = engine
    system_driver_url = async_url(system_url, "TRAVEL_SYSTEM_DATABASE_URL") if system_url else None
    if system_driver_url is not None and system_driver_url != driver_url:
        system = create_async_engine(
            system_driver_url,
            pool_size=2,
            max_overflow=0,
            pool_recycle=1800,
            connect_args={
                "async_creator_fn": _DeferredConnect,
                **(POOLER_SAFE if transaction_pooler else {}),
            },
            **_JSON,
        )
    return Engines(
        reader=engine,
        writer=engine,
        dialect="postgresql",
        system=system,
        app_role=make_url(driver_url).username,
        scope=WorkspaceScope(system),
        transaction_pooler=transaction_pooler,
    )


# Every statement of the application role is planned once per connection (decision 0071):
# PostgreSQL otherwise re-plans a prepared statement on every execution when its generic plan
# looks costlier than the custom ones (a parameterised LIMIT does), and planning the scoped read
# cost 0.17-0.33 ms against 0.02-0.03 ms to run it (log_min_duration_statement, bind vs
# execute). No JIT compilation: a generic plan's cost can pass jit_above_cost for a search
# that reads a few rows (a date window's correlated subqueries per estimated row), and compiling
# its expressions took 180-270 ms of a 280 ms search (decision 0100).
_SERVER_SETTINGS = {"plan_cache_mode": "force_generic_plan", "jit": "off"}


class _DeferredConnect:
    """`asyncpg.connect(...)`, called when awaited: how the engines open PostgreSQL
    connections. SQLAlchemy's dialect builds the connect coroutine before `await_` looks for
    a greenlet; when a checkout without one (`checkout`) has to open a connection, `await_`
    drops the dialect's coroutine, and a connect coroutine made for it would be reported as
    never awaited (a RuntimeWarning). This one makes nothing until awaited."""

    __slots__ = ("args", "kwargs")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args, self.kwargs = args, kwargs

    def __await__(self) -> Any:
        return asyncpg.connect(*self.args, **self.kwargs).__await__()


# Through a pooler in transaction mode (docs/decisions/0093-pgbouncer-transaction-mode.md):
# consecutive transactions of one connection may run on different server connections, and a
# prepared statement made in one is missing from (or, by name, taken in) the next. Without its
# statement cache asyncpg (0.32, pinned) prepares every statement unnamed and sends it again
# (Parse) with each Bind and Execute in the same message: each execution stands alone, inside a
# transaction or not. SQLAlchemy's own cache of prepared statements stays: it then keeps only
# what the describe step learnt (the result's types), sparing that round trip.
POOLER_SAFE: dict[str, Any] = {"statement_cache_size": 0}


def _connect_args(timeout: float | None, transaction_pooler: bool) -> dict[str, Any]:
    """asyncpg's connection arguments for the application role: its server settings and, for
    `travel serve` and `travel worker`, the statement and connection time limit (asyncpg
    raises TimeoutError past it, answered 503 by travel.db.outage; the statement is cancelled on
    the server and the connection stays usable). Through a transaction pooler: no statement
    cache and no server settings (PgBouncer refuses a connection that asks for one it does not
    know, and a generic plan serves only a statement prepared once and run many times)."""
    args: dict[str, Any] = {"async_creator_fn": _DeferredConnect}
    if transaction_pooler:
        args.update(POOLER_SAFE)
    else:
        args["server_settings"] = dict(_SERVER_SETTINGS)
    if timeout:
        args.update(command_timeout=timeout, timeout=timeout)
    return args


def _sqlite_engine(
    url: str, *, immediate: bool, pool_size: int, inline: bool, recycle: int
) -> AsyncEngine:
    """`inline`: the connections may also be used from the event loop's thread, where a
    request's bounded compiled reads run (travel.db.session._fetch_inline; the request holds the
    connection alone, and its gate keeps aiosqlite's thread and the loop's from using it at
    once), and a booking's statements once it holds the write lock
    (travel.bookings.write.in_python; its hops to aiosqlite's thread end before it goes on)."""
    engine = create_async_engine(
        url,
        pool_size=pool_size,
        max_overflow=0,
        pool_timeout=30,
        # Every user of a connection ends the transaction it began (SQLAlchemy's connections
        # and sessions roll back what they did not commit, a request's reads run in
        # autocommit, the booking's write commits or rolls back in its one hop,
        # travel.bookings.write): the pool's own rollback on check-in would be one more hop to
        # aiosqlite's thread for each request, for nothing.
        pool_reset_on_return=None,
        pool_recycle=recycle,
        connect_args={"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": not inline},
        **_JSON,
    )
    event.listen(engine.sync_engine, "connect", _sqlite_pragmas())
    event.listen(engine.sync_engine, "begin", _sqlite_begin(immediate))
    return engine
