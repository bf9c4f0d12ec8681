"""SQL of the calendar: a listing's blocked dates and seasonal prices (docs/decisions/
0090-calendar.md). Reads for a window of dates go along `(workspace_id, listing_id, ends_on)`."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy import insert as sa_insert
from sqlalchemy.ext.asyncio import AsyncSession

from travel.catalog.models import Listing, ListingBlock, SeasonalPrice
from travel.catalog.records import BlockRecord, SeasonalPriceRecord
from travel.db.base import utcnow
from travel.db.session import Reads
from travel.kernel.ids import WorkspaceId

_BLOCK = (
    ListingBlock.id,
    ListingBlock.listing_id,
    ListingBlock.starts_on,
    ListingBlock.ends_on,
    ListingBlock.units,
    ListingBlock.note,
)
_PRICE = (
    SeasonalPrice.id,
    SeasonalPrice.listing_id,
    SeasonalPrice.starts_on,
    SeasonalPrice.ends_on,
    SeasonalPrice.price_minor,
    Listing.currency,
    SeasonalPrice.note,
)
_PRICE_LISTING = (Listing.workspace_id == SeasonalPrice.workspace_id) & (
    Listing.id == SeasonalPrice.listing_id
)


async def blocks_between(
    session: Reads,
    workspace_id: WorkspaceId,
    listing_ids: Sequence[uuid.UUID],
    first: date,
    last: date,
) -> dict[uuid.UUID, list[BlockRecord]]:
    """Per listing, its blocks touching `first..last`, earliest first."""
    stmt = (
        select(*_BLOCK)
        .where(
            ListingBlock.workspace_id == workspace_id,
            ListingBlock.listing_id.in_(listing_ids),
            ListingBlock.ends_on >= first,
            ListingBlock.starts_on <= last,
        )
        .order_by(ListingBlock.starts_on, ListingBlock.id)
    )
    found: dict[uuid.UUID, list[BlockRecord]] = {i: [] for i in listing_ids}
    for row in await session.execute(stmt):
        found[row.listing_id].append(BlockRecord(*row))
    return found


async def prices_between(
    session: Reads,
    workspace_id: WorkspaceId,
    listing_ids: Sequence[uuid.UUID],
    first: date,
    last: date,
) -> dict[uuid.UUID, list[SeasonalPriceRecord]]:
    """Per listing, its seasonal prices touching `first..last`, earliest first."""
    stmt = (
        select(*_PRICE)
        .join(Listing, _PRICE_LISTING)
        .where(
            SeasonalPrice.workspace_id == workspace_id,
            SeasonalPrice.listing_id.in_(listing_ids),
            SeasonalPrice.ends_on >= first,
            SeasonalPrice.starts_on <= last,
        )
        .order_by(SeasonalPrice.starts_on)
    )
    found: dict[uuid.UUID, list[SeasonalPriceRecord]] = {i: [] for i in listing_ids}
    for row in await session.execute(stmt):
        found[row.listing_id].append(SeasonalPriceRecord(*row))
    return found


async def upcoming_prices(
    session: AsyncSession, workspace_id: WorkspaceId, listing_id: uuid.UUID, since: date
) -> int:
    """How many of the listing's seasonal prices end on `since` or later."""
    stmt = select(func.count()).where(
        SeasonalPrice.workspace_id == workspace_id,
        SeasonalPrice.listing_id == listing_id,
        SeasonalPrice.ends_on >= since,
    )
    return int((await session.execute(stmt)).scalar_one())


async def upcoming_blocks(
    session: AsyncSession, workspace_id: WorkspaceId, listing_id: uuid.UUID
) -> int:
    """How many of the listing's blocks end today or later."""
    stmt = select(func.count()).where(
        ListingBlock.workspace_id == workspace_id,
        ListingBlock.listing_id == listing_id,
        ListingBlock.ends_on >= utcnow().date(),
    )
    return int((await session.execute(stmt)).scalar_one())


async def block(
    session: Reads, workspace_id: WorkspaceId, block_id: uuid.UUID
) -> BlockRecord | None:
    stmt = select(*_BLOCK).where(
        ListingBlock.workspace_id == workspace_id, ListingBlock.id == block_id
    )
    row = (await session.execute(stmt)).first()
    return None if row is None else BlockRecord(*row)


async def seasonal_price(
    session: Reads, workspace_id: WorkspaceId, price_id: uuid.UUID
) -> SeasonalPriceRecord | None:
    stmt = (
        select(*_PRICE)
        .join(Listing, _PRICE_LISTING)
        .where(SeasonalPrice.workspace_id == workspace_id, SeasonalPrice.id == price_id)
    )
    row = (await session.execute(stmt)).first()
    return None if row is None else SeasonalPriceRecord(*row)


async def insert(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    model: type[ListingBlock | SeasonalPrice],
    values: Mapping[str, Any],
) -> uuid.UUID:
    """Add a block or a seasonal price (`values` its columns); its new id."""
    new_id = uuid.uuid4()
    row = {"workspace_id": workspace_id, "id": new_id, "created_at": utcnow(), **values}
    await session.execute(sa_insert(model), row)
    return new_id


async def remove(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    model: type[ListingBlock | SeasonalPrice],
    row_id: uuid.UUID,
) -> None:
    """Delete a block or a seasonal price: neither is referenced by anything."""
    await session.execute(
        delete(model).where(model.workspace_id == workspace_id, model.id == row_id)
    )
