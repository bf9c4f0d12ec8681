"""SQL of providers."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence

from sqlalchemy import ColumnElement, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from travel.catalog.filters import ProviderFilter
from travel.catalog.models import Provider
from travel.catalog.records import ProviderRecord
from travel.catalog.repository.search import contains_all
from travel.db.base import columns_for
from travel.db.session import Reads, by_ids
from travel.kernel.ids import WorkspaceId
from travel.pagination import Page

_PROVIDER_COLUMNS = columns_for(ProviderRecord, Provider)


async def insert_provider(session: AsyncSession, provider: Provider) -> ProviderRecord:
    session.add(provider)
    await session.flush()
    return ProviderRecord(
        id=provider.id,
        name=provider.name,
        type=provider.type,
        rating=provider.rating,
        owner_member_id=provider.owner_member_id,
        version=provider.version,
        updated_at=provider.updated_at,
    )


async def list_providers(
    session: Reads,
    workspace_id: WorkspaceId,
    page: Page,
    conditions: ProviderFilter | None = None,
    *,
    owner: uuid.UUID | None = None,
) -> list[ProviderRecord]:
    """One page of the workspace's providers meeting `conditions` (and owned by `owner`, when
    given), oldest first."""
    if page.take == 0:
        return []
    stmt = (
        select(*_PROVIDER_COLUMNS)
        .where(*_matching(workspace_id, conditions or ProviderFilter(), owner))
        .order_by(Provider.created_at, Provider.id)
        .offset(page.skip)
        .limit(page.take)
    )
    return [ProviderRecord(*row) for row in await session.execute(stmt)]


async def count_providers(
    session: Reads,
    workspace_id: WorkspaceId,
    conditions: ProviderFilter,
    *,
    owner: uuid.UUID | None = None,
) -> int:
    """How many providers `list_providers` would return over all pages."""
    stmt = (
        select(func.count())
        .select_from(Provider)
        .where(*_matching(workspace_id, conditions, owner))
    )
    return int((await session.execute(stmt)).scalar_one())


def _matching(
    workspace_id: WorkspaceId, conditions: ProviderFilter, owner: uuid.UUID | None
) -> list[ColumnElement[bool]]:
    where = [Provider.workspace_id == workspace_id]
    if owner is not None:
        where.append(Provider.owner_member_id == owner)
    if conditions.type is not None:
        where.append(Provider.type == conditions.type)
    if conditions.words:
        where += contains_all([Provider.name], conditions.words)
    if conditions.min_rating is not None:
        where.append(Provider.rating >= conditions.min_rating)
    return where


_BY_ID = by_ids(Provider.workspace_id, Provider.id, *_PROVIDER_COLUMNS)


async def providers_by_id(
    session: Reads, workspace_id: WorkspaceId, ids: Sequence[uuid.UUID]
) -> dict[uuid.UUID, ProviderRecord]:
    params = {"workspace_id": workspace_id, "ids": list(ids)}
    return {row[0]: ProviderRecord(*row) for row in await _BY_ID.rows(session, params)}


async def set_provider_ratings(
    session: AsyncSession, workspace_id: WorkspaceId, ratings: Mapping[uuid.UUID, float]
) -> None:
    """Record average guest ratings (the demo seed; reviews will feed this later)."""
    if not ratings:
        return
    # ORM bulk UPDATE by primary key: one executemany keyed by (workspace_id, id).
    rows = [
        {"workspace_id": workspace_id, "id": key, "rating": value} for key, value in ratings.items()
    ]
    await session.execute(update(Provider), rows)
