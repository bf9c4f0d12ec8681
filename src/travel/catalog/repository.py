"""Every SQL statement of the catalog."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import WorkspaceId
from travel.catalog.models import Listing, Provider
from travel.catalog.records import ListingRecord, ProviderRecord
from travel.money import from_minor
from travel.pagination import Page

_PROVIDER_COLUMNS = (
    Provider.id,
    Provider.name,
    Provider.type,
    Provider.rating,
    Provider.owner_member_id,
)


async def insert_provider(session: AsyncSession, provider: Provider) -> ProviderRecord:
    session.add(provider)
    await session.flush()
    return ProviderRecord(
        provider.id, provider.name, provider.type, provider.rating, provider.owner_member_id
    )


async def list_providers(
    session: AsyncSession, workspace_id: WorkspaceId, page: Page
) -> list[ProviderRecord]:
    stmt = (
        select(*_PROVIDER_COLUMNS)
        .where(Provider.workspace_id == workspace_id)
        .order_by(Provider.created_at, Provider.id)
        .offset(page.skip)
        .limit(page.take)
    )
    return [ProviderRecord(*row) for row in await session.execute(stmt)]


async def providers_by_id(
    session: AsyncSession, workspace_id: WorkspaceId, ids: Sequence[uuid.UUID]
) -> dict[uuid.UUID, ProviderRecord]:
    stmt = select(*_PROVIDER_COLUMNS).where(
        Provider.workspace_id == workspace_id, Provider.id.in_(ids)
    )
    return {row[0]: ProviderRecord(*row) for row in await session.execute(stmt)}


_LISTING_COLUMNS = (
    Listing.id,
    Listing.kind,
    Listing.provider_id,
    Listing.name,
    Listing.description,
    Listing.location,
    Listing.price_minor,
    Listing.currency,
    Listing.rating,
    Listing.amenities,
    Listing.units,
    Listing.max_guests,
    Listing.capacity,
    Listing.duration_minutes,
    Listing.starts_at,
    Listing.ends_at,
    Listing.origin,
    Listing.destination,
    Listing.departs_at,
    Listing.arrives_at,
    Listing.mode,
)


def listing_record(row: Sequence[object]) -> ListingRecord:
    """A record from a row of `_LISTING_COLUMNS` (price converted from minor units)."""
    values = list(row)
    values[6] = from_minor(values[6], values[7])  # type: ignore[arg-type]
    values[9] = list(values[9] or [])  # type: ignore[call-overload]
    return ListingRecord(*values)  # type: ignore[arg-type]


async def listings_by_id(
    session: AsyncSession, workspace_id: WorkspaceId, ids: Sequence[uuid.UUID]
) -> dict[uuid.UUID, ListingRecord]:
    stmt = select(*_LISTING_COLUMNS).where(
        Listing.workspace_id == workspace_id, Listing.id.in_(ids)
    )
    return {row[0]: listing_record(row) for row in await session.execute(stmt)}
