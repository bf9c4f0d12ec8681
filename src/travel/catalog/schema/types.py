"""SDL of the catalog's output types: providers, the listing interface, its five kinds."""

from travel.kernel.kinds import ListingKind

# The fields every listing kind shares, with their descriptions; the interface and each kind
# repeat them (GraphQL requires it), so they are written once here.
_SHARED_BEFORE_PRICE = """\
  "The listing's id (a UUID); another kind's query answers NOT_FOUND for it."
  id: ID!
  "The listing's kind: the targetType to book it or save it with."
  kind: TravelBookingType!
  "The listing's name (1 to 200 characters)."
  name: String!
  "What the host wrote about it (up to 5,000 characters); null when nothing was written."
  description: String
  "Where it is, free text of up to 200 characters (e.g. a city); a trip's defaults to its origin."
  location: String!
  "Its latitude in WGS84 degrees (-90 to 90); null when the host gave no coordinates."
  latitude: Float
  "Its longitude in WGS84 degrees (-180 to 180); null when the host gave no coordinates."
  longitude: Float
  "The IANA time zone of its times (e.g. Europe/Lisbon); null when unknown. Show times in it."
  timeZone: String
  "ACTIVE (found and bookable), PAUSED or ARCHIVED; only hosts and admins see the others."
  status: TravelListingStatus!
  "Starts at 1 and grows by 1 with every change: give it as expectedVersion to update safely."
  version: Int!
  "When it last changed (its creation, until then)."
  updatedAt: DateTime!
"""
_PRICE_PER_NIGHT = (
    '  "The same amount as `price`: the price of one night for a stay, of one person otherwise."\n'
    "  pricePerNight: Decimal!"
)
_SHARED_AFTER_PRICE = """  \"\"\"
  The price of one `priceUnit` (a night of a stay, or one person) in `currency`, with the
  currency's decimal places (e.g. "120.00" USD). A booking's totalPrice is nights x price for
  a stay, guests x price otherwise.
  \"\"\"
  price: Decimal!
  "What `price` is for: NIGHT for a stay, PERSON for every other kind."
  priceUnit: TravelPriceUnit!
  "The ISO 4217 code of every amount of this listing (its price and its bookings' totalPrice)."
  currency: String!
  "Average guest rating from 0 to 5; null until rated."
  rating: Float
  "What it offers (e.g. wifi): up to 50 distinct names, in the order the host gave them."
  amenities: [String!]!
  "The host or operator it is listed under."
  provider: TravelProvider!
  \"\"\"
  What remains per date from `from` to `to` (both included, at most 366 dates); a longer or
  reversed range is VALIDATION_ERROR.
  \"\"\"
  availability(
    "The first date of the calendar."
    from: Date!
    "The last date of the calendar: on or after `from`, at most 365 days after it."
    to: Date!
  ): [TravelAvailability!]!
  \"\"\"
  The seasonal prices touching `from` to `to` (at most 366 dates), earliest first: each date's
  price is also in `availability`. Any reader may see them.
  \"\"\"
  seasonalPrices(
    "The first date asked about."
    from: Date!
    "The last date asked about: on or after `from`, at most 365 days after it."
    to: Date!
  ): [TravelSeasonalPrice!]!
  \"\"\"
  The dates its host closed, touching `from` to `to` (at most 366 dates), with their notes.
  Only its provider's owner and admins see them (FORBIDDEN otherwise; travelers see what is
  available in `availability`).
  \"\"\"
  blockedDates(
    "The first date asked about."
    from: Date!
    "The last date asked about: on or after `from`, at most 365 days after it."
    to: Date!
  ): [TravelListingBlock!]
"""

TYPE_DEFS_HEAD = (
    '''
"""
What a provider is: a host of stays, or an operator of tours, activities, events and trips.
It describes the provider; any provider may list any kind.
"""
enum TravelProviderType {
  "Hosts stays: a guesthouse, a hotel, an apartment."
  HOST
  "Operates tours, activities, events or trips: a tour company, a venue, a carrier."
  OPERATOR
}

"""A host or operator: a guesthouse, a tour company, a venue."""
type TravelProvider {
  "The provider's id (a UUID): the providerId listings are created under."
  id: ID!
  "The provider's name (1 to 200 characters)."
  name: String!
  "Whether it hosts stays or operates the other kinds."
  type: TravelProviderType!
  "Average guest rating from 0 to 5; null until rated."
  rating: Float
  "Starts at 1 and grows by 1 with every change: give it as expectedVersion to update safely."
  version: Int!
  "When it last changed (its creation, until then)."
  updatedAt: DateTime!
}

"""Where a listing stands in its life; only ACTIVE listings are found and booked."""
enum TravelListingStatus {
  "Found by discovery and bookable."
  ACTIVE
  "Hidden and not bookable for now; its host and admins still see it, bookings keep it."
  PAUSED
  "Retired: hidden and not bookable; kept for its bookings (nothing booked is ever deleted)."
  ARCHIVED
}

"""The kinds of bookable listing (and of booking and favorite targets)."""
enum TravelBookingType {
  "A stay (TravelProperty): booked by the night, `checkIn` to `checkOut`."
  PROPERTY
  "A guided tour (TravelTour): booked for one date, per person."
  TOUR
  "An activity (TravelActivity): booked for one date, per person."
  ACTIVITY
  "An event (TravelEvent): booked on the UTC date it starts, per person."
  EVENT
  "A transport departure (TravelTrip): booked on the UTC date it departs, per person."
  TRIP
}

"""What a listing's price is for: a night of a stay, or one person."""
enum TravelPriceUnit {
  "One night of one room (stays): a booking pays nights x price."
  NIGHT
  "One person (every other kind): a booking pays guests x price."
  PERSON
}

"""How a trip travels."""
enum TravelTripMode {
  "By coach or bus."
  BUS
  "By train."
  TRAIN
  "By ferry or boat."
  FERRY
  "By plane."
  FLIGHT
  "By car (a shared ride or a transfer)."
  CAR
}

"""
Anything bookable: one of TravelProperty, TravelTour, TravelActivity, TravelEvent or TravelTrip
(select `__typename` or `kind`). Every kind has the property shape.
"""
interface TravelListing {
'''
    + _SHARED_BEFORE_PRICE
    + _PRICE_PER_NIGHT
    + """
    @deprecated(reason: "Use `price` and `priceUnit`; TravelProperty keeps `pricePerNight`.")
"""
    + _SHARED_AFTER_PRICE
    + "}\n\n"
)


