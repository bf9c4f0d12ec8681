// A listing: description, amenities, provider, price in its currency, availability for the
// chosen dates and guests, and the way to checkout.
import { useState, type FormEvent } from "react";
import { Link, useLocation, useParams, useSearchParams } from "wouter";
import { useQuery } from "urql";
import { useSession } from "../../auth/session";
import { Heart } from "../../components/Heart";
import { Empty, ErrorBox, Loading } from "../../components/states";
import { addDays, daysBetween, formatDateTime, isDay, todayUtc } from "../../lib/dates";
import { capitalized, kindFromSlug, type KindInfo } from "../../lib/kinds";
import { formatMoney } from "../../lib/money";
import { usePageTitle } from "../../lib/title";
import { AvailabilityCalendar } from "./AvailabilityCalendar";
import { ListingPhotos } from "./ListingPhotos";
import { describeQuote, quote } from "./pricing";
import { calendarWindow, fixedDate, guestLimit, ListingDocument, listingOf, listingVariables, openingMonth, type ListingDetail } from "./listing";

export function ListingPage() {
  const params = useParams<{ kind: string; id: string }>();
  const kind = kindFromSlug(params.kind);
  if (!kind) return <Empty title="There is no such page." />;
  return <Listing kind={kind} id={params.id} />;
}

export type Choice = { from: string; to: string; guests: string };

