"""Every SQL statement of the catalog."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import WorkspaceId
from travel.catalog.models import Provider
from travel.catalog.records import ProviderRecord
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
