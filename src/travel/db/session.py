"""Transactions scoped to one workspace (or, for operator tooling, to the whole system).

On PostgreSQL every transaction starts by setting `travel.workspace_id` with
`set_config(..., true)` (transaction-local, like SET LOCAL); row-level-security policies
compare every tenant row with it, a second wall behind the repositories' filters.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import WorkspaceId
from travel.db.engine import Engines

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
    async with AsyncSession(engine, expire_on_commit=False) as session, session.begin():
        await _scope(session, engines, workspace_id)
        yield session


@asynccontextmanager
async def system_transaction(engines: Engines) -> AsyncIterator[AsyncSession]:
    """A transaction that may see every workspace: operator commands and the dispatcher only."""
    async with AsyncSession(engines.writer, expire_on_commit=False) as session, session.begin():
        await _scope(session, engines, None)
        yield session
