"""Per-request DataLoaders of the catalog (one query per batch, scoped to the workspace)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from travel.catalog import repository
from travel.catalog.records import ListingRecord, ProviderRecord
from travel.graphql.context import RequestContext
from travel.graphql.dataloader import DataLoader


class ProviderByIdLoader(DataLoader[uuid.UUID, ProviderRecord]):
    def __init__(self, ctx: RequestContext) -> None:
        async def batch(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, ProviderRecord]:
            return await repository.providers_by_id(await ctx.session(), ctx.workspace_id, ids)

        super().__init__(batch)


class ListingByIdLoader(DataLoader[uuid.UUID, ListingRecord]):
    def __init__(self, ctx: RequestContext) -> None:
        async def batch(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, ListingRecord]:
            return await repository.listings_by_id(await ctx.session(), ctx.workspace_id, ids)

        super().__init__(batch)
