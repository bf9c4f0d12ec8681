// Discovery: one search across every kind (travelSearch) — a search box with suggestions, kind
// tabs with counts, a sort menu, facet chips and a price histogram, "did you mean", pages — all
// in one request and all in the URL. On a phone the search folds into a one-line summary that
// opens a full-screen editor, so the first results are on the first screen.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "wouter";
import { useQuery } from "urql";
import { useSession } from "../../auth/session";
import { Field } from "../../components/Field";
import { ListingCard } from "../../components/ListingCard";
import { Pagination } from "../../components/Pagination";
import { Empty, ErrorBox, Loading, Notice } from "../../components/states";
import { graphql } from "../../gql";
import type { ListingCardFragment } from "../../gql/graphql";
import { addDays, formatShortDay, isDay, todayUtc } from "../../lib/dates";
import { KINDS, kindInfo } from "../../lib/kinds";
import { usePageTitle } from "../../lib/title";
import { Facets } from "./Facets";
import { SearchBox } from "./SearchBox";
import { problemsOf as apiProblems } from "../../api/errors";
import { placeProblems } from "../../forms/apiProblems";
import { EMPTY, FILTER_FIELDS, filterOf, MAX_RESULTS, PAGE_SIZE, problemsOf, readSearch, sortOf, SORTS, stayParams, writeSearch, type Search, type SearchProblems } from "./search";

const DiscoverDocument = graphql(`
  query Discover(
    $text: String
    $filter: TravelSearchFilterInput
    $sort: TravelListingSort
    $pagination: TravelPaginationInput
    $withPrices: Boolean!
    $unpriced: TravelSearchFilterInput
    $rangeChosen: Boolean!
  ) {
    travelSearch(text: $text, filter: $filter, sort: $sort) {
      total
      didYouMean
      listings(pagination: $pagination) { ...ListingCard }
      facets {
        kinds { value count }
        places(top: 6) { value count }
        amenities(top: 8) { value count }
        ratings { minRating count }
        prices(buckets: 12) @include(if: $withPrices) { min max count }
      }
    }
    # With a price range chosen, the histogram of the same search without it: every bar stays
    # there to choose another (those inside the range marked), as a price slider shows them.
    unpriced: travelSearch(text: $text, filter: $unpriced) @include(if: $rangeChosen) {
      facets { prices(buckets: 12) { min max count } }
    }
  }
`);

const LABELS = {
  text: "Search",
  location: "Place",
  minPrice: "Lowest price",
  maxPrice: "Highest price",
  currency: "Currency",
  minRating: "Rating",
  availableFrom: "From",
  availableTo: "To",
  guests: "Guests",
  sort: "Sort by",
};

/** Whether the window is phone-sized (the layout's own breakpoint, styles/app.css). */
function useNarrow(): boolean {
  const query = "(max-width: 40rem)";
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const update = () => setNarrow(media.matches);
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);
  return narrow;
}

export function DiscoverPage() {
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  usePageTitle(`${search.kind?.label ?? "Discover"} — Discover`);
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
      <h1 className="visually-hidden">Discover {search.kind ? search.kind.label.toLowerCase() : "stays, tours, activities, events and transport"}</h1>
      <Discovery search={search} go={go} />
    </section>
  );
}

