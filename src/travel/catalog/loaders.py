"""Per-request DataLoaders of the catalog (one query per batch, scoped to the workspace)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import date

from travel.catalog import repository
from travel.catalog.availability import BookedSpan
from travel.catalog.records import ListingRecord, ProviderRecord
from travel.graphql.context import RequestContext
from travel.graphql.dataloader import DataLoader


class ProviderByIdLoader(DataLoader[uuid.UUID, ProviderRecord]):
    def __init__(self, ctx: RequestContext) -> None:
        async def batch(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, ProviderRecord]:
            session = await ctx.session()
            return await repository.providers_by_id(session, ctx.workspace_id, ids)

        super().__init__(batch)


class ListingByIdLoader(DataLoader[uuid.UUID, ListingRecord]):
    def __init__(self, ctx: RequestContext) -> None:
        async def batch(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, ListingRecord]:
            session = await ctx.session()
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
            session = await ctx.session()
            for (first, last), ids in windows.items():
                spans = await repository.booked_spans(session, ctx.workspace_id, ids, first, last)
                found.update({(i, first, last): spans[i] for i in ids})
            return found

        super().__init__(batch)
