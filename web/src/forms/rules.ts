// What a field must hold, checked in the browser with the API's own rules (catalog/rules.py,
// money.py, catalog/filters.py) so that every problem is said at once, in plain words, before
// anything is sent. Each rule takes what was typed and answers null or what to do about it.
import { instantOf, isTimeZone } from "../lib/dates";

export type Problems = Record<string, string>;

/** The API's bound on amounts: 10^15 minor units (money.py MAX_MINOR). */
const MAX_MINOR_DIGITS = 15;

export function requiredText(raw: string, missing: string, max = 200): string | null {
  const text = raw.trim();
  if (!text) return missing;
  return tooLong(text, max);
}

export function optionalText(raw: string, max: number): string | null {
  return raw.trim() ? tooLong(raw.trim(), max) : null;
}

function tooLong(text: string, max: number): string | null {
  return text.length > max ? `Use at most ${max.toLocaleString()} characters (this has ${text.length.toLocaleString()}).` : null;
}

/** The decimal places a currency's amounts may have (JPY 0, EUR 2, KWD 3), as Intl knows them. */
export function decimalsOf(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount of money: digits with an optional decimal point, 0 or more, with at most the
 * currency's decimal places. `example` is a price that reads right for the field. */
export function price(raw: string, currency: string, { required = true, example = "120.00" } = {}): string | null {
  const text = raw.trim();
  if (!text) return required ? `Enter a price, e.g. ${example}.` : null;
  if (/^-\s*\d/.test(text)) return `Enter a price of 0 or more, e.g. ${example}.`;
  const number = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!number) return `Enter a price in numbers only, e.g. ${example}.`;
  const code = currency.trim().toUpperCase();
  const decimals = /^[A-Z]{3}$/.test(code) ? decimalsOf(code) : null;
  const places = number[2]?.length ?? 0;
  if (decimals !== null && places > decimals) {
    return decimals === 0 ? `${code} prices are whole numbers, e.g. 15000.` : `${code} prices have at most ${decimals} decimal places, e.g. 120.50.`;
  }
  if (number[1]!.replace(/^0+/, "").length + (decimals ?? 2) > MAX_MINOR_DIGITS) return "Enter a smaller price.";
  return null;
}

/** A whole number from `min` to `max`; empty is `missing` (or fine when there is none). */
export function wholeNumber(raw: string, min: number, max: number, missing: string | null): string | null {
  const text = raw.trim();
  if (!text) return missing;
  const range = `from ${min.toLocaleString()} to ${max.toLocaleString()}`;
  if (!/^-?\d+$/.test(text)) return `Enter a whole number ${range}.`;
  const value = Number(text);
  return value < min || value > max ? `Enter a number ${range}.` : null;
}

export function currencyCode(raw: string): string | null {
  const text = raw.trim();
  if (!text) return "Enter a currency code, e.g. EUR.";
  return /^[A-Za-z]{3}$/.test(text) ? null : "Enter the currency's 3-letter code, e.g. EUR, USD or JPY.";
}

/** Latitude and longitude in WGS84 degrees, both or neither. */
export function coordinates(latitude: string, longitude: string): { latitude?: string; longitude?: string } {
  const problems: { latitude?: string; longitude?: string } = {};
  const lat = latitude.trim();
  const lon = longitude.trim();
  if (!lat && !lon) return problems;
  const degrees = (text: string, limit: number, example: string) => {
    if (!/^-?\d+(\.\d+)?$/.test(text)) return `Enter degrees as a number, e.g. ${example}.`;
    return Math.abs(Number(text)) > limit ? `Enter a number from -${limit} to ${limit}.` : null;
  };
  if (lat) {
    const problem = degrees(lat, 90, "38.7115");
    if (problem) problems.latitude = problem;
  } else problems.latitude = "Enter the latitude too, or clear the longitude.";
  if (lon) {
    const problem = degrees(lon, 180, "-9.1300");
    if (problem) problems.longitude = problem;
  } else problems.longitude = "Enter the longitude too, or clear the latitude.";
  return problems;
}

/** An IANA zone name; empty is `missing` (or fine when there is none). */
export function timeZone(raw: string, missing: string | null = null): string | null {
  const text = raw.trim();
  if (!text) return missing;
  return isTimeZone(text) ? null : `Enter a time zone such as Europe/Lisbon${missing ? "" : ", or leave it empty"}.`;
}

/** A date and time as a datetime-local field holds it (YYYY-MM-DDTHH:MM), as the clock reads in
 * `zone`. A time the clock skips there (when it goes forward) is said rather than moved: an
 * event silently an hour off is worse than a question. Without a known zone only the shape is
 * checked (the zone's own field says what is wrong with it). */
export function dateTime(raw: string, missing: string | null, zone?: string | null): string | null {
  if (!raw) return missing;
  if (Number.isNaN(Date.parse(`${raw}Z`))) return "Choose a date and a time.";
  if (!isTimeZone(zone)) return null;
  const found = instantOf(raw, zone);
  return "gap" in found ? `The clocks in ${zone} skip this time (they go forward an hour). Choose another, e.g. ${found.gap.slice(11)}.` : null;
}

/** `later` must come after `earlier` (both instants), within `maxDays` if given. */
export function after(earlier: string | null, later: string | null, what: string, maxDays?: number): string | null {
  if (!earlier || !later) return null;
  const gap = Date.parse(later) - Date.parse(earlier);
  if (Number.isNaN(gap)) return null;
  if (gap <= 0) return `Must be after ${what}.`;
  if (maxDays !== undefined && gap > maxDays * 86_400_000) return `Must be at most ${maxDays} days after ${what}.`;
  return null;
}

/** A list separated by commas: at most `maxItems`, each at most `maxLength` characters. */
export function list(raw: string, maxItems: number, maxLength: number): string | null {
  const items = splitList(raw);
  if (items.length > maxItems) return `List at most ${maxItems} (this has ${items.length}).`;
  const long = items.find((item) => item.length > maxLength);
  return long ? `Keep each one to ${maxLength} characters ("${long.slice(0, 20)}…" is longer).` : null;
}

export function splitList(raw: string): string[] {
  return raw
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}
