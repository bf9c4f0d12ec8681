"""GraphQL types and resolvers of bookings (thin: translate, call the service, return)."""

from __future__ import annotations

import asyncio
import uuid

from travel.auth.permissions import Permission
from travel.bookings import service
from travel.bookings.inputs import BookingFilterInput, BookingInput
from travel.bookings.loaders import BookingTransitionByBookingIdLoader
from travel.bookings.records import BookingRecord, TransitionRecord
from travel.catalog.loaders import ListingByIdLoader
from travel.catalog.records import ListingRecord
from travel.graphql.binder import ObjectBinding, SchemaModule
from travel.graphql.context import Info
from travel.graphql.inputs import ErrorPaths
from travel.pagination import PageInput, page_from

TYPE_DEFS = '''
"""Where a booking stands."""
enum TravelBookingStatus {
  CONFIRMED
  CANCELLED
}

"""Where a booking's payment stands."""
enum TravelPaymentStatus {
  PAID
  REFUNDED
}

"""A reservation: nights `[checkIn, checkOut)` of a stay, or one date of anything else."""
type TravelBooking {
  id: ID!
  "`TRV-{TYPE}-` and 8 characters of Crockford base32, e.g. TRV-PROPERTY-7KQ2M9XD."
  referenceCode: String!
  status: TravelBookingStatus!
  paymentStatus: TravelPaymentStatus!
  targetType: TravelBookingType!
  target: TravelListing!
  checkIn: Date!
  "Stays: the departure day (not a night). Other kinds: the same as checkIn."
  checkOut: Date!
  guests: Int!
  "Nights x price for stays, guests x price otherwise."
  totalPrice: Decimal!
  currency: String!
  createdAt: DateTime!
  updatedAt: DateTime!
  "Every status change, oldest first (the first one has no `from`)."
  timeline: [TravelBookingTransition!]!
}

"""One step of a booking's timeline."""
type TravelBookingTransition {
  from: TravelBookingStatus
  to: TravelBookingStatus!
  at: DateTime!
  "The member who made the change."
  actor: ID
}

"""What to book. `checkOut` is required for a PROPERTY (1 to 365 nights) and defaults to
`checkIn` otherwise; an EVENT or TRIP is booked on the UTC date it starts or departs."""
input CreateTravelBookingInput {
  targetType: TravelBookingType!
  targetId: ID!
  checkIn: Date!
  checkOut: Date
  "1 up to the listing's limit: maxGuests per room for a stay, capacity otherwise."
  guests: Int = 1
}

"""Narrows travelBookings; every given field must match."""
input TravelBookingFilter {
  status: TravelBookingStatus
  targetType: TravelBookingType
  targetId: ID
  "true: only the caller's own bookings (e.g. an admin's own trips)."
  bookedByViewer: Boolean
  "true: only bookings on listings of providers the caller registered."
  hostedByViewer: Boolean
}

extend type Query {
  """Bookings the caller may see, newest first: its own (travel:book), those on listings of
  providers it owns (travel:host), every one (travel:admin)."""
  travelBookings(pagination: TravelPaginationInput, filter: TravelBookingFilter): [TravelBooking!]
  "One booking the caller may see; any other id is NOT_FOUND."
  travelBooking(id: ID!): TravelBooking
  "How many bookings travelBookings lists with this filter, over all pages."
  travelBookingsCount(filter: TravelBookingFilter): Int
}

extend type Mutation {
  """Book a listing: CONFIRMED and PAID, or UNAVAILABLE when no room is left.
  Needs travel:book. Emits booking.created."""
  createTravelBooking(input: CreateTravelBookingInput!): TravelBooking
  """CONFIRMED → CANCELLED with the payment REFUNDED, freeing the room.
  Own bookings (travel:book), bookings on one's listings (travel:host), any (travel:admin).
  Emits booking.cancelled."""
  cancelTravelBooking(id: ID!): TravelBooking
}
'''

INPUT, FILTER = ErrorPaths("input"), ErrorPaths("filter")

query = ObjectBinding("Query")
mutation = ObjectBinding("Mutation")
booking_type = ObjectBinding("TravelBooking")
transition_type = ObjectBinding("TravelBookingTransition")


@query.field("travelBookings")
async def resolve_bookings(
    _: None,
    info: Info,
    pagination: PageInput | None = None,
    filter: BookingFilterInput | None = None,
) -> list[BookingRecord]:
    ctx, page = info.context, page_from(pagination)
    session = await ctx.session()
    with FILTER:
        return await service.list_bookings(session, ctx.principal, page, filter)


@query.field("travelBookingsCount")
async def resolve_bookings_count(
    _: None, info: Info, filter: BookingFilterInput | None = None
) -> int:
    ctx = info.context
    session = await ctx.session()
    with FILTER:
        return await service.count_bookings(session, ctx.principal, filter)


@query.field("travelBooking")
async def resolve_booking(_: None, info: Info, id: str) -> BookingRecord:
    ctx = info.context
    session = await ctx.session()
    return await service.get_booking(session, ctx.principal, id)


@mutation.field("createTravelBooking")
async def resolve_create_booking(_: None, info: Info, input: BookingInput) -> BookingRecord:
    ctx = info.context
    session = ctx.writes()
    with INPUT:
        return await service.create_booking(session, ctx.principal, input)


@mutation.field("cancelTravelBooking")
async def resolve_cancel_booking(_: None, info: Info, id: str) -> BookingRecord:
    ctx = info.context
    session = ctx.writes()
    return await service.cancel_booking(session, ctx.principal, id)


@booking_type.field("target")
def resolve_target(booking: BookingRecord, info: Info) -> asyncio.Future[ListingRecord | None]:
    info.context.principal.require(Permission.READ)  # a listing is inventory, wherever reached
    return info.context.loader(ListingByIdLoader).load(booking.target_id)


@booking_type.field("timeline")
def resolve_timeline(
    booking: BookingRecord, info: Info
) -> asyncio.Future[list[TransitionRecord] | None]:
    return info.context.loader(BookingTransitionByBookingIdLoader).load(booking.id)


@transition_type.field("from")
def resolve_from(step: TransitionRecord, _: Info) -> str | None:
    return step.from_status


@transition_type.field("to")
def resolve_to(step: TransitionRecord, _: Info) -> str:
    return step.to_status


@transition_type.field("actor")
def resolve_actor(step: TransitionRecord, _: Info) -> uuid.UUID | None:
    return step.actor_member_id


MODULE = SchemaModule(
    TYPE_DEFS,
    objects=[query, mutation, booking_type, transition_type],
    inputs={"CreateTravelBookingInput": BookingInput, "TravelBookingFilter": BookingFilterInput},
)
