// A host's earnings: the confirmed bookings on their listings, summed by check-in month in each
// currency (amounts in different currencies are never added up), read page by page from
// travelBookings as any partner would.
import type { Client } from "@urql/core";
import { graphql } from "../../gql";
import { addAmounts } from "../../lib/money";

export const EarningsPageDocument = graphql(`
  query EarningsPage($pagination: TravelPaginationInput) {
    travelBookings(where: { hostedByViewer: true, status: CONFIRMED }, pagination: $pagination) { id checkIn totalPrice currency }
    travelBookingsCount(where: { hostedByViewer: true, status: CONFIRMED })
  }
`);

export const PAGE = 100; // the most travelBookings gives at once

export type Earned = { checkIn: string; totalPrice: string; currency: string };
export type MonthTotal = { month: string; amount: string; bookings: number }; // month: YYYY-MM
export type Earnings = { currency: string; months: MonthTotal[] }[];

/** Every confirmed booking on the host's listings after `first` (already read): the next pages. */
export async function remainingPages(client: Client, first: Earned[], total: number): Promise<Earned[]> {
  const all = [...first];
  for (let skip = first.length; skip < total; skip += PAGE) {
    const page = await client.query(EarningsPageDocument, { pagination: { skip, take: PAGE } }, { requestPolicy: "network-only" }).toPromise();
    if (page.error || !page.data?.travelBookings) throw page.error ?? new Error("no bookings page");
    all.push(...page.data.travelBookings);
    if (page.data.travelBookings.length < PAGE) break;
  }
  return all;
}

/** Totals by currency (alphabetical), each by check-in month (oldest first). */
export function earningsOf(bookings: Earned[]): Earnings {
  const byCurrency = new Map<string, Map<string, MonthTotal>>();
  for (const booking of bookings) {
    const month = booking.checkIn.slice(0, 7);
    const months = byCurrency.get(booking.currency) ?? new Map<string, MonthTotal>();
    const sum = months.get(month) ?? { month, amount: "0", bookings: 0 };
    months.set(month, { month, amount: addAmounts(sum.amount, booking.totalPrice), bookings: sum.bookings + 1 });
    byCurrency.set(booking.currency, months);
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, months]) => ({ currency, months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)) }));
}
