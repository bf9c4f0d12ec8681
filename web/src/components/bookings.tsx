// Bookings as people see them: one row each with its timeline, and cancelling with a
// confirmation (one Idempotency-Key per cancel attempt) after which focus is on the new status.
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { useMutation } from "urql";
import { idempotent, newIdempotencyKey } from "../api/client";
import { sentence } from "../api/errors";
import { graphql } from "../gql";
import type { BookingRowFragment } from "../gql/graphql";
import { bookingEvent, useBookingEvents } from "../lib/bookingEvents";
import { formatDateTime, formatDay } from "../lib/dates";
import { capitalized, kindInfo, listingPath } from "../lib/kinds";
import { formatMoney } from "../lib/money";
import { ConfirmDialog } from "./ConfirmDialog";
import { Field } from "./Field";

export const BookingRowFragmentDoc = graphql(`
  fragment BookingRow on TravelBooking {
    id
    referenceCode
    status
    paymentStatus
    targetType
    checkIn
    checkOut
    guests
    totalPrice
    currency
    createdAt
    target { __typename id name location }
    timeline { from to at actor reason }
    guest { displayName }
  }
`);

const CancelBookingDocument = graphql(`
  mutation CancelBooking($id: ID!, $reason: String) {
    cancelTravelBooking(id: $id, reason: $reason) { ...BookingRow }
  }
`);

const MAX_REASON = 500;

const STATUS: Record<string, string> = { CONFIRMED: "Confirmed", CANCELLED: "Cancelled", PAID: "paid", REFUNDED: "refunded" };

type Props = {
  booking: BookingRowFragment;
  canCancel?: boolean;
  showGuest?: boolean;
  /** Cancelling asks why (a host's cancellation: the guest reads the reason in the timeline). */
  askReason?: boolean;
  /** This booking is the one just cancelled on the page: its status takes the focus. */
  justCancelled: boolean;
  onCancelled: (id: string) => void;
};

/** The booking cancelled last on a page, kept by the page: cancelling can move a booking to
 * another list (a trip to "Past and cancelled"), where a new item shows it and takes the focus. */
export function useJustCancelled() {
  const [id, setId] = useState<string | null>(null);
  return (booking: BookingRowFragment) => ({ justCancelled: booking.id === id, onCancelled: setId });
}

export function BookingItem({ booking, canCancel = true, showGuest, askReason, justCancelled, onCancelled }: Props) {
  const info = kindInfo(booking.targetType);
  const [asking, setAsking] = useState(false);
  const [cancelResult, cancel] = useMutation(CancelBookingDocument);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const attempt = useRef(newIdempotencyKey());
  const events = useBookingEvents();
  const current = cancelResult.data?.cancelTravelBooking ?? booking;
  const dates =
    current.checkOut !== current.checkIn ? `${formatDay(current.checkIn)} – ${formatDay(current.checkOut)}` : formatDay(current.checkIn);
  // Cancelled: the button pressed is gone, so focus goes to the new status ("Cancelled … refunded")
  // and a keyboard or screen-reader user hears the result.
  const status = useRef<HTMLParagraphElement>(null);
  const cancelled = justCancelled && current.status === "CANCELLED";
  useEffect(() => {
    if (cancelled) status.current?.focus();
  }, [cancelled]);
  const doCancel = async () => {
    setError(null);
    if (askReason) {
      const problem = reasonProblemOf(reason);
      setReasonProblem(problem);
      if (problem) return reasonField.current?.focus();
    }
    const why = reason.trim() || null;
    const answer = await cancel({ id: booking.id, reason: why }, { ...idempotent(attempt.current), additionalTypenames: ["TravelBooking"] });
    if (answer.error) {
      setError(sentence(answer.error));
      if (answer.error.graphQLErrors.length > 0) attempt.current = newIdempotencyKey();
    } else {
      onCancelled(booking.id);
      const done = answer.data?.cancelTravelBooking;
      if (done) events.cancelled(bookingEvent(done, booking.targetType));
    }
    setAsking(false);
  };
  return (
    <article className={`booking ${current.status.toLowerCase()}`} aria-labelledby={`b-${booking.id}`}>
      <div className="booking-main">
        <h3 id={`b-${booking.id}`}>
          <Link href={listingPath(current.target.__typename === "TravelProperty" ? "PROPERTY" : booking.targetType, current.target.id)}>
            {current.target.name}
          </Link>
        </h3>
        <p className="muted">
          {capitalized(info.singular)} · {current.target.location} · {dates} · {current.guests} guest{current.guests === 1 ? "" : "s"}
        </p>
        <p ref={status} tabIndex={-1}>
          <span className={`badge ${current.status.toLowerCase()}`}>{STATUS[current.status] ?? current.status}</span>{" "}
          {formatMoney(current.totalPrice, current.currency)} {STATUS[current.paymentStatus] ?? current.paymentStatus} · ref{" "}
          <code>{current.referenceCode}</code>
          {showGuest && <span className="muted"> · booked {formatDateTime(current.createdAt)}</span>}
        </p>
        {showGuest && <p className="guest">Guest: {current.guest.displayName ?? <span className="muted">no name given</span>}</p>}
        <details className="timeline">
          <summary>Timeline</summary>
          <ol>
            {current.timeline.map((step, i) => (
              <li key={i}>
                <strong>{step.from ? `${STATUS[step.from] ?? step.from} → ` : ""}{STATUS[step.to] ?? step.to}</strong>{" "}
                <span className="muted">{formatDateTime(step.at)}</span>
                {step.reason && <span className="reason"> — “{step.reason}”</span>}
              </li>
            ))}
          </ol>
        </details>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {canCancel && current.status === "CONFIRMED" && (
        <div className="booking-actions">
          <button type="button" className="button secondary" onClick={() => setAsking(true)}>
            Cancel booking
          </button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title="Cancel this booking?"
        confirmLabel="Yes, cancel it"
        danger
        busy={cancelResult.fetching}
        onConfirm={doCancel}
        onCancel={() => {
          setAsking(false);
          setReasonProblem(null);
        }}
      >
        {askReason ? (
          <>
            <p>
              {current.target.name}, {dates}, for {current.guest.displayName ?? "the guest"}. They will be refunded {formatMoney(current.totalPrice, current.currency)}.
            </p>
            <Field label="Why are you cancelling?" error={reasonProblem ?? undefined} hint="The guest sees this in the booking's timeline.">
              <textarea ref={reasonField} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} aria-required />
            </Field>
          </>
        ) : (
          <p>
            {current.target.name}, {dates}. You will be refunded {formatMoney(current.totalPrice, current.currency)}.
          </p>
        )}
      </ConfirmDialog>
    </article>
  );
}

function reasonProblemOf(reason: string): string | null {
  const text = reason.trim();
  if (!text) return "Tell the guest why, e.g. “The apartment has a burst pipe and can't be used that week.”";
  return text.length > MAX_REASON ? `Keep it to ${MAX_REASON} characters (this has ${text.length}).` : null;
}