def _listing_type(kind: ListingKind, description: str, own_fields: str) -> str:
    """SDL of one listing kind; pricePerNight is deprecated on all but stays."""
    per_person = f"{kind.plural.capitalize()} are priced per person: use `price`."
    deprecated = "" if kind.is_stay else f' @deprecated(reason: "{per_person}")'
    return (
        f'"""{description}"""\ntype {kind.type_name} implements TravelListing {{\n'
        f"{_SHARED_BEFORE_PRICE}{_PRICE_PER_NIGHT}{deprecated}\n{_SHARED_AFTER_PRICE}"
        f"{own_fields}}}\n\n"
    )


# Tours and activities run every date with places per date.
_PER_DATE_FIELDS = (
    '  "Places per date (1 to 100,000): the guests of all bookings on one date together."\n'
    "  capacity: Int!\n"
    '  "How long it lasts, in minutes (1 to 43,200); null when not stated."\n'
    "  durationMinutes: Int\n"
)

LISTING_TYPE_DEFS = "".join(
    [
        _listing_type(
            ListingKind.PROPERTY,
            "A stay: `units` identical rooms, each for up to `maxGuests`; priced per night.",
            (
                '  "Guests one booking may bring (one room); null: no stated limit (then 100)."\n'
                "  maxGuests: Int\n"
                '  "Identical rooms (1 to 10,000): how many bookings may share a night."\n'
                "  units: Int!\n"
            ),
        ),
        _listing_type(
            ListingKind.TOUR,
            "A guided tour: `capacity` persons per date; priced per person.",
            _PER_DATE_FIELDS,
        ),
        _listing_type(
            ListingKind.ACTIVITY,
            "An activity: `capacity` persons per date; priced per person.",
            _PER_DATE_FIELDS,
        ),
        _listing_type(
            ListingKind.EVENT,
            "An event: `capacity` persons, booked on the UTC date it starts; priced per person.",
            (
                '  "Places for the event (1 to 100,000): the guests of its bookings together."\n'
                "  capacity: Int!\n"
                '  "When it starts; it is booked on this UTC date, and no longer once started."\n'
                "  startsAt: DateTime!\n"
                '  "When it ends (after startsAt)."\n'
                "  endsAt: DateTime!\n"
            ),
        ),
        _listing_type(
            ListingKind.TRIP,
            "A transport departure: `capacity` seats, booked on the UTC date it departs;"
            " per person.",
            (
                '  "Seats on the departure (1 to 100,000): the guests of its bookings together."\n'
                "  capacity: Int!\n"
                '  "Where it departs from (up to 200 characters)."\n'
                "  origin: String!\n"
                '  "Where it goes (up to 200 characters)."\n'
                "  destination: String!\n"
                '  "When it departs; it is booked on this UTC date, and no longer once departed."\n'
                "  departsAt: DateTime!\n"
                '  "When it arrives (after departsAt); null when not stated."\n'
                "  arrivesAt: DateTime\n"
                '  "How it travels."\n'
                "  mode: TravelTripMode!\n"
            ),
        ),
    ]
)


TYPE_DEFS_TAIL = '''
"""One date of a listing's calendar."""
type TravelAvailability {
  "The date (YYYY-MM-DD); for a stay, the night starting on it."
  date: Date!
  "Rooms (stays) or places (other kinds) on that date; 0 when the listing does not run then."
  capacity: Int!
  "Still free: rooms for the night starting on `date` (stays), places on `date` (others)."
  available: Int!
  """
  The price of that night (stays) or of one person on that date (others), in the listing's
  currency: a seasonal price when one covers the date, else the listing's own. A booking is
  charged exactly these (nights' sum; guests x the date's price).
  """
  price: Decimal!
}

"""Dates a host closed: no booking takes what they hold."""
type TravelListingBlock {
  "The block's id (a UUID): the argument of unblockTravelListingDates."
  id: ID!
  "Its first date (for a stay: the first night closed)."
  startsOn: Date!
  "Its last date, included (for a stay: the last night closed)."
  endsOn: Date!
  "Rooms (stays) or places (other kinds) closed; null: the whole listing."
  units: Int
  "The host's note (up to 200 characters), e.g. \\"painting\\"; null without one."
  note: String
}

"""A price for a range of dates, over the listing's own; a listing's ranges never overlap."""
type TravelSeasonalPrice {
  "Its id (a UUID): the argument of removeTravelSeasonalPrice."
  id: ID!
  "Its first date (for a stay: the first night at this price)."
  startsOn: Date!
  "Its last date, included."
  endsOn: Date!
  "The price of a night (stays) or a person (others) on those dates."
  price: Decimal!
  "The listing's currency (ISO 4217)."
  currency: String!
  "The host's note (up to 200 characters), e.g. \\"high season\\"; null without one."
  note: String
}
'''

TYPE_DEFS = TYPE_DEFS_HEAD + LISTING_TYPE_DEFS + TYPE_DEFS_TAIL
