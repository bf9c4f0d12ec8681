"""SDL of the catalog's input types: the create and update inputs and the list filters."""

import re

from travel.kernel.kinds import ListingKind

# What every create-listing input says about its shared fields (src/travel/catalog/inputs.py
# holds the limits); written once, repeated in each input.
_OWNER_AND_NAME = """\
  "A provider the caller registered (admins: any); another workspace's is NOT_FOUND."
  providerId: ID!
  "1 to 200 characters (trimmed)."
  name: String!
"""
_DESCRIPTION = """  "Up to 5,000 characters; blank is the same as none."
  description: String
"""
_CURRENCY = """  \"\"\"
  The ISO 4217 code the price is in (any case, e.g. EUR); an unknown code is VALIDATION_ERROR.
  \"\"\"
  currency: String = "USD"
"""
_AMENITIES = """  "Up to 50 names of 1 to 100 characters each; repeats are dropped."
  amenities: [String!]
  "Where it is: latitude in WGS84 degrees, -90 to 90; with longitude (both or neither)."
  latitude: Float
  "Longitude in WGS84 degrees, -180 to 180; with latitude."
  longitude: Float
  "An IANA time zone (e.g. America/New_York); omitted or null: the zone at the coordinates."
  timeZone: String
"""
_PER_PERSON_PRICE = """  \"\"\"
  The price of one person, in `currency`: 0 or more, with at most the currency's decimal
  places (e.g. "45.50" USD, "5000" JPY).
  \"\"\"
  price: Decimal!
"""
_SHARED = _OWNER_AND_NAME + _DESCRIPTION  # then location, price, currency, amenities


def _capacity(what: str, whose: str = "all its bookings") -> str:
    return f'  "{what} (1 to 100,000): the guests of {whose} together."\n  capacity: Int!\n'


_TIMED_INPUTS = "".join(
    f'"""{description}, bookable on any date for up to `capacity` persons per date."""\n'
    f"input CreateTravel{kind}Input {{\n{_SHARED}"
    '  "Where it takes place, 1 to 200 characters (e.g. a city)."\n  location: String!\n'
    f"{_PER_PERSON_PRICE}{_CURRENCY}{_AMENITIES}"
    + _capacity("Places per date", "all bookings on one date")
    + '  "How long it lasts, in minutes (1 to 43,200, i.e. 30 days); omit when not stated."\n'
    "  durationMinutes: Int\n}\n\n"
    for kind, description in (("Tour", "A guided tour"), ("Activity", "An activity"))
)

_LISTING_FILTER_FIELDS = """\
  \"\"\"
  What a traveler typed (at most 200 characters and 10 words), matched on the database's
  full-text engine in the name, place, amenities and description, accents and case folded;
  the last word also as the start of a word; a word of 5 or more letters also with one typo,
  of 9 or more with two. travelSearch ranks by relevance with it; the kinds' lists keep their
  order (oldest first) unless given a sort.
  \"\"\"
  text: String
  "Text the location must contain (any case), e.g. \\"lisbon\\"; up to 200 characters."
  location: String
  \"\"\"
  Only listings whose location is exactly one of these, as the places facet gives them (case
  and accents as written); at most 10.
  \"\"\"
  places: [String!]
  "Lowest price (0 to 10^12), in each listing's own currency: amounts are not converted."
  minPrice: Decimal
  "Highest price (0 to 10^12, not below minPrice), in each listing's own currency."
  maxPrice: Decimal
  "Only listings priced in this ISO 4217 currency (any case); needed to sort by price."
  currency: String
  "Lowest average rating, 0 to 5 (unrated listings are left out)."
  minRating: Float
  "Only listings of this provider; an unknown id gives an empty list, never NOT_FOUND."
  providerId: ID
  \"\"\"With availableTo: for stays, a room free every night from availableFrom (check-in) to
  availableTo (check-out); for the other kinds, `guests` places free on at least one date
  from availableFrom to availableTo, both included. At most 366 days.\"\"\"
  availableFrom: Date
  "Goes with availableFrom: the check-out day of a stay, the last date for the other kinds."
  availableTo: Date
  "Party size (default 1): stays must take it in one room, other kinds must have the places."
  guests: Int
  "Only listings with coordinates within this circle; needed to sort by DISTANCE."
  near: TravelNearInput
  "Amenities every listing must offer (each matched whole, any case); at most 10."
  amenities: [String!]
"""

# travelSearch takes the text as an argument of its own.
_SEARCH_FILTER_FIELDS = _LISTING_FILTER_FIELDS.split("  text: String\n", 1)[1]

_CREATE_INPUT = re.compile(r'"""[^"]*"""\ninput CreateTravel(\w+)Input \{\n(.*?)\n\}\n', re.S)
_UPDATE_HEAD = """\
  "The {what}'s id; another workspace's is NOT_FOUND, another member's FORBIDDEN."
  id: ID!
  \"\"\"
  The version last read: if the {what} has changed since, nothing is written and the answer
  is CONFLICT. Omitted: the change applies to whatever is current.
  \"\"\"
  expectedVersion: Int
"""


