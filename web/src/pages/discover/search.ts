// A search lives in the URL (?q=lisbon&kind=stays&sort=PRICE_ASC&amenity=wifi…): shareable and
// reloadable. One travelSearch answers it (docs/decisions/0088-discovery.md).
import type { TravelListingSort, TravelSearchFilterInput } from "../../gql/graphql";
import { daysBetween, isDay } from "../../lib/dates";
import { kindFromSlug, type KindInfo } from "../../lib/kinds";

export const PAGE_SIZE = 12;
/** travelSearch reads at most its first 1,000 results (skip + take ≤ 1000). */
export const MAX_RESULTS = 1000;

export type Search = {
  kind: KindInfo | null; // null: every kind
  text: string;
  from: string;
  to: string;
  guests: string;
  place: string; // a place chosen among the facets (the listings' location)
  amenities: string[];
  minPrice: string;
  maxPrice: string;
  currency: string;
  minRating: string;
  sort: TravelListingSort | "";
  skip: number;
};

type TextField = "text" | "from" | "to" | "guests" | "place" | "minPrice" | "maxPrice" | "currency" | "minRating";

const FIELDS: [TextField, string][] = [
  ["text", "q"],
  ["from", "from"],
  ["to", "to"],
  ["guests", "guests"],
  ["place", "where"],
  ["minPrice", "min"],
  ["maxPrice", "max"],
  ["currency", "currency"],
  ["minRating", "rating"],
];

export const SORTS: { value: TravelListingSort; label: string; needsCurrency?: boolean }[] = [
  { value: "RELEVANCE", label: "Best match" },
  { value: "PRICE_ASC", label: "Price: low to high", needsCurrency: true },
  { value: "PRICE_DESC", label: "Price: high to low", needsCurrency: true },
  { value: "RATING", label: "Top rated" },
  { value: "START_TIME", label: "Soonest" },
  { value: "NEWEST", label: "Newest" },
];

export const EMPTY: Search = {
  kind: null,
  text: "",
  from: "",
  to: "",
  guests: "",
  place: "",
  amenities: [],
  minPrice: "",
  maxPrice: "",
  currency: "",
  minRating: "",
  sort: "",
  skip: 0,
};

export function readSearch(params: URLSearchParams): Search {
  const search: Search = { ...EMPTY, amenities: params.getAll("amenity").filter(Boolean) };
  search.kind = kindFromSlug(params.get("kind") ?? undefined) ?? null;
  search.skip = Math.max(0, Number.parseInt(params.get("skip") ?? "0", 10) || 0);
  const sort = params.get("sort");
  search.sort = SORTS.some((s) => s.value === sort) ? (sort as TravelListingSort) : "";
  for (const [field, param] of FIELDS) search[field] = params.get(param) ?? "";
  return search;
}

export function writeSearch(search: Search): string {
  const params = new URLSearchParams();
  if (search.text.trim()) params.set("q", search.text.trim());
  if (search.kind) params.set("kind", search.kind.slug);
  for (const [field, param] of FIELDS) {
    const value = search[field].trim();
    if (value && param !== "q") params.set(param, value);
  }
  for (const amenity of search.amenities) params.append("amenity", amenity);
  if (search.sort) params.set("sort", search.sort);
  if (search.skip > 0) params.set("skip", String(search.skip));
  return params.toString();
}

/** The order shown: the one chosen, else events and departures soonest first (with a text too:
 * the matching ones in date order), else best match. */
export function sortOf(search: Search): TravelListingSort {
  if (search.sort) return search.sort;
  return search.kind && (search.kind.kind === "EVENT" || search.kind.kind === "TRIP") ? "START_TIME" : "RELEVANCE";
}

/** The API filter for a search: what the person chose, passed on (the API validates it) —
 * but never a value the browser already knows is wrong (problemsOf says what, next to it). */
export function filterOf(search: Search, { withKind = true } = {}): TravelSearchFilterInput {
  const wrong = problemsOf(search);
  const filter: TravelSearchFilterInput = {};
  if (withKind && search.kind) filter.kinds = [search.kind.kind];
  // The place chosen among the facets, matched whole as the facet counted it.
  if (search.place.trim()) filter.places = [search.place.trim()];
  if (search.amenities.length) filter.amenities = search.amenities;
  if (search.minPrice.trim() && !wrong.minPrice) filter.minPrice = search.minPrice.trim();
  if (search.maxPrice.trim() && !wrong.maxPrice) filter.maxPrice = search.maxPrice.trim();
  if (search.currency.trim()) filter.currency = search.currency.trim().toUpperCase();
  const rating = Number.parseFloat(search.minRating);
  if (Number.isFinite(rating) && rating >= 0 && rating <= 5) filter.minRating = rating;
  if (isDay(search.from) && isDay(search.to) && !wrong.to) {
    filter.availableFrom = search.from;
    filter.availableTo = search.to;
  }
  const guests = Number.parseInt(search.guests, 10);
  if (Number.isFinite(guests) && !wrong.guests) filter.guests = guests;
  return filter;
}

export type SearchProblems = Partial<Record<"minPrice" | "maxPrice" | "guests" | "from" | "to", string>>;

/** A discovery filter's path in the API's errors (filter.minPrice) → the search's field. */
export const FILTER_FIELDS: Record<string, keyof SearchProblems> = {
  "filter.minPrice": "minPrice",
  "filter.maxPrice": "maxPrice",
  "filter.guests": "guests",
  "filter.availableFrom": "from",
  "filter.availableTo": "to",
};

const MAX_PRICE = 10 ** 12; // catalog/filters.py MAX_PRICE
const MAX_DAYS = 366; // catalog/availability.py MAX_RANGE_DAYS

/** What the person typed that cannot be sent, in plain words, by field (checked before sending,
 * with the API's rules: every problem at once). */
export function problemsOf(search: Search): SearchProblems {
  const problems: SearchProblems = {};
  const price = /^\d+(\.\d{1,3})?$/;
  const min = search.minPrice.trim();
  const max = search.maxPrice.trim();
  if (min && !price.test(min)) problems.minPrice = "Enter a price in numbers, e.g. 50 or 49.90.";
  else if (Number(min) > MAX_PRICE) problems.minPrice = "Enter a smaller price.";
  if (max && !price.test(max)) problems.maxPrice = "Enter a price in numbers, e.g. 200 or 199.90.";
  else if (Number(max) > MAX_PRICE) problems.maxPrice = "Enter a smaller price.";
  if (!problems.minPrice && !problems.maxPrice && min && max && Number(min) > Number(max)) {
    problems.maxPrice = "The highest price must not be below the lowest.";
  }
  const guests = search.guests.trim();
  if (guests && !/^[1-9]\d{0,2}$/.test(guests)) problems.guests = "Enter a number of guests from 1 to 999.";
  const stays = search.kind?.nights ?? false;
  if (isDay(search.from) !== isDay(search.to) && (search.from || search.to)) {
    problems.to = "Choose both dates, or neither.";
  } else if (isDay(search.from) && isDay(search.to) && (search.to < search.from || (stays && search.to === search.from))) {
    problems.to = stays ? "Check-out must be after check-in." : "The last date must be on or after the first.";
  } else if (isDay(search.from) && isDay(search.to) && daysBetween(search.from, search.to) + (stays ? 0 : 1) > MAX_DAYS) {
    problems.to = `Choose dates at most ${MAX_DAYS} days apart.`;
  }
  return problems;
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
