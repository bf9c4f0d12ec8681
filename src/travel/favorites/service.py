"""Favorites rules: one wishlist per member, toggled item by item."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import Principal
from travel.auth.permissions import Permission
from travel.db.session import Reads
from travel.errors import NotFound
from travel.favorites import repository
from travel.favorites.models import Favorite
from travel.favorites.records import FavoriteRecord
from travel.kernel.ids import parse_id
from travel.pagination import Page

# Each conflict means another toggle of the same item committed in between; a handful of
# rounds settles any realistic burst.
_TOGGLE_ROUNDS = 5


async def toggle_favorite(
    session: AsyncSession, principal: Principal, target_type: str, raw_id: str
) -> bool:
    """Save the item, or remove it when saved already: True when it is now saved."""
    principal.require(Permission.FAVORITE)
    target_id = parse_id(raw_id, "Listing not found")
    workspace_id, member_id = principal.workspace_id, principal.member_id
    kind = await repository.listing_kind(session, workspace_id, target_id)
    if kind is None or kind != target_type:
        raise NotFound("Listing not found")
    for _ in range(_TOGGLE_ROUNDS):
        if await repository.delete_favorite(session, workspace_id, member_id, target_id):
            return False
        favorite = Favorite(
            workspace_id=workspace_id, member_id=member_id, target_type=kind, target_id=target_id
        )
        try:
            await repository.insert_favorite(session, favorite)
        except IntegrityError:
            # A concurrent toggle saved it first and committed: ours comes after, so it
            # removes (next round) — as if the two had run one after the other.
            continue
        return True
    raise RuntimeError("favorite toggle kept conflicting")


async def list_favorites(session: Reads, principal: Principal, page: Page) -> list[FavoriteRecord]:
    """The caller's own wishlist, newest first."""
    principal.require(Permission.FAVORITE)
    return await repository.list_favorites(
        session, principal.workspace_id, principal.member_id, page
    )


async def count_favorites(session: Reads, principal: Principal) -> int:
    """How many listings the caller's wishlist holds."""
    principal.require(Permission.FAVORITE)
    return await repository.count_favorites(session, principal.workspace_id, principal.member_id)
