// The calendar's two forms: close dates (the whole listing or some units, with a note) and
// price a range. What the API refuses is said next to the field its `extensions.fields` names.
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useClient } from "urql";
import { problemsOf } from "../../api/errors";
import { Field } from "../../components/Field";
import { placeProblems } from "../../forms/apiProblems";
import { useFocusFirstProblem } from "../../forms/focus";
import { FormProblems } from "../../forms/FormProblems";
import { BlockDatesDocument, calendarFields, SetPriceDocument } from "./calendar";

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

export function BlockForm({ listingId, unit, version, onDone }: { listingId: string; unit: string; version: number; onDone: () => Promise<void> }) {
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

export function PriceForm({ listingId, unit, onDone }: { listingId: string; unit: string; onDone: () => Promise<void> }) {
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

