// Editing a listing: every field of its kind, prefilled. Saving sends only the fields changed,
// with the version the form was filled from: if someone else saved in between, the API writes
// nothing (CONFLICT) and the page says so and offers to read the listing again.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useParams } from "wouter";
import { useClient, useQuery } from "urql";
import { idempotent, newIdempotencyKey } from "../../api/client";
import { hasCode, problemsOf as apiProblems } from "../../api/errors";
import { Empty, ErrorBox, Loading } from "../../components/states";
import { placeProblems } from "../../forms/apiProblems";
import { useFocusFirstProblem } from "../../forms/focus";
import { FormProblems } from "../../forms/FormProblems";
import { formatDateTime } from "../../lib/dates";
import { capitalized, kindFromSlug, listingPath, type KindInfo } from "../../lib/kinds";
import { usePageTitle } from "../../lib/title";
import { EditableListingDocument, editableOf, editableVariables, UPDATE, type EditableListing } from "./editing";
import { changedFields, formFields, NO_ZONE, problemsOf, valuesOf, type Values } from "./listingFields";
import { ListingFieldset } from "./ListingFieldset";
import { PhotosEditor } from "./PhotosEditor";
import { CalendarEditor } from "./CalendarEditor";
import { StatusActions, StatusBadge } from "./StatusActions";

export function EditListingPage() {
  const params = useParams<{ kind: string; id: string }>();
  const kind = kindFromSlug(params.kind);
  if (!kind) return <Empty title="There is no such page." />;
  return <EditListing kind={kind} id={params.id} />;
}

function EditListing({ kind, id }: { kind: KindInfo; id: string }) {
  const client = useClient();
  const variables = editableVariables(kind.kind, id);
  const [{ data, fetching, error }, refetch] = useQuery({ query: EditableListingDocument, variables });
  // The listing read again after a conflict; the form starts over from it.
  const [reread, setReread] = useState<{ listing: EditableListing; generation: number } | null>(null);
  const listing = reread?.listing ?? editableOf(data);
  usePageTitle(listing ? `Edit ${listing.name}` : "Edit listing");
  if (error && !listing) return <ErrorBox error={error} retry={() => refetch({ requestPolicy: "network-only" })} />;
  if (!listing) return fetching ? <Loading /> : <Empty title="This listing does not exist, or is not yours to edit." />;
  const reload = async () => {
    const fresh = await client.query(EditableListingDocument, variables, { requestPolicy: "network-only" }).toPromise();
    const found = editableOf(fresh.data);
    if (found) setReread({ listing: found, generation: (reread?.generation ?? 0) + 1 });
  };
  return <Editor key={reread?.generation ?? 0} kind={kind} listing={listing} reloaded={!!reread} onReload={reload} />;
}

/** What the form was filled from: the listing as read, then as last saved. */
type Base = { values: Values; version: number; updatedAt: string };

type EditorProps = { kind: KindInfo; listing: EditableListing; reloaded: boolean; onReload: () => Promise<void> };

