// A provider's listings as its host manages them: filtered by status, a kind at a time, each
// with its status, the way to edit it, quick pause / resume / archive, and the next two weeks'
// availability.
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { useQuery } from "urql";
import { Pagination } from "../../components/Pagination";
import { Empty, ErrorBox, Loading } from "../../components/states";
import type { HostedListingFragment, ProviderListingsQuery, TravelListingStatus } from "../../gql/graphql";
import { addDays, formatShortDay, todayUtc } from "../../lib/dates";
import { capitalized, KINDS, kindInfo, listingPath, type KindInfo } from "../../lib/kinds";
import { formatMoney } from "../../lib/money";
import { editPath } from "./editing";
import { ProviderListingsDocument } from "./host";
import { STATUS_WORDS, StatusActions, StatusBadge, type StatusListing } from "./StatusActions";

const DAYS = 14;
const PAGE = 10;
const EVERY_STATUS: TravelListingStatus[] = ["ACTIVE", "PAUSED", "ARCHIVED"];

type Shown = "ALL" | TravelListingStatus;

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

/** The listings of one provider, or (`providerId` null) of every provider the caller owns,
 * each then naming its provider. */
export function HostedListings({ providerId }: { providerId: string | null }) {
  const id = useId();
  const [shown, setShown] = useState<Shown>("ALL");
  const [chosen, setChosen] = useState<KindInfo | null>(null);
  const [skip, setSkip] = useState(0);
  const [said, setSaid] = useState({ text: "", focus: false });
  const saidRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (said.focus) saidRef.current?.focus();
  }, [said]);
  const from = todayUtc();
  const kind = chosen ?? KINDS[0]!;
  const [{ data, fetching, error }, refetch] = useQuery({
    query: ProviderListingsDocument,
    variables: {
      filter: { ...(providerId ? { providerId } : { ownedByViewer: true }), status: shown === "ALL" ? EVERY_STATUS : [shown] },
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
  // Show a kind the filter keeps listings of: the one chosen while it has some, else the first.
  if (data && countOf(data, kind) === 0) {
    const first = KINDS.find((k) => countOf(data, k) > 0);
    if (first && first !== kind) {
      setChosen(first);
      setSkip(0);
    }
  }
  const changed = (listing: StatusListing, words: string) => {
    if (!words) return void refetch({ requestPolicy: "network-only" });
    if (shown !== "ALL" && listing.status !== shown) {
      // It leaves this list (and its buttons with it): focus goes to what happened.
      setSaid({ text: `${words} It is no longer shown under “${STATUS_WORDS[shown]}”.`, focus: true });
    } else setSaid({ text: "", focus: false });
  };
  const listings: HostedListingFragment[] =
    data?.travelProperties ?? data?.travelTours ?? data?.travelActivities ?? data?.travelEvents ?? data?.travelTrips ?? [];
  const total = KINDS.reduce((sum, k) => sum + countOf(data, k), 0);
  return (
    <div className="hosted-listings">
      <div className="field field-inline">
        <label htmlFor={`${id}-status`}>Show</label>
        <select
          id={`${id}-status`}
          value={shown}
          onChange={(e) => {
            setShown(e.target.value as Shown);
            setSkip(0);
            setSaid({ text: "", focus: false });
          }}
        >
          <option value="ALL">All listings</option>
          {EVERY_STATUS.map((s) => (
            <option key={s} value={s}>
              {STATUS_WORDS[s]} only
            </option>
          ))}
        </select>
      </div>
      <p className="muted" role="status" tabIndex={-1} ref={saidRef}>
        {said.text}
      </p>
      {error && <ErrorBox error={error} retry={() => refetch({ requestPolicy: "network-only" })} />}
      {!data && fetching && <Loading />}
      {data && total === 0 && (
        <Empty title={`No ${shown === "ALL" ? "" : `${STATUS_WORDS[shown].toLowerCase()} `}listings ${providerId ? "under this provider" : "under your providers"}${shown === "ALL" ? " yet" : ""}.`} />
      )}
      {total > 0 && (
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
          <ul className="stack" aria-busy={fetching} aria-label={`${kind.label} listed`}>
            {listings.map((listing) => (
              <HostedListing key={listing.id} listing={listing} onChanged={changed} withProvider={!providerId} />
            ))}
          </ul>
          <Pagination skip={skip} take={PAGE} shown={listings.length} total={countOf(data, kind)} onChange={setSkip} label={kind.label} />
        </>
      )}
    </div>
  );
}

type ListingProps = { listing: HostedListingFragment; onChanged: (listing: StatusListing, said: string) => void; withProvider: boolean };

function HostedListing({ listing, onChanged, withProvider }: ListingProps) {
  const info = kindInfo(listing.kind);
  return (
    <li className="hosted-listing">
      <div className="hosted-head">
        <h3>
          <Link href={listingPath(listing.kind, listing.id)}>{listing.name}</Link>
        </h3>
        <StatusBadge status={listing.status} />
      </div>
      <p className="muted">
        {capitalized(info.singular)} · {listing.location} · {formatMoney(listing.price, listing.currency)} / {info.unit}
        {withProvider && listing.provider && <> · {listing.provider.name}</>}
      </p>
      <div className="hosted-actions">
        <Link href={editPath(listing.kind, listing.id)} className="button secondary small">
          Edit<span className="visually-hidden"> {listing.name}</span>
        </Link>
        <StatusActions listing={listing} onChanged={onChanged} />
      </div>
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
  );
}
