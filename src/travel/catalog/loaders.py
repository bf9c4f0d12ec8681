"""Per-request DataLoaders of the catalog (one query per batch, scoped to the workspace)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import date

from sqlalchemy.ext.asyncio import AsyncSession

from travel.catalog import repository
from travel.catalog.availability import BookedSpan
from travel.catalog.records import ListingRecord, ProviderRecord
from travel.graphql.context import RequestContext
from travel.graphql.dataloader import DataLoader


class SessionGate:
    """One statement at a time on the request's session (decision 0012).

    graphql-core resolves sibling fields concurrently, and loader batches run as tasks, but an
    AsyncSession must not be used by two coroutines at once. Every catalog resolver and loader
    reaches the database through `ctx.loader(SessionGate).session()`.
    """

    def __init__(self, ctx: RequestContext) -> None:
        self._ctx = ctx
        self._lock = asyncio.Lock()

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        async with self._lock:
            yield await self._ctx.session()


class ProviderByIdLoader(DataLoader[uuid.UUID, ProviderRecord]):
    def __init__(self, ctx: RequestContext) -> None:
        async def batch(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, ProviderRecord]:
            async with ctx.loader(SessionGate).session() as session:
                return await repository.providers_by_id(session, ctx.workspace_id, ids)

        super().__init__(batch)


class ListingByIdLoader(DataLoader[uuid.UUID, ListingRecord]):
    def __init__(self, ctx: RequestContext) -> None:
        async def batch(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, ListingRecord]:
            async with ctx.loader(SessionGate).session() as session:
                return await repository.listings_by_id(session, ctx.workspace_id, ids)

        super().__init__(batch)


SpanKey = tuple[uuid.UUID, date, date]  # listing id, first date, last date


class BookedSpansByListingLoader(DataLoader[SpanKey, list[BookedSpan]]):
    """Confirmed bookings per listing for a date window: one query per distinct window."""

    def __init__(self, ctx: RequestContext) -> None:
        async def batch(keys: Sequence[SpanKey]) -> dict[SpanKey, list[BookedSpan]]:
            windows: dict[tuple[date, date], list[uuid.UUID]] = {}
            for listing_id, first, last in keys:
                windows.setdefault((first, last), []).append(listing_id)
            found: dict[SpanKey, list[BookedSpan]] = {}
            async with ctx.loader(SessionGate).session() as session:
                for (first, last), ids in windows.items():
                    spans = await repository.booked_spans(
                        session, ctx.workspace_id, ids, first, last
                    )
                    found.update({(i, first, last): spans[i] for i in ids})
            return found

        super().__init__(batch)
