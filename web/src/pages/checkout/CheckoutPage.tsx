// Checkout: what is being booked, the total before confirming, then the reference code.
// One Idempotency-Key per attempt: a double click or a retry after a lost answer replays the
// first booking instead of making a second one.
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "wouter";
import { useMutation, useQuery } from "urql";
import { idempotent, newIdempotencyKey } from "../../api/client";
import { describe, problemsOf, type Problem } from "../../api/errors";
import { useSession } from "../../auth/session";
import { Empty, ErrorBox, Loading, Notice } from "../../components/states";
import { graphql } from "../../gql";
import type { CreateBookingMutation } from "../../gql/graphql";
import { bookingEvent, useBookingEvents } from "../../lib/bookingEvents";
import { addDays, daysBetween, formatDay, isDay } from "../../lib/dates";
import { capitalized, kindFromSlug, listingPath, type KindInfo } from "../../lib/kinds";
import { formatMoney } from "../../lib/money";
import { usePageTitle } from "../../lib/title";
import { fixedDate, ListingDocument, listingOf, listingVariables } from "../listing/listing";
import { describeQuote, quote } from "../listing/pricing";

const CreateBookingDocument = graphql(`
  mutation CreateBooking($input: CreateTravelBookingInput!) {
    createTravelBooking(input: $input) {
      id
      referenceCode
      status
      paymentStatus
      checkIn
      checkOut
      guests
      totalPrice
      currency
      target { __typename id name location }
    }
  }
`);

// Answers after which the same attempt cannot succeed: a new try gets a new key.
const FINAL = new Set(["UNAVAILABLE", "VALIDATION_ERROR", "NOT_FOUND", "FORBIDDEN", "IDEMPOTENCY_KEY_REUSED"]);

const LABELS = { checkIn: "Check-in", checkOut: "Check-out", guests: "Guests", targetId: "Listing" };

export function CheckoutPage() {
  const params = useParams<{ kind: string; id: string }>();
  const kind = kindFromSlug(params.kind);
  usePageTitle("Checkout");
  if (!kind) return <Empty title="There is no such page." />;
  return <Checkout kind={kind} id={params.id} />;
}

