"""The calendar's part of the schema: blocking dates and seasonal prices, and the listings'
`seasonalPrices` and `blockedDates` (docs/decisions/0090-calendar.md). A module of its own,
served after the bookings' (graphql.schema): its mutations close dates a booking could take.
"""

from __future__ import annotations

from typing import Any

from travel.catalog import calendar, service
from travel.catalog.inputs import BlockInput, SeasonalPriceInput
from travel.catalog.loaders import CalendarByListingLoader
from travel.catalog.records import BlockRecord, ListingRecord, SeasonalPriceRecord
from travel.errors import Forbidden
from travel.graphql.binder import ObjectBinding, SchemaModule
from travel.graphql.context import Info
from travel.graphql.inputs import ErrorPaths
from travel.kernel.kinds import KINDS

_INPUTS = """
\"\"\"Dates to close on a listing (both included; for a stay, the nights starting on them).\"\"\"
input BlockTravelListingDatesInput {
  "A listing under a provider the caller owns (admins: any); any kind."
  listingId: ID!
  "The first date: today or later."
  startsOn: Date!
  "The last date, included: on or after startsOn, at most 365 days after it."
  endsOn: Date!
  \"\"\"
  Rooms (stays) or places (other kinds) to close, 1 to the listing's capacity; they must be
  free on every date. Omitted or null: the whole listing (what is booked stays booked).
  \"\"\"
  units: Int
  "A note for the host (up to 200 characters), e.g. painting; travelers never see it."
  note: String
  "The listing's version last read: CONFLICT if it changed since. Omitted: whatever is current."
  expectedVersion: Int
}

\"\"\"A price for a range of dates (both included), over the listing's own.\"\"\"
input SetTravelSeasonalPriceInput {
  "A listing under a provider the caller owns (admins: any); any kind."
  listingId: ID!
  "The first date: today or later."
  startsOn: Date!
  "The last date, included: on or after startsOn, at most 365 days after it."
  endsOn: Date!
  \"\"\"
  The price of a night (stays) or a person (others) on those dates, in the listing's currency:
  0 or more, with at most the currency's decimal places.
  \"\"\"
  price: Decimal!
  "A note for the host (up to 200 characters), e.g. high season."
  note: String
  "The listing's version last read: CONFLICT if it changed since. Omitted: whatever is current."
  expectedVersion: Int
}
"""

_MUTATIONS = '''  """
  Close dates of a listing (any kind) under a provider the caller owns (admins: any): no
  booking can take what they hold. Needs travel:host. Units that are booked cannot be closed
  (VALIDATION_ERROR naming the dates); a stale expectedVersion is CONFLICT. Bumps the version.
  """
  blockTravelListingDates(
    "The listing, the dates and how much of it to close."
    input: BlockTravelListingDatesInput!
  ): TravelListingBlock
  "Open a block's dates again; the listing as it is then. Needs travel:host (the owner) or admin."
  unblockTravelListingDates(
    "The block's id (TravelListingBlock.id)."
    id: ID!
  ): TravelListing
  """
  Set a price for a range of dates of a listing under a provider the caller owns (admins:
  any). Needs travel:host. A range overlapping another is VALIDATION_ERROR; bookings made
  before keep their price. Bumps the version.
  """
  setTravelSeasonalPrice(
    "The listing, the dates and the price."
    input: SetTravelSeasonalPriceInput!
  ): TravelSeasonalPrice
  "Remove a seasonal price (its dates take the listing's own); the listing as it is then."
  removeTravelSeasonalPrice(
    "The seasonal price's id (TravelSeasonalPrice.id)."
    id: ID!
  ): TravelListing
'''


mutation = ObjectBinding("Mutation")


INPUT, DATES = ErrorPaths("input"), ErrorPaths(paths={"first": "from", "last": "to"})


@mutation.field("blockTravelListingDates")
async def resolve_block_dates(_: None, info: Info, input: BlockInput) -> BlockRecord:
    with INPUT:
        return await calendar.block_dates(info.context.writes(), info.context.principal, input)


@mutation.field("unblockTravelListingDates")
async def resolve_unblock_dates(_: None, info: Info, id: str) -> ListingRecord:
    return await calendar.unblock_dates(info.context.writes(), info.context.principal, id)


@mutation.field("setTravelSeasonalPrice")
async def resolve_set_price(_: None, info: Info, input: SeasonalPriceInput) -> SeasonalPriceRecord:
    with INPUT:
        return await calendar.set_seasonal_price(
            info.context.writes(), info.context.principal, input
        )


@mutation.field("removeTravelSeasonalPrice")
async def resolve_remove_price(_: None, info: Info, id: str) -> ListingRecord:
    return await calendar.remove_seasonal_price(info.context.writes(), info.context.principal, id)


async def resolve_seasonal_prices(
    listing: ListingRecord, info: Info, **args: Any
) -> list[SeasonalPriceRecord]:
    with DATES:
        dates = service.calendar_window(args["from"], args["to"])
    window = await info.context.loader(CalendarByListingLoader).load(
        (listing.id, dates.first, dates.last)
    )
    assert window is not None
    return window.prices


async def resolve_blocked_dates(
    listing: ListingRecord, info: Info, **args: Any
) -> list[BlockRecord]:
    with DATES:
        dates = service.calendar_window(args["from"], args["to"])
    session = await info.context.session()
    if not await calendar.may_see_blocks(session, info.context.principal, listing):
        raise Forbidden("Only the provider's owner or an admin may see its blocked dates")
    window = await info.context.loader(CalendarByListingLoader).load(
        (listing.id, dates.first, dates.last)
    )
    assert window is not None
    return window.blocks[: calendar.MAX_BLOCKS]


def _listing_fields() -> list[ObjectBinding]:
    bindings = []
    for kind in KINDS:
        binding = ObjectBinding(kind.type_name)
        binding.field("seasonalPrices")(resolve_seasonal_prices)
        binding.field("blockedDates")(resolve_blocked_dates)
        bindings.append(binding)
    return bindings


MODULE = SchemaModule(
    _INPUTS + "\nextend type Mutation {\n" + _MUTATIONS + "}\n",
    objects=[mutation, *_listing_fields()],
    inputs={
        "BlockTravelListingDatesInput": BlockInput,
        "SetTravelSeasonalPriceInput": SeasonalPriceInput,
    },
)
