"""SDL of the catalog's inputs, queries and mutations."""

from travel.kernel.kinds import KINDS, ListingKind

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

INPUT_DEFS = (
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
  """
  Words that must each appear in the name or the description (any case): at most 200
  characters and 10 words.
  """
  text: String
  "Text the location must contain (any case), e.g. \\"lisbon\\"; up to 200 characters."
  location: String
  "Lowest price (0 to 10^12), in each listing's own currency: amounts are not converted."
  minPrice: Decimal
  "Highest price (0 to 10^12, not below minPrice), in each listing's own currency."
  maxPrice: Decimal
  "Only listings priced in this ISO 4217 currency (any case)."
  currency: String
  "Lowest average rating, 0 to 5 (unrated listings are left out)."
  minRating: Float
  "Only listings of this provider; an unknown id gives an empty list, never NOT_FOUND."
  providerId: ID
  """With availableTo: for stays, a room free every night from availableFrom (check-in) to
  availableTo (check-out); for the other kinds, `guests` places free on at least one date
  from availableFrom to availableTo, both included. At most 366 days."""
  availableFrom: Date
  "Goes with availableFrom: the check-out day of a stay, the last date for the other kinds."
  availableTo: Date
  "Party size (default 1): stays must take it in one room, other kinds must have the places."
  guests: Int
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

_PAGINATION = '    "Which page; take 0..100 (default 20), otherwise VALIDATION_ERROR."\n'
_LISTING_FILTER = '    "Conditions the listings must meet (all of them); none: every listing."\n'
_PROVIDER_FILTER = '    "Conditions the providers must meet (all of them); none: every provider."\n'
_READ = "Needs travel:read (FORBIDDEN otherwise)."


def _listing_queries(kind: ListingKind, plural: str, one: str) -> str:
    """The list, one-item and count queries of one listing kind."""
    return (
        f'  "{plural}, oldest first. {_READ}"\n'
        f"  {kind.list_query}(\n{_PAGINATION}    pagination: TravelPaginationInput\n"
        f"{_LISTING_FILTER}    filter: TravelListingFilterInput\n  ): [{kind.type_name}!]\n"
        f"  \"One {one} of the workspace; an unknown id, or another kind's, is NOT_FOUND. "
        'Needs travel:read."\n'
        f'  {kind.one_query}(\n    "The {one}\'s id."\n    id: ID!\n  ): {kind.type_name}\n'
        f'  "How many {plural.lower()} {kind.list_query} lists with this filter, over all pages. '
        'Needs travel:read."\n'
        f"  {kind.count_query}(\n{_LISTING_FILTER}    filter: TravelListingFilterInput\n"
        "  ): Int\n"
    )


_WORDS = {
    "PROPERTY": ("Stays", "stay"),
    "TOUR": ("Tours", "tour"),
    "ACTIVITY": ("Activities", "activity"),
    "EVENT": ("Events", "event"),
    "TRIP": ("Trips (transport departures)", "trip"),
}

OPERATION_DEFS = (
    f"""
extend type Query {{
  "Providers of the workspace, oldest first. {_READ}"
  travelProviders(
{_PAGINATION}    pagination: TravelPaginationInput
{_PROVIDER_FILTER}    filter: TravelProviderFilterInput
  ): [TravelProvider!]
  "One provider of the workspace; an unknown id is NOT_FOUND. Needs travel:read."
  travelProvider(
    "The provider's id."
    id: ID!
  ): TravelProvider
  "How many providers travelProviders lists with this filter, over all pages. Needs travel:read."
  travelProvidersCount(
{_PROVIDER_FILTER}    filter: TravelProviderFilterInput
  ): Int
"""
    + "".join(_listing_queries(kind, *_WORDS[kind.value]) for kind in KINDS)
    + '''}

extend type Mutation {
  """
  Register a host or operator owned by the caller. Needs travel:host (FORBIDDEN otherwise);
  a blank or too long name is VALIDATION_ERROR.
  """
  createTravelProvider(
    "The provider's name and type."
    input: CreateTravelProviderInput!
  ): TravelProvider
'''
    + "".join(
        f'''  """
  Add {article} {noun} under a provider the caller owns (admins: any). Needs travel:host; another
  member's provider is FORBIDDEN, an unknown one NOT_FOUND, a bad field VALIDATION_ERROR.
  """
  {kind.create_mutation}(
    "The {noun} to list."
    input: CreateTravel{kind.noun}Input!
  ): {kind.type_name}
'''
        for kind, article, noun in (
            (ListingKind.PROPERTY, "a", "stay"),
            (ListingKind.TOUR, "a", "tour"),
            (ListingKind.ACTIVITY, "an", "activity"),
            (ListingKind.EVENT, "an", "event"),
            (ListingKind.TRIP, "a", "trip"),
        )
    )
    + "}\n"
)
