// Admin: overview stats and analytics over a chosen window, drawn as charts, and every booking
// of the workspace. The window lives in the URL.
import { useState, type FormEvent } from "react";
import { useSearchParams } from "wouter";
import { useQuery } from "urql";
import { useSession } from "../../auth/session";
import { BookingItem, useJustCancelled } from "../../components/bookings";
import { Pagination } from "../../components/Pagination";
import { Empty, ErrorBox, Loading, Notice } from "../../components/states";
import { graphql } from "../../gql";
import type { TravelBookingStatus } from "../../gql/graphql";
import { addDays, formatDay, isDay, todayUtc } from "../../lib/dates";
import { kindInfo } from "../../lib/kinds";
import { formatMoney } from "../../lib/money";
import { usePageTitle } from "../../lib/title";
import { BarChart, Gauge } from "./charts";

const AnalyticsDocument = graphql(`
  query Analytics($from: Date, $to: Date) {
    travelOverviewStats(from: $from, to: $to) {
      totalBookings
      totalRevenue
      currency
      occupancyRate
      bookedNights
      availableNights
      occupancyFrom
      occupancyTo
      revenueByCurrency { currency bookings amount }
    }
    travelAnalytics(from: $from, to: $to) {
      categoryMix { category count }
      topProviders { id name bookings revenue currency }
    }
  }
`);

const AllBookingsDocument = graphql(`
  query AllBookings($pagination: TravelPaginationInput, $filter: TravelBookingFilterInput) {
    travelBookings(pagination: $pagination, where: $filter) { ...BookingRow }
    travelBookingsCount(where: $filter)
  }
`);

export function AdminPage() {
  usePageTitle("Admin");
  const { can } = useSession();
  if (!can("travel:analytics") && !can("travel:admin")) return <Notice tone="warning">The admin pages need travel:analytics or travel:admin.</Notice>;
  return (
    <section className="page admin" aria-labelledby="admin-title">
      <h1 id="admin-title">Admin</h1>
      {can("travel:analytics") && <Analytics />}
      {can("travel:admin") && <AllBookings />}
    </section>
  );
}

function Analytics() {
  const [params, setParams] = useSearchParams();
  const today = todayUtc();
  const allTime = params.get("window") === "all";
  const from = isDay(params.get("from")) ? params.get("from")! : addDays(today, -30);
  const to = isDay(params.get("to")) ? params.get("to")! : addDays(today, 60);
  const [draft, setDraft] = useState({ from, to });
  const [{ data, fetching, error }, refetch] = useQuery({
    query: AnalyticsDocument,
    variables: allTime ? {} : { from, to },
  });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setParams({ from: draft.from, to: draft.to });
  };
  const stats = data?.travelOverviewStats;
  const analytics = data?.travelAnalytics;
  return (
    <section aria-labelledby="analytics-title" className="panel">
      <h2 id="analytics-title">Analytics</h2>
      <form className="window-form" onSubmit={apply} aria-label="Date window">
        <div className="field">
          <label htmlFor="window-from">Check-ins from</label>
          <input id="window-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="window-to">Until (not included)</label>
          <input id="window-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <button type="submit" className="button primary">
          Show
        </button>
        <button type="button" className="button secondary" onClick={() => setParams({ window: "all" })} aria-pressed={allTime}>
          All time
        </button>
      </form>
      <p className="muted" aria-live="polite">
        {allTime ? "All confirmed bookings of all time." : `Confirmed bookings checking in from ${formatDay(from)} until ${formatDay(to)}.`}
      </p>
      {error && <ErrorBox error={error} labels={{ from: "Check-ins from", to: "Until" }} retry={() => refetch({ requestPolicy: "network-only" })} />}
      {!data && fetching && <Loading label="Counting…" />}
      {stats && analytics && (
        <>
          <div className="stats">
            <div className="stat">
              <p className="stat-label">Bookings</p>
              <p className="stat-value">{stats.totalBookings}</p>
            </div>
            <div className="stat">
              <p className="stat-label">Revenue ({stats.currency})</p>
              <p className="stat-value">{formatMoney(stats.totalRevenue, stats.currency)}</p>
            </div>
            <div className="stat">
              <p className="stat-label">Occupancy</p>
              <p className="stat-value">{Math.round(stats.occupancyRate * 1000) / 10}%</p>
            </div>
          </div>
          <div className="charts">
            <BarChart
              title="Category mix"
              bars={analytics.categoryMix.map((c) => ({ label: kindInfo(c.category).label, value: c.count, display: `${c.count}` }))}
            />
            <BarChart
              title={`Top providers by revenue (${stats.currency})`}
              bars={analytics.topProviders.map((p) => ({ label: p.name, value: Number(p.revenue), display: formatMoney(p.revenue, p.currency) }))}
            />
            <Gauge
              title="Occupancy of stays"
              rate={stats.occupancyRate}
              detail={`${stats.bookedNights} of ${stats.availableNights} room-nights, ${formatDay(stats.occupancyFrom)} – ${formatDay(addDays(stats.occupancyTo, -1))}`}
            />
            <BarChart
              title="Revenue by currency"
              bars={stats.revenueByCurrency.map((r) => ({
                label: `${r.currency} · ${r.bookings} booking${r.bookings === 1 ? "" : "s"}`,
                value: r.bookings,
                display: formatMoney(r.amount, r.currency),
              }))}
              note="Bar length is the number of bookings: amounts in different currencies are never added up."
            />
          </div>
        </>
      )}
    </section>
  );
}

function AllBookings() {
  const [skip, setSkip] = useState(0);
  const cancelling = useJustCancelled();
  const [status, setStatus] = useState<TravelBookingStatus | "">("");
  const [{ data, fetching, error }, refetch] = useQuery({
    query: AllBookingsDocument,
    variables: { pagination: { skip, take: 20 }, filter: status ? { status } : {} },
  });
  const bookings = data?.travelBookings ?? [];
  return (
    <section aria-labelledby="all-title" className="panel">
      <div className="page-head">
        <h2 id="all-title">All bookings</h2>
        <div className="field field-inline">
          <label htmlFor="status-filter">Status</label>
          <select id="status-filter" value={status} onChange={(e) => { setStatus(e.target.value as TravelBookingStatus | ""); setSkip(0); }}>
            <option value="">Any</option>
            <option value="CONFIRMED">Confirmed</option>
            <option value="CANCELLED">Cancelled</option>
          </select>
        </div>
      </div>
      {error && <ErrorBox error={error} retry={() => refetch({ requestPolicy: "network-only" })} />}
      {!data && fetching && <Loading />}
      {data && bookings.length === 0 && <Empty title="No bookings." />}
      <ul className="stack" aria-busy={fetching}>
        {bookings.map((b) => (
          <li key={b.id}>
            <BookingItem booking={b} showGuest {...cancelling(b)} />
          </li>
        ))}
      </ul>
      <Pagination skip={skip} take={20} shown={bookings.length} total={data?.travelBookingsCount} onChange={setSkip} label="Bookings" />
    </section>
  );
}
