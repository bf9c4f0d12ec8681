// A listing's photos in its editor: the ones it has (describe, make one the cover, move, remove) and new
// ones — one file or several, each with the alt text a traveler who cannot see it hears. Every
// change is the listing's (its version moves on): the editor reads the listing again after it.
import { useRef, useState, type FormEvent } from "react";
import { useClient } from "urql";
import { describe, problemsOf } from "../../api/errors";
import { Photo } from "../../components/Photo";
import type { PhotoFragment } from "../../gql/graphql";
import { useFocusFirstProblem } from "../../forms/focus";
import { PhotoAltText } from "./PhotoAltText";
import { AddPhotoDocument, CreateUploadDocument, PHOTO_TYPES, RemovePhotoDocument, sendFile, UpdatePhotoDocument } from "./photos";

type Props = { listingId: string; photos: PhotoFragment[]; onChanged: () => Promise<void> };

export function PhotosEditor({ listingId, photos, onChanged }: Props) {
  return (
    <section className="photos-editor" aria-labelledby="photos-title">
      <h2 id="photos-title">Photos</h2>
      {photos.length === 0 ? (
        <p className="muted">No photos yet: travelers see a coloured band instead. The first photo is the cover.</p>
      ) : (
        <PhotoList photos={photos} onChanged={onChanged} />
      )}
      <AddPhotos listingId={listingId} cover={photos.length === 0} onChanged={onChanged} />
    </section>
  );
}