function Discovery({ search, go }: { search: Search; go: (next: Search) => void }) {
  const narrow = useNarrow();
  const sort = sortOf(search);
  // A search reads its first MAX_RESULTS results; a page past them (a hand-made URL) asks for
  // the total only and says the page is past the end.
  const reachable = search.skip + PAGE_SIZE <= MAX_RESULTS;
  const [{ data, fetching, error, operation }, refetch] = useQuery({
    query: DiscoverDocument,
    variables: {
      text: search.text.trim() || null,
      filter: filterOf(search),
      sort,
      pagination: reachable ? { skip: search.skip, take: PAGE_SIZE } : { skip: 0, take: 0 },
      withPrices: Boolean(search.currency),
      unpriced: filterOf({ ...search, minPrice: "", maxPrice: "" }),
      rangeChosen: Boolean(search.currency && (search.minPrice.trim() || search.maxPrice.trim())),
    },
  });
  const found = data?.travelSearch;
  const facets = found?.facets;
  // What could not be searched for, next to its field: values of the URL the browser knows are
  // wrong (left out of the search), then anything the API refused.
  const placed = placeProblems(apiProblems(error), { fieldOf: (path) => FILTER_FIELDS[path] ?? null, labelOf: (field) => LABELS[field as keyof typeof LABELS] ?? field });
  const wrong: SearchProblems = { ...problemsOf(search), ...placed.byField };
  const [filtersOpen, setFiltersOpen] = useState(false);
  const chosen = [search.place, search.minRating, search.minPrice || search.maxPrice, ...search.amenities].filter(Boolean).length;
  return (
    <>
      {narrow ? (
        <SearchSummary search={search} wrong={wrong} onSearch={(s) => go({ ...s, skip: 0 })} />
      ) : (
        // Keyed by the search: a draft starts again from what the URL says.
        <SearchForm key={writeSearch(search)} search={search} wrong={wrong} onSearch={(s) => go({ ...s, skip: 0 })} />
      )}
      <KindTabs search={search} counts={facets?.kinds} />
      <div className="discover-body">
        {narrow && (
          <button type="button" className="button secondary filters-toggle" aria-expanded={filtersOpen} aria-controls="filters" onClick={() => setFiltersOpen(!filtersOpen)}>
            {filtersOpen ? "Hide filters" : chosen ? `Filters (${chosen})` : "Filters"}
          </button>
        )}
        <aside id="filters" className="discover-filters" aria-label="Filters" hidden={narrow && !filtersOpen}>
          <Facets search={search} facets={facets} allPrices={data?.unpriced?.facets.prices} wrong={wrong} onChange={go} />
          {chosen > 0 && (
            <Link href={`/?${writeSearch({ ...EMPTY, kind: search.kind, text: search.text, from: search.from, to: search.to, guests: search.guests })}`} className="link-button">
              Clear filters
            </Link>
          )}
        </aside>
        <div className={`results ${fetching ? "stale" : ""}`} id="results" tabIndex={-1} aria-busy={fetching}>
          <ResultsHead search={search} total={found?.total} fetching={fetching} onSort={(s) => go({ ...search, sort: s, skip: 0 })} />
          {found?.didYouMean && (
            <p className="did-you-mean">
              {found.total === 0 ? "Nothing matches that. " : ""}Did you mean{" "}
              <Link href={`/?${writeSearch({ ...search, text: found.didYouMean, skip: 0 })}`}>{found.didYouMean}</Link>?
            </p>
          )}
          {error && placed.general.length > 0 && <ErrorBox error={error} labels={LABELS} retry={() => refetch({ requestPolicy: "network-only" })} />}
          {!error && !found && fetching && <Loading label="Finding listings…" />}
          <Listings search={search} listings={found?.listings} total={found?.total} />
          {/* The range is of the results shown (the previous page stays while the next loads). */}
          <Pagination
            skip={reachable ? (operation?.variables.pagination?.skip ?? search.skip) : search.skip}
            take={PAGE_SIZE}
            shown={found?.listings.length ?? 0}
            total={found?.total}
            onChange={(skip) => go({ ...search, skip })}
            label="Results"
            firstPage={`/?${writeSearch({ ...search, skip: 0 })}`}
          />
        </div>
      </div>
    </>
  );
}

function Listings({ search, listings, total }: { search: Search; listings: ListingCardFragment[] | undefined; total: number | undefined }) {
  // Another page of results: focus goes to them — on a later page, or back on the first when
  // what was pressed is gone or disabled (the way back from past the end, the first page's
  // Previous); a new search or kind keeps it where it is. Not when the page opens at a later
  // page (a full load or a link): focus starts at the top.
  const shownSkip = useRef(search.skip);
  useEffect(() => {
    if (search.skip === shownSkip.current) return;
    shownSkip.current = search.skip;
    if (search.skip > 0 || focusLost()) document.getElementById("results")?.focus();
  }, [search.skip]);
  const noun = search.kind ? search.kind.plural : "listings";
  if (!listings) return null;
  if (listings.length === 0 && !total) {
    return (
      <Empty title={`No ${noun} match this search.`}>
        <p>Try other words or dates, fewer guests or fewer filters.</p>
      </Empty>
    );
  }
  return (
    <ul className="grid" aria-label={`${search.kind?.label ?? "Listings"} found`}>
      {listings.map((listing) => (
        <li key={listing.id}>
          <ListingCard listing={listing} query={stayParams(search)} />
        </li>
      ))}
    </ul>
  );
}

/** Focus is on nothing, or on a control just disabled. */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
}

