// The host's documents: their own providers, registering one, and the bookings on their listings.
import { graphql } from "../../gql";

export const MyProvidersDocument = graphql(`
  query MyProviders {
    travelProviders(filter: { ownedByViewer: true }, pagination: { take: 100 }) { id name type rating }
    travelProvidersCount(filter: { ownedByViewer: true })
  }
`);

export const CreateProviderDocument = graphql(`
  mutation CreateProvider($input: CreateTravelProviderInput!) {
    createTravelProvider(input: $input) { id name type rating }
  }
`);

export const HostedBookingsDocument = graphql(`
  query HostedBookings($pagination: TravelPaginationInput) {
    travelBookings(filter: { hostedByViewer: true }, pagination: $pagination) { ...BookingRow }
    travelBookingsCount(filter: { hostedByViewer: true })
  }
`);

export const ProviderListingsDocument = graphql(`
  query ProviderListings($id: ID!, $filter: TravelListingFilterInput!, $from: Date!, $to: Date!) {
    travelProvider(id: $id) { id name type rating }
    travelProperties(filter: $filter, pagination: { take: 100 }) { ...HostedListing }
    travelTours(filter: $filter, pagination: { take: 100 }) { ...HostedListing }
    travelActivities(filter: $filter, pagination: { take: 100 }) { ...HostedListing }
    travelEvents(filter: $filter, pagination: { take: 100 }) { ...HostedListing }
    travelTrips(filter: $filter, pagination: { take: 100 }) { ...HostedListing }
  }

  fragment HostedListing on TravelListing {
    id
    kind
    name
    location
    price
    currency
    availability(from: $from, to: $to) { date capacity available }
  }
`);
