"""Examples: the getting-started walk, bookings, the wishlist and analytics."""

from __future__ import annotations

from typing import Any

from example import KEY, STAY, WINDOW, Example, Ids, keep

BOOKING = """id referenceCode status paymentStatus targetType checkIn checkOut guests
    totalPrice currency createdAt target { __typename id name }"""
BOOK = f"""mutation Book($input: CreateTravelBookingInput!) {{
  createTravelBooking(input: $input) {{
    {BOOKING}
  }}
}}"""
FIRST_STAY = {"checkIn": "2030-06-10", "checkOut": "2030-06-13"}

GETTING_STARTED = [
    Example(
        "ping",
        "traveler",
        "{ travelProperties(pagination: {skip: 0, take: 1}) { id name } }",
    ),
    Example(
        "find-stay",
        "traveler",
        """query FindStay($filter: TravelListingFilterInput) {
  travelProperties(pagination: {take: 2}, filter: $filter) {
    id name location pricePerNight currency maxGuests
  }
}""",
        {
            "filter": {
                "location": "lisbon",
                "availableFrom": FIRST_STAY["checkIn"],
                "availableTo": FIRST_STAY["checkOut"],
                "guests": 2,
            }
        },
        save=keep("stay", "travelProperties", 0, "id"),
    ),
    Example(
        "book-stay",
        "traveler",
        BOOK,
        lambda ids: {
            "input": {"targetType": "PROPERTY", "targetId": ids["stay"], **FIRST_STAY, "guests": 2}
        },
        headers={"Idempotency-Key": KEY},
    ),
    Example(
        "my-bookings",
        "traveler",
        "{ travelBookings(pagination: {take: 5}) "
        "{ referenceCode status checkIn checkOut target { name } } }",
    ),
]

_TIMELINE = "timeline { from to at actor reason }"


def _book_loft(ids: Ids) -> dict[str, Any]:
    return {"input": {"targetType": "PROPERTY", "targetId": ids["property"], **STAY, "guests": 2}}


LOFT_KEY = {"Idempotency-Key": "loft-2030-07-01-guest-42"}

BOOKINGS = [
    Example(
        "create-booking",
        "traveler",
        BOOK,
        _book_loft,
        headers=LOFT_KEY,
        save=keep("booking", "createTravelBooking", "id"),
    ),
    Example(
        "replay-booking",
        "traveler",
        BOOK,
        _book_loft,
        headers=LOFT_KEY,
        show_headers=("Idempotent-Replayed",),
    ),
    Example(
        "create-booking-tour",
        "traveler",
        BOOK,
        lambda ids: {
            "input": {
                "targetType": "TOUR",
                "targetId": ids["tour"],
                "checkIn": "2030-07-05",
                "guests": 3,
            }
        },
        save=keep("tour_booking", "createTravelBooking", "id"),
    ),
    Example(
        "list-bookings",
        "traveler",
        """query MyBookings($pagination: TravelPaginationInput, $where: TravelBookingFilterInput) {
  travelBookings(pagination: $pagination, where: $where) {
    id referenceCode status targetType checkIn checkOut totalPrice currency
    target { __typename id name }
  }
}""",
        {"pagination": {"take": 10}, "where": {"status": "CONFIRMED", "targetType": "PROPERTY"}},
    ),
    Example(
        "get-booking",
        "traveler",
        f"""query Booking($id: ID!) {{
  travelBooking(id: $id) {{
    id referenceCode status paymentStatus checkIn checkOut guests totalPrice currency
    {_TIMELINE}
  }}
}}""",
        lambda ids: {"id": ids["booking"]},
    ),
    Example(
        "cancel-booking",
        "traveler",
        f"""mutation Cancel($id: ID!, $reason: String) {{
  cancelTravelBooking(id: $id, reason: $reason) {{
    id referenceCode status paymentStatus guest {{ displayName }} {_TIMELINE}
  }}
}}""",
        lambda ids: {"id": ids["tour_booking"], "reason": "Our flight was cancelled"},
    ),
    Example(
        "toggle-favorite",
        "traveler",
        """mutation Save($targetType: TravelBookingType!, $targetId: ID!) {
  toggleTravelFavorite(targetType: $targetType, targetId: $targetId)
}""",
        lambda ids: {"targetType": "EVENT", "targetId": ids["event"]},
    ),
    Example(
        "list-favorites",
        "traveler",
        """query Wishlist {
  travelFavorites(pagination: {take: 10}) {
    id targetType targetId createdAt target { __typename id name }
  }
}""",
    ),
]

ACCOUNT = [
    Example(
        "viewer",
        "traveler",
        """query Me {
  travelViewer { memberId subject roles permissions workspace { id name plan } }
}""",
    ),
    Example(
        "update-profile",
        "traveler",
        """mutation Profile($input: UpdateTravelProfileInput!) {
  updateTravelProfile(input: $input) { memberId displayName email }
}""",
        {"input": {"displayName": "Ana Silva", "email": "ana@example.com"}},
    ),
    Example(
        "counts",
        "traveler",
        """query Counts($where: TravelListingFilterInput) {
  travelProperties(filter: $where, pagination: {take: 2}) { id name }
  travelPropertiesCount(filter: $where)
  travelToursCount
  travelActivitiesCount
  travelEventsCount
  travelTripsCount
  travelProvidersCount(filter: {type: HOST})
  travelBookingsCount(where: {bookedByViewer: true})
  travelFavoritesCount
}""",
        {"where": {"location": "lisbon"}},
    ),
    Example(
        "last-page-by-count",
        "traveler",
        """query Page($where: TravelListingFilterInput, $skip: Int) {
  travelProperties(filter: $where, pagination: {skip: $skip, take: 2}) { id name }
  travelPropertiesCount(filter: $where)
}""",
        {"where": {"location": "lisbon"}, "skip": 4},
    ),
    Example(
        "more-by-one-extra",
        "traveler",
        """query PageAndOneMore($where: TravelListingFilterInput) {
  travelProperties(filter: $where, pagination: {skip: 2, take: 3}) { id name }
}""",
        {"where": {"location": "lisbon"}},
    ),
]

ANALYTICS = [
    Example(
        "overview-stats",
        "admin",
        """query Overview($from: Date, $to: Date) {
  travelOverviewStats(from: $from, to: $to) {
    totalBookings totalRevenue currency revenueByCurrency { currency bookings amount }
    occupancyRate bookedNights availableNights occupancyFrom occupancyTo
  }
}""",
        WINDOW,
    ),
    Example(
        "analytics",
        "admin",
        """query Mix($from: Date, $to: Date) {
  travelAnalytics(from: $from, to: $to) {
    categoryMix { category count }
    topProviders { id name bookings revenue currency }
  }
}""",
        WINDOW,
    ),
]
