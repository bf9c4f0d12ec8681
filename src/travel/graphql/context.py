"""Per-request state: the caller, its database, its transactions and its DataLoaders."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from graphql import GraphQLResolveInfo
from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import Principal
from travel.bookings.seen import SeenListings
from travel.db.engine import Engines
from travel.db.session import Reads, ScopedConnection, open_reads, tenant_transaction
from travel.kernel.ids import WorkspaceId

L = TypeVar("L")


class RequestContext:
    """What every resolver receives as `info.context`.

    Transactions are opened here and nowhere else: queries share one read session per request
    (opened lazily; on PostgreSQL each read is one statement that sets the workspace itself,
    decision 0071); each mutation field runs in its own write transaction, committed
    when the field succeeds and rolled back when it raises (see `mutation_transaction`).

    `seen` is the process's memory of booked listings (travel.bookings.seen), which the
    booking mutation reads and updates.

    A request given a `held` session (a mutation under an Idempotency-Key) runs everything in
    that session's one transaction, which its owner commits: each mutation field in a savepoint,
    released when the field succeeds and rolled back when it raises.
    """

    def __init__(
        self,
        principal: Principal,
        engines: Engines,
        *,
        seen: SeenListings,
        held: AsyncSession | None = None,
    ) -> None:
        self.principal = principal
        self.workspace_id: WorkspaceId = principal.workspace_id
        self.engines = engines
        self.seen = seen
        self._read_session: ScopedConnection | None = None
        self._opening = asyncio.Lock()  # sibling resolvers must not open two read transactions
        self._write_session: AsyncSession | None = None
        self._held = held
        self._loaders: dict[Any, Any] = {}

    async def session(self) -> Reads:
        """What resolvers read with: the running mutation's session (its own writes
        visible), or the request's read connection.

        Sibling fields may share it concurrently: both run one statement at a time
        (SerialSession, SerialConnection and ScopedConnection in travel.db.session).
        """
        if self._held is not None:
            return self._held
        if self._write_session is not None:
            return self._write_session
        if self._read_session is None:
            async with self._opening:
                if self._read_session is None:
                    self._read_session = await open_reads(self.engines, self.workspace_id)
        return self._read_session

    def writes(self) -> AsyncSession:
        """The running mutation's session (inside `mutation_transaction` only)."""
        session = self._held if self._held is not None else self._write_session
        if session is None:
            raise RuntimeError("writes() outside a mutation transaction")
        return session

    async def _close_read(self) -> None:
        reads, self._read_session = self._read_session, None
        if reads is not None:
            await reads.release()

    @asynccontextmanager
    async def mutation_transaction(self) -> AsyncIterator[AsyncSession]:
        """One write transaction (or, in a held session, one savepoint) for one mutation field."""
        if self._held is not None:
            async with self._held.begin_nested():
                yield self._held
            return
        # A read snapshot taken before this write would not see it: start reads afresh after.
        await self._close_read()
        async with tenant_transaction(self.engines, self.workspace_id, write=True) as session:
            self._write_session = session
            try:
                yield session
            finally:
                self._write_session = None

    def loader(self, factory: Callable[[RequestContext], L]) -> L:
        """The request's instance of a DataLoader class (made on first use)."""
        existing = self._loaders.get(factory)
        if existing is None:
            existing = factory(self)
            self._loaders[factory] = existing
        return existing

    async def close(self) -> None:
        await self._close_read()


Info = GraphQLResolveInfo[RequestContext]
"""What resolvers receive as their second argument."""
