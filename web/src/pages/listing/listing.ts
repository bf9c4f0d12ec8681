// One listing of any kind, with its availability over a date range: one document, the kind's
// field chosen by @include.
import { graphql } from "../../gql";
import type { ListingDetailFragment, ListingQuery } from "../../gql/graphql";
import { addDays, firstOfMonth, lastOfMonth } from "../../lib/dates";
import type { KindInfo } from "../../lib/kinds";

export const ListingDocument = graphql(`
  query Listing(
    $id: ID!
    $from: Date!
    $to: Date!
    $property: Boolean!
    $tour: Boolean!
    $activity: Boolean!
    $event: Boolean!
    $trip: Boolean!
  ) {
    property: travelProperty(id: $id) @include(if: $property) { ...ListingDetail }
    tour: travelTour(id: $id) @include(if: $tour) { ...ListingDetail }
    activity: travelActivity(id: $id) @include(if: $activity) { ...ListingDetail }
    event: travelEvent(id: $id) @include(if: $event) { ...ListingDetail }
    trip: travelTrip(id: $id) @include(if: $trip) { ...ListingDetail }
  }

  fragment ListingDetail on TravelListing {
    __typename
    id
    kind
    name
    description
    location
    price
    priceUnit
    currency
    rating
    amenities
    timeZone
    provider { id name type rating }
    photos { ...Photo }
    availability(from: $from, to: $to) { date capacity available price }
    ... on TravelProperty { units maxGuests }
    ... on TravelTour { capacity durationMinutes }
    ... on TravelActivity { capacity durationMinutes }
    ... on TravelEvent { capacity startsAt endsAt }
    ... on TravelTrip { capacity origin destination departsAt arrivesAt mode }
  }
`);

export type ListingDetail = ListingDetailFragment;

export function listingVariables(kind: KindInfo, id: string, from: string, to: string) {
  return {
    id,
    from,
    to,
    property: kind.kind === "PROPERTY",
    tour: kind.kind === "TOUR",
    activity: kind.kind === "ACTIVITY",
    event: kind.kind === "EVENT",
    trip: kind.kind === "TRIP",
  };
}

export function listingOf(data: ListingQuery | undefined): ListingDetail | null {
  if (!data) return null;
  return data.property ?? data.tour ?? data.activity ?? data.event ?? data.trip ?? null;
}

/** The one date an event or a trip can be booked on (UTC), or null for the other kinds. */
export function fixedDate(listing: ListingDetail): string | null {
  if (listing.__typename === "TravelEvent") return listing.startsAt.slice(0, 10);
  if (listing.__typename === "TravelTrip") return listing.departsAt.slice(0, 10);
  return null;
}

/** The most guests one booking may bring. */
export function guestLimit(listing: ListingDetail): number {
  if (listing.__typename === "TravelProperty") return listing.maxGuests ?? 16;
  return listing.capacity;
}

/** The days the calendar reads: a month, or the year ahead while it has the month (one request
 * then serves every month of it, and finds the month a listing first opens in). */
export function calendarWindow(month: string | null, today: string): [string, string] {
  const yearEnd = addDays(today, 365);
  if (month === null || lastOfMonth(month) <= yearEnd) return [today, yearEnd];
  return [firstOfMonth(month), lastOfMonth(month)];
}

/** The month a listing's calendar opens on: its event's or departure's, else the first with a
 * date still free, else this one. */
export function openingMonth(listing: ListingDetail, today: string): string {
  const fixed = fixedDate(listing);
  if (fixed) return fixed >= today ? fixed : today;
  return listing.availability.find((day) => day.date >= today && day.available > 0)?.date ?? today;
}
