// Discovery: the five kinds, every catalog filter, paginated; the search is the URL.
import { useEffect, useId, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "wouter";
import { useQuery } from "urql";
import { useSession } from "../../auth/session";
import { ListingCard } from "../../components/ListingCard";
import { Pagination } from "../../components/Pagination";
import { Empty, ErrorBox, Loading, Notice } from "../../components/states";
import { graphql } from "../../gql";
import type { ListingCardFragment } from "../../gql/graphql";
import { addDays, formatShortDay, isDay, todayUtc } from "../../lib/dates";
import { KINDS } from "../../lib/kinds";
import { usePageTitle } from "../../lib/title";
import { filterOf, PAGE_SIZE, readSearch, stayParams, writeSearch, type Search } from "./search";

const DiscoverDocument = graphql(`
  query Discover(
    $filter: TravelListingFilterInput
    $pagination: TravelPaginationInput
    $stays: Boolean!
    $tours: Boolean!
    $activities: Boolean!
    $events: Boolean!
    $transport: Boolean!
  ) {
    travelProperties(filter: $filter, pagination: $pagination) @include(if: $stays) { ...ListingCard }
    travelPropertiesCount(filter: $filter) @include(if: $stays)
    travelTours(filter: $filter, pagination: $pagination) @include(if: $tours) { ...ListingCard }
    travelToursCount(filter: $filter) @include(if: $tours)
    travelActivities(filter: $filter, pagination: $pagination) @include(if: $activities) { ...ListingCard }
    travelActivitiesCount(filter: $filter) @include(if: $activities)
    travelEvents(filter: $filter, pagination: $pagination) @include(if: $events) { ...ListingCard }
    travelEventsCount(filter: $filter) @include(if: $events)
    travelTrips(filter: $filter, pagination: $pagination) @include(if: $transport) { ...ListingCard }
    travelTripsCount(filter: $filter) @include(if: $transport)
  }
`);

const ProvidersDocument = graphql(`
  query ProviderChoices {
    travelProviders(pagination: { take: 100 }) { id name type }
  }
`);

const LABELS = {
  text: "What",
  location: "Where",
  minPrice: "Lowest price",
  maxPrice: "Highest price",
  currency: "Currency",
  minRating: "Rating",
  availableFrom: "From",
  availableTo: "To",
  guests: "Guests",
};

export function DiscoverPage() {
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  usePageTitle(`${search.kind.label} — Discover`);
  if (!can("travel:read")) {
    return (
      <section className="page">
        <h1>Discover</h1>
        <Notice tone="warning">
          This credential can't read the catalog: it lacks the <code>travel:read</code> permission. Ask your workspace
          administrator for a key that includes it.
        </Notice>
      </section>
    );
  }
  const go = (next: Search) => setParams(writeSearch(next));
  return (
    <section className="page discover">
      <h1 className="visually-hidden">Discover {search.kind.label.toLowerCase()}</h1>
      <nav className="kind-tabs" aria-label="Kinds of listing">
        {KINDS.map((k) => (
          <Link
            key={k.kind}
            href={`/?${writeSearch({ ...search, kind: k, skip: 0, providerId: "" })}`}
            className={`kind-tab ${k.kind === search.kind.kind ? "active" : ""}`}
            aria-current={k.kind === search.kind.kind ? "page" : undefined}
          >
            {k.label}
          </Link>
        ))}
      </nav>
      <SearchForm key={params.toString()} search={search} onSearch={(s) => go({ ...s, skip: 0 })} />
      <Results search={search} onPage={(skip) => go({ ...search, skip })} />
    </section>
  );
}

function SearchForm({ search, onSearch }: { search: Search; onSearch: (search: Search) => void }) {
  const [draft, setDraft] = useState(search);
  const [more, setMore] = useState(Boolean(search.minPrice || search.maxPrice || search.currency || search.minRating || search.providerId));
  const [{ data: providers }] = useQuery({ query: ProvidersDocument });
  const id = useId();
  const set = (field: keyof Search) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  const nights = draft.kind.nights;
  const today = todayUtc();
  return (
    <form className="search" role="search" aria-label={`Search ${search.kind.label.toLowerCase()}`} onSubmit={submit}>
      <div className="search-main">
        <div className="field">
          <label htmlFor={`${id}-q`}>{LABELS.text}</label>
          <input id={`${id}-q`} type="search" value={draft.text} onChange={set("text")} placeholder="e.g. rooftop, food tour" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-where`}>{LABELS.location}</label>
          <input id={`${id}-where`} value={draft.location} onChange={set("location")} placeholder="City or neighbourhood" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>{nights ? "Check-in" : "From"}</label>
          <input id={`${id}-from`} type="date" min={today} value={draft.from} onChange={set("from")} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{nights ? "Check-out" : "To"}</label>
          <input id={`${id}-to`} type="date" min={draft.from ? addDays(draft.from, nights ? 1 : 0) : today} value={draft.to} onChange={set("to")} />
        </div>
        <div className="field field-narrow">
          <label htmlFor={`${id}-guests`}>{LABELS.guests}</label>
          <input id={`${id}-guests`} type="number" inputMode="numeric" min={1} max={99} value={draft.guests} onChange={set("guests")} />
        </div>
        <button type="submit" className="button primary search-submit">
          Search
        </button>
      </div>
      <button type="button" className="link-button" aria-expanded={more} aria-controls={`${id}-more`} onClick={() => setMore(!more)}>
        {more ? "Fewer filters" : "More filters"}
      </button>
      <div id={`${id}-more`} className="search-more" hidden={!more}>
        <div className="field field-narrow">
          <label htmlFor={`${id}-min`}>{LABELS.minPrice}</label>
          <input id={`${id}-min`} inputMode="decimal" value={draft.minPrice} onChange={set("minPrice")} placeholder="0" />
        </div>
        <div className="field field-narrow">
          <label htmlFor={`${id}-max`}>{LABELS.maxPrice}</label>
          <input id={`${id}-max`} inputMode="decimal" value={draft.maxPrice} onChange={set("maxPrice")} placeholder="any" />
        </div>
        <div className="field field-narrow">
          <label htmlFor={`${id}-currency`}>{LABELS.currency}</label>
          <select id={`${id}-currency`} value={draft.currency} onChange={set("currency")}>
            <option value="">Any</option>
            {["USD", "EUR", "GBP", "JPY", "MXN", "ZAR", "ISK"].map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-narrow">
          <label htmlFor={`${id}-rating`}>{LABELS.minRating}</label>
          <select id={`${id}-rating`} value={draft.minRating} onChange={set("minRating")}>
            <option value="">Any</option>
            <option value="3">3 ★ and up</option>
            <option value="4">4 ★ and up</option>
            <option value="4.5">4.5 ★ and up</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-provider`}>Host or operator</label>
          <select id={`${id}-provider`} value={draft.providerId} onChange={set("providerId")}>
            <option value="">Any</option>
            {(providers?.travelProviders ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <Link href={`/?kind=${search.kind.slug}`} className="link-button">
          Clear all filters
        </Link>
      </div>
    </form>
  );
}

function Results({ search, onPage }: { search: Search; onPage: (skip: number) => void }) {
  const slug = search.kind.slug;
  const [{ data, fetching, error, operation }, refetch] = useQuery({
    query: DiscoverDocument,
    variables: {
      filter: filterOf(search),
      pagination: { skip: search.skip, take: PAGE_SIZE },
      stays: slug === "stays",
      tours: slug === "tours",
      activities: slug === "activities",
      events: slug === "events",
      transport: slug === "transport",
    },
  });
  const listings: ListingCardFragment[] | null | undefined =
    data && (data.travelProperties ?? data.travelTours ?? data.travelActivities ?? data.travelEvents ?? data.travelTrips);
  const total =
    data && (data.travelPropertiesCount ?? data.travelToursCount ?? data.travelActivitiesCount ?? data.travelEventsCount ?? data.travelTripsCount);
  useEffect(() => {
    if (search.skip > 0) document.getElementById("results")?.focus();
  }, [search.skip]);
  return (
    // While a new search runs, the previous results stay, dimmed (urql keeps them).
    <div className={`results ${fetching ? "stale" : ""}`} id="results" tabIndex={-1} aria-busy={fetching}>
      <div className="results-head">
        <h2>{total == null ? search.kind.label : `${total} ${total === 1 ? search.kind.singular : search.kind.plural}`}</h2>
        {fetching && <Loading label="Updating…" />}
      </div>
      {data && !fetching && <p className="results-summary">{summaryOf(search)}</p>}
      {error && <ErrorBox error={error} labels={LABELS} retry={() => refetch({ requestPolicy: "network-only" })} />}
      {!error && !listings && fetching && <Loading label={`Finding ${search.kind.label.toLowerCase()}…`} />}
      {listings && listings.length === 0 && !total && (
        <Empty title={`No ${search.kind.plural} match this search.`}>
          <p>Try other dates, fewer guests or fewer filters.</p>
        </Empty>
      )}
      {listings && listings.length > 0 && (
        <ul className="grid" aria-label={`${search.kind.label} found`}>
          {listings.map((listing) => (
            <li key={listing.id}>
              <ListingCard listing={listing} query={stayParams(search)} />
            </li>
          ))}
        </ul>
      )}
      {/* The range is of the results shown (the previous page stays while the next loads). */}
      <Pagination
        skip={operation?.variables.pagination?.skip ?? search.skip}
        take={PAGE_SIZE}
        shown={listings?.length ?? 0}
        total={total}
        onChange={onPage}
        label={search.kind.label}
      />
    </div>
  );
}

/** The search the results answer, in words ("in lisbon · 20 Dec – 23 Dec · 2 guests"). */
function summaryOf(search: Search): string {
  const parts: string[] = [];
  if (search.text.trim()) parts.push(`“${search.text.trim()}”`);
  if (search.location.trim()) parts.push(`in ${search.location.trim()}`);
  if (isDay(search.from) && isDay(search.to)) parts.push(`${formatShortDay(search.from)} – ${formatShortDay(search.to)}`);
  else if (isDay(search.from)) parts.push(`from ${formatShortDay(search.from)}`);
  const guests = Number.parseInt(search.guests, 10);
  if (guests > 0) parts.push(`${guests} guest${guests === 1 ? "" : "s"}`);
  if (search.minPrice || search.maxPrice) parts.push(`price ${search.minPrice || "0"}–${search.maxPrice || "any"}`);
  if (search.currency) parts.push(search.currency.toUpperCase());
  if (search.minRating) parts.push(`★ ${search.minRating}+`);
  if (search.providerId) parts.push("one provider");
  return parts.length ? `Showing ${search.kind.label.toLowerCase()} ${parts.join(" · ")}` : `Showing all ${search.kind.label.toLowerCase()}`;
}
