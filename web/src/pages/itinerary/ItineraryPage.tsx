// The itinerary: upcoming bookings and saved favorites laid out by date and place, composed
// here from travelBookings and travelFavorites (the API has no itinerary operation).
import { Link } from "wouter";
import { useQuery } from "urql";
import { useSession } from "../../auth/session";
import { Empty, ErrorBox, Loading } from "../../components/states";
import { graphql } from "../../gql";
import type { ItineraryQuery } from "../../gql/graphql";
import { formatDay, todayUtc } from "../../lib/dates";
import { kindInfo, listingPath, type Kind } from "../../lib/kinds";
import { usePageTitle } from "../../lib/title";

const ItineraryDocument = graphql(`
  query Itinerary($bookings: Boolean!, $favorites: Boolean!) {
    travelBookings(where: { bookedByViewer: true, status: CONFIRMED }, pagination: { take: 100 }) @include(if: $bookings) {
      id
      referenceCode
      targetType
      checkIn
      checkOut
      guests
      target { __typename id name location }
    }
    travelFavorites(pagination: { take: 100 }) @include(if: $favorites) {
      id
      target {
        __typename
        id
        kind
        name
        location
        ... on TravelEvent { startsAt }
        ... on TravelTrip { departsAt origin destination }
      }
    }
  }
`);

type Entry = {
  key: string;
  date: string;
  kind: Kind;
  id: string;
  name: string;
  place: string;
  what: string;
  booked: boolean;
};

function entriesOf(data: ItineraryQuery | undefined, today: string): { timeline: Entry[]; saved: Map<string, Entry[]> } {
  const timeline: Entry[] = [];
  const saved = new Map<string, Entry[]>();
  const booked = new Set<string>();
  for (const b of data?.travelBookings ?? []) {
    if (b.checkOut < today) continue;
    booked.add(b.target.id);
    const base = { kind: b.targetType, id: b.target.id, name: b.target.name, place: b.target.location, booked: true };
    if (kindInfo(b.targetType).nights) {
      timeline.push({ ...base, key: `${b.id}-in`, date: b.checkIn, what: `Check in · ${b.guests} guest${b.guests === 1 ? "" : "s"} · ${b.referenceCode}` });
      timeline.push({ ...base, key: `${b.id}-out`, date: b.checkOut, what: "Check out" });
    } else {
      timeline.push({ ...base, key: b.id, date: b.checkIn, what: `${b.guests} guest${b.guests === 1 ? "" : "s"} · ${b.referenceCode}` });
    }
  }
  for (const f of data?.travelFavorites ?? []) {
    const t = f.target;
    if (booked.has(t.id)) continue;
    const date = t.__typename === "TravelEvent" ? t.startsAt.slice(0, 10) : t.__typename === "TravelTrip" ? t.departsAt.slice(0, 10) : null;
    const entry = { key: f.id, kind: t.kind, id: t.id, name: t.name, place: t.location, booked: false };
    if (date && date >= today) {
      timeline.push({ ...entry, date, what: "Saved — not booked yet" });
    } else if (!date) {
      const list = saved.get(t.location) ?? [];
      list.push({ ...entry, date: "", what: kindInfo(t.kind).singular });
      saved.set(t.location, list);
    }
  }
  timeline.sort((a, b) => a.date.localeCompare(b.date) || Number(b.booked) - Number(a.booked));
  return { timeline, saved };
}

// Re-read after a mutation touching these types (a constant: urql re-runs a query whose
// context object changes, so a new object per render would loop).
const REFRESHED_BY = { additionalTypenames: ["TravelFavorite", "TravelBooking"] };

export function ItineraryPage() {
  usePageTitle("Itinerary");
  const { can } = useSession();
  const [{ data, fetching, error }, refetch] = useQuery({
    query: ItineraryDocument,
    variables: { bookings: can("travel:book"), favorites: can("travel:favorite") },
    context: REFRESHED_BY,
  });
  const { timeline, saved } = entriesOf(data, todayUtc());
  const days = new Map<string, Entry[]>();
  for (const entry of timeline) days.set(entry.date, [...(days.get(entry.date) ?? []), entry]);
  return (
    <section className="page itinerary" aria-labelledby="itinerary-title">
      <h1 id="itinerary-title">Itinerary</h1>
      <p className="muted">Your upcoming bookings and saved favorites, by date and place.</p>
      {error && <ErrorBox error={error} retry={() => refetch({ requestPolicy: "network-only" })} />}
      {!data && fetching && <Loading label="Putting your itinerary together…" />}
      {data && days.size === 0 && saved.size === 0 && (
        <Empty title="Nothing planned yet.">
          <Link href="/">Find something to do</Link>
        </Empty>
      )}
      {days.size > 0 && (
        <ol className="itinerary-days" aria-label="By date">
          {[...days.entries()].map(([date, entries]) => (
            <li key={date} className="itinerary-day">
              <h2>{formatDay(date)}</h2>
              <ul>
                {entries.map((e) => (
                  <li key={e.key} className={`itinerary-entry ${e.booked ? "booked" : "saved"}`}>
                    <span className="badge">{e.booked ? "Booked" : "Saved"}</span>{" "}
                    <Link href={listingPath(e.kind, e.id)}>{e.name}</Link> <span className="muted">· {e.place}</span>
                    <div className="muted">{e.what}</div>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {saved.size > 0 && (
        <section aria-labelledby="saved-places">
          <h2 id="saved-places">Saved for later, by place</h2>
          <div className="places">
            {[...saved.entries()]
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([place, entries]) => (
                <section key={place} className="place" aria-label={place}>
                  <h3>{place}</h3>
                  <ul>
                    {entries.map((e) => (
                      <li key={e.key}>
                        <Link href={listingPath(e.kind, e.id)}>{e.name}</Link> <span className="muted">· {e.what}</span>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
          </div>
        </section>
      )}
    </section>
  );
}
