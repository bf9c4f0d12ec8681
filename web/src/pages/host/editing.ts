// The editor's documents: one listing of any kind with every field its kind has (a host reads
// its own paused and archived ones too), and the kinds' partial updates.
import { graphql } from "../../gql";
import type { EditableListingFragment, EditableListingQuery } from "../../gql/graphql";
import { kindInfo, type Kind } from "../../lib/kinds";

export const EditableListingDocument = graphql(`
  query EditableListing($id: ID!, $property: Boolean!, $tour: Boolean!, $activity: Boolean!, $event: Boolean!, $trip: Boolean!) {
    property: travelProperty(id: $id) @include(if: $property) { ...EditableListing }
    tour: travelTour(id: $id) @include(if: $tour) { ...EditableListing }
    activity: travelActivity(id: $id) @include(if: $activity) { ...EditableListing }
    event: travelEvent(id: $id) @include(if: $event) { ...EditableListing }
    trip: travelTrip(id: $id) @include(if: $trip) { ...EditableListing }
  }

  fragment EditableListing on TravelListing {
    __typename
    id
    kind
    name
    description
    location
    price
    currency
    amenities
    latitude
    longitude
    timeZone
    status
    version
    updatedAt
    provider { id name }
    photos { ...Photo }
    ... on TravelProperty { units maxGuests }
    ... on TravelTour { capacity durationMinutes }
    ... on TravelActivity { capacity durationMinutes }
    ... on TravelEvent { capacity startsAt endsAt }
    ... on TravelTrip { capacity origin destination departsAt arrivesAt mode }
  }
`);

export const UPDATE = {
  PROPERTY: graphql(`mutation UpdateProperty($input: UpdateTravelPropertyInput!) { updated: updateTravelProperty(input: $input) { ...EditableListing } }`),
  TOUR: graphql(`mutation UpdateTour($input: UpdateTravelTourInput!) { updated: updateTravelTour(input: $input) { ...EditableListing } }`),
  ACTIVITY: graphql(`mutation UpdateActivity($input: UpdateTravelActivityInput!) { updated: updateTravelActivity(input: $input) { ...EditableListing } }`),
  EVENT: graphql(`mutation UpdateEvent($input: UpdateTravelEventInput!) { updated: updateTravelEvent(input: $input) { ...EditableListing } }`),
  TRIP: graphql(`mutation UpdateTrip($input: UpdateTravelTripInput!) { updated: updateTravelTrip(input: $input) { ...EditableListing } }`),
} as const;

export type EditableListing = EditableListingFragment;

export function editableVariables(kind: Kind, id: string) {
  return { id, property: kind === "PROPERTY", tour: kind === "TOUR", activity: kind === "ACTIVITY", event: kind === "EVENT", trip: kind === "TRIP" };
}

export function editableOf(data: EditableListingQuery | undefined): EditableListing | null {
  if (!data) return null;
  return data.property ?? data.tour ?? data.activity ?? data.event ?? data.trip ?? null;
}

/** The page that edits a listing. */
export function editPath(kind: Kind, id: string): string {
  return `/host/listings/${kindInfo(kind).slug}/${encodeURIComponent(id)}`;
}
