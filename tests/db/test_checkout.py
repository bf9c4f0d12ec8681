"""Taking a pooled connection without a greenlet (`travel.db.engine.checkout`, decision 0083):
an idle connection is handed over by a plain call; whenever the pool would have to await — to
open a connection, to recycle one, to wait for one — the checkout runs in a greenlet as
SQLAlchemy's own does. Each case on a real engine of the test database (the service's own
engines take their connections the same way: every request's reads go through it)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import QueuePool
from sqlalchemy.util.concurrency import in_greenlet

from tests.conftest import is_postgres
from tests.factories import Tenant, tenant_listing
from tests.support.api import data
from tests.support.live import LiveServer
from travel.db.engine import checkout, create_engines
from travel.settings import Settings

# Opening a connection from a checkout that had to fall back must not leave a coroutine
# behind that Python reports as never awaited (travel.db.engine._DeferredConnect).
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")

Check = Callable[[AsyncEngine], Awaitable[None]]


@asynccontextmanager
async def one_connection_engine(url: str, **options: Any) -> AsyncIterator[AsyncEngine]:
    """The service's reader engine (the engine every request's reads take connections from),
    with a pool of one connection."""
    engines = create_engines(url, pool_size=1, **options)
    try:
        yield engines.reader
    finally:
        await engines.dispose()


class Greenlets:
    """Counts the checkouts that ran in SQLAlchemy's greenlet (the pool's "checkout" event
    fires inside the checkout)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.count = 0

        def checked_out(*_: Any) -> None:
            self.count += in_greenlet()

        event.listen(engine.sync_engine.pool, "checkout", checked_out)


async def answers(pooled: Any) -> int:
    """`SELECT 1` on the pooled connection's driver (asyncpg's or aiosqlite's)."""
    driver = pooled.driver_connection
    if hasattr(driver, "fetchval"):
        return int(await driver.fetchval("SELECT 1"))
    cursor = await driver.execute("SELECT 1")
    row = await cursor.fetchone()
    await cursor.close()
    return int(row[0])


def run(database_url: str, check: Check, **options: Any) -> None:
    async def main() -> None:
        async with one_connection_engine(database_url, **options) as engine:
            await check(engine)

    asyncio.run(main())


def test_an_idle_connection_is_taken_without_a_greenlet(database_url: str) -> None:
    async def check(engine: AsyncEngine) -> None:
        greenlets = Greenlets(engine)
        first = await checkout(engine)  # the pool has none yet: opened in a greenlet
        assert greenlets.count == 1
        assert await answers(first) == 1
        driver = first.driver_connection
        first.close()
        for _ in range(3):
            again = await checkout(engine)
            assert again.driver_connection is driver
            assert await answers(again) == 1
            again.close()
        assert greenlets.count == 1

    run(database_url, check)


async def replaced(engine: AsyncEngine, greenlets: Greenlets, old: Any) -> None:
    """The next checkout opens a new connection through the greenlet (the second one of the
    test, after the first that opened `old`), which answers; nothing is left checked out."""
    second = await checkout(engine)
    assert greenlets.count == 2
    assert second.driver_connection is not old
    assert await answers(second) == 1
    second.close()
    pool = engine.sync_engine.pool
    assert isinstance(pool, QueuePool)
    assert pool.checkedout() == 0


def test_an_invalidated_connection_is_reopened(database_url: str) -> None:
    async def check(engine: AsyncEngine) -> None:
        greenlets = Greenlets(engine)
        first = await checkout(engine)
        driver = first.driver_connection
        first.invalidate()  # as after a connection error: closed, its place in the pool kept
        first.close()
        await replaced(engine, greenlets, driver)

    run(database_url, check)


def test_a_connection_due_for_recycling_is_replaced(database_url: str) -> None:
    async def check(engine: AsyncEngine) -> None:
        greenlets = Greenlets(engine)
        first = await checkout(engine)
        driver = first.driver_connection
        first.close()
        await asyncio.sleep(1.1)  # past recycle_seconds
        await replaced(engine, greenlets, driver)
        if is_postgres(database_url):
            assert driver is not None
            assert driver.is_closed()  # the old one was closed, not leaked

    run(database_url, check, recycle_seconds=1)


def test_a_checkout_waits_for_a_connection_given_back(database_url: str) -> None:
    async def check(engine: AsyncEngine) -> None:
        greenlets = Greenlets(engine)
        held = await checkout(engine)
        driver = held.driver_connection
        waiting = asyncio.create_task(checkout(engine))
        await asyncio.sleep(0.2)
        assert not waiting.done()  # the only connection is out
        held.close()
        taken = await asyncio.wait_for(waiting, 10)
        assert taken.driver_connection is driver
        assert await answers(taken) == 1
        taken.close()
        assert greenlets.count == 2

    run(database_url, check)


@pytest.mark.plan("enterprise")
def test_requests_beyond_the_pool_all_answer(
    settings: Settings, server: LiveServer, tenant: Tenant
) -> None:
    """Many more concurrent requests than the pool has connections (two): the checkouts that
    find the pool empty wait in a greenlet, the rest take an idle one; every request answers
    what the workspace holds."""
    listing = str(tenant_listing(server, tenant, name="Pool"))
    query = "{ travelProperties(pagination: {skip: 0, take: 5}) { id } }"
    small = LiveServer(replace(settings, db_pool_size=2)).start()
    try:
        with ThreadPoolExecutor(40) as threads:
            pages = list(
                threads.map(lambda _: data(small, tenant.keys["traveler"], query), range(200))
            )
    finally:
        small.stop()
    assert pages == [{"travelProperties": [{"id": listing}]}] * 200
