"""GraphQL types and resolvers of bookings (thin: translate, call the service, return)."""

from __future__ import annotations

import asyncio
import uuid

from travel.auth.permissions import Permission
from travel.bookings import service
from travel.bookings.inputs import BookingFilterInput, BookingInput
from travel.bookings.loaders import BookingTransitionByBookingIdLoader, GuestByMemberIdLoader
from travel.bookings.records import BookingRecord, GuestRecord, TransitionRecord
from travel.catalog.loaders import ListingByIdLoader
from travel.catalog.records import ListingRecord
from travel.errors import ValidationError
from travel.graphql.binder import ObjectBinding, SchemaModule
from travel.graphql.context import Info
from travel.graphql.inputs import ErrorPaths
from travel.pagination import PageInput, page_from

TYPE_DEFS = '''
"Where a booking stands. A booking is created CONFIRMED; cancelTravelBooking makes it CANCELLED."
enum TravelBookingStatus {
  "Booked and paid: it holds its room or places and counts in the analytics."
  CONFIRMED
  "Cancelled (and refunded): it holds nothing and never counts. A cancellation is final."
  CANCELLED
}

"Where a booking's payment stands; it follows the status."
enum TravelPaymentStatus {
  "Paid in full (totalPrice in currency) when the booking was confirmed."
  PAID
  "Refunded in full when the booking was cancelled."
  REFUNDED
}

"A reservation: nights `[checkIn, checkOut)` of a stay, or one date of anything else."
type TravelBooking {
  "The booking's id (a UUID): the argument of travelBooking and cancelTravelBooking."
  id: ID!
  "`TRV-{TYPE}-` and 8 characters of Crockford base32, e.g. TRV-PROPERTY-7KQ2M9XD; unique."
  referenceCode: String!
  "CONFIRMED, or CANCELLED once cancelled."
  status: TravelBookingStatus!
  "PAID while CONFIRMED, REFUNDED once CANCELLED."
  paymentStatus: TravelPaymentStatus!
  "The kind of listing booked (the type of `target`)."
  targetType: TravelBookingType!
  """
  The listing booked, as it is now (totalPrice is what was paid). Needs travel:read: without
  it, FORBIDDEN, and as the field cannot be null the error nulls the booking too.
  """
  target: TravelListing!
  "The first night of a stay, or the date of anything else (YYYY-MM-DD)."
  checkIn: Date!
  "Stays: the departure day (not a night). Other kinds: the same as checkIn."
  checkOut: Date!
  "Persons booked: 1 up to the listing's limit (maxGuests per room, or capacity)."
  guests: Int!
  """
  What was paid, in `currency`: nights x price for stays, guests x price otherwise, with the
  currency's decimal places (e.g. "360.00" USD, "36000" JPY).
  """
  totalPrice: Decimal!
  "The ISO 4217 code of totalPrice: the listing's currency when it was booked."
  currency: String!
  "When the booking was made (UTC)."
  createdAt: DateTime!
  "When the booking last changed (UTC): its creation or its cancellation."
  updatedAt: DateTime!
  "Every status change, oldest first (the first one has no `from`)."
  timeline: [TravelBookingTransition!]!
  """
  Who booked: their display name, as they or their identity provider gave it. Seen by whoever
  may see the booking: the guest, the listing's host, an admin (a traveler never sees another's).
  """
  guest: TravelGuest!
}

"The member who made a booking, as its host sees them."
type TravelGuest {
  "Their display name (up to 100 characters); null when they never gave one."
  displayName: String
}

"One step of a booking's timeline."
type TravelBookingTransition {
  "The status before the change; null for the booking's creation."
  from: TravelBookingStatus
  "The status after the change."
  to: TravelBookingStatus!
  "When the change happened (UTC)."
  at: DateTime!
  "The id of the member who made the change (TravelViewer.memberId)."
  actor: ID
  "Why, as whoever made the change wrote it (a cancellation's reason); null when not said."
  reason: String
}

"""
What to book. `checkOut` is required for a PROPERTY (1 to 365 nights) and defaults to
`checkIn` otherwise; an EVENT or TRIP is booked on the UTC date it starts or departs.
Invalid values are VALIDATION_ERROR with `extensions.field` naming the input field.
"""
input CreateTravelBookingInput {
  "The kind of listing: it must be the kind of `targetId` (otherwise NOT_FOUND)."
  targetType: TravelBookingType!
  "The listing's id; an id of another kind or workspace is NOT_FOUND."
  targetId: ID!
  """
  The first night of a stay, or the date of anything else: from today (UTC) up to 1,826 days
  (five years) ahead. For an EVENT or TRIP it must be the UTC date it starts or departs.
  """
  checkIn: Date!
  """
  PROPERTY: the departure day, 1 to 365 nights after checkIn (required). Other kinds: omit it
  or send checkIn.
  """
  checkOut: Date
  """
  Persons: 1 up to the listing's limit, maxGuests per room for a stay (100 when it states
  none), capacity otherwise. For other kinds than stays, totalPrice is guests x price.
  """
  guests: Int = 1
}

"""
Narrows travelBookings (the `where` argument): every given field must match. Conditions only
ever narrow what the caller may see.
"""
input TravelBookingFilterInput {
  "Only bookings in this status."
  status: TravelBookingStatus
  "Only bookings of this kind of listing."
  targetType: TravelBookingType
  "Only bookings of this listing; an id that is not a UUID is VALIDATION_ERROR."
  targetId: ID
  "true: only the caller's own bookings (e.g. an admin's own trips)."
  bookedByViewer: Boolean
  "true: only bookings on listings of providers the caller registered."
  hostedByViewer: Boolean
}

"""
Deprecated name of TravelBookingFilterInput, kept so that existing documents declaring
`$filter: TravelBookingFilter` keep working: it is the type of the deprecated `filter`
argument. Same fields, same meaning.
"""
input TravelBookingFilter {
  "Only bookings in this status."
  status: TravelBookingStatus
  "Only bookings of this kind of listing."
  targetType: TravelBookingType
  "Only bookings of this listing; an id that is not a UUID is VALIDATION_ERROR."
  targetId: ID
  "true: only the caller's own bookings (e.g. an admin's own trips)."
  bookedByViewer: Boolean
  "true: only bookings on listings of providers the caller registered."
  hostedByViewer: Boolean
}

extend type Query {
  """
  Bookings the caller may see, newest first: its own (travel:book), those on listings of
  providers it owns (travel:host), every one (travel:admin); FORBIDDEN without any of the
  three. Give `where` or the deprecated `filter`, not both (VALIDATION_ERROR).
  """
  travelBookings(
    "Which page; take 0..100 (default 20), otherwise VALIDATION_ERROR."
    pagination: TravelPaginationInput
    "Conditions the bookings must meet (all of them); none: every booking the caller may see."
    where: TravelBookingFilterInput
    "The same conditions under the type's old name."
    filter: TravelBookingFilter @deprecated(reason: "Use `where` (TravelBookingFilterInput).")
  ): [TravelBooking!]
  """
  One booking the caller may see (same rights as travelBookings, FORBIDDEN without any of
  them); any other id, including another member's booking, is NOT_FOUND.
  """
  travelBooking(
    "The booking's id."
    id: ID!
  ): TravelBooking
  """
  How many bookings travelBookings lists with these conditions, over all pages (same rights,
  same rule for `where` and `filter`).
  """
  travelBookingsCount(
    "Conditions the bookings must meet, as for travelBookings."
    where: TravelBookingFilterInput
    "The same conditions under the type's old name."
    filter: TravelBookingFilter @deprecated(reason: "Use `where` (TravelBookingFilterInput).")
  ): Int
}

extend type Mutation {
  """
  Book a listing: CONFIRMED and PAID at the listing's price, or UNAVAILABLE when no room or
  place is left (or the event or trip has started). Needs travel:book. A listing of another
  kind or workspace is NOT_FOUND; bad dates or guests are VALIDATION_ERROR. Send an
  Idempotency-Key header to retry safely. Emits booking.created.
  """
  createTravelBooking(
    "What to book, when and for how many."
    input: CreateTravelBookingInput!
  ): TravelBooking
  """
  CONFIRMED → CANCELLED with the payment REFUNDED, freeing the room or places.
  Own bookings (travel:book), bookings on one's listings (travel:host), any (travel:admin);
  a booking the caller may not see is NOT_FOUND, an already cancelled one VALIDATION_ERROR.
  Emits booking.cancelled.
  """
  cancelTravelBooking(
    "The booking's id."
    id: ID!
    "Why (up to 500 characters), kept in the booking's timeline; optional."
    reason: String
  ): TravelBooking
}
'''

