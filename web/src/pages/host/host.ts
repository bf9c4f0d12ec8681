// The host's documents: their own providers, registering one, a provider's listings, and the
// bookings on their listings.
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
    travelBookings(where: { hostedByViewer: true }, pagination: $pagination) { ...BookingRow }
    travelBookingsCount(where: { hostedByViewer: true })
  }
`);

export const ProviderListingsDocument = graphql(`
  query ProviderListings(
    $filter: TravelListingFilterInput!
    $pagination: TravelPaginationInput
    $from: Date!
    $to: Date!
    $stays: Boolean!
    $tours: Boolean!
    $activities: Boolean!
    $events: Boolean!
    $transport: Boolean!
  ) {
    travelPropertiesCount(filter: $filter)
    travelToursCount(filter: $filter)
    travelActivitiesCount(filter: $filter)
    travelEventsCount(filter: $filter)
    travelTripsCount(filter: $filter)
    travelProperties(filter: $filter, sort: NEWEST, pagination: $pagination) @include(if: $stays) { ...HostedListing }
    travelTours(filter: $filter, sort: NEWEST, pagination: $pagination) @include(if: $tours) { ...HostedListing }
    travelActivities(filter: $filter, sort: NEWEST, pagination: $pagination) @include(if: $activities) { ...HostedListing }
    travelEvents(filter: $filter, sort: NEWEST, pagination: $pagination) @include(if: $events) { ...HostedListing }
    travelTrips(filter: $filter, sort: NEWEST, pagination: $pagination) @include(if: $transport) { ...HostedListing }
  }

  fragment HostedListing on TravelListing {
    id
    kind
    name
    location
    price
    currency
    status
    version
    provider { id name }
    availability(from: $from, to: $to) { date capacity available }
  }
`);

export const ProviderDocument = graphql(`
  query Provider($id: ID!) {
    travelProvider(id: $id) { id name type rating }
  }
`);