function Editor({ kind, listing, reloaded, onReload }: EditorProps) {
  const client = useClient();
  const [base, setBase] = useState<Base>(() => ({ values: valuesOf(listing, kind.kind), version: listing.version, updatedAt: listing.updatedAt }));
  const [values, setValues] = useState<Values>(base.values);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(reloaded ? "reloaded" : null);
  const [status, setStatus] = useState(listing.status);
  const [photos, setPhotos] = useState(listing.photos);
  const form = useRef<HTMLFormElement>(null);
  const said = useRef<HTMLDivElement>(null);
  useFocusFirstProblem(form, attempt);
  // The outcome of a save (or a reload) takes the focus: the button pressed is still there, but
  // a keyboard or screen-reader user must hear what happened.
  useEffect(() => {
    if (outcome) said.current?.focus();
  }, [outcome]);

  // A photo's or the calendar's change is the listing's: read its photos and version again (the
  // form's values are untouched, so its next save names the version after that change).
  const listingChanged = async () => {
    const fresh = await client.query(EditableListingDocument, editableVariables(kind.kind, listing.id), { requestPolicy: "network-only" }).toPromise();
    const found = editableOf(fresh.data);
    if (!found) return;
    setPhotos(found.photos);
    setBase((b) => ({ ...b, version: found.version, updatedAt: found.updatedAt }));
  };
  const report = (byField: Record<string, string>, words: string[]) => {
    setOutcome(null);
    setProblems(byField);
    setGeneral(words);
    setAttempt((n) => n + 1);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = problemsOf(kind.kind, values);
    if (Object.keys(found).length) return report(found, []);
    setProblems({});
    setGeneral([]);
    const changes = changedFields(kind.kind, base.values, values);
    if (!changes) return setOutcome("unchanged");
    setBusy(true);
    setOutcome(null);
    const answer = await client
      .mutation(UPDATE[kind.kind], { input: { id: listing.id, expectedVersion: base.version, ...changes } } as never, idempotent(newIdempotencyKey()))
      .toPromise();
    setBusy(false);
    const updated = (answer.data as { updated?: EditableListing | null } | undefined)?.updated;
    if (updated) {
      const saved = valuesOf(updated, kind.kind);
      setBase({ values: saved, version: updated.version, updatedAt: updated.updatedAt });
      setValues(saved);
      return setOutcome("saved");
    }
    if (hasCode(answer.error, "CONFLICT")) return setOutcome("conflict");
    const placed = placeProblems(apiProblems(answer.error), formFields(kind.kind));
    report(placed.byField, placed.general);
  };
  return (
    <section className="page" aria-labelledby="edit-title">
      <p className="breadcrumbs">
        <Link href="/host">Host tools</Link> <span aria-hidden="true">›</span>{" "}
        <Link href={`/host/providers/${listing.provider.id}`}>{listing.provider.name}</Link> <span aria-hidden="true">›</span> Edit
      </p>
      <div className="page-head">
        <h1 id="edit-title">Edit {base.values.name || listing.name}</h1>
        <Link href={listingPath(listing.kind, listing.id)}>See it as travelers do</Link>
      </div>
      <p className="muted">
        <StatusBadge status={status} /> {capitalized(kind.singular)} · version {base.version} · last changed {formatDateTime(base.updatedAt)}
      </p>
      <StatusActions
        listing={{ id: listing.id, name: base.values.name || listing.name, status, version: base.version }}
        onChanged={(changed) => {
          // A status change is a new version too: the form's next save names it.
          setStatus(changed.status);
          setBase((b) => ({ ...b, version: changed.version, updatedAt: changed.updatedAt ?? b.updatedAt }));
        }}
      />
      <Said outcome={outcome} ref={said} onReload={onReload} />
      <form className="listing-form" onSubmit={submit} noValidate ref={form} aria-labelledby="edit-title">
        <ListingFieldset
          kind={kind.kind}
          values={values}
          problems={problems}
          zone={listing.timeZone ?? NO_ZONE}
          onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
        />
        <FormProblems problems={problems} general={general} />
        <button type="submit" className="button primary" aria-disabled={busy || undefined}>
          {busy ? "Saving…" : "Save changes"}
        </button>
      </form>
      <PhotosEditor listingId={listing.id} photos={photos} onChanged={listingChanged} />
      <CalendarEditor kind={kind.kind} listingId={listing.id} unit={kind.nights ? "room" : "place"} version={base.version} onChanged={listingChanged} />
    </section>
  );
}

type Outcome = "saved" | "unchanged" | "conflict" | "reloaded";
type SaidProps = { outcome: Outcome | null; onReload: () => Promise<void>; ref: React.Ref<HTMLDivElement> };

/** What became of the last save (or reload), focused when it changes. */
function Said({ outcome, onReload, ref }: SaidProps) {
  if (!outcome) return null;
  if (outcome === "conflict") {
    return (
      <div className="notice notice-warning" role="alert" ref={ref} tabIndex={-1}>
        <p>Someone else changed this listing since you opened it, so your changes were not saved.</p>
        <p>Reload it to see what they changed, then make your changes again (note them first: reloading replaces this form).</p>
        <button type="button" className="button secondary" onClick={() => void onReload()}>
          Reload the listing
        </button>
      </div>
    );
  }
  const words = {
    saved: "Your changes are saved. New bookings get them; bookings already made keep their price.",
    unchanged: "Nothing to save: you haven't changed anything yet.",
    reloaded: "The listing was read again: the form shows it as it is now.",
  }[outcome];
  return (
    <div className={`notice ${outcome === "saved" ? "notice-success" : ""}`} role="status" ref={ref} tabIndex={-1}>
      {words}
    </div>
  );
}