def _update_input(match: re.Match[str]) -> str:
    """The update input of a create input: the same fields but the owner, each optional and
    without a default (left out: unchanged)."""
    name, body = match.group(1), match.group(2)
    what = "provider" if name == "Provider" else "listing"
    kind = None if what == "provider" else ListingKind(name.upper())
    subject = "a provider" if kind is None else f"{kind.article} {kind.word}"
    fields = re.sub(r'  "[^"\n]*"\n  providerId: ID!\n', "", body)
    fields = re.sub(r"^(  \w+: [\w\[\]!]+?)!?( = [^\n]+)?$", r"\1", fields, flags=re.M)
    return (
        f'"""\nChanges to {subject}: only the fields given change. null clears an optional\n'
        "field (e.g. description, coordinates); a required one cannot be null "
        '(VALIDATION_ERROR).\n"""\n'
        f"input UpdateTravel{name}Input {{\n{_UPDATE_HEAD.format(what=what)}{fields}\n}}\n"
    )


_INPUT_DEFS = (
    '''
"""A host or operator to register; the caller becomes its owner."""
input CreateTravelProviderInput {
  "1 to 200 characters (trimmed); names need not be unique."
  name: String!
  "HOST for stays, OPERATOR for tours, activities, events and trips."
  type: TravelProviderType!
}

"""A stay under a provider the caller owns (admins: any). Prices are in `currency`."""
input CreateTravelPropertyInput {
'''
    + _OWNER_AND_NAME
    + '''  "Where it is, 1 to 200 characters (e.g. a city and district)."
  location: String!
  """
  The price of one night of one room, in `currency`: 0 or more, with at most the currency's
  decimal places (e.g. "120.00" USD, "15000" JPY).
  """
  pricePerNight: Decimal!
'''
    + _CURRENCY
    + _DESCRIPTION
    + _AMENITIES
    + """  "Guests per room (per booking), 1 to 1,000; null for no stated limit (100 per booking)."
  maxGuests: Int
  "Identical rooms, 1 to 10,000: how many bookings may share a night."
  units: Int = 1
}

"""
    + _TIMED_INPUTS
    + '''"""An event for up to `capacity` persons, booked on the UTC date it starts."""
input CreateTravelEventInput {
'''
    + _SHARED
    + """  "The venue, 1 to 200 characters."
  location: String!
"""
    + _PER_PERSON_PRICE
    + _CURRENCY
    + _AMENITIES
    + _capacity("Places for the event")
    + '''  "When it starts; it is booked on this UTC date."
  startsAt: DateTime!
  "After startsAt, at most 366 days later."
  endsAt: DateTime!
}

"""A departure with `capacity` seats, booked on the UTC date it departs."""
input CreateTravelTripInput {
'''
    + _SHARED
    + """  "1 to 200 characters; defaults to the origin."
  location: String
"""
    + _PER_PERSON_PRICE
    + _CURRENCY
    + _AMENITIES
    + _capacity("Seats")
    + '''  "Where it departs from, 1 to 200 characters."
  origin: String!
  "Where it goes, 1 to 200 characters."
  destination: String!
  "When it departs; it is booked on this UTC date."
  departsAt: DateTime!
  "After departsAt, when given."
  arrivesAt: DateTime
  "How it travels."
  mode: TravelTripMode!
}

"""
Narrows a listing list: every condition given must hold. A bad value is VALIDATION_ERROR with
`extensions.field` naming it (e.g. filter.minPrice).
"""
input TravelListingFilterInput {
'''
    + _LISTING_FILTER_FIELDS
    + '''  """
  Only listings in these statuses; omitted or empty: ACTIVE only. Paused and archived listings
  are seen only by admins and by the owner of their provider (others get none of them).
  """
  status: [TravelListingStatus!]
  "true: only listings of the providers the caller registered (a host's own, across providers)."
  ownedByViewer: Boolean
}

"""
Narrows travelSearch: every condition given must hold. A bad value is VALIDATION_ERROR with
`extensions.field` naming it (e.g. filter.near.radiusKm).
"""
input TravelSearchFilterInput {
  "Only these kinds (any of them); none or empty: every kind."
  kinds: [TravelBookingType!]
'''
    + _SEARCH_FILTER_FIELDS
    + '''}

"""A circle on the map: listings with coordinates within radiusKm of the point."""
input TravelNearInput {
  "The centre's latitude in WGS84 degrees, -90 to 90."
  latitude: Float!
  "The centre's longitude in WGS84 degrees, -180 to 180."
  longitude: Float!
  "The radius in kilometres, more than 0 and at most 1000."
  radiusKm: Float!
}

"""Narrows the provider list: every condition given must hold."""
input TravelProviderFilterInput {
  "Only hosts, or only operators."
  type: TravelProviderType
  "Words that must each appear in the name (any case): at most 200 characters and 10 words."
  text: String
  "Lowest average rating, 0 to 5 (unrated providers are left out)."
  minRating: Float
  "true: only the providers the caller registered (those it may list under)."
  ownedByViewer: Boolean
}
'''
)

INPUT_DEFS = (
    _INPUT_DEFS
    + "\n"
    + "\n".join(_update_input(match) for match in _CREATE_INPUT.finditer(_INPUT_DEFS))
)
