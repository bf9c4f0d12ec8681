// A photo's description (its alt text) in the editor's list, and the small form that changes
// it: never empty — a traveler who cannot see the photo hears only this.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useClient } from "urql";
import { describe, problemsOf } from "../../api/errors";
import { Field } from "../../components/Field";
import type { PhotoFragment } from "../../gql/graphql";
import { UpdatePhotoDocument } from "./photos";

type Props = { photo: PhotoFragment; badge: ReactNode; onChanged: () => Promise<void> };

export function PhotoAltText({ photo, badge, onChanged }: Props) {
  const client = useClient();
  const [draft, setDraft] = useState<string | null>(null); // null: not being changed
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // Opening the form, or a refused save, puts the focus in the field.
  // Closing it (saved or cancelled) gives the focus back to the button that opened it.
  const open = draft !== null;
  const closed = useRef(false);
  useEffect(() => {
    if (open) input.current?.focus();
    else if (closed.current) opener.current?.focus();
  }, [open, attempt]);
  const close = () => {
    closed.current = true;
    setDraft(null);
    setError(null);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const alt = (draft ?? "").trim();
    if (!alt) {
      setError("Describe the photo for travelers who cannot see it, e.g. “The terrace at sunset”.");
      return setAttempt((n) => n + 1);
    }
    const answer = await client.mutation(UpdatePhotoDocument, { input: { id: photo.id, alt } }).toPromise();
    const [first] = problemsOf(answer.error);
    if (first) {
      setError(describe(first));
      return setAttempt((n) => n + 1);
    }
    await onChanged();
    close();
  };
  if (draft === null) {
    return (
      <p>
        {badge} {photo.alt}{" "}
        <button type="button" ref={opener} className="link-button" onClick={() => setDraft(photo.alt)} aria-label={`Change description: ${photo.alt}`}>
          Change description
        </button>
      </p>
    );
  }
  return (
    <form className="inline-form" onSubmit={save} noValidate aria-label={`Description of ${photo.alt}`}>
      <Field label="What this photo shows (alt text)" error={error ?? undefined}>
        <input ref={input} type="text" maxLength={300} value={draft} onChange={(e) => setDraft(e.target.value)} />
      </Field>
      <div className="actions">
        <button type="submit" className="button primary small">
          Save description
        </button>
        <button type="button" className="button secondary small" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}
