// A listing's photos: the one chosen large (the cover at first), the others as a row of small
// buttons that show each large — reachable by Tab, pressed with Enter or Space, and said with
// their alt text and whether they are the one shown.
import { useState } from "react";
import { KindIcon } from "../../components/KindIcon";
import { hueOf } from "../../components/ListingCard";
import { Photo } from "../../components/Photo";
import type { PhotoFragment } from "../../gql/graphql";
import type { Kind } from "../../lib/kinds";

// The page's column is at most 72rem; on a phone the photo is the window's width.
const LARGE_SIZES = "(max-width: 72rem) 100vw, 72rem";
const THUMB_SIZES = "6rem";

type Props = { id: string; kind: Kind; name: string; photos: PhotoFragment[] };

export function ListingPhotos({ id, kind, name, photos }: Props) {
  const [shownId, setShownId] = useState<string | null>(null);
  const shown = photos.find((p) => p.id === shownId) ?? photos[0];
  if (!shown) {
    return (
      <div className="listing-picture" style={{ "--hue": hueOf(id) } as React.CSSProperties} aria-hidden="true">
        <KindIcon kind={kind} size={72} />
      </div>
    );
  }
  return (
    <section className="listing-photos" aria-label={`Photos of ${name}`}>
      <Photo photo={shown} sizes={LARGE_SIZES} className="listing-photo" eager />
      {photos.length > 1 && (
        <ul className="photo-strip">
          {photos.map((photo) => (
            <li key={photo.id}>
              <button
                type="button"
                className="photo-thumb"
                aria-pressed={photo.id === shown.id}
                aria-label={`Show photo: ${photo.alt}`}
                onClick={() => setShownId(photo.id)}
              >
                <Photo photo={{ ...photo, alt: "" }} sizes={THUMB_SIZES} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
