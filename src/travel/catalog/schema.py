"""GraphQL types and resolvers of the catalog (thin: translate, call the service, return)."""

from __future__ import annotations

from typing import Any

from travel.catalog import service
from travel.catalog.records import ProviderRecord
from travel.graphql.binder import ObjectBinding, SchemaModule
from travel.graphql.context import Info
from travel.pagination import TYPE_DEFS as PAGINATION_DEFS
from travel.pagination import page_from

TYPE_DEFS = '''
"""Whether a provider hosts stays or operates tours, activities, events and trips."""
enum TravelProviderType {
  HOST
  OPERATOR
}

"""A host or operator: a guesthouse, a tour company, a venue."""
type TravelProvider {
  id: ID!
  name: String!
  type: TravelProviderType!
  "Average guest rating from 0 to 5; null until rated."
  rating: Float
}

input CreateTravelProviderInput {
  name: String!
  type: TravelProviderType!
}

extend type Query {
  "Providers of the workspace, oldest first. Needs travel:read."
  travelProviders(pagination: TravelPaginationInput): [TravelProvider!]
  "One provider. Needs travel:read."
  travelProvider(id: ID!): TravelProvider
}

extend type Mutation {
  "Register a host or operator owned by the caller. Needs travel:host."
  createTravelProvider(input: CreateTravelProviderInput!): TravelProvider
}
'''

query = ObjectBinding("Query")
mutation = ObjectBinding("Mutation")


@query.field("travelProviders")
async def resolve_providers(
    _: None, info: Info, pagination: dict[str, Any] | None = None
) -> list[ProviderRecord]:
    ctx = info.context
    return await service.list_providers(await ctx.session(), ctx.principal, page_from(pagination))


@query.field("travelProvider")
async def resolve_provider(_: None, info: Info, id: str) -> ProviderRecord:
    ctx = info.context
    return await service.get_provider(await ctx.session(), ctx.principal, id)


@mutation.field("createTravelProvider")
async def resolve_create_provider(_: None, info: Info, input: dict[str, Any]) -> ProviderRecord:
    ctx = info.context
    return await service.create_provider(await ctx.session(), ctx.principal, input)


MODULE = SchemaModule(PAGINATION_DEFS + TYPE_DEFS, objects=[query, mutation])
