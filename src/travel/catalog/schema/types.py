"""SDL of the catalog's output types: providers, the listing interface, its five kinds."""

TYPE_DEFS_HEAD = '''
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
  "What remains per date from `from` to `to` (both included, at most 366 dates)."
  availability(from: Date!, to: Date!): [TravelAvailability!]!
}

'''

# Every kind repeats the interface's fields (GraphQL requires it); they are written once here.
_SHARED_BEFORE_PRICE = """  id: ID!
  kind: TravelBookingType!
  name: String!
  description: String
  location: String!
"""
_SHARED_AFTER_PRICE = """  price: Decimal!
  priceUnit: TravelPriceUnit!
  currency: String!
  rating: Float
  amenities: [String!]!
  provider: TravelProvider!
  "What remains per date from `from` to `to` (both included, at most 366 dates)."
  availability(from: Date!, to: Date!): [TravelAvailability!]!
"""


def _listing_type(name: str, description: str, per_person: str | None, own_fields: str) -> str:
    """SDL of one listing kind; `per_person` names it in pricePerNight's deprecation."""
    deprecated = (
        f' @deprecated(reason: "{per_person} are priced per person: use `price`.")'
        if per_person
        else ""
    )
    return (
        f'"""{description}"""\ntype {name} implements TravelListing {{\n'
        f"{_SHARED_BEFORE_PRICE}  pricePerNight: Decimal!{deprecated}\n{_SHARED_AFTER_PRICE}"
        f"{own_fields}}}\n\n"
    )


LISTING_TYPE_DEFS = "".join(
    [
        _listing_type(
            "TravelProperty",
            "A stay: `units` identical rooms, each for up to `maxGuests`; priced per night.",
            None,
            "  maxGuests: Int\n  units: Int!\n",
        ),
        _listing_type(
            "TravelTour",
            "A guided tour: `capacity` persons per date; priced per person.",
            "Tours",
            "  capacity: Int!\n  durationMinutes: Int\n",
        ),
        _listing_type(
            "TravelActivity",
            "An activity: `capacity` persons per date; priced per person.",
            "Activities",
            "  capacity: Int!\n  durationMinutes: Int\n",
        ),
        _listing_type(
            "TravelEvent",
            "An event: `capacity` persons, booked on the UTC date it starts; priced per person.",
            "Events",
            "  capacity: Int!\n  startsAt: DateTime!\n  endsAt: DateTime!\n",
        ),
        _listing_type(
            "TravelTrip",
            "A transport departure: `capacity` seats, booked on the UTC date it departs;"
            " per person.",
            "Trips",
            "  capacity: Int!\n  origin: String!\n  destination: String!\n  departsAt: DateTime!\n"
            "  arrivesAt: DateTime\n  mode: TravelTripMode!\n",
        ),
    ]
)


TYPE_DEFS_TAIL = '''
"""One date of a listing's calendar."""
type TravelAvailability {
  date: Date!
  "Rooms (stays) or places (other kinds) on that date; 0 when the listing does not run then."
  capacity: Int!
  "Still free: rooms for the night starting on `date` (stays), places on `date` (others)."
  available: Int!
}
'''

TYPE_DEFS = TYPE_DEFS_HEAD + LISTING_TYPE_DEFS + TYPE_DEFS_TAIL
