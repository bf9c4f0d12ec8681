// One of the host's providers: its listings of every kind, each with the next two weeks'
// availability.
import { Link, useParams } from "wouter";
import { useQuery } from "urql";
import { Empty, ErrorBox, Loading } from "../../components/states";
import type { HostedListingFragment } from "../../gql/graphql";
import { addDays, formatShortDay, todayUtc } from "../../lib/dates";
import { kindInfo, listingPath } from "../../lib/kinds";
import { formatMoney } from "../../lib/money";
import { usePageTitle } from "../../lib/title";
import { ProviderListingsDocument } from "./host";

const DAYS = 14;

export function ProviderPage() {
  const { id } = useParams<{ id: string }>();
  const from = todayUtc();
  const [{ data, fetching, error }, refetch] = useQuery({
    query: ProviderListingsDocument,
    variables: { id, filter: { providerId: id }, from, to: addDays(from, DAYS - 1) },
  });
  usePageTitle(data?.travelProvider?.name ?? "Provider");
  if (error && !data) return <ErrorBox error={error} retry={() => refetch({ requestPolicy: "network-only" })} />;
  if (!data) return fetching ? <Loading /> : null;
  const provider = data.travelProvider;
  if (!provider) return <Empty title="This provider does not exist." />;
  const listings: HostedListingFragment[] = [
    ...(data.travelProperties ?? []),
    ...(data.travelTours ?? []),
    ...(data.travelActivities ?? []),
    ...(data.travelEvents ?? []),
    ...(data.travelTrips ?? []),
  ];
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
      {listings.length === 0 && <Empty title="No listings under this provider yet." />}
      <ul className="stack">
        {listings.map((listing) => (
          <li key={listing.id} className="hosted-listing">
            <h2>
              <Link href={listingPath(listing.kind, listing.id)}>{listing.name}</Link>
            </h2>
            <p className="muted">
              {kindInfo(listing.kind).singular} · {listing.location} · {formatMoney(listing.price, listing.currency)} / {kindInfo(listing.kind).unit}
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
                    <td key={d.date} className={d.capacity === 0 ? "closed" : d.available === 0 ? "full" : d.available < d.capacity ? "few" : "open"}>
                      {d.capacity === 0 ? "–" : `${d.available}/${d.capacity}`}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </li>
        ))}
      </ul>
    </section>
  );
}
