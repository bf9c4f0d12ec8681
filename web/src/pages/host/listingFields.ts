// The fields of each kind of listing as the host forms show them (new and edit), what each
// must hold (forms/rules.ts: the API's rules), and how the typed text becomes an API input —
// whole for a new listing, only what changed for an edit. An event's or a trip's times are typed
// as the clock reads where it happens (its time zone) and sent as the instants they name.
import { inputField, type FormFields } from "../../forms/apiProblems";
import * as rules from "../../forms/rules";
import { browserTimeZone, instantOf, isTimeZone, wallTimeOf } from "../../lib/dates";
import type { Kind } from "../../lib/kinds";

export type FieldType = "text" | "textarea" | "price" | "count" | "degrees" | "currency" | "zone" | "datetime" | "mode" | "list";

export type Spec = {
  name: string;
  label: string;
  type: FieldType;
  optional?: boolean;
  hint?: string;
  /** What to say when a required field is left empty. */
  missing?: string;
  /** A whole number's range. */
  min?: number;
  max?: number;
};

/** What the form holds: the text of every field, by name. */
export type Values = Record<string, string>;

const MAX_DESCRIPTION = 5_000;
const MAX_EVENT_DAYS = 366;
export const MODES = ["BUS", "TRAIN", "FERRY", "FLIGHT", "CAR"] as const;

const NAME: Spec = { name: "name", label: "Name", type: "text", missing: "Enter a name, e.g. Rooftop loft by the river." };
const DESCRIPTION: Spec = { name: "description", label: "Description", type: "textarea", optional: true };
const ZONE_FOUND: Spec = {
  name: "timeZone",
  label: "Time zone",
  type: "zone",
  optional: true,
  hint: "Where its times happen, e.g. Europe/Lisbon. Left empty, it is found from the coordinates.",
};
// Times typed as the clock reads somewhere need that somewhere: left to the coordinates, the API
// could find another zone than the one the times were read in.
const ZONE_OF_TIMES: Spec = {
  name: "timeZone",
  label: "Time zone",
  type: "zone",
  missing: "Enter the time zone its times are in, e.g. Europe/Lisbon.",
  hint: "Where it happens, e.g. Europe/Lisbon: the times above are read as its clock shows them. Changing it keeps the times as typed, now in the new zone.",
};
const tail = (zone: Spec): Spec[] => [
  { name: "currency", label: "Currency", type: "currency", hint: "ISO 4217 code, e.g. EUR" },
  { name: "amenities", label: "Amenities", type: "list", hint: "Separated by commas", optional: true },
  // Where it is on the map: travelers find it with "near" and sort by distance.
  { name: "latitude", label: "Latitude", type: "degrees", hint: "WGS84 degrees, e.g. 38.7115 (with longitude)", optional: true },
  { name: "longitude", label: "Longitude", type: "degrees", hint: "WGS84 degrees, e.g. -9.1300 (with latitude)", optional: true },
  zone,
];
const TAIL = tail(ZONE_FOUND);
const PER_PERSON: Spec = { name: "price", label: "Price per person", type: "price", missing: "Enter a price, e.g. 45.00." };
const TOUR: Spec[] = [
  NAME,
  DESCRIPTION,
  { name: "location", label: "Location", type: "text", missing: "Enter where it takes place, e.g. Lisbon." },
  PER_PERSON,
  { name: "capacity", label: "Places per date", type: "count", min: 1, max: 100_000, missing: "Enter how many people can come on one date, e.g. 12." },
  { name: "durationMinutes", label: "Duration (minutes)", type: "count", min: 1, max: 43_200, optional: true },
  ...TAIL,
];

