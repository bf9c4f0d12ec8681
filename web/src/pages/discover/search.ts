// A search lives in the URL (?kind=stays&q=…&where=…&from=…): shareable and reloadable.
import type { TravelListingFilterInput } from "../../gql/graphql";
import { isDay } from "../../lib/dates";
import { KINDS, kindFromSlug, type KindInfo } from "../../lib/kinds";

export const PAGE_SIZE = 12;

export type Search = {
  kind: KindInfo;
  text: string;
  location: string;
  minPrice: string;
  maxPrice: string;
  currency: string;
  minRating: string;
  providerId: string;
  from: string;
  to: string;
  guests: string;
  skip: number;
};

const FIELDS: [keyof Omit<Search, "kind" | "skip">, string][] = [
  ["text", "q"],
  ["location", "where"],
  ["minPrice", "min"],
  ["maxPrice", "max"],
  ["currency", "currency"],
  ["minRating", "rating"],
  ["providerId", "provider"],
  ["from", "from"],
  ["to", "to"],
  ["guests", "guests"],
];

export function readSearch(params: URLSearchParams): Search {
  const search = {
    kind: kindFromSlug(params.get("kind") ?? undefined) ?? KINDS[0]!,
    skip: Math.max(0, Number.parseInt(params.get("skip") ?? "0", 10) || 0),
  } as Search;
  for (const [field, param] of FIELDS) search[field] = params.get(param) ?? "";
  return search;
}

export function writeSearch(search: Search): string {
  const params = new URLSearchParams();
  params.set("kind", search.kind.slug);
  for (const [field, param] of FIELDS) {
    const value = search[field].trim();
    if (value) params.set(param, value);
  }
  if (search.skip > 0) params.set("skip", String(search.skip));
  return params.toString();
}

/** The API filter for a search (what the person typed, passed on: the API validates it). */
export function filterOf(search: Search): TravelListingFilterInput {
  const filter: TravelListingFilterInput = {};
  if (search.text.trim()) filter.text = search.text.trim();
  if (search.location.trim()) filter.location = search.location.trim();
  if (search.minPrice.trim()) filter.minPrice = search.minPrice.trim();
  if (search.maxPrice.trim()) filter.maxPrice = search.maxPrice.trim();
  if (search.currency.trim()) filter.currency = search.currency.trim().toUpperCase();
  const rating = Number.parseFloat(search.minRating);
  if (Number.isFinite(rating)) filter.minRating = rating;
  if (search.providerId) filter.providerId = search.providerId;
  if (isDay(search.from)) filter.availableFrom = search.from;
  if (isDay(search.to)) filter.availableTo = search.to;
  const guests = Number.parseInt(search.guests, 10);
  if (Number.isFinite(guests)) filter.guests = guests;
  return filter;
}

/** The query string of a listing page opened from this search (dates and guests carry over). */
export function stayParams(search: Pick<Search, "from" | "to" | "guests">): string {
  const params = new URLSearchParams();
  if (isDay(search.from)) params.set("from", search.from);
  if (isDay(search.to)) params.set("to", search.to);
  if (search.guests) params.set("guests", search.guests);
  const text = params.toString();
  return text ? `?${text}` : "";
}
