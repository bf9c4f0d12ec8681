"""SDL of the catalog's output types: providers, the listing interface, its five kinds."""

TYPE_DEFS = '''
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

"""A stay: `units` identical rooms, each for up to `maxGuests`; priced per night."""
type TravelProperty implements TravelListing {
  id: ID!
  kind: TravelBookingType!
  name: String!
  description: String
  location: String!
  pricePerNight: Decimal!
  price: Decimal!
  priceUnit: TravelPriceUnit!
  currency: String!
  rating: Float
  amenities: [String!]!
  provider: TravelProvider!
  "What remains per date from `from` to `to` (both included, at most 366 dates)."
  availability(from: Date!, to: Date!): [TravelAvailability!]!
  maxGuests: Int
  units: Int!
}

"""A guided tour: `capacity` persons per date; priced per person."""
type TravelTour implements TravelListing {
  id: ID!
  kind: TravelBookingType!
  name: String!
  description: String
  location: String!
  pricePerNight: Decimal! @deprecated(reason: "Tours are priced per person: use `price`.")
  price: Decimal!
  priceUnit: TravelPriceUnit!
  currency: String!
  rating: Float
  amenities: [String!]!
  provider: TravelProvider!
  "What remains per date from `from` to `to` (both included, at most 366 dates)."
  availability(from: Date!, to: Date!): [TravelAvailability!]!
  capacity: Int!
  durationMinutes: Int
}

"""An activity: `capacity` persons per date; priced per person."""
type TravelActivity implements TravelListing {
  id: ID!
  kind: TravelBookingType!
  name: String!
  description: String
  location: String!
  pricePerNight: Decimal! @deprecated(reason: "Activities are priced per person: use `price`.")
  price: Decimal!
  priceUnit: TravelPriceUnit!
  currency: String!
  rating: Float
  amenities: [String!]!
  provider: TravelProvider!
  "What remains per date from `from` to `to` (both included, at most 366 dates)."
  availability(from: Date!, to: Date!): [TravelAvailability!]!
  capacity: Int!
  durationMinutes: Int
}

"""An event: `capacity` persons, booked on the UTC date it starts; priced per person."""
type TravelEvent implements TravelListing {
  id: ID!
  kind: TravelBookingType!
  name: String!
  description: String
  location: String!
  pricePerNight: Decimal! @deprecated(reason: "Events are priced per person: use `price`.")
  price: Decimal!
  priceUnit: TravelPriceUnit!
  currency: String!
  rating: Float
  amenities: [String!]!
  provider: TravelProvider!
  "What remains per date from `from` to `to` (both included, at most 366 dates)."
  availability(from: Date!, to: Date!): [TravelAvailability!]!
  capacity: Int!
  startsAt: DateTime!
  endsAt: DateTime!
}

"""A transport departure: `capacity` seats, booked on the UTC date it departs; per person."""
type TravelTrip implements TravelListing {
  id: ID!
  kind: TravelBookingType!
  name: String!
  description: String
  location: String!
  pricePerNight: Decimal! @deprecated(reason: "Trips are priced per person: use `price`.")
  price: Decimal!
  priceUnit: TravelPriceUnit!
  currency: String!
  rating: Float
  amenities: [String!]!
  provider: TravelProvider!
  "What remains per date from `from` to `to` (both included, at most 366 dates)."
  availability(from: Date!, to: Date!): [TravelAvailability!]!
  capacity: Int!
  origin: String!
  destination: String!
  departsAt: DateTime!
  arrivesAt: DateTime
  mode: TravelTripMode!
}

"""One date of a listing's calendar."""
type TravelAvailability {
  date: Date!
  "Rooms (stays) or places (other kinds) on that date; 0 when the listing does not run then."
  capacity: Int!
  "Still free: rooms for the night starting on `date` (stays), places on `date` (others)."
  available: Int!
}
'''
