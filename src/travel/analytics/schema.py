"""GraphQL types and resolvers of analytics (thin: translate, call the service, return)."""

from __future__ import annotations

from datetime import date

from travel.analytics import service
from travel.analytics.records import Analytics, OverviewStats
from travel.graphql.binder import ObjectBinding, SchemaModule
from travel.graphql.context import Info
from travel.graphql.inputs import ErrorPaths

TYPE_DEFS = '''
"""Counted bookings and their revenue in one currency."""
type TravelRevenue {
  "ISO 4217 code."
  currency: String!
  "Confirmed bookings priced in this currency."
  bookings: Int!
  "The sum of their totalPrice."
  amount: Decimal!
}

"""
Headline figures of the workspace. A booking counts when its status is CONFIRMED (cancelled
bookings never count) and, with a window, its check-in date is in [from, to).
"""
type TravelOverviewStats {
  "The number of counted bookings, of every kind and currency."
  totalBookings: Int!
  """
  The sum of the counted bookings' totalPrice in `currency`. Amounts in different currencies
  are never added together: see `revenueByCurrency` for every currency.
  """
  totalRevenue: Decimal!
  """
  The reporting currency: the currency of the most counted bookings (ties: the first code
  alphabetically); USD when there are none.
  """
  currency: String!
  "Counted bookings and revenue per currency, most bookings first (ties by code)."
  revenueByCurrency: [TravelRevenue!]!
  """
  bookedNights ÷ availableNights, from 0 to 1 (0 when nothing is available). Measured over the
  nights [occupancyFrom, occupancyTo): the window's nights, or without a window the 30 nights
  starting today (UTC).
  """
  occupancyRate: Float!
  """
  Nights of CONFIRMED stays (PROPERTY bookings; the check-out day is not a night) that fall in
  the measured nights, whatever the check-in date: a stay overlapping an edge counts only its
  nights inside. Each booking occupies one unit.
  """
  bookedNights: Int!
  "The units of every PROPERTY listing of the workspace times the number of measured nights."
  availableNights: Int!
  "The first measured night."
  occupancyFrom: Date!
  "The day after the last measured night (exclusive)."
  occupancyTo: Date!
}

"""Counted bookings of one kind."""
type TravelCategoryCount {
  "The kind of listing."
  category: TravelBookingType!
  "Counted bookings of that kind, in every currency (0 when none)."
  count: Int!
}

"""A provider ranked by revenue in the reporting currency."""
type TravelTopProvider {
  "The provider's id (as TravelProvider.id)."
  id: ID!
  "The provider's name."
  name: String!
  "Counted bookings on the provider's listings priced in `currency`."
  bookings: Int!
  "The sum of those bookings' totalPrice."
  revenue: Decimal!
  "The reporting currency (as TravelOverviewStats.currency for the same window)."
  currency: String!
}

"""
What sells and who sells it. Counts the same bookings as TravelOverviewStats: CONFIRMED, and with
a window, checking in within [from, to).
"""
type TravelAnalytics {
  "Counted bookings per TravelBookingType: all five kinds, in enum order, zero counts included."
  categoryMix: [TravelCategoryCount!]!
  """
  Up to five providers with at least one counted booking in the reporting currency, by revenue
  in that currency (highest first), then bookings, then id.
  """
  topProviders: [TravelTopProvider!]!
}

extend type Query {
  """
  Bookings, revenue and occupancy. Needs travel:analytics (FORBIDDEN otherwise). `from` and
  `to` go together: the window [from, to) must be non-empty and at most 366 days, otherwise
  VALIDATION_ERROR. Without them: bookings of all time, and occupancy over the 30 nights
  starting today (UTC).
  """
  travelOverviewStats(
    "The window's first day: bookings checking in on or after it. Requires `to`."
    from: Date
    "The day after the window (exclusive): after `from`, at most 366 days on. Requires `from`."
    to: Date
  ): TravelOverviewStats
  """
  Category mix and top providers. Needs travel:analytics (FORBIDDEN otherwise). Same window
  rules as travelOverviewStats; without a window: bookings of all time.
  """
  travelAnalytics(
    "The window's first day: bookings checking in on or after it. Requires `to`."
    from: Date
    "The day after the window (exclusive): after `from`, at most 366 days on. Requires `from`."
    to: Date
  ): TravelAnalytics
}
'''

WINDOW = ErrorPaths(paths={"start": "from", "end": "to"})

query = ObjectBinding("Query")


@query.field("travelOverviewStats")
async def resolve_overview_stats(_: None, info: Info, **window: date | None) -> OverviewStats:
    ctx = info.context
    with WINDOW:
        return await service.overview_stats(
            await ctx.session(), ctx.principal, window.get("from"), window.get("to")
        )


@query.field("travelAnalytics")
async def resolve_analytics(_: None, info: Info, **window: date | None) -> Analytics:
    ctx = info.context
    with WINDOW:
        return await service.analytics(
            await ctx.session(), ctx.principal, window.get("from"), window.get("to")
        )


MODULE = SchemaModule(TYPE_DEFS, objects=[query])
