// Earnings by month: what confirmed bookings on the host's listings bring, by check-in month,
// a chart per currency (the admin's charts, their figures also in a table for screen readers).
import { useEffect, useState } from "react";
import { useClient, useQuery } from "urql";
import { sentence } from "../../api/errors";
import { Empty, ErrorBox, Loading } from "../../components/states";
import { formatMonth } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { BarChart } from "../admin/charts";
import { EarningsPageDocument, earningsOf, PAGE, remainingPages, type Earned } from "./earnings";

// Re-read after a booking changes (a cancellation), even when no booking was read yet.
const REFRESHED_BY = { additionalTypenames: ["TravelBooking"] };
const FIRST_PAGE = { pagination: { skip: 0, take: PAGE } };

export function Earnings() {
  const client = useClient();
  const [{ data, error }, refetch] = useQuery({ query: EarningsPageDocument, variables: FIRST_PAGE, context: REFRESHED_BY });
  const [bookings, setBookings] = useState<Earned[] | null>(null);
  const [pagesError, setPagesError] = useState<string | null>(null);
  useEffect(() => {
    const first = data?.travelBookings;
    if (!first) return;
    let stale = false;
    remainingPages(client, first, data.travelBookingsCount ?? 0).then(
      (all) => !stale && setBookings(all),
      (problem) => !stale && setPagesError(sentence(problem) ?? "We could not read every booking."),
    );
    return () => {
      stale = true;
    };
  }, [client, data]);
  const earnings = bookings ? earningsOf(bookings) : null;
  return (
    <section aria-labelledby="earnings-title" className="panel">
      <h2 id="earnings-title">Earnings by month</h2>
      <p className="muted">Confirmed bookings on your listings, by the month they check in. Cancelled bookings are refunded and never count.</p>
      {error && <ErrorBox error={error} retry={() => refetch({ requestPolicy: "network-only" })} />}
      {pagesError && <p className="field-error" role="alert">{pagesError}</p>}
      {!earnings && !error && !pagesError && <Loading label="Adding up…" />}
      {earnings && earnings.length === 0 && <Empty title="No earnings yet: they show here once guests book." />}
      {earnings && earnings.length > 0 && (
        <div className="charts per-currency">
          {earnings.map(({ currency, months }) => (
            <BarChart
              key={currency}
              title={`Earnings in ${currency}`}
              bars={months.map((m) => ({
                label: formatMonth(`${m.month}-01`),
                value: Number(m.amount),
                display: formatMoney(m.amount, currency),
              }))}
              note={counted(months.reduce((n, m) => n + m.bookings, 0))}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function counted(bookings: number): string {
  return `${bookings} confirmed booking${bookings === 1 ? "" : "s"}.`;
}
