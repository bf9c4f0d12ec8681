"""GraphQL types and resolvers of the catalog (thin: translate, call the service, return)."""

from __future__ import annotations

from typing import Any

from travel.catalog import service
from travel.catalog.loaders import ProviderByIdLoader
from travel.catalog.records import ListingRecord, ProviderRecord
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

"""The kinds of bookable listing (and of booking and favorite targets)."""
enum TravelBookingType {
  PROPERTY
  TOUR
  ACTIVITY
  EVENT
  TRIP
}

"""What a listing's price is for: a night of a stay, or one person."""
enum TravelPriceUnit {
  NIGHT
  PERSON
}

"""How a trip travels."""
enum TravelTripMode {
  BUS
  TRAIN
  FERRY
  FLIGHT
  CAR
}

"""Anything bookable. Every kind has the property shape."""
interface TravelListing {
  id: ID!
  kind: TravelBookingType!
  name: String!
  description: String
  location: String!
  pricePerNight: Decimal!
    @deprecated(reason: "Use `price` and `priceUnit`; TravelProperty keeps `pricePerNight`.")
  price: Decimal!
  priceUnit: TravelPriceUnit!
  currency: String!
  rating: Float
  amenities: [String!]!
  provider: TravelProvider!
}

"""A stay: `units` identical rooms, each for up to `maxGuests`; priced per night."""
type TravelProperty implements TravelListing {
  id: ID!
  kind: TravelBookingType!
  name: String!
  description: String
  location: String!
  pricePerNight: Decimal!
  price: Decimal!
  priceUnit: TravelPriceUnit!
  currency: String!
  rating: Float
  amenities: [String!]!
  provider: TravelProvider!
  maxGuests: Int
  units: Int!
}

"""A guided tour: `capacity` persons per date; priced per person."""
type TravelTour implements TravelListing {
  id: ID!
  kind: TravelBookingType!
  name: String!
  description: String
  location: String!
  pricePerNight: Decimal! @deprecated(reason: "Tours are priced per person: use `price`.")
  price: Decimal!
  priceUnit: TravelPriceUnit!
  currency: String!
  rating: Float
  amenities: [String!]!
  provider: TravelProvider!
  capacity: Int!
  durationMinutes: Int
}

"""An activity: `capacity` persons per date; priced per person."""
type TravelActivity implements TravelListing {
  id: ID!
  kind: TravelBookingType!
  name: String!
  description: String
  location: String!
  pricePerNight: Decimal! @deprecated(reason: "Activities are priced per person: use `price`.")
  price: Decimal!
  priceUnit: TravelPriceUnit!
  currency: String!
  rating: Float
  amenities: [String!]!
  provider: TravelProvider!
  capacity: Int!
  durationMinutes: Int
}

"""An event: `capacity` persons in all; priced per person."""
type TravelEvent implements TravelListing {
  id: ID!
  kind: TravelBookingType!
  name: String!
  description: String
  location: String!
  pricePerNight: Decimal! @deprecated(reason: "Events are priced per person: use `price`.")
  price: Decimal!
  priceUnit: TravelPriceUnit!
  currency: String!
  rating: Float
  amenities: [String!]!
  provider: TravelProvider!
  capacity: Int!
  startsAt: DateTime!
  endsAt: DateTime!
}

"""A transport departure: `capacity` seats; priced per person."""
type TravelTrip implements TravelListing {
  id: ID!
  kind: TravelBookingType!
  name: String!
  description: String
  location: String!
  pricePerNight: Decimal! @deprecated(reason: "Trips are priced per person: use `price`.")
  price: Decimal!
  priceUnit: TravelPriceUnit!
  currency: String!
  rating: Float
  amenities: [String!]!
  provider: TravelProvider!
  capacity: Int!
  origin: String!
  destination: String!
  departsAt: DateTime!
  arrivesAt: DateTime
  mode: TravelTripMode!
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

LISTING_TYPES = {
    "PROPERTY": "TravelProperty",
    "TOUR": "TravelTour",
    "ACTIVITY": "TravelActivity",
    "EVENT": "TravelEvent",
    "TRIP": "TravelTrip",
}


def resolve_listing_type(listing: ListingRecord, *_: object) -> str:
    """The concrete GraphQL type of a listing (for the TravelListing interface)."""
    return LISTING_TYPES[listing.kind]


async def resolve_listing_provider(listing: ListingRecord, info: Info) -> ProviderRecord | None:
    return await info.context.loader(ProviderByIdLoader).load(listing.provider_id)


listing_objects = []
for _type_name in LISTING_TYPES.values():
    _binding = ObjectBinding(_type_name)
    _binding.field("provider")(resolve_listing_provider)
    listing_objects.append(_binding)

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


MODULE = SchemaModule(
    PAGINATION_DEFS + TYPE_DEFS,
    objects=[query, mutation, *listing_objects],
    type_resolvers={"TravelListing": resolve_listing_type},
)