export const FIELDS: Record<Kind, Spec[]> = {
  PROPERTY: [
    NAME,
    DESCRIPTION,
    { name: "location", label: "Location", type: "text", missing: "Enter where it is, e.g. Porto, Ribeira." },
    { name: "pricePerNight", label: "Price per night", type: "price", missing: "Enter a price, e.g. 120.00." },
    { name: "units", label: "Rooms", type: "count", min: 1, max: 10_000, hint: "Identical rooms that can be booked the same night", missing: "Enter how many rooms, e.g. 1." },
    { name: "maxGuests", label: "Guests per room", type: "count", min: 1, max: 1_000, optional: true },
    ...TAIL,
  ],
  TOUR,
  ACTIVITY: TOUR,
  EVENT: [
    NAME,
    DESCRIPTION,
    { name: "location", label: "Venue", type: "text", missing: "Enter the venue, e.g. Coliseu do Porto." },
    PER_PERSON,
    { name: "capacity", label: "Places", type: "count", min: 1, max: 100_000, missing: "Enter how many people can come, e.g. 300." },
    { name: "startsAt", label: "Starts (local time)", type: "datetime", missing: "Choose when it starts." },
    { name: "endsAt", label: "Ends (local time)", type: "datetime", missing: "Choose when it ends." },
    ...tail(ZONE_OF_TIMES),
  ],
  TRIP: [
    NAME,
    DESCRIPTION,
    { name: "origin", label: "From", type: "text", missing: "Enter where it departs from, e.g. Lisbon." },
    { name: "destination", label: "To", type: "text", missing: "Enter where it goes, e.g. Porto." },
    { name: "location", label: "Location", type: "text", optional: true, hint: "Defaults to where it departs" },
    { name: "mode", label: "Mode", type: "mode" },
    { name: "departsAt", label: "Departs (local time)", type: "datetime", missing: "Choose when it departs." },
    { name: "arrivesAt", label: "Arrives (local time)", type: "datetime", optional: true },
    PER_PERSON,
    { name: "capacity", label: "Seats", type: "count", min: 1, max: 100_000, missing: "Enter how many seats, e.g. 50." },
    ...tail(ZONE_OF_TIMES),
  ],
};

export const NEW_LISTING: Values = { currency: "EUR", units: "1", mode: "TRAIN" };

/** Whether a kind has times (an event's start, a trip's departure), typed in its time zone. */
export function hasTimes(kind: Kind): boolean {
  return FIELDS[kind].some((spec) => spec.type === "datetime");
}

/** The zone typed in the form, when it is one. */
export function typedZone(values: Values): string | null {
  const typed = (values.timeZone ?? "").trim();
  return isTimeZone(typed) ? typed : null;
}

// A listing without a zone has its times shown in UTC (lib/dates formatDateTime): the editor
// shows them so, and reads them so until a zone is given.
export const NO_ZONE = "UTC";

/** A new listing's values on choosing `kind`. One with times gets the browser's zone when none
 * is typed (`prefill`), so that the zone they are read in is said, and can be changed; that zone
 * is taken back on choosing a kind whose zone is better found from the coordinates. */
export function newListingValues(kind: Kind, values: Values, prefill: string | null = browserTimeZone()): Values {
  const zone = (values.timeZone ?? "").trim();
  if (hasTimes(kind) && !zone && prefill) return { ...values, timeZone: prefill };
  if (!hasTimes(kind) && zone && zone === prefill) return { ...values, timeZone: "" };
  return values;
}

/** Every problem of the values at once, by field, in the form's order. */
export function problemsOf(kind: Kind, values: Values): rules.Problems {
  const found: rules.Problems = {};
  const value = (name: string) => values[name] ?? "";
  for (const spec of FIELDS[kind]) {
    const problem = fieldProblem(spec, value(spec.name), values);
    if (problem) found[spec.name] = problem;
  }
  Object.assign(found, rules.coordinates(value("latitude"), value("longitude")));
  const [start, end, days] = kind === "EVENT" ? ["startsAt", "endsAt", MAX_EVENT_DAYS] : ["departsAt", "arrivesAt", undefined];
  if (hasTimes(kind) && !found[start!] && !found[end!]) {
    const zone = typedZone(values) ?? NO_ZONE;
    const instant = (name: string) => (value(name) ? instantAt(value(name), zone) : null);
    const order = rules.after(instant(start!), instant(end!), kind === "EVENT" ? "the start" : "the departure", days);
    if (order) found[end!] = order;
  }
  return ordered(kind, found);
}

function fieldProblem(spec: Spec, raw: string, values: Values): string | null {
  const missing = spec.optional ? null : (spec.missing ?? `Enter the ${spec.label.toLowerCase()}.`);
  switch (spec.type) {
    case "text":
      return missing ? rules.requiredText(raw, missing) : rules.optionalText(raw, 200);
    case "textarea":
      return rules.optionalText(raw, MAX_DESCRIPTION);
    case "price":
      return rules.price(raw, values.currency ?? "", { example: spec.name === "pricePerNight" ? "120.00" : "45.00" });
    case "count":
      return rules.wholeNumber(raw, spec.min ?? 1, spec.max ?? 100_000, missing);
    case "currency":
      return rules.currencyCode(raw);
    case "zone":
      return rules.timeZone(raw, missing);
    case "datetime":
      return rules.dateTime(raw, missing, typedZone(values));
    case "list":
      return rules.list(raw, 50, 100);
    default:
      return null; // degrees: checked together (coordinates); mode: a choice
  }
}

