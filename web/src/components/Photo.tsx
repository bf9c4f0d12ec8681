// A listing's photo as the API serves it: every variant in `srcset`, so the browser fetches the
// narrowest one wide enough for the slot `sizes` describes; width and height reserve its box
// before it arrives (no layout shift).
import { graphql } from "../gql";
import type { PhotoFragment } from "../gql/graphql";

export const PhotoFragmentDoc = graphql(`
  fragment Photo on TravelPhoto {
    id
    alt
    position
    width
    height
    url
    srcset
  }
`);

type Props = {
  photo: PhotoFragment;
  sizes: string;
  className?: string;
  // Lazy unless it is the first thing seen (a listing page's cover): below the fold a card's
  // photo waits until it is scrolled near.
  eager?: boolean;
};

export function Photo({ photo, sizes, className, eager = false }: Props) {
  return (
    <img
      className={className}
      src={photo.url}
      srcSet={photo.srcset}
      sizes={sizes}
      alt={photo.alt}
      width={photo.width}
      height={photo.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
