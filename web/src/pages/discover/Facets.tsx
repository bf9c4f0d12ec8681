// What a search can be narrowed by, with how many listings each choice keeps (travelSearch's
// facets): places, amenities and ratings as chips, prices as a histogram within one currency.
import { useId, useState, type FormEvent } from "react";
import { Field } from "../../components/Field";
import type { DiscoverQuery } from "../../gql/graphql";
import { addAmounts, formatMoney } from "../../lib/money";
import { problemsOf, type Search, type SearchProblems } from "./search";

export type FacetData = NonNullable<DiscoverQuery["travelSearch"]>["facets"];

// The currencies travelers pick most, with whichever the search names (any ISO 4217 code works).
export const CURRENCIES = ["AUD", "BRL", "CAD", "CHF", "CNY", "CZK", "DKK", "EUR", "GBP", "HKD", "HUF", "IDR", "ILS", "INR", "ISK", "JPY", "KRW", "MAD", "MXN", "NOK", "NZD", "PLN", "SEK", "SGD", "THB", "TRY", "USD", "ZAR"];

/** A bucket's highest price as a filter includes it: one minor unit below where the next bucket
 * starts (a bucket holds its lowest price, not its highest), the last bucket's own. */
export function bucketTop(max: string, currency: string, last: boolean): string {
  if (last) return max;
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return addAmounts(max, (-(10 ** -digits)).toFixed(digits)); // on decimal strings: exact
}

type Props = {
  search: Search;
  facets: FacetData | undefined;
  /** With a price range chosen: the histogram of the search without it. */
  allPrices?: FacetData["prices"];
  /** What is wrong with the search's prices as they stand (from its URL, or the API). */
  wrong: SearchProblems;
  onChange: (next: Search) => void;
};

export function Facets({ search, facets, allPrices, wrong, onChange }: Props) {
  const change = (patch: Partial<Search>) => onChange({ ...search, ...patch, skip: 0 });
  const toggleAmenity = (name: string) =>
    change({ amenities: search.amenities.includes(name) ? search.amenities.filter((a) => a !== name) : [...search.amenities, name] });
  const chosenPlace = search.place && !facets?.places.some((p) => p.value === search.place) ? [{ value: search.place, count: 0 }] : [];
  const chosenAmenities = search.amenities.filter((a) => !facets?.amenities.some((f) => f.value === a)).map((value) => ({ value, count: 0 }));
  return (
    <div className="facets">
      <Prices key={`${search.currency}|${search.minPrice}|${search.maxPrice}`} search={search} buckets={allPrices ?? facets?.prices ?? null} wrong={wrong} onChange={change} />
      <fieldset className="facet">
        <legend>Rating</legend>
        <div className="chips">
          {(facets?.ratings ?? []).map((band) => {
            const chosen = search.minRating === String(band.minRating);
            return (
              <button
                key={band.minRating}
                type="button"
                className="chip"
                aria-pressed={chosen}
                onClick={() => change({ minRating: chosen ? "" : String(band.minRating) })}
              >
                ★ {band.minRating}+ <span className="chip-count">{band.count}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="facet">
        <legend>Place</legend>
        <div className="chips">
          {[...(facets?.places ?? []), ...chosenPlace].map((place) => {
            const chosen = search.place === place.value;
            return (
              <button key={place.value} type="button" className="chip" aria-pressed={chosen} onClick={() => change({ place: chosen ? "" : place.value })}>
                {place.value} <span className="chip-count">{place.count}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="facet">
        <legend>Amenities</legend>
        <div className="chips">
          {[...(facets?.amenities ?? []), ...chosenAmenities].map((amenity) => (
            <button
              key={amenity.value}
              type="button"
              className="chip"
              aria-pressed={search.amenities.includes(amenity.value)}
              onClick={() => toggleAmenity(amenity.value)}
            >
              {amenity.value} <span className="chip-count">{amenity.count}</span>
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

type PricesProps = { search: Search; buckets: FacetData["prices"] | null; wrong: SearchProblems; onChange: (patch: Partial<Search>) => void };

function Prices({ search, buckets, wrong, onChange }: PricesProps) {
  const id = useId();
  const [min, setMin] = useState(search.minPrice);
  const [max, setMax] = useState(search.maxPrice);
  const [checked, setChecked] = useState<SearchProblems | null>(null);
  const problems = checked ?? wrong;
  const low = Number(search.minPrice || 0);
  const high = search.maxPrice ? Number(search.maxPrice) : Infinity;
  const tallest = Math.max(1, ...(buckets ?? []).map((b) => b.count));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const found = problemsOf({ ...search, minPrice: min, maxPrice: max });
    const mine = { minPrice: found.minPrice, maxPrice: found.maxPrice };
    setChecked(mine);
    if (mine.minPrice || mine.maxPrice) {
      document.getElementById(mine.minPrice ? `${id}-min` : `${id}-max`)?.focus();
      return;
    }
    onChange({ minPrice: min.trim(), maxPrice: max.trim() });
  };
  return (
    <fieldset className="facet">
      <legend>Price</legend>
      <div className="field field-narrow">
        <label htmlFor={`${id}-currency`}>Currency</label>
        <select id={`${id}-currency`} value={search.currency} onChange={(e) => onChange({ currency: e.target.value, minPrice: "", maxPrice: "" })}>
          <option value="">Any</option>
          {(CURRENCIES.includes(search.currency) || !search.currency ? CURRENCIES : [...CURRENCIES, search.currency].sort()).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      {!search.currency && <p className="facet-hint">Choose a currency to see prices and sort by them.</p>}
      {buckets && buckets.length > 0 && (
        <div className="histogram" role="group" aria-label={`Prices in ${search.currency}`}>
          {buckets.map((b, i) => {
            const top = bucketTop(b.max, search.currency, i === buckets.length - 1);
            const label = `${formatMoney(b.min, search.currency)} to ${formatMoney(top, search.currency)}: ${b.count}`;
            const chosen = search.minPrice === b.min && search.maxPrice === top;
            const inRange = (search.minPrice || search.maxPrice) && Number(b.min) >= low && Number(top) <= high;
            return (
              <button
                key={b.min}
                type="button"
                className={inRange ? "bar in-range" : "bar"}
                aria-label={label}
                title={label}
                aria-pressed={chosen}
                disabled={b.count === 0}
                style={{ "--height": `${Math.max(4, (b.count / tallest) * 100)}%` } as React.CSSProperties}
                onClick={() => {
                  setMin(chosen ? "" : b.min);
                  setMax(chosen ? "" : top);
                  onChange(chosen ? { minPrice: "", maxPrice: "" } : { minPrice: b.min, maxPrice: top });
                }}
              />
            );
          })}
        </div>
      )}
      <form className="price-range" onSubmit={apply} noValidate>
        <Field label="Lowest price" error={problems.minPrice}>
          <input id={`${id}-min`} inputMode="decimal" value={min} placeholder="0" onChange={(e) => setMin(e.target.value)} />
        </Field>
        <Field label="Highest price" error={problems.maxPrice}>
          <input id={`${id}-max`} inputMode="decimal" value={max} placeholder="any" onChange={(e) => setMax(e.target.value)} />
        </Field>
        <button type="submit" className="button secondary">
          Apply prices
        </button>
      </form>
    </fieldset>
  );
}
