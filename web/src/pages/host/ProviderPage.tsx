// One of the host's providers: its listings, a kind at a time, each with the next two weeks'
// availability.
import { useState } from "react";
import { Link, useParams } from "wouter";
import { useQuery } from "urql";
import { Pagination } from "../../components/Pagination";
import { Empty, ErrorBox, Loading } from "../../components/states";
import type { HostedListingFragment, ProviderListingsQuery } from "../../gql/graphql";
import { addDays, formatShortDay, todayUtc } from "../../lib/dates";
import { capitalized, KINDS, kindInfo, listingPath, type KindInfo } from "../../lib/kinds";
import { formatMoney } from "../../lib/money";
import { usePageTitle } from "../../lib/title";
import { ProviderListingsDocument } from "./host";

const DAYS = 14;
const PAGE = 10;

function countOf(data: ProviderListingsQuery | undefined, kind: KindInfo): number {
  if (!data) return 0;
  const counts = {
    stays: data.travelPropertiesCount,
    tours: data.travelToursCount,
    activities: data.travelActivitiesCount,
    events: data.travelEventsCount,
    transport: data.travelTripsCount,
  } as Record<string, number | null | undefined>;
  return counts[kind.slug] ?? 0;
}

export function ProviderPage() {
  const { id } = useParams<{ id: string }>();
  const [chosen, setChosen] = useState<KindInfo | null>(null);
  const [skip, setSkip] = useState(0);
  const from = todayUtc();
  const kind = chosen ?? KINDS[0]!;
  const [{ data, fetching, error }, refetch] = useQuery({
    query: ProviderListingsDocument,
    variables: {
      id,
      filter: { providerId: id },
      pagination: { skip, take: PAGE },
      from,
      to: addDays(from, DAYS - 1),
      stays: kind.slug === "stays",
      tours: kind.slug === "tours",
      activities: kind.slug === "activities",
      events: kind.slug === "events",
      transport: kind.slug === "transport",
    },
  });
  usePageTitle(data?.travelProvider?.name ?? "Provider");
  // Until one is chosen, show the first kind the provider has listings of.
  if (!chosen && data && countOf(data, kind) === 0) {
    const first = KINDS.find((k) => countOf(data, k) > 0);
    if (first && first !== kind) setChosen(first);
  }
  if (error && !data) return <ErrorBox error={error} retry={() => refetch({ requestPolicy: "network-only" })} />;
  if (!data) return fetching ? <Loading /> : null;
  const provider = data.travelProvider;
  if (!provider) return <Empty title="This provider does not exist." />;
  const listings: HostedListingFragment[] =
    data.travelProperties ?? data.travelTours ?? data.travelActivities ?? data.travelEvents ?? data.travelTrips ?? [];
  const total = KINDS.reduce((sum, k) => sum + countOf(data, k), 0);
  return (
    <section className="page" aria-labelledby="provider-title">
      <p className="breadcrumbs">
        <Link href="/host">Host tools</Link> <span aria-hidden="true">›</span> {provider.name}
      </p>
      <div className="page-head">
        <h1 id="provider-title">{provider.name}</h1>
        <Link href={`/host/new?provider=${provider.id}`} className="button primary">
          New listing
        </Link>
      </div>
      {total === 0 ? (
        <Empty title="No listings under this provider yet." />
      ) : (
        <>
          <div className="kind-tabs" role="group" aria-label="Kinds of listing">
            {KINDS.filter((k) => countOf(data, k) > 0).map((k) => (
              <button
                key={k.slug}
                type="button"
                className={`kind-tab ${k.slug === kind.slug ? "active" : ""}`}
                aria-pressed={k.slug === kind.slug}
                onClick={() => {
                  setChosen(k);
                  setSkip(0);
                }}
              >
                {k.label} ({countOf(data, k)})
              </button>
            ))}
          </div>
          <ul className="stack" aria-busy={fetching}>
            {listings.map((listing) => (
              <li key={listing.id} className="hosted-listing">
                <h2>
                  <Link href={listingPath(listing.kind, listing.id)}>{listing.name}</Link>
                </h2>
                <p className="muted">
                  {capitalized(kindInfo(listing.kind).singular)} · {listing.location} · {formatMoney(listing.price, listing.currency)} /{" "}
                  {kindInfo(listing.kind).unit}
                </p>
                <table className="strip">
                  <caption>Free in the next {DAYS} days</caption>
                  <thead>
                    <tr>
                      {listing.availability.map((d) => (
                        <th key={d.date} scope="col">
                          {formatShortDay(d.date)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    <tr>
                      {listing.availability.map((d) => (
                        <td
                          key={d.date}
                          className={d.capacity === 0 ? "closed" : d.available === 0 ? "full" : d.available < d.capacity ? "few" : "open"}
                        >
                          {d.capacity === 0 ? "–" : `${d.available}/${d.capacity}`}
                        </td>
                      ))}
                    </tr>
                  </tbody>
                </table>
              </li>
            ))}
          </ul>
          <Pagination skip={skip} take={PAGE} shown={listings.length} total={countOf(data, kind)} onChange={setSkip} label={kind.label} />
        </>
      )}
    </section>
  );
}
