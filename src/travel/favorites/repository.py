"""Every SQL statement of favorites."""

from __future__ import annotations

import uuid

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from travel.catalog.models import Listing
from travel.db.session import Reads
from travel.favorites.models import Favorite
from travel.favorites.records import FavoriteRecord
from travel.kernel.ids import MemberId, WorkspaceId
from travel.pagination import Page


async def listing_kind(
    session: AsyncSession, workspace_id: WorkspaceId, listing_id: uuid.UUID
) -> str | None:
    """The kind of a listing in the workspace, or None when there is no such listing."""
    stmt = select(Listing.kind).where(
        Listing.workspace_id == workspace_id, Listing.id == listing_id
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def delete_favorite(
    session: AsyncSession, workspace_id: WorkspaceId, member_id: MemberId, target_id: uuid.UUID
) -> bool:
    """Remove the member's favorite of `target_id`; whether there was one."""
    result = await session.execute(
        delete(Favorite).where(
            Favorite.workspace_id == workspace_id,
            Favorite.member_id == member_id,
            Favorite.target_id == target_id,
        )
    )
    return bool(result.rowcount)  # type: ignore[attr-defined]


async def insert_favorite(session: AsyncSession, favorite: Favorite) -> None:
    """Insert in a savepoint: a unique-constraint conflict rolls back this row only."""
    async with session.begin_nested():
        session.add(favorite)
        await session.flush()


async def list_favorites(
    session: Reads, workspace_id: WorkspaceId, member_id: MemberId, page: Page
) -> list[FavoriteRecord]:
    """The member's favorites, newest first."""
    stmt = (
        select(Favorite.id, Favorite.target_type, Favorite.target_id, Favorite.created_at)
        .where(Favorite.workspace_id == workspace_id, Favorite.member_id == member_id)
        .order_by(Favorite.created_at.desc(), Favorite.id.desc())
        .offset(page.skip)
        .limit(page.take)
    )
    return [FavoriteRecord(*row) for row in await session.execute(stmt)]


async def count_favorites(session: Reads, workspace_id: WorkspaceId, member_id: MemberId) -> int:
    stmt = (
        select(func.count())
        .select_from(Favorite)
        .where(Favorite.workspace_id == workspace_id, Favorite.member_id == member_id)
    )
    return int((await session.execute(stmt)).scalar_one())
