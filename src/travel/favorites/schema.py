"""GraphQL types and resolvers of favorites (thin: translate, call the service, return)."""

from __future__ import annotations

import asyncio

from travel.auth.permissions import Permission
from travel.catalog.loaders import ListingByIdLoader
from travel.catalog.records import ListingRecord
from travel.favorites import service
from travel.favorites.records import FavoriteRecord
from travel.graphql.binder import ObjectBinding, SchemaModule
from travel.graphql.context import Info
from travel.pagination import PageInput, page_from

TYPE_DEFS = '''
"""A listing saved to the caller's wishlist."""
type TravelFavorite {
  "The favorite's own id (a UUID; not the listing's: that is targetId)."
  id: ID!
  "The kind of listing saved (the type of `target`)."
  targetType: TravelBookingType!
  "The saved listing's id: what toggleTravelFavorite takes to remove it."
  targetId: ID!
  """
  The saved listing, as it is now. Needs travel:read: without it, FORBIDDEN, and as the field
  cannot be null the error nulls the favorite too.
  """
  target: TravelListing!
  "When it was saved (UTC)."
  createdAt: DateTime!
}

extend type Query {
  "The caller's own wishlist, newest first. Needs travel:favorite (FORBIDDEN otherwise)."
  travelFavorites(
    "Which page; take 0..100 (default 20), otherwise VALIDATION_ERROR."
    pagination: TravelPaginationInput
  ): [TravelFavorite!]
  "How many listings the caller's wishlist holds. Needs travel:favorite."
  travelFavoritesCount: Int
}

extend type Mutation {
  """
  Save a listing to the caller's wishlist, or remove it if saved: true when it is now
  saved, false when it was removed. Needs travel:favorite; a listing of another kind or
  workspace is NOT_FOUND. Send an Idempotency-Key header to retry safely: the same key and
  body within 24 hours answers the first result again instead of toggling back.
  """
  toggleTravelFavorite(
    "The kind of the listing; it must be the kind of targetId (otherwise NOT_FOUND)."
    targetType: TravelBookingType!
    "The listing's id."
    targetId: ID!
  ): Boolean!
}
'''

query = ObjectBinding("Query")
mutation = ObjectBinding("Mutation")
favorite_type = ObjectBinding("TravelFavorite")


@query.field("travelFavorites")
async def resolve_favorites(
    _: None, info: Info, pagination: PageInput | None = None
) -> list[FavoriteRecord]:
    ctx, page = info.context, page_from(pagination)
    session = await ctx.session()
    return await service.list_favorites(session, ctx.principal, page)


@query.field("travelFavoritesCount")
async def resolve_favorites_count(_: None, info: Info) -> int:
    ctx = info.context
    return await service.count_favorites(await ctx.session(), ctx.principal)


@mutation.field("toggleTravelFavorite")
async def resolve_toggle_favorite(_: None, info: Info, targetType: str, targetId: str) -> bool:
    ctx = info.context
    session = ctx.writes()
    return await service.toggle_favorite(session, ctx.principal, targetType, targetId)


@favorite_type.field("target")
def resolve_target(favorite: FavoriteRecord, info: Info) -> asyncio.Future[ListingRecord | None]:
    info.context.principal.require(Permission.READ)  # a listing is inventory, wherever reached
    return info.context.loader(ListingByIdLoader).load(favorite.target_id)


MODULE = SchemaModule(TYPE_DEFS, objects=[query, mutation, favorite_type])
