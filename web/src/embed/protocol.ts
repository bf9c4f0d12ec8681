// The workspace app's messages between the host page and the embedded page (docs/embedding.md,
// "Messages"): one definition, read by the embedded page (src/embed/) and by the loader
// (web/loader/). Anything that does not fit is not a message: the receiver ignores it and counts
// it, never throws.
import type { BookingEvent } from "../lib/bookingEvents";
import { KINDS, type Kind } from "../lib/kinds";
import type { Place, View } from "./views";

export const PROTOCOL = "travel-workspace-app";
export const VERSION = 1;

export type Theme = { accent?: string; font?: string; radius?: string; scheme?: "light" | "dark" };
export type TokenReason = "sign-in" | "expiring" | "refused";

/** What the embedded page says to its host, by type. */
export type ToHost = {
  ready: { view: View; path: string };
  "token.request": { reason: TokenReason };
  "signed-in": { memberId: string; roles: string[]; expiresAt: string };
  resize: { height: number };
  navigate: Place & { path: string };
  "booking.created": BookingEvent;
  "booking.cancelled": BookingEvent;
  error: { code: string; message: string };
};

/** What the host says to the embedded page, by type. */
export type ToEmbed = {
  token: { token: string };
  navigate: Place;
  theme: Theme;
};

export type Message<M, T extends keyof M = keyof M> = T extends keyof M
  ? { protocol: typeof PROTOCOL; version: typeof VERSION; type: T; data: M[T] }
  : never;

export function message<M, T extends keyof M>(type: T, data: M[T]): Message<M, T> {
  return { protocol: PROTOCOL, version: VERSION, type, data } as Message<M, T>;
}

// The schema of each message's data, as small checks: the same as the published JSON Schema
// (docs/embedding/messages.schema.json), which the browser tests hold the messages to. A field
// the schema does not name makes the message malformed.
type Check = (value: unknown) => boolean;

const text =
  (max = 2000): Check =>
  (v) =>
    typeof v === "string" && v.length > 0 && v.length <= max;
const matches =
  (pattern: RegExp): Check =>
  (v) =>
    typeof v === "string" && pattern.test(v);
const atLeast =
  (min: number, integer = false): Check =>
  (v) =>
    typeof v === "number" && Number.isFinite(v) && v >= min && (!integer || Number.isInteger(v));
const oneOf =
  (...values: unknown[]): Check =>
  (v) =>
    values.includes(v);
const listOf =
  (item: Check): Check =>
  (v) =>
    Array.isArray(v) && v.every(item);
const maybe =
  (check: Check): Check =>
  (v) =>
    v === undefined || check(v);
/** An object with these fields and no others. */
const shape =
  (fields: Record<string, Check>): Check =>
  (v) =>
    typeof v === "object" &&
    v !== null &&
    !Array.isArray(v) &&
    Object.keys(v).every((k) => Object.hasOwn(fields, k)) &&
    Object.entries(fields).every(([k, check]) => check((v as Record<string, unknown>)[k]));

const kind = oneOf(...KINDS.map((k): Kind => k.kind));
const day = matches(/^\d{4}-\d{2}-\d{2}$/);
/** A view to open: one of the lists, or a listing (its kind and id). */
const place: Check = (v) =>
  shape({ view: oneOf("discover", "trips", "wishlist", "listing"), kind: maybe(kind), id: maybe(text()) })(v) &&
  ((v as Place).view !== "listing" || ((v as Place).kind !== undefined && (v as Place).id !== undefined));
const view = oneOf("discover", "listing", "checkout", "trips", "wishlist");
const where = shape({ view, path: text(), kind: maybe(kind), id: maybe(text()) });
const booking = shape({
  bookingId: text(),
  referenceCode: matches(/^TRV-[A-Z]+-[0-9A-Z]{8}$/),
  listing: shape({ id: text(), kind, name: text() }),
  checkIn: day,
  checkOut: day,
  guests: atLeast(1, true),
});

export const TO_HOST: { [T in keyof ToHost]: Check } = {
  ready: shape({ view, path: text() }),
  "token.request": shape({ reason: oneOf("sign-in", "expiring", "refused") }),
  "signed-in": shape({ memberId: text(), roles: listOf(text()), expiresAt: text() }),
  resize: shape({ height: atLeast(0) }),
  navigate: where,
  "booking.created": booking,
  "booking.cancelled": booking,
  error: shape({ code: text(), message: text() }),
};

export const TO_EMBED: { [T in keyof ToEmbed]: Check } = {
  token: shape({ token: text(8192) }),
  navigate: place,
  theme: shape({ accent: maybe(text(64)), font: maybe(text(200)), radius: maybe(text(32)), scheme: maybe(oneOf("light", "dark")) }),
};

/** `raw` as one of the messages `schemas` knows, or null when it is not one. */
export function parse<M>(schemas: { [T in keyof M]: Check }, raw: unknown): Message<M> | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { protocol, version, type, data } = raw as Record<string, unknown>;
  if (protocol !== PROTOCOL || version !== VERSION || typeof type !== "string") return null;
  if (!Object.hasOwn(schemas, type)) return null;
  return schemas[type as keyof M](data) ? (raw as Message<M>) : null;
}