INPUT, FILTER, WHERE = ErrorPaths("input"), ErrorPaths("filter"), ErrorPaths("where")

query = ObjectBinding("Query")
mutation = ObjectBinding("Mutation")
booking_type = ObjectBinding("TravelBooking")
transition_type = ObjectBinding("TravelBookingTransition")


def chosen_filter(
    where: BookingFilterInput | None, filter: BookingFilterInput | None
) -> tuple[BookingFilterInput | None, ErrorPaths]:
    """The filter of `where`, or of the deprecated `filter` (its old type's name), with the
    paths its errors are reported under; both at once is a VALIDATION_ERROR
    (docs/decisions/0065-booking-filter-input-name.md)."""
    if where is not None and filter is not None:
        raise ValidationError(
            "Give where or the deprecated filter, not both (filter is the old name: use where)",
            field="filter",
        )
    if where is not None:
        return where, WHERE
    return filter, FILTER


@query.field("travelBookings")
async def resolve_bookings(
    _: None,
    info: Info,
    pagination: PageInput | None = None,
    where: BookingFilterInput | None = None,
    filter: BookingFilterInput | None = None,
) -> list[BookingRecord]:
    ctx, page = info.context, page_from(pagination)
    given, paths = chosen_filter(where, filter)
    session = await ctx.session()
    with paths:
        return await service.list_bookings(session, ctx.principal, page, given)