function Listing({ kind, id }: { kind: KindInfo; id: string }) {
  const [search] = useSearchParams();
  const today = todayUtc();
  const [choice, setChoice] = useState<Choice>(() => ({
    from: isDay(search.get("from")) ? search.get("from")! : "",
    to: isDay(search.get("to")) ? search.get("to")! : "",
    guests: search.get("guests") ?? "1",
  }));
  // The month shown: the one the dates asked for, or moved to; until then the month the listing
  // can first be booked in (an event's), read from the year ahead.
  const [month, setMonth] = useState<string | null>(() => (choice.from >= today ? choice.from : null));
  const [{ data, fetching, error }, refetch] = useQuery({
    query: ListingDocument,
    variables: listingVariables(kind, id, ...calendarWindow(month, today)),
  });
  const listing = listingOf(data);
  const shownMonth = month ?? (listing ? openingMonth(listing, today) : today);
  usePageTitle(listing?.name ?? kind.label);
  // A click in the calendar picks check-in, then check-out (stays), or the date (others).
  const pick = (date: string) => {
    if (!kind.nights) return setChoice({ ...choice, from: date });
    if (!choice.from || choice.to || date <= choice.from) return setChoice({ ...choice, from: date, to: "" });
    setChoice({ ...choice, to: date });
  };
  if (error && !listing) return <ErrorBox error={error} retry={() => refetch({ requestPolicy: "network-only" })} />;
  if (!listing) return fetching ? <Loading /> : <Empty title="This listing does not exist." />;
  return (
    <article className="page listing">
      <p className="breadcrumbs">
        <Link href={`/?kind=${kind.slug}`}>{kind.label}</Link> <span aria-hidden="true">›</span> {listing.location}
      </p>
      <header className="listing-head">
        <div>
          <h1>{listing.name}</h1>
          <p className="listing-sub">
            {capitalized(kind.singular)} in {listing.location}
            {listing.rating != null && <span className="rating"> · ★ {listing.rating.toFixed(1)}</span>}
          </p>
        </div>
        <Heart kind={listing.kind} id={listing.id} name={listing.name} large />
      </header>
      <ListingPhotos id={listing.id} kind={listing.kind} name={listing.name} photos={listing.photos} />
      <div className="listing-columns">
        <div className="listing-main">
          <Facts listing={listing} />
          {listing.description && (
            <section aria-labelledby="about">
              <h2 id="about">About</h2>
              <p>{listing.description}</p>
            </section>
          )}
          {listing.amenities.length > 0 && (
            <section aria-labelledby="amenities">
              <h2 id="amenities">Amenities</h2>
              <ul className="chips">
                {listing.amenities.map((a) => (
                  <li key={a} className="chip">
                    {a}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="provider">
            <h2 id="provider">{listing.provider.type === "HOST" ? "Your host" : "Operated by"}</h2>
            <p>
              <strong>{listing.provider.name}</strong>
              {listing.provider.rating != null && <span className="rating"> · ★ {listing.provider.rating.toFixed(1)}</span>}
            </p>
          </section>
          <section aria-labelledby="availability">
            <h2 id="availability">Availability</h2>
            <AvailabilityCalendar
              month={shownMonth}
              days={listing.availability}
              unit={kind.nights ? "room" : "place"}
              currency={listing.currency}
              selected={choice.from ? { first: choice.from, last: kind.nights && choice.to ? addDays(choice.to, -1) : choice.from } : null}
              onMonth={setMonth}
              {...(fixedDate(listing) ? {} : { onPick: pick })}
              loading={fetching}
            />
          </section>
        </div>
        <aside className="listing-aside">
          <BookingPanel listing={listing} kind={kind} choice={choice} onChange={setChoice} />
        </aside>
      </div>
    </article>
  );
}

function Facts({ listing }: { listing: ListingDetail }) {
  const facts: string[] = [];
  switch (listing.__typename) {
    case "TravelProperty":
      facts.push(`${listing.units} room${listing.units === 1 ? "" : "s"}`);
      if (listing.maxGuests) facts.push(`up to ${listing.maxGuests} guest${listing.maxGuests === 1 ? "" : "s"} per room`);
      break;
    case "TravelTour":
    case "TravelActivity":
      facts.push(`up to ${listing.capacity} people per date`);
      if (listing.durationMinutes) facts.push(`${Math.round(listing.durationMinutes / 6) / 10} hours`);
      break;
    case "TravelEvent":
      facts.push(`${formatDateTime(listing.startsAt, listing.timeZone)} – ${formatDateTime(listing.endsAt, listing.timeZone)}`, `${listing.capacity} places`);
      break;
    case "TravelTrip":
      facts.push(`${listing.origin} → ${listing.destination}`, `${listing.mode.toLowerCase()}`, `departs ${formatDateTime(listing.departsAt, listing.timeZone)}`);
      if (listing.arrivesAt) facts.push(`arrives ${formatDateTime(listing.arrivesAt, listing.timeZone)}`);
      facts.push(`${listing.capacity} seats`);
      break;
  }
  return (
    <ul className="facts">
      {facts.map((f) => (
        <li key={f}>{f}</li>
      ))}
    </ul>
  );
}

type PanelProps = { listing: ListingDetail; kind: KindInfo; choice: Choice; onChange: (choice: Choice) => void };

function BookingPanel({ listing, kind, choice, onChange }: PanelProps) {
  const { can } = useSession();
  const [, navigate] = useLocation();
  const fixed = fixedDate(listing);
  const today = todayUtc();
  const from = fixed ?? choice.from;
  const { to, guests } = choice;
  const setFrom = (value: string) => onChange({ ...choice, from: value });
  const setTo = (value: string) => onChange({ ...choice, to: value });
  const setGuests = (value: string) => onChange({ ...choice, guests: value });
  const [problem, setProblem] = useState<string | null>(null);
  const count = Number.parseInt(guests, 10) || 1;
  const nights = kind.nights && isDay(from) && isDay(to) ? daysBetween(from, to) : 0;
  const priced = isDay(from) && (!kind.nights || nights > 0) ? quote(listing.availability, from, kind.nights ? to : null, count) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isDay(from)) return setProblem(kind.nights ? "Choose a check-in date." : "Choose a date.");
    if (kind.nights && (!isDay(to) || nights < 1)) return setProblem("Choose a check-out date after check-in.");
    const params = new URLSearchParams({ from, guests: String(count) });
    if (kind.nights) params.set("to", to);
    navigate(`/checkout/${kind.slug}/${encodeURIComponent(listing.id)}?${params}`);
  };
  return (
    <form className="booking-panel" onSubmit={submit} aria-labelledby="book-title">
      <h2 id="book-title">
        <span className="price-big">{formatMoney(listing.price, listing.currency)}</span> / {kind.unit}
      </h2>
      {fixed ? (
        <p>{startOf(listing)}</p>
      ) : (
        <div className="field-row">
          <div className="field">
            <label htmlFor="book-from">{kind.nights ? "Check-in" : "Date"}</label>
            <input id="book-from" type="date" min={today} value={from} onChange={(e) => setFrom(e.target.value)} required />
          </div>
          {kind.nights && (
            <div className="field">
              <label htmlFor="book-to">Check-out</label>
              <input id="book-to" type="date" min={from ? addDays(from, 1) : today} value={to} onChange={(e) => setTo(e.target.value)} required />
            </div>
          )}
        </div>
      )}
      <div className="field">
        <label htmlFor="book-guests">Guests</label>
        <input id="book-guests" type="number" inputMode="numeric" min={1} max={guestLimit(listing)} value={guests} onChange={(e) => setGuests(e.target.value)} />
      </div>
      {priced && (
        <p className="total">
          {describeQuote(priced.lines, listing.currency, kind.nights)} = <strong>{formatMoney(priced.total, listing.currency)}</strong>
        </p>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {can("travel:book") ? (
        <button type="submit" className="button primary wide">
          Reserve
        </button>
      ) : (
        <p className="muted">Signed in without the travel:book permission: you can look, not book.</p>
      )}
    </form>
  );
}

/** When an event starts or a trip departs, as the clock reads there ("Starts 21 Nov 2026, 21:00 GMT-5"). */
function startOf(listing: ListingDetail): string | null {
  if (listing.__typename === "TravelEvent") return `Starts ${formatDateTime(listing.startsAt, listing.timeZone)}`;
  if (listing.__typename === "TravelTrip") return `Departs ${formatDateTime(listing.departsAt, listing.timeZone)}`;
  return null;
}
