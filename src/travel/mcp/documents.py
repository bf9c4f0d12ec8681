"""The GraphQL documents the tools send: only the fields an agent needs (compact results)."""

from __future__ import annotations

ROOT_FIELD = {
    "PROPERTY": "travelProperty",
    "TOUR": "travelTour",
    "ACTIVITY": "travelActivity",
    "EVENT": "travelEvent",
    "TRIP": "travelTrip",
}
"""The single-listing query of each listing kind (TravelBookingType)."""

LISTING_CARD = "id kind name location price priceUnit currency rating"

SEARCH = f"""
query McpSearch($text: String, $filter: TravelSearchFilterInput, $sort: TravelListingSort,
                $pagination: TravelPaginationInput) {{
  travelSearch(text: $text, filter: $filter, sort: $sort) {{
    total
    didYouMean
    listings(pagination: $pagination) {{ {LISTING_CARD} }}
  }}
}}
"""

_DETAIL = """
  id kind name description location timeZone status price priceUnit currency rating amenities
  provider { name rating }
"""
_OWN_FIELDS = {
    "PROPERTY": "maxGuests units",
    "TOUR": "capacity durationMinutes",
    "ACTIVITY": "capacity durationMinutes",
    "EVENT": "capacity startsAt endsAt",
    "TRIP": "capacity origin destination departsAt arrivesAt mode",
}


def listing(kind: str) -> str:
    """One listing of `kind` with its details (its calendar is `calendar`'s)."""
    return f"""
query McpListing($id: ID!) {{
  listing: {ROOT_FIELD[kind]}(id: $id) {{ {_DETAIL} {_OWN_FIELDS[kind]} }}
}}
"""


def calendar(kind: str) -> str:
    """What a quote needs: the listing's name, currency, limits and the dates' prices."""
    limits = "maxGuests" if kind == "PROPERTY" else "capacity"
    return f"""
query McpCalendar($id: ID!, $from: Date!, $to: Date!) {{
  listing: {ROOT_FIELD[kind]}(id: $id) {{
    id kind name currency status {limits}
    availability(from: $from, to: $to) {{ date available price }}
  }}
}}
"""


BOOKING = """
  id referenceCode status paymentStatus checkIn checkOut guests totalPrice currency
  target { id kind name }
"""

CREATE_BOOKING = f"""
mutation McpBook($input: CreateTravelBookingInput!) {{
  createTravelBooking(input: $input) {{ {BOOKING} }}
}}
"""

BOOKING_NOW = """
query McpBookingNow($id: ID!) { travelBooking(id: $id) { id status totalPrice currency } }
"""

CANCEL_BOOKING = f"""
mutation McpCancel($id: ID!, $reason: String) {{
  cancelTravelBooking(id: $id, reason: $reason) {{ {BOOKING} }}
}}
"""

TRIPS = f"""
query McpTrips($where: TravelBookingFilterInput, $pagination: TravelPaginationInput) {{
  travelBookingsCount(where: $where)
  travelBookings(where: $where, pagination: $pagination) {{ {BOOKING} }}
}}
"""

TOGGLE_FAVORITE = """
mutation McpToggleFavorite($targetType: TravelBookingType!, $targetId: ID!) {
  toggleTravelFavorite(targetType: $targetType, targetId: $targetId)
}
"""

FAVORITES = """
query McpFavorites($pagination: TravelPaginationInput) {
  travelFavoritesCount
  travelFavorites(pagination: $pagination) { targetType targetId createdAt target { name } }
}
"""

OVERVIEW = """
query McpOverview($from: Date, $to: Date) {
  travelOverviewStats(from: $from, to: $to) {
    totalBookings totalRevenue currency revenueByCurrency { currency bookings amount }
    occupancyRate bookedNights availableNights occupancyFrom occupancyTo
  }
}
"""