function PhotoList({ photos, onChanged }: { photos: PhotoFragment[]; onChanged: () => Promise<void> }) {
  const client = useClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (change: () => Promise<{ error?: Parameters<typeof problemsOf>[0] }>) => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const answer = await change();
    const [first] = problemsOf(answer.error);
    if (first) setProblem(describe(first));
    await onChanged();
    setBusy(false);
  };
  const move = (photo: PhotoFragment, position: number) =>
    run(() => client.mutation(UpdatePhotoDocument, { input: { id: photo.id, position } }).toPromise());
  const remove = (photo: PhotoFragment) => run(() => client.mutation(RemovePhotoDocument, { id: photo.id }).toPromise());
  return (
    <>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <ol className="photo-list" aria-busy={busy}>
        {photos.map((photo, i) => (
          <li key={photo.id} className="photo-item">
            <Photo photo={photo} sizes="8rem" />
            <div className="photo-item-body">
              <PhotoAltText photo={photo} badge={i === 0 && <strong className="badge">Cover</strong>} onChanged={onChanged} />
              <div className="actions">
                {i > 0 && (
                  <button type="button" className="button secondary small" onClick={() => void move(photo, 0)} aria-label={`Make ${photo.alt} the cover`}>
                    Make cover
                  </button>
                )}
                {i > 0 && (
                  <button type="button" className="button secondary small" onClick={() => void move(photo, i - 1)} aria-label={`Move ${photo.alt} earlier`}>
                    Earlier
                  </button>
                )}
                {i < photos.length - 1 && (
                  <button type="button" className="button secondary small" onClick={() => void move(photo, i + 1)} aria-label={`Move ${photo.alt} later`}>
                    Later
                  </button>
                )}
                <button type="button" className="button secondary small" onClick={() => void remove(photo)} aria-label={`Remove ${photo.alt}`}>
                  Remove
                </button>
              </div>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

/** A file chosen and the alt text typed for it. */
type Chosen = { key: string; file: File; alt: string };

function AddPhotos({ listingId, cover, onChanged }: { listingId: string; cover: boolean; onChanged: () => Promise<void> }) {
  const client = useClient();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [altProblems, setAltProblems] = useState<Record<string, string>>({});
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useFocusFirstProblem(form, attempt);

  const choices = useRef(0); // a new key per choice: an element id never holds a file's name
  const choose = (files: FileList | null) => {
    choices.current += 1;
    setFileProblems([]);
    setAltProblems({});
    setAdded(0);
    setChosen(Array.from(files ?? [], (file, i) => ({ key: `${choices.current}-${i}`, file, alt: "" })));
  };
  const upload = async (item: Chosen, asCover: boolean): Promise<string | null> => {
    const place = await client.mutation(CreateUploadDocument, { listingId }).toPromise();
    const where = place.data?.createTravelPhotoUpload;
    if (!where) return describe(problemsOf(place.error)[0] ?? { code: "INTERNAL_SERVER_ERROR", message: "" });
    const refused = await sendFile(where.uploadPath, item.file);
    if (refused) return refused;
    const made = await client.mutation(AddPhotoDocument, { input: { uploadId: where.id, alt: item.alt.trim(), cover: asCover } }).toPromise();
    return made.data?.addTravelListingPhoto ? null : describe(problemsOf(made.error)[0] ?? { code: "INTERNAL_SERVER_ERROR", message: "" });
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (chosen.length === 0) {
      setFileProblems(["Choose one or more photos first: JPEG, PNG or WebP."]);
      return setAttempt((n) => n + 1);
    }
    const missing = Object.fromEntries(chosen.filter((c) => !c.alt.trim()).map((c) => [c.key, `Describe ${c.file.name} for travelers who cannot see it, e.g. "The terrace at sunset".`]));
    setAltProblems(missing);
    if (Object.keys(missing).length) return setAttempt((n) => n + 1);
    setBusy(true);
    const refused: string[] = [];
    const left: Chosen[] = [];
    let done = 0;
    for (const [i, item] of chosen.entries()) {
      // The first of a listing's first photos is its cover; the others go after it.
      const problem = await upload(item, cover && i === 0 && done === 0);
      if (problem) {
        refused.push(`${item.file.name}: ${problem}`);
        left.push(item);
      } else done += 1;
    }
    setBusy(false);
    setAdded(done);
    setChosen(left);
    setFileProblems(refused);
    if (left.length === 0 && fileInput.current) fileInput.current.value = "";
    if (refused.length) setAttempt((n) => n + 1);
    if (done) await onChanged();
  };
  const fileErrorId = fileProblems.length ? "photo-files-error" : undefined;
  return (
    <form className="add-photos" onSubmit={submit} noValidate ref={form} aria-labelledby="add-photos-title">
      <h3 id="add-photos-title">Add photos</h3>
      <div className={`field ${fileErrorId ? "field-invalid" : ""}`}>
        <label htmlFor="photo-files">Photos (JPEG, PNG or WebP, up to 25 MB each)</label>
        <input
          id="photo-files"
          ref={fileInput}
          type="file"
          accept={PHOTO_TYPES}
          multiple
          onChange={(e) => choose(e.target.files)}
          aria-invalid={fileErrorId ? true : undefined}
          aria-describedby={fileErrorId}
        />
        {fileErrorId && (
          <ul className="field-error" id={fileErrorId}>
            {fileProblems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </div>
      {chosen.map((item) => {
        const id = `alt-${item.key}`;
        const error = altProblems[item.key];
        return (
          <div key={item.key} className={`field ${error ? "field-invalid" : ""}`}>
            <label htmlFor={id}>What {item.file.name} shows (alt text)</label>
            <input
              id={id}
              type="text"
              maxLength={300}
              value={item.alt}
              onChange={(e) => setChosen((all) => all.map((c) => (c.key === item.key ? { ...c, alt: e.target.value } : c)))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error && (
              <p className="field-error" id={`${id}-error`}>
                {error}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="button primary" aria-disabled={busy || undefined}>
        {busy ? "Uploading…" : chosen.length > 1 ? `Upload ${chosen.length} photos` : "Upload"}
      </button>
      <p role="status" className="muted">
        {added > 0 ? `${added} photo${added === 1 ? "" : "s"} added.` : ""}
      </p>
    </form>
  );
}