function ResultsHead({ search, total, fetching, onSort }: { search: Search; total: number | undefined; fetching: boolean; onSort: (sort: Search["sort"]) => void }) {
  const id = useId();
  const kind = search.kind;
  const count = total == null ? (kind?.label ?? "Results") : kind ? `${total} ${total === 1 ? kind.singular : kind.plural}` : `${total} ${total === 1 ? "result" : "results"}`;
  return (
    <div className="results-head">
      <h2>{count}</h2>
      {fetching && <Loading label="Updating…" />}
      <div className="field field-inline sort">
        <label htmlFor={`${id}-sort`}>{LABELS.sort}</label>
        <select id={`${id}-sort`} value={sortOf(search)} onChange={(e) => onSort(e.target.value as Search["sort"])}>
          {SORTS.map((s) => (
            <option key={s.value} value={s.value} disabled={s.needsCurrency && !search.currency}>
              {s.label}
              {s.needsCurrency && !search.currency ? " (choose a currency)" : ""}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function KindTabs({ search, counts }: { search: Search; counts: { value: string; count: number }[] | undefined }) {
  const countOf = (kind: string) => counts?.find((c) => c.value === kind)?.count;
  const all = counts?.reduce((sum, c) => sum + c.count, 0);
  const tabs = [{ slug: "", label: "All", kind: null, count: all }, ...KINDS.map((k) => ({ slug: k.slug, label: k.label, kind: k, count: countOf(k.kind) }))];
  return (
    <div className="kind-strip">
      <nav className="kind-tabs" aria-label="Kinds of listing">
        {tabs.map((tab) => {
          const current = (search.kind?.slug ?? "") === tab.slug;
          // A tab keeps the search but not a sort that only its kind has.
          const next = { ...search, kind: tab.kind, skip: 0, sort: search.sort === "START_TIME" ? ("" as const) : search.sort };
          return (
            <Link key={tab.slug || "all"} href={`/?${writeSearch(next)}`} className={`kind-tab ${current ? "active" : ""}`} aria-current={current ? "page" : undefined}>
              {tab.label}
              {tab.count != null && <span className="kind-count"> {tab.count}</span>}
            </Link>
          );
        })}
      </nav>
    </div>
  );
}

/** The search's editable part: the box, the dates and the guests. */
type SearchFormProps = {
  search: Search;
  /** What is wrong with the search as it stands (shown until the person checks again). */
  wrong: SearchProblems;
  onSearch: (search: Search) => void;
  autoFocus?: boolean;
  onDone?: () => void;
};

function SearchForm({ search, wrong, onSearch, autoFocus, onDone }: SearchFormProps) {
  const [draft, setDraft] = useState(search);
  const [checked, setChecked] = useState<SearchProblems | null>(null);
  const problems = checked ?? { guests: wrong.guests, to: wrong.to ?? wrong.from };
  const id = useId();
  const set = (field: "from" | "to" | "guests") => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });
  const submit = (next: Search) => {
    const found = problemsOf(next);
    const mine = { guests: found.guests, to: found.to };
    setChecked(mine);
    if (mine.to || mine.guests) {
      document.getElementById(mine.to ? `${id}-to` : `${id}-guests`)?.focus();
      return;
    }
    onDone?.();
    onSearch(next);
  };
  const nights = draft.kind?.nights ?? false;
  const today = todayUtc();
  return (
    <form
      className="search"
      role="search"
      aria-label="Search listings"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        submit(draft);
      }}
    >
      <div className="search-main">
        <SearchBox label="Where to, or what?" value={draft.text} autoFocus={autoFocus} onChange={(text) => setDraft((d) => ({ ...d, text }))} onSearch={(text) => submit({ ...draft, text })} />
        <div className="field">
          <label htmlFor={`${id}-from`}>{nights ? "Check-in" : "From"}</label>
          <input id={`${id}-from`} type="date" min={today} value={draft.from} onChange={set("from")} />
        </div>
        <Field label={nights ? "Check-out" : "To"} error={problems.to}>
          <input id={`${id}-to`} type="date" min={draft.from ? addDays(draft.from, nights ? 1 : 0) : today} value={draft.to} onChange={set("to")} />
        </Field>
        <Field label="Guests" error={problems.guests}>
          <input id={`${id}-guests`} type="number" inputMode="numeric" min={1} max={999} value={draft.guests} onChange={set("guests")} />
        </Field>
        <button type="submit" className="button primary search-submit">
          Search
        </button>
      </div>
    </form>
  );
}

/** The search in a line ("Lisbon · 12 Mar – 15 Mar · 2 guests"). */
export function summaryOf(search: Search): string {
  const parts: string[] = [];
  if (search.text.trim()) parts.push(search.text.trim());
  if (isDay(search.from) && isDay(search.to)) parts.push(`${formatShortDay(search.from)} – ${formatShortDay(search.to)}`);
  const guests = Number.parseInt(search.guests, 10);
  if (guests > 0) parts.push(`${guests} guest${guests === 1 ? "" : "s"}`);
  return parts.join(" · ");
}

/** On a phone: the search as one line; tapping it opens the full editor over the page. */
function SearchSummary({ search, wrong, onSearch }: { search: Search; wrong: SearchProblems; onSearch: (search: Search) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first button (Close); the person came to type.
      dialog.querySelector<HTMLInputElement>("[role=combobox]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const summary = summaryOf(search);
  return (
    <div className="search-summary">
      <button type="button" className="summary-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span className="visually-hidden">Edit the search: </span>
        <span className="summary-text">{summary || "Where to, or what?"}</span>
        {search.kind && <span className="summary-kind">{kindInfo(search.kind.kind).label}</span>}
      </button>
      <dialog
        ref={ref}
        className="dialog search-dialog"
        aria-label="Search"
        onClose={() => setOpen(false)}
        onKeyDown={(e) => {
          // Escape closes the editor (the search box keeps the one that closes its suggestions):
          // Chromium skips a dialog's own cancel after an Escape the page consumed.
          if (e.key === "Escape") {
            e.preventDefault();
            setOpen(false);
          }
        }}
      >
        <div className="search-dialog-head">
          <h2>Search</h2>
          <button type="button" className="button secondary" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
        {open && <SearchForm search={search} wrong={wrong} onSearch={onSearch} autoFocus onDone={() => setOpen(false)} />}
      </dialog>
    </div>
  );
}
