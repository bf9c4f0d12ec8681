// The five listing kinds as the pages show them (the API's TravelBookingType).
import type { TravelBookingType } from "../gql/graphql";

export type Kind = TravelBookingType;

export type KindInfo = {
  kind: Kind;
  slug: string; // in URLs
  label: string; // plural, in menus
  singular: string;
  plural: string; // counted: "30 departures"
  /** Stays are booked for nights [checkIn, checkOut); everything else for one date. */
  nights: boolean;
  unit: string; // what the price is per
};

export const KINDS: KindInfo[] = [
  { kind: "PROPERTY", slug: "stays", label: "Stays", singular: "stay", plural: "stays", nights: true, unit: "night" },
  { kind: "TOUR", slug: "tours", label: "Tours", singular: "tour", plural: "tours", nights: false, unit: "person" },
  { kind: "ACTIVITY", slug: "activities", label: "Activities", singular: "activity", plural: "activities", nights: false, unit: "person" },
  { kind: "EVENT", slug: "events", label: "Events", singular: "event", plural: "events", nights: false, unit: "person" },
  { kind: "TRIP", slug: "transport", label: "Transport", singular: "departure", plural: "departures", nights: false, unit: "person" },
];

/** The listing types' GraphQL names: what a listing mutation tells urql's cache it touched. */
export const LISTING_TYPENAMES = ["TravelProperty", "TravelTour", "TravelActivity", "TravelEvent", "TravelTrip"];

export function kindInfo(kind: Kind): KindInfo {
  return KINDS.find((k) => k.kind === kind) ?? KINDS[0]!;
}

export function kindFromSlug(slug: string | undefined): KindInfo | undefined {
  return KINDS.find((k) => k.slug === slug);
}

export function listingPath(kind: Kind, id: string): string {
  return `/${kindInfo(kind).slug}/${encodeURIComponent(id)}`;
}

/** `text` with its first letter in capitals: a kind's name starting a sentence. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
