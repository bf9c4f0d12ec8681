// The host's calendar documents: a month of a listing's dates (free, price) with its blocks and
// seasonal prices, and the four changes. Each change moves the listing's version on.
import { graphql } from "../../gql";
import type { HostCalendarFragment, HostCalendarQuery } from "../../gql/graphql";
import type { FormFields } from "../../forms/apiProblems";

export const HostCalendarDocument = graphql(`
  query HostCalendar($id: ID!, $from: Date!, $to: Date!, $property: Boolean!, $tour: Boolean!, $activity: Boolean!, $event: Boolean!, $trip: Boolean!) {
    property: travelProperty(id: $id) @include(if: $property) { ...HostCalendar }
    tour: travelTour(id: $id) @include(if: $tour) { ...HostCalendar }
    activity: travelActivity(id: $id) @include(if: $activity) { ...HostCalendar }
    event: travelEvent(id: $id) @include(if: $event) { ...HostCalendar }
    trip: travelTrip(id: $id) @include(if: $trip) { ...HostCalendar }
  }

  fragment HostCalendar on TravelListing {
    id
    version
    currency
    availability(from: $from, to: $to) { date capacity available price }
    blockedDates(from: $from, to: $to) { id startsOn endsOn units note }
    seasonalPrices(from: $from, to: $to) { id startsOn endsOn price currency note }
  }
`);

export const BlockDatesDocument = graphql(`
  mutation BlockListingDates($input: BlockTravelListingDatesInput!) { blockTravelListingDates(input: $input) { id } }
`);
export const UnblockDatesDocument = graphql(`
  mutation UnblockListingDates($id: ID!) { unblockTravelListingDates(id: $id) { id version } }
`);
export const SetPriceDocument = graphql(`
  mutation SetSeasonalPrice($input: SetTravelSeasonalPriceInput!) { setTravelSeasonalPrice(input: $input) { id } }
`);
export const RemovePriceDocument = graphql(`
  mutation RemoveSeasonalPrice($id: ID!) { removeTravelSeasonalPrice(id: $id) { id version } }
`);

export type HostCalendar = HostCalendarFragment;

export function calendarOf(data: HostCalendarQuery | undefined): HostCalendar | null {
  if (!data) return null;
  return data.property ?? data.tour ?? data.activity ?? data.event ?? data.trip ?? null;
}

export type Block = HostCalendar["blockedDates"] extends (infer B)[] | null | undefined ? B : never;

/** Units a date's blocks close (a whole-listing block closes all of them). */
export function closedOn(date: string, blocks: Block[], capacity: number): number {
  const closed = blocks.filter((b) => b.startsOn <= date && date <= b.endsOn).reduce((sum, b) => sum + (b.units ?? capacity), 0);
  return Math.min(closed, capacity);
}

/** The calendar forms' fields, as the API's paths name them (input.startsOn …). */
export function calendarFields(labels: Record<string, string>): FormFields {
  return {
    fieldOf: (path) => {
      const name = path.replace(/^(variables\.)?input\./, "");
      return name in labels ? name : null;
    },
    labelOf: (field) => labels[field] ?? field,
  };
}