function ordered(kind: Kind, found: rules.Problems): rules.Problems {
  const result: rules.Problems = {};
  for (const spec of FIELDS[kind]) if (found[spec.name]) result[spec.name] = found[spec.name]!;
  return result;
}

/** How the API's paths (input.pricePerNight) name this form's fields, and their labels. */
export function formFields(kind: Kind): FormFields {
  const specs = FIELDS[kind];
  return {
    fieldOf: (path) => {
      const name = inputField(path);
      return specs.some((s) => s.name === name) ? name : null;
    },
    labelOf: (field) => specs.find((s) => s.name === field)?.label ?? (field === "providerId" ? "Provider" : field),
  };
}

/** The instant a checked wall time names in `zone` (a skipped one is a problem found before). */
function instantAt(wall: string, zone: string): string | null {
  const found = instantOf(wall, zone);
  return "instant" in found ? found.instant : null;
}

/** A field's text as the API takes it (a time: the instant it names in `zone`); empty is null. */
function converted(spec: Spec, raw: string, zone: string): unknown {
  const text = raw.trim();
  if (!text) return spec.type === "list" ? [] : null;
  switch (spec.type) {
    case "count":
      return Number.parseInt(text, 10);
    case "degrees":
      return Number(text);
    case "list":
      return rules.splitList(text);
    case "datetime":
      return instantAt(text, zone);
    case "currency":
      return text.toUpperCase();
    default:
      return text;
  }
}

/** The create input of checked values: an empty optional field is left out (never ""). */
export function createInput(kind: Kind, providerId: string, values: Values): Record<string, unknown> {
  const input: Record<string, unknown> = { providerId };
  const zone = typedZone(values) ?? NO_ZONE;
  for (const spec of FIELDS[kind]) {
    const value = converted(spec, values[spec.name] ?? "", zone);
    if (value !== null && !(Array.isArray(value) && value.length === 0)) input[spec.name] = value;
  }
  return input;
}

/** The fields whose values differ from `before` (null clears an optional one), or null when
 * nothing changed. Times typed the same in another zone are other instants: they changed. */
export function changedFields(kind: Kind, before: Values, values: Values): Record<string, unknown> | null {
  const changes: Record<string, unknown> = {};
  const [oldZone, zone] = [typedZone(before) ?? NO_ZONE, typedZone(values) ?? NO_ZONE];
  for (const spec of FIELDS[kind]) {
    const old = converted(spec, before[spec.name] ?? "", oldZone);
    const now = converted(spec, values[spec.name] ?? "", zone);
    if (!same(spec, old, now)) changes[spec.name] = now;
  }
  // Times, or a move, go with the zone they were read in: a move without one takes the zone of
  // the new place (catalog/editing.py), which need not be the zone the form read its times in.
  if (hasTimes(kind) && ["timeZone", "latitude", "longitude", ...datetimeFields(kind)].some((name) => name in changes)) {
    changes.timeZone = zone;
  }
  return Object.keys(changes).length ? changes : null;
}

function datetimeFields(kind: Kind): string[] {
  return FIELDS[kind].filter((spec) => spec.type === "datetime").map((spec) => spec.name);
}

function same(spec: Spec, a: unknown, b: unknown): boolean {
  if (spec.type === "price" && typeof a === "string" && typeof b === "string") return Number(a) === Number(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What an editable listing holds, as the form's text (times as datetime-local, as the clock
 * reads them in the listing's zone). */
export function valuesOf(listing: Record<string, unknown>, kind: Kind): Values {
  const values: Values = {};
  const zone = typeof listing.timeZone === "string" && isTimeZone(listing.timeZone) ? listing.timeZone : NO_ZONE;
  for (const spec of FIELDS[kind]) {
    const raw = spec.name === "pricePerNight" ? listing.price : listing[spec.name];
    if (raw === null || raw === undefined) values[spec.name] = "";
    else if (Array.isArray(raw)) values[spec.name] = raw.join(", ");
    else if (spec.type === "datetime") values[spec.name] = wallTimeOf(String(raw), zone);
    else values[spec.name] = String(raw);
  }
  return values;
}
