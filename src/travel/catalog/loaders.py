"""Per-request DataLoaders of the catalog (one query per batch, scoped to the workspace)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from travel.catalog import repository
from travel.catalog.availability import BookedSpan
from travel.catalog.records import (
    BlockRecord,
    ListingRecord,
    ProviderRecord,
    SeasonalPriceRecord,
)
from travel.catalog.repository import calendar
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


@dataclass(frozen=True, slots=True)
class CalendarWindow:
    """What a listing's calendar shows for a window: bookings, blocks and seasonal prices."""

    spans: list[BookedSpan]
    blocks: list[BlockRecord]
    prices: list[SeasonalPriceRecord]


class CalendarByListingLoader(DataLoader[SpanKey, CalendarWindow]):
    """Each listing's bookings, blocks and seasonal prices for a date window: three queries per
    distinct window, whatever the number of listings."""

    def __init__(self, ctx: RequestContext) -> None:
        async def batch(keys: Sequence[SpanKey]) -> dict[SpanKey, CalendarWindow]:
            windows: dict[tuple[date, date], list[uuid.UUID]] = {}
            for listing_id, first, last in keys:
                windows.setdefault((first, last), []).append(listing_id)
            found: dict[SpanKey, CalendarWindow] = {}
            session = await ctx.session()
            workspace_id = ctx.workspace_id
            for (first, last), ids in windows.items():
                spans = await repository.booked_spans(session, workspace_id, ids, first, last)
                blocks = await calendar.blocks_between(session, workspace_id, ids, first, last)
                prices = await calendar.prices_between(session, workspace_id, ids, first, last)
                found.update(
                    {(i, first, last): CalendarWindow(spans[i], blocks[i], prices[i]) for i in ids}
                )
            return found

        super().__init__(batch)
