"""Transactions scoped to one workspace (or, for operator tooling, to the whole system).

On PostgreSQL every transaction starts by setting `travel.workspace_id` with
`set_config(..., true)` (transaction-local, like SET LOCAL); row-level-security policies
compare every tenant row with it, a second wall behind the repositories' filters.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import WorkspaceId
from travel.db.engine import Engines


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


_SET_WORKSPACE = text("SELECT set_config('travel.workspace_id', :ws, true)")
_SET_SYSTEM = text("SELECT set_config('travel.system', 'on', true)")


async def _scope(session: AsyncSession, engines: Engines, workspace_id: WorkspaceId | None) -> None:
    if engines.dialect != "postgresql":
        return
    if workspace_id is None:
        await session.execute(_SET_SYSTEM)
    else:
        await session.execute(_SET_WORKSPACE, {"ws": str(workspace_id)})


@asynccontextmanager
async def tenant_transaction(
    engines: Engines, workspace_id: WorkspaceId, *, write: bool
) -> AsyncIterator[AsyncSession]:
    """One transaction inside one workspace: committed on success, rolled back on error."""
    engine = engines.writer if write else engines.reader
    async with SerialSession(engine, expire_on_commit=False) as session, session.begin():
        await _scope(session, engines, workspace_id)
        yield session


@asynccontextmanager
async def system_transaction(engines: Engines) -> AsyncIterator[AsyncSession]:
    """A transaction that may see every workspace: operator commands and the dispatcher only."""
    async with SerialSession(engines.writer, expire_on_commit=False) as session, session.begin():
        await _scope(session, engines, None)
        yield session
