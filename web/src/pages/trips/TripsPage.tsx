// The traveler's trips: upcoming and past bookings, each with its timeline; cancel with a
// confirmation, the result shown at once.
import { useState } from "react";
import { Link } from "wouter";
import { useQuery } from "urql";
import { BookingItem, useJustCancelled } from "../../components/bookings";
import { Pagination } from "../../components/Pagination";
import { Empty, ErrorBox, Loading } from "../../components/states";
import { graphql } from "../../gql";
import { todayUtc } from "../../lib/dates";
import { usePageTitle } from "../../lib/title";

const MyTripsDocument = graphql(`
  query MyTrips($pagination: TravelPaginationInput) {
    travelBookings(where: { bookedByViewer: true }, pagination: $pagination) { ...BookingRow }
    travelBookingsCount(where: { bookedByViewer: true })
  }
`);

const PAGE = 50;

export function TripsPage() {
  usePageTitle("Your trips");
  const [skip, setSkip] = useState(0);
  const cancelling = useJustCancelled();
  const [{ data, fetching, error }, refetch] = useQuery({ query: MyTripsDocument, variables: { pagination: { skip, take: PAGE } } });
  const bookings = data?.travelBookings ?? [];
  const today = todayUtc();
  const upcoming = bookings
    .filter((b) => b.status === "CONFIRMED" && b.checkOut >= today)
    .sort((a, b) => a.checkIn.localeCompare(b.checkIn));
  const past = bookings.filter((b) => !upcoming.includes(b));
  return (
    <section className="page" aria-labelledby="trips-title">
      <h1 id="trips-title">Your trips</h1>
      {error && <ErrorBox error={error} retry={() => refetch({ requestPolicy: "network-only" })} />}
      {!data && fetching && <Loading label="Loading your trips…" />}
      {data && bookings.length === 0 && (
        <Empty title="No trips yet.">
          <Link href="/">Find somewhere to go</Link>
        </Empty>
      )}
      {upcoming.length > 0 && (
        <section aria-labelledby="upcoming">
          <h2 id="upcoming">Upcoming</h2>
          <ul className="stack" aria-busy={fetching}>
            {upcoming.map((b) => (
              <li key={b.id}>
                <BookingItem booking={b} {...cancelling(b)} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {past.length > 0 && (
        <section aria-labelledby="past">
          <h2 id="past">Past and cancelled</h2>
          <ul className="stack" aria-busy={fetching}>
            {past.map((b) => (
              <li key={b.id}>
                <BookingItem booking={b} canCancel={b.status === "CONFIRMED"} {...cancelling(b)} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <Pagination skip={skip} take={PAGE} shown={bookings.length} total={data?.travelBookingsCount} onChange={setSkip} label="Trips" />
    </section>
  );
}
