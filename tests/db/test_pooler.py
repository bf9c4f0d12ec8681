"""Through PgBouncer in transaction mode (TRAVEL_TEST_PGBOUNCER=1, as scripts/test runs it):
many client connections over a few server connections, every kind of statement the service
runs, each seeing its own workspace; and the failure TRAVEL_DATABASE_POOLER=transaction
prevents (docs/decisions/0093-pgbouncer-transaction-mode.md)."""

from __future__ import annotations

import asyncio
import uuid

import asyncpg  # type: ignore[import-untyped]
import pytest
from sqlalchemy import make_url, select, text, update

from tests.support import pgbouncer
from tests.support.databases import databases_for
from travel.auth.models import Workspace
from travel.db.engine import POOLER_SAFE, Engines
from travel.db.session import CompiledRead, tenant_reads, tenant_transaction
from travel.kernel.ids import WorkspaceId
from travel.settings import Settings

pytestmark = [
    pytest.mark.skipif(
        not pgbouncer.ENABLED, reason="TRAVEL_TEST_PGBOUNCER=1 runs the service through PgBouncer"
    ),
    pytest.mark.usefixtures("server"),  # the database migrated
]

# Rows through the driver form of a compiled read (the request path's reads), with no filter
# but row-level security's.
_NAMES = CompiledRead(select(Workspace.id, Workspace.name))
CLIENTS = 4 * pgbouncer.POOL_SIZE  # client connections, four to each server connection
ROUNDS = 15


def test_the_service_under_test_reaches_postgresql_through_pgbouncer(settings: Settings) -> None:
    assert pgbouncer.RUNNING, "the session's PgBouncer is started by conftest"
    assert settings.database_pooler == "transaction"
    for url in (settings.database_url, settings.system_database_url):
        assert url is not None
        assert make_url(url).port == pgbouncer.RUNNING[0].port


async def _client(engines: Engines, workspace: WorkspaceId) -> None:
    """Reads of each kind and a write with a read of it, again and again, in one workspace."""
    for round_ in range(ROUNDS):
        async with tenant_reads(engines, workspace) as reads:
            assert {row[0] for row in await _NAMES.rows(reads, {})} == {workspace}
            found = await reads.execute(
                text("SELECT id FROM workspaces WHERE name LIKE :prefix"), {"prefix": "pool%"}
            )
            assert set(found.scalars()) == {workspace}
        async with tenant_transaction(engines, workspace, write=True) as session:
            name = f"pool {round_}"
            await session.execute(update(Workspace).values(name=name))
            seen = await session.execute(select(Workspace.id, Workspace.name))
            assert seen.all() == [(workspace, name)]


def test_many_clients_over_few_server_connections_each_see_their_own_workspace(
    database_url: str,
) -> None:
    """Concurrent scoped reads (the driver's and SQLAlchemy's), transactions and writes of
    CLIENTS connections in as many workspaces share PgBouncer's POOL_SIZE server connections:
    every statement runs whole on whichever it lands on, scoped to its own workspace."""

    async def scenario() -> None:
        databases = databases_for(database_url, pool_size=CLIENTS)
        workspaces = [WorkspaceId(uuid.uuid4()) for _ in range(CLIENTS)]
        try:
            for ws in workspaces:
                async with tenant_transaction(databases.main, ws, write=True) as session:
                    session.add(Workspace(id=ws, name="pool", plan="free"))
            await asyncio.gather(*(_client(databases.main, ws) for ws in workspaces))
        finally:
            await databases.dispose()

    asyncio.run(scenario())


@pytest.mark.parametrize("statement_cache", [True, False], ids=["cache", "no-cache"])
def test_without_the_pooler_mode_prepared_statements_go_missing(
    database_url: str, statement_cache: bool
) -> None:
    """The control: asyncpg with its statement cache (how the service connects straight to
    PostgreSQL) prepares a statement once per client connection and runs it again by name; the
    next time the client runs it PgBouncer may give it another server connection (here the one
    it prepared on is held by another client's transaction), where no such statement exists.
    (Names are unique within a process; across processes, as with `--workers`, they also
    collide.) Without the cache, as TRAVEL_DATABASE_POOLER=transaction connects, it runs."""
    through = make_url(pgbouncer.RUNNING[0].url(database_url))

    async def connect() -> asyncpg.Connection:
        return await asyncpg.connect(
            host=through.host,
            port=through.port,
            user=through.username,
            password=through.password,
            database=through.database,
            **({} if statement_cache else POOLER_SAFE),
        )

    async def scenario() -> list[str]:
        errors = []
        first, second = await connect(), await connect()
        try:
            for attempt in range(5):
                await first.fetchval("SELECT $1::int + 1", attempt)  # prepared, then run
                async with second.transaction():  # holds a server connection meanwhile
                    await second.fetchval("SELECT 1")
                    try:
                        await first.fetchval("SELECT $1::int + 1", attempt)
                    except asyncpg.PostgresError as error:
                        errors.append(str(error))
        finally:
            await first.close()
            await second.close()
        return errors

    errors = asyncio.run(scenario())
    if statement_cache:
        assert errors
        assert all("prepared statement" in e for e in errors), errors
    else:
        assert errors == []
