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