@query.field("travelBookingsCount")
async def resolve_bookings_count(
    _: None,
    info: Info,
    where: BookingFilterInput | None = None,
    filter: BookingFilterInput | None = None,
) -> int:
    ctx = info.context
    given, paths = chosen_filter(where, filter)
    session = await ctx.session()
    with paths:
        return await service.count_bookings(session, ctx.principal, given)


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
        return await service.create_booking(session, ctx.principal, input, ctx.seen)


@mutation.field("cancelTravelBooking")
async def resolve_cancel_booking(
    _: None, info: Info, id: str, reason: str | None = None
) -> BookingRecord:
    ctx = info.context
    session = ctx.writes()
    with ErrorPaths(paths={"reason": "reason"}):
        return await service.cancel_booking(session, ctx.principal, id, reason)


@booking_type.field("guest")
def resolve_guest(booking: BookingRecord, info: Info) -> asyncio.Future[GuestRecord | None]:
    return info.context.loader(GuestByMemberIdLoader).load(booking.member_id)


@booking_type.field("target")
def resolve_target(
    booking: BookingRecord, info: Info
) -> ListingRecord | asyncio.Future[ListingRecord | None]:
    info.context.principal.require(Permission.READ)  # a listing is inventory, wherever reached
    if booking.target is not None:  # read with the booking (pages of bookings)
        return booking.target
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
    inputs={
        "CreateTravelBookingInput": BookingInput,
        "TravelBookingFilterInput": BookingFilterInput,
        "TravelBookingFilter": BookingFilterInput,  # deprecated name (decision 0065)
    },
)
