"""SDL of the catalog's inputs, queries and mutations."""

# Tours and activities take the same input; it is written once.
_TIMED_INPUT_FIELDS = """  providerId: ID!
  name: String!
  description: String
  location: String!
  "Per person."
  price: Decimal!
  currency: String = "USD"
  amenities: [String!]
  capacity: Int!
  durationMinutes: Int
}

"""
_TIMED_INPUTS = "".join(
    f'"""{description}, bookable on any date for up to `capacity` persons per date."""\n'
    f"input CreateTravel{kind}Input {{\n{_TIMED_INPUT_FIELDS}"
    for kind, description in (("Tour", "A guided tour"), ("Activity", "An activity"))
)

INPUT_DEFS = (
    '''
input CreateTravelProviderInput {
  name: String!
  type: TravelProviderType!
}

"""A stay under a provider the caller owns (admins: any). Prices are in `currency`."""
input CreateTravelPropertyInput {
  providerId: ID!
  name: String!
  location: String!
  pricePerNight: Decimal!
  "ISO 4217."
  currency: String = "USD"
  description: String
  amenities: [String!]
  "Guests per room (per booking); null for no stated limit."
  maxGuests: Int
  "Identical rooms: how many bookings may share a night."
  units: Int = 1
}

'''
    + _TIMED_INPUTS
    + '''"""An event for up to `capacity` persons, booked on the UTC date it starts."""
input CreateTravelEventInput {
  providerId: ID!
  name: String!
  description: String
  location: String!
  "Per person."
  price: Decimal!
  currency: String = "USD"
  amenities: [String!]
  capacity: Int!
  startsAt: DateTime!
  "After startsAt."
  endsAt: DateTime!
}

"""A departure with `capacity` seats, booked on the UTC date it departs."""
input CreateTravelTripInput {
  providerId: ID!
  name: String!
  description: String
  "Defaults to the origin."
  location: String
  "Per person."
  price: Decimal!
  currency: String = "USD"
  amenities: [String!]
  capacity: Int!
  origin: String!
  destination: String!
  departsAt: DateTime!
  "After departsAt, when given."
  arrivesAt: DateTime
  mode: TravelTripMode!
}

"""Narrows a listing list: every condition given must hold."""
input TravelListingFilterInput {
  "Words that must each appear in the name or the description (any case)."
  text: String
  "Text the location must contain (any case), e.g. \\"lisbon\\"."
  location: String
  "Lowest price, in each listing's own currency."
  minPrice: Decimal
  "Highest price, in each listing's own currency."
  maxPrice: Decimal
  "Only listings priced in this ISO 4217 currency."
  currency: String
  "Lowest average rating, 0 to 5 (unrated listings are left out)."
  minRating: Float
  providerId: ID
  """With availableTo: for stays, a room free every night from availableFrom (check-in) to
  availableTo (check-out); for the other kinds, `guests` places free on at least one date
  from availableFrom to availableTo, both included. At most 366 days."""
  availableFrom: Date
  availableTo: Date
  "Party size (default 1): stays must take it in one room, other kinds must have the places."
  guests: Int
}

"""Narrows the provider list: every condition given must hold."""
input TravelProviderFilterInput {
  type: TravelProviderType
  "Words that must each appear in the name (any case)."
  text: String
  minRating: Float
  "true: only the providers the caller registered (those it may list under)."
  ownedByViewer: Boolean
}
'''
)

OPERATION_DEFS = """
extend type Query {
  "Providers of the workspace, oldest first. Needs travel:read."
  travelProviders(
    pagination: TravelPaginationInput
    filter: TravelProviderFilterInput
  ): [TravelProvider!]
  "One provider. Needs travel:read."
  travelProvider(id: ID!): TravelProvider
  "Stays, oldest first. Needs travel:read."
  travelProperties(
    pagination: TravelPaginationInput
    filter: TravelListingFilterInput
  ): [TravelProperty!]
  "One stay. Needs travel:read."
  travelProperty(id: ID!): TravelProperty
  "Tours, oldest first. Needs travel:read."
  travelTours(pagination: TravelPaginationInput, filter: TravelListingFilterInput): [TravelTour!]
  "One tour. Needs travel:read."
  travelTour(id: ID!): TravelTour
  "Activities, oldest first. Needs travel:read."
  travelActivities(
    pagination: TravelPaginationInput
    filter: TravelListingFilterInput
  ): [TravelActivity!]
  "One activity. Needs travel:read."
  travelActivity(id: ID!): TravelActivity
  "Events, oldest first. Needs travel:read."
  travelEvents(pagination: TravelPaginationInput, filter: TravelListingFilterInput): [TravelEvent!]
  "One event. Needs travel:read."
  travelEvent(id: ID!): TravelEvent
  "Trips (transport departures), oldest first. Needs travel:read."
  travelTrips(pagination: TravelPaginationInput, filter: TravelListingFilterInput): [TravelTrip!]
  "One trip. Needs travel:read."
  travelTrip(id: ID!): TravelTrip
}

extend type Query {
  "How many providers travelProviders lists with this filter, over all pages. Needs travel:read."
  travelProvidersCount(filter: TravelProviderFilterInput): Int
  "How many stays travelProperties lists with this filter, over all pages. Needs travel:read."
  travelPropertiesCount(filter: TravelListingFilterInput): Int
  "How many tours travelTours lists with this filter, over all pages. Needs travel:read."
  travelToursCount(filter: TravelListingFilterInput): Int
  "How many activities travelActivities lists with this filter, over all pages; travel:read."
  travelActivitiesCount(filter: TravelListingFilterInput): Int
  "How many events travelEvents lists with this filter, over all pages. Needs travel:read."
  travelEventsCount(filter: TravelListingFilterInput): Int
  "How many trips travelTrips lists with this filter, over all pages. Needs travel:read."
  travelTripsCount(filter: TravelListingFilterInput): Int
}

extend type Mutation {
  "Register a host or operator owned by the caller. Needs travel:host."
  createTravelProvider(input: CreateTravelProviderInput!): TravelProvider
  "Add a stay under a provider the caller owns (admins: any). Needs travel:host."
  createTravelProperty(input: CreateTravelPropertyInput!): TravelProperty
  "Add a tour under a provider the caller owns (admins: any). Needs travel:host."
  createTravelTour(input: CreateTravelTourInput!): TravelTour
  "Add an activity under a provider the caller owns (admins: any). Needs travel:host."
  createTravelActivity(input: CreateTravelActivityInput!): TravelActivity
  "Add an event under a provider the caller owns (admins: any). Needs travel:host."
  createTravelEvent(input: CreateTravelEventInput!): TravelEvent
  "Add a trip under a provider the caller owns (admins: any). Needs travel:host."
  createTravelTrip(input: CreateTravelTripInput!): TravelTrip
}
"""
