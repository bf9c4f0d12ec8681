// The total before a booking, from the calendar's per-date prices (`availability.price`): the
// API charges exactly these (docs/decisions/0090-calendar.md, "the charge equals the quote"),
// so a seasonal price is in the total shown, never only in the total charged.
import { addAmounts, formatMoney, multiply } from "../../lib/money";
import { addDays } from "../../lib/dates";

type PricedDay = { date: string; price: string };

/** How many dates (nights, or the one date's guests) at one price. */
export type PriceLine = { price: string; count: number };

export type Quote = { total: string; lines: PriceLine[] };

/** A stay's nights `[from, to)` summed, or `guests` × the date's price for the other kinds;
 * null while a date's price is not known (outside the days read). */
export function quote(days: PricedDay[], from: string, to: string | null, guests: number): Quote | null {
  const priceOn = new Map(days.map((d) => [d.date, d.price]));
  const dates: string[] = [];
  if (to === null) dates.push(from);
  else for (let night = from; night < to; night = addDays(night, 1)) dates.push(night);
  const prices = dates.map((date) => priceOn.get(date));
  if (prices.length === 0 || prices.some((p) => p === undefined)) return null;
  const each = to === null ? guests : 1;
  const lines: PriceLine[] = [];
  let total = "0";
  for (const price of prices as string[]) {
    total = addAmounts(total, multiply(price, each));
    const line = lines.find((l) => l.price === price);
    if (line) line.count += each;
    else lines.push({ price, count: each });
  }
  return { total, lines };
}

/** "2 nights at €150.00, 1 at €100.00" or "3 people at €40.00" (the unit named once). */
export function describeQuote(lines: PriceLine[], currency: string, nights: boolean): string {
  return lines
    .map((line, i) => {
      const unit = nights ? (line.count === 1 ? "night" : "nights") : line.count === 1 ? "person" : "people";
      return `${line.count}${i === 0 ? ` ${unit}` : ""} at ${formatMoney(line.price, currency)}`;
    })
    .join(", ");
}