function Checkout({ kind, id }: { kind: KindInfo; id: string }) {
  const { can } = useSession();
  const events = useBookingEvents();
  const [search] = useSearchParams();
  const from = search.get("from") ?? "";
  const to = search.get("to") ?? "";
  const guests = Math.max(1, Number.parseInt(search.get("guests") ?? "1", 10) || 1);
  const valid = isDay(from) && (!kind.nights || (isDay(to) && daysBetween(from, to) >= 1));
  const [{ data, fetching, error }] = useQuery({
    query: ListingDocument,
    variables: listingVariables(kind, id, valid ? from : "2000-01-01", valid ? (kind.nights ? addDays(to, -1) : from) : "2000-01-01"),
    pause: !valid,
  });
  const listing = listingOf(data);
  const attempt = useRef<string>(newIdempotencyKey());
  const [result, book] = useMutation(CreateBookingDocument);
  const [booked, setBooked] = useState<CreateBookingMutation["createTravelBooking"] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const checkIn = listing ? (fixedDate(listing) ?? from) : from;
  const input = useMemo(
    () => ({ targetType: kind.kind, targetId: id, checkIn, guests, ...(kind.nights ? { checkOut: to } : {}) }),
    [kind, id, checkIn, guests, to],
  );

  if (!can("travel:book")) {
    return <Notice tone="warning">This account can't book: it lacks the travel:book permission.</Notice>;
  }
  if (!valid) {
    return (
      <Empty title="Choose your dates first.">
        <Link href={listingPath(kind.kind, id)}>Back to the listing</Link>
      </Empty>
    );
  }
  if (booked) return <Confirmation booking={booked} />;
  if (error && !listing) return <ErrorBox error={error} />;
  if (!listing) return fetching ? <Loading /> : <Empty title="This listing does not exist." />;

  // From the calendar's price per date, as the API charges it (a seasonal price included).
  const priced = quote(listing.availability, checkIn, kind.nights ? to : null, guests);
  if (!priced) return <Empty title="These dates can't be priced: choose them again." />;
  const total = priced.total;
  const confirm = async () => {
    if (result.fetching) return; // a second click while the first is on its way
    setProblem(null);
    const answer = await book({ input }, idempotent(attempt.current));
    const booking = answer.data?.createTravelBooking;
    if (booking) {
      setBooked(booking);
      events.created(bookingEvent(booking, kind.kind));
      return;
    }
    const [first] = problemsOf(answer.error);
    const found = first ?? { code: "INTERNAL_SERVER_ERROR", message: "no booking" };
    if (FINAL.has(found.code)) attempt.current = newIdempotencyKey();
    setProblem(found);
  };
  return (
    <section className="page checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Confirm and pay</h1>
      <div className="checkout-card">
        <h2>{listing.name}</h2>
        <p className="muted">
          {capitalized(kind.singular)} in {listing.location} · by {listing.provider.name}
        </p>
        <dl className="summary">
          <div>
            <dt>{kind.nights ? "Check-in" : "Date"}</dt>
            <dd>{formatDay(checkIn)}</dd>
          </div>
          {kind.nights && (
            <div>
              <dt>Check-out</dt>
              <dd>{formatDay(to)}</dd>
            </div>
          )}
          <div>
            <dt>Guests</dt>
            <dd>{guests}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>
              {describeQuote(priced.lines, listing.currency, kind.nights)}
            </dd>
          </div>
          <div className="summary-total">
            <dt>Total</dt>
            <dd>
              <strong>{formatMoney(total, listing.currency)}</strong>
            </dd>
          </div>
        </dl>
        <p className="muted">You are charged at once and the booking is confirmed immediately. You can cancel it from your trips.</p>
        {problem && (
          <div className="state state-error" role="alert">
            <p>{describe(problem, LABELS)}</p>
          </div>
        )}
        <div className="actions apart">
          <Link href={`${listingPath(kind.kind, id)}?${search.toString()}`} className="button secondary">
            Change
          </Link>
          {/* The label stays while booking (a spinner is added): a second click of a double
              click must land on this button again, not on what a shorter label would uncover. */}
          <button type="button" className="button primary" onClick={confirm} disabled={result.fetching} aria-busy={result.fetching}>
            {result.fetching && <span className="spinner light" aria-hidden="true" />}
            {problem && !FINAL.has(problem.code) ? "Try again" : `Confirm and pay ${formatMoney(total, listing.currency)}`}
          </button>
        </div>
        {result.fetching && (
          <p className="visually-hidden" role="status">
            Booking…
          </p>
        )}
      </div>
    </section>
  );
}

function Confirmation({ booking }: { booking: NonNullable<CreateBookingMutation["createTravelBooking"]> }) {
  // The button pressed is gone: focus goes to the result, so a keyboard or screen-reader user
  // hears that the booking is made (a live region added with its text is often not read).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="page checkout" aria-labelledby="done-title">
      <div className="checkout-card done" role="status">
        <h1 id="done-title" ref={heading} tabIndex={-1}>
          You're booked!
        </h1>
        <p>
          {booking.target.name}, {formatDay(booking.checkIn)}
          {booking.checkOut !== booking.checkIn && ` – ${formatDay(booking.checkOut)}`}
        </p>
        <p className="reference">
          Reference <strong data-testid="reference-code">{booking.referenceCode}</strong>
        </p>
        <p>
          {booking.status === "CONFIRMED" ? "Confirmed" : booking.status} and {booking.paymentStatus === "PAID" ? "paid" : booking.paymentStatus.toLowerCase()}:{" "}
          {formatMoney(booking.totalPrice, booking.currency)}.
        </p>
        <div className="actions">
          <Link href="/trips" className="button primary">
            See your trips
          </Link>
          <Link href="/" className="button secondary">
            Keep exploring
          </Link>
        </div>
      </div>
    </section>
  );
}
