// A listing's status as a badge, and the quick changes a host makes to it: pause and resume in
// one button (it keeps the focus while its word changes), archive after a confirmation. Each
// change names the version the host saw: a listing changed elsewhere meanwhile is not touched.
import { useEffect, useRef, useState } from "react";
import { useClient } from "urql";
import { idempotent, newIdempotencyKey } from "../../api/client";
import { hasCode, sentence } from "../../api/errors";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { graphql } from "../../gql";
import type { TravelListingStatus } from "../../gql/graphql";

const PauseListingDocument = graphql(`
  mutation PauseListing($id: ID!, $expectedVersion: Int) {
    changed: pauseTravelListing(id: $id, expectedVersion: $expectedVersion) { __typename id status version updatedAt }
  }
`);
const ResumeListingDocument = graphql(`
  mutation ResumeListing($id: ID!, $expectedVersion: Int) {
    changed: resumeTravelListing(id: $id, expectedVersion: $expectedVersion) { __typename id status version updatedAt }
  }
`);
const ArchiveListingDocument = graphql(`
  mutation ArchiveListing($id: ID!, $expectedVersion: Int) {
    changed: archiveTravelListing(id: $id, expectedVersion: $expectedVersion) { __typename id status version updatedAt }
  }
`);

export const STATUS_WORDS: Record<TravelListingStatus, string> = { ACTIVE: "Active", PAUSED: "Paused", ARCHIVED: "Archived" };

// What each new status means for travelers, said once the change is made.
const RESULT: Record<TravelListingStatus, string> = {
  ACTIVE: "is active: travelers can find and book it.",
  PAUSED: "is paused: travelers can't find or book it until you resume it.",
  ARCHIVED: "is archived: hidden and not bookable. Its bookings stay; you can resume it.",
};

export function StatusBadge({ status }: { status: TravelListingStatus }) {
  return <span className={`badge status-${status.toLowerCase()}`}>{STATUS_WORDS[status]}</span>;
}

export type StatusListing = { id: string; name: string; status: TravelListingStatus; version: number; updatedAt?: string };

type Props = {
  listing: StatusListing;
  /** The listing changed (its status, or elsewhere meanwhile): the page reads it again. */
  onChanged?: (listing: StatusListing, said: string) => void;
};

export function StatusActions({ listing, onChanged }: Props) {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [archived, setArchived] = useState(false);
  const [latest, setLatest] = useState<StatusListing | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // The answer of the last change until the list has read it again (a newer version wins).
  const current = latest && latest.version > listing.version ? latest : listing;

  // Archived: its button is gone (and the dialog closed): focus goes to the one that resumes it.
  useEffect(() => {
    if (archived) toggle.current?.focus();
  }, [archived]);

  const change = async (to: TravelListingStatus) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setSaid("");
    setArchived(false);
    const document = to === "PAUSED" ? PauseListingDocument : to === "ACTIVE" ? ResumeListingDocument : ArchiveListingDocument;
    const answer = await client.mutation(document, { id: current.id, expectedVersion: current.version }, idempotent(newIdempotencyKey())).toPromise();
    setBusy(false);
    setAsking(false);
    const changed = answer.data?.changed;
    if (changed) {
      const next = { ...current, status: changed.status, version: changed.version, updatedAt: changed.updatedAt };
      setLatest(next);
      const words = `${current.name} ${RESULT[changed.status]}`;
      setSaid(words);
      setArchived(to === "ARCHIVED");
      onChanged?.(next, words);
      return;
    }
    if (hasCode(answer.error, "CONFLICT")) {
      setError(`${current.name} was changed elsewhere since this page read it, so nothing was done. It has been read again: check it and try once more.`);
      onChanged?.(current, "");
      return;
    }
    setError(sentence(answer.error));
  };

  const active = current.status === "ACTIVE";
  return (
    <div className="status-actions">
      <button
        type="button"
        ref={toggle}
        className="button secondary small"
        aria-disabled={busy || undefined}
        onClick={() => change(active ? "PAUSED" : "ACTIVE")}
      >
        {active ? "Pause" : "Resume"}
        <span className="visually-hidden"> {current.name}</span>
      </button>
      {current.status !== "ARCHIVED" && (
        <button type="button" className="button secondary small" aria-disabled={busy || undefined} onClick={() => setAsking(true)}>
          Archive<span className="visually-hidden"> {current.name}</span>
        </button>
      )}
      <p className="status-said" role="status">
        {said}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={`Archive ${current.name}?`}
        confirmLabel="Archive it"
        cancelLabel="Keep it listed"
        danger
        busy={busy}
        onConfirm={() => change("ARCHIVED")}
        onCancel={() => setAsking(false)}
      >
        <p>Travelers won't find or book it any more. Bookings already made stay as they are, and you can resume it later.</p>
      </ConfirmDialog>
    </div>
  );
}
