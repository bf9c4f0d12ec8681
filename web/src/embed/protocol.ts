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

// The schema of each message's data, as small checks (the JSON Schema of the same is
// docs/embedding/messages.schema.json). Fields not named are allowed and ignored: a later
// minor addition does not make version 1 peers drop a message.
type Check = (value: unknown) => boolean;

const text: Check = (v) => typeof v === "string" && v.length > 0 && v.length <= 2000;
const count: Check = (v) => typeof v === "number" && Number.isInteger(v) && v >= 0;
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
const shape =
  (fields: Record<string, Check>): Check =>
  (v) =>
    typeof v === "object" && v !== null && !Array.isArray(v) && Object.entries(fields).every(([k, check]) => check((v as Record<string, unknown>)[k]));

const kind = oneOf(...KINDS.map((k): Kind => k.kind));
/** A view to open: one of the lists, or a listing (its kind and id). */
const place: Check = (v) =>
  shape({ view: oneOf("discover", "trips", "wishlist", "listing"), kind: maybe(kind), id: maybe(text) })(v) &&
  ((v as Place).view !== "listing" || ((v as Place).kind !== undefined && (v as Place).id !== undefined));
const where = shape({ view: oneOf("discover", "listing", "checkout", "trips", "wishlist"), path: text, kind: maybe(kind), id: maybe(text) });
const booking = shape({
  bookingId: text,
  referenceCode: text,
  listing: shape({ id: text, kind, name: text }),
  checkIn: text,
  checkOut: text,
  guests: count,
});

export const TO_HOST: { [T in keyof ToHost]: Check } = {
  ready: shape({ view: text, path: text }),
  "token.request": shape({ reason: oneOf("sign-in", "expiring", "refused") }),
  "signed-in": shape({ memberId: text, roles: listOf(text), expiresAt: text }),
  resize: shape({ height: count }),
  navigate: where,
  "booking.created": booking,
  "booking.cancelled": booking,
  error: shape({ code: text, message: text }),
};

export const TO_EMBED: { [T in keyof ToEmbed]: Check } = {
  token: shape({ token: text }),
  navigate: place,
  theme: shape({ accent: maybe(text), font: maybe(text), radius: maybe(text), scheme: maybe(oneOf("light", "dark")) }),
};

/** `raw` as one of the messages `schemas` knows, or null when it is not one. */
export function parse<M>(schemas: { [T in keyof M]: Check }, raw: unknown): Message<M> | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { protocol, version, type, data } = raw as Record<string, unknown>;
  if (protocol !== PROTOCOL || version !== VERSION || typeof type !== "string") return null;
  if (!Object.hasOwn(schemas, type)) return null;
  return schemas[type as keyof M](data) ? (raw as Message<M>) : null;
}
