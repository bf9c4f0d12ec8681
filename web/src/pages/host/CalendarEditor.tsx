// A listing's calendar in its editor: a month of dates with what each has (price, booked,
// closed, free), the blocks and seasonal prices to remove, and the forms to add them
// (CalendarForms.tsx).
import { useState, type ReactNode } from "react";
import { useClient, useQuery } from "urql";
import { describe, problemsOf } from "../../api/errors";
import { addMonths, firstOfMonth, formatDay, formatMonth, lastOfMonth, todayUtc } from "../../lib/dates";
import type { Kind } from "../../lib/kinds";
import { formatMoney } from "../../lib/money";
import { calendarOf, closedOn, HostCalendarDocument, RemovePriceDocument, UnblockDatesDocument, type Block } from "./calendar";
import { BlockForm, PriceForm } from "./CalendarForms";
import { editableVariables } from "./editing";

type Props = { kind: Kind; listingId: string; unit: string; version: number; onChanged: () => Promise<void> };

export function CalendarEditor({ kind, listingId, unit, version, onChanged }: Props) {
  const client = useClient();
  const today = todayUtc();
  const [month, setMonth] = useState(today);
  const from = firstOfMonth(month) < today ? today : firstOfMonth(month);
  const to = lastOfMonth(month);
  const [{ data, fetching }, refetch] = useQuery({ query: HostCalendarDocument, variables: { ...editableVariables(kind, listingId), from, to } });
  const calendar = calendarOf(data);
  const [removing, setRemoving] = useState<string | null>(null);
  const changed = async () => {
    refetch({ requestPolicy: "network-only" });
    await onChanged();
  };
  const [problem, setProblem] = useState<string | null>(null);
  const remove = async (id: string, what: "block" | "price") => {
    setRemoving(id);
    setProblem(null);
    const answer = what === "block" ? await client.mutation(UnblockDatesDocument, { id }).toPromise() : await client.mutation(RemovePriceDocument, { id }).toPromise();
    const [first] = problemsOf(answer.error);
    if (first) setProblem(describe(first));
    setRemoving(null);
    await changed();
  };
  const blocks = calendar?.blockedDates ?? [];
  const currency = calendar?.currency ?? "EUR";
  return (
    <section className="calendar-editor" aria-labelledby="calendar-title">
      <h2 id="calendar-title">Calendar</h2>
      <div className="calendar-forms">
        <BlockForm listingId={listingId} unit={unit} version={version} onDone={changed} />
        <PriceForm listingId={listingId} unit={unit} onDone={changed} />
      </div>
      <div className="calendar-head">
        <button type="button" className="icon-button" onClick={() => setMonth(addMonths(firstOfMonth(month), -1))} disabled={firstOfMonth(month) <= firstOfMonth(today)} aria-label="Previous month">
          ‹
        </button>
        <h3 aria-live="polite">{formatMonth(month)}</h3>
        <button type="button" className="icon-button" onClick={() => setMonth(addMonths(firstOfMonth(month), 1))} aria-label="Next month">
          ›
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {blocks.length > 0 && (
        <Ranges title="Closed dates">
          {blocks.map((b) => (
            <li key={b.id}>
              {range(b.startsOn, b.endsOn)}: {b.units == null ? "the whole listing" : `${b.units} ${unit}${b.units === 1 ? "" : "s"}`}
              {b.note && ` (${b.note})`}{" "}
              <button type="button" className="button secondary small" disabled={removing === b.id} onClick={() => void remove(b.id, "block")} aria-label={`Open again: ${range(b.startsOn, b.endsOn)}`}>
                Open again
              </button>
            </li>
          ))}
        </Ranges>
      )}
      {(calendar?.seasonalPrices.length ?? 0) > 0 && (
        <Ranges title="Seasonal prices">
          {calendar!.seasonalPrices.map((p) => (
            <li key={p.id}>
              {range(p.startsOn, p.endsOn)}: {formatMoney(p.price, p.currency)}
              {p.note && ` (${p.note})`}{" "}
              <button type="button" className="button secondary small" disabled={removing === p.id} onClick={() => void remove(p.id, "price")} aria-label={`Remove the price of ${range(p.startsOn, p.endsOn)}`}>
                Remove
              </button>
            </li>
          ))}
        </Ranges>
      )}
      {/* Focusable: a keyboard can scroll the table sideways on a phone. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={`Dates in ${formatMonth(month)}`}>
        <table className="dates-table" aria-busy={fetching}>
          <caption>Dates in {formatMonth(month)}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Price</th>
              <th scope="col">Booked</th>
              <th scope="col">Closed</th>
              <th scope="col">Free</th>
            </tr>
          </thead>
          <tbody>
            {(calendar?.availability ?? []).map((day) => {
              const closed = closedOn(day.date, blocks, day.capacity);
              const note = blocksOn(day.date, blocks);
              return (
                <tr key={day.date}>
                  <th scope="row">{formatDay(day.date)}</th>
                  <td>{formatMoney(day.price, currency)}</td>
                  <td>{Math.max(0, day.capacity - day.available - closed)}</td>
                  <td>
                    {closed}
                    {note && ` (${note})`}
                  </td>
                  <td>
                    {day.available} of {day.capacity}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Ranges({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h3>{title}</h3>
      <ul className="ranges">{children}</ul>
    </>
  );
}

function range(first: string, last: string): string {
  return first === last ? formatDay(first) : `${formatDay(first)} – ${formatDay(last)}`;
}

function blocksOn(date: string, blocks: Block[]): string {
  return blocks
    .filter((b) => b.startsOn <= date && date <= b.endsOn && b.note)
    .map((b) => b.note)
    .join(", ");
}
