// Dates as the API speaks them: YYYY-MM-DD, in UTC.
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);
}

export function isDay(value: string | null | undefined): value is string {
  return !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric", timeZone: "UTC" });

export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

export function formatShortDay(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

// Formatters by time zone: building one is slow, and a page formats many times in few zones.
const inZone = new Map<string, Intl.DateTimeFormat>();

/** Whether the browser knows `name` as an IANA time zone (e.g. Europe/Lisbon). */
export function isTimeZone(name: string | null | undefined): name is string {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An instant as the clock shows it where it happens, with the zone's short name
 * ("21 Nov 2026, 9:00 PM EST"); in UTC when the zone is unknown (or null). */
export function formatDateTime(value: string, timeZone?: string | null): string {
  const zone = isTimeZone(timeZone) ? timeZone : "UTC";
  let format = inZone.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: zone,
      timeZoneName: "short",
    });
    inZone.set(zone, format);
  }
  return format.format(new Date(value));
}

export function formatMonth(day: string): string {
  return monthFormat.format(new Date(`${day}T00:00:00Z`));
}

export function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function addMonths(day: string, months: number): string {
  const date = new Date(`${firstOfMonth(day)}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

export function lastOfMonth(day: string): string {
  return addDays(addMonths(day, 1), -1);
}

// Wall time — what a datetime-local field holds (YYYY-MM-DDTHH:MM), as the clock reads where a
// listing is — and the instant it names. Intl knows every zone's offsets (DST included), but
// only from an instant to a wall time; the other way is found by trying the offsets around it.
const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallFormats.set(timeZone, format);
  }
  return format;
}

/** The zone's clock at an instant, as milliseconds of a UTC clock showing the same. */
function wallMillis(at: number, timeZone: string): number {
  const part: Record<string, number> = {};
  for (const { type, value } of wallFormat(timeZone).formatToParts(at)) part[type] = Number(value);
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  return wallMillis(Math.floor(at / 1000) * 1000, timeZone) - Math.floor(at / 1000) * 1000;
}

/** An instant's wall time in `timeZone`, as a datetime-local field holds it. */
export function wallTimeOf(instant: string, timeZone: string): string {
  return new Date(wallMillis(Date.parse(instant), timeZone)).toISOString().slice(0, 16);
}

export type Instant = { instant: string } | { gap: string };

/** The UTC instant ("…:00Z") at which the clock in `timeZone` reads `wall`. A wall time the
 * clock shows twice (the hour repeated when clocks go back) is the earlier one; one it skips
 * (clocks going forward) is no instant at all: `gap` is the wall time an hour-shifted reading
 * would give (02:30 → 03:30), for the form to suggest rather than silently move an event. */
export function instantOf(wall: string, timeZone: string): Instant {
  const asUtc = Date.parse(`${wall}:00Z`);
  // A zone changes its offset at most once in two days: the offsets a day either side are
  // the only ones this wall time can have.
  const offsets = new Set([offsetAt(asUtc - 86_400_000, timeZone), offsetAt(asUtc, timeZone), offsetAt(asUtc + 86_400_000, timeZone)]);
  const matching = [...offsets].map((offset) => asUtc - offset).filter((at) => wallMillis(at, timeZone) === asUtc);
  if (matching.length) return { instant: new Date(Math.min(...matching)).toISOString().replace(".000Z", "Z") };
  return { gap: wallTimeOf(new Date(asUtc - offsetAt(asUtc - 86_400_000, timeZone)).toISOString(), timeZone) };
}

/** The zone this browser's clock is in, when Intl names one. */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : null;
}
