// A listing's calendar in its editor: a month of dates with what each has (price, booked,
// closed, free), the blocks and seasonal prices to remove, and forms to close dates (the whole
// listing or some units, with a note) and to price a range. What the API refuses is said next
// to the field its `extensions.fields` names.
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useClient, useQuery } from "urql";
import { problemsOf } from "../../api/errors";
import { Field } from "../../components/Field";
import { placeProblems } from "../../forms/apiProblems";
import { useFocusFirstProblem } from "../../forms/focus";
import { FormProblems } from "../../forms/FormProblems";
import { addMonths, firstOfMonth, formatDay, formatMonth, lastOfMonth, todayUtc } from "../../lib/dates";
import type { Kind } from "../../lib/kinds";
import { formatMoney } from "../../lib/money";
import { BlockDatesDocument, calendarFields, calendarOf, closedOn, HostCalendarDocument, RemovePriceDocument, SetPriceDocument, UnblockDatesDocument, type Block } from "./calendar";
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
  const remove = async (id: string, what: "block" | "price") => {
    setRemoving(id);
    if (what === "block") await client.mutation(UnblockDatesDocument, { id }).toPromise();
    else await client.mutation(RemovePriceDocument, { id }).toPromise();
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

type Draft = Record<string, string>;

/** A calendar form's state: its fields, problems placed by field, and the submit. */
function useCalendarForm(labels: Record<string, string>, empty: Draft) {
  const [values, setValues] = useState<Draft>(empty);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstProblem(form, attempt);
  const field = (name: string, input: ReactNode & React.ReactElement<Record<string, unknown>>) => (
    <Field label={labels[name]!} error={problems[name]}>
      {input}
    </Field>
  );
  const bind = (name: string) => ({ value: values[name] ?? "", onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })) });
  const send = async (run: () => Promise<{ ok: boolean; error: Parameters<typeof problemsOf>[0] }>, said: string) => {
    if (busy) return;
    setBusy(true);
    setDone(null);
    const answer = await run();
    setBusy(false);
    if (answer.ok) {
      setProblems({});
      setGeneral([]);
      setValues(empty);
      setDone(said);
      return true;
    }
    const placed = placeProblems(problemsOf(answer.error), calendarFields(labels));
    setProblems(placed.byField);
    setGeneral(placed.general);
    setAttempt((n) => n + 1);
    return false;
  };
  return { values, problems, general, busy, done, form, field, bind, send };
}

const BLOCK_LABELS = { startsOn: "First date closed", endsOn: "Last date closed", units: "How many to close (optional)", note: "Note (optional)" };

function BlockForm({ listingId, unit, version, onDone }: { listingId: string; unit: string; version: number; onDone: () => Promise<void> }) {
  const client = useClient();
  const labels = { ...BLOCK_LABELS, units: `${unit[0]!.toUpperCase()}${unit.slice(1)}s to close (optional)` };
  const f = useCalendarForm(labels, { startsOn: "", endsOn: "", units: "", note: "" });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { startsOn, endsOn, units, note } = f.values;
    const input = { listingId, startsOn: startsOn!, endsOn: endsOn || startsOn!, units: units ? Number(units) : null, note: note?.trim() || null, expectedVersion: version };
    const ok = await f.send(async () => {
      const answer = await client.mutation(BlockDatesDocument, { input }).toPromise();
      return { ok: !!answer.data?.blockTravelListingDates, error: answer.error };
    }, "The dates are closed.");
    if (ok) await onDone();
  };
  return (
    <form className="calendar-form" onSubmit={submit} noValidate ref={f.form} aria-labelledby="block-title">
      <h3 id="block-title">Close dates</h3>
      <p className="muted">Leave the number empty to close the whole listing; bookings already made stay.</p>
      <div className="field-row">
        {f.field("startsOn", <input type="date" {...f.bind("startsOn")} />)}
        {f.field("endsOn", <input type="date" {...f.bind("endsOn")} />)}
      </div>
      {f.field("units", <input type="number" inputMode="numeric" min={1} {...f.bind("units")} />)}
      {f.field("note", <input type="text" maxLength={200} {...f.bind("note")} />)}
      <FormProblems problems={f.problems} general={f.general} />
      <button type="submit" className="button primary" aria-disabled={f.busy || undefined}>
        Close these dates
      </button>
      <p role="status" className="muted">
        {f.done}
      </p>
    </form>
  );
}

const PRICE_LABELS = { startsOn: "First date", endsOn: "Last date", price: "Price", note: "Note (optional)" };

function PriceForm({ listingId, unit, onDone }: { listingId: string; unit: string; onDone: () => Promise<void> }) {
  const client = useClient();
  const labels = { ...PRICE_LABELS, price: `Price per ${unit === "room" ? "night" : "person"}` };
  const f = useCalendarForm(labels, { startsOn: "", endsOn: "", price: "", note: "" });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { startsOn, endsOn, price, note } = f.values;
    const input = { listingId, startsOn: startsOn!, endsOn: endsOn || startsOn!, price: price!.trim(), note: note?.trim() || null };
    const ok = await f.send(async () => {
      const answer = await client.mutation(SetPriceDocument, { input }).toPromise();
      return { ok: !!answer.data?.setTravelSeasonalPrice, error: answer.error };
    }, "The price is set.");
    if (ok) await onDone();
  };
  return (
    <form className="calendar-form" onSubmit={submit} noValidate ref={f.form} aria-labelledby="price-title">
      <h3 id="price-title">Set a seasonal price</h3>
      <div className="field-row">
        {f.field("startsOn", <input type="date" {...f.bind("startsOn")} />)}
        {f.field("endsOn", <input type="date" {...f.bind("endsOn")} />)}
      </div>
      {f.field("price", <input type="text" inputMode="decimal" {...f.bind("price")} />)}
      {f.field("note", <input type="text" maxLength={200} {...f.bind("note")} />)}
      <FormProblems problems={f.problems} general={f.general} />
      <button type="submit" className="button primary" aria-disabled={f.busy || undefined}>
        Set this price
      </button>
      <p role="status" className="muted">
        {f.done}
      </p>
    </form>
  );
}

