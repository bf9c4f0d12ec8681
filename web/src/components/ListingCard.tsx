// A listing in a grid: its cover photo (else a coloured band with the kind's icon), name, place,
// rating, price and the wishlist heart.
import { Link } from "wouter";
import { graphql } from "../gql";
import type { ListingCardFragment } from "../gql/graphql";
import { formatDateTime } from "../lib/dates";
import { capitalized, kindInfo, listingPath } from "../lib/kinds";
import { formatMoney } from "../lib/money";
import { Heart } from "./Heart";
import { KindIcon } from "./KindIcon";
import { Photo } from "./Photo";

export const ListingCardFragmentDoc = graphql(`
  fragment ListingCard on TravelListing {
    __typename
    id
    kind
    name
    location
    price
    priceUnit
    currency
    rating
    provider { id name }
    timeZone
    coverPhoto { ...Photo }
    ... on TravelEvent { startsAt }
    ... on TravelTrip { origin destination departsAt mode }
  }
`);

/** A stable colour per listing, for its picture band when it has no photo. */
export function hueOf(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

// The grid's column: the page's width on a phone, two columns beside the filters on a tablet,
// at most about a quarter of the 72rem page on a desktop.
const CARD_SIZES = "(max-width: 40rem) 100vw, (max-width: 64rem) 50vw, 20rem";

export function ListingCard({ listing, query = "" }: { listing: ListingCardFragment; query?: string }) {
  const info = kindInfo(listing.kind);
  // Times as the clock shows them where they happen (the listing's zone, else UTC).
  const at = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, listing.timeZone)}</time>;
  const when =
    listing.__typename === "TravelEvent" ? (
      at(listing.startsAt)
    ) : listing.__typename === "TravelTrip" ? (
      <>
        {listing.origin} → {listing.destination} · {at(listing.departsAt)}
      </>
    ) : null;
  return (
    <article className="card">
      <Link href={listingPath(listing.kind, listing.id) + query} className="card-link">
        {listing.coverPhoto ? (
          <Photo photo={listing.coverPhoto} sizes={CARD_SIZES} className="card-photo" />
        ) : (
          <div className="card-picture" style={{ "--hue": hueOf(listing.id) } as React.CSSProperties} aria-hidden="true">
            <KindIcon kind={listing.kind} size={40} />
          </div>
        )}
        <div className="card-body">
          <p className="card-kind">
            {capitalized(info.singular)} · {listing.location}
          </p>
          <h3 className="card-title">{listing.name}</h3>
          {when && <p className="card-when">{when}</p>}
          <p className="card-provider">by {listing.provider.name}</p>
          <p className="card-meta">
            <span className="price">
              <strong>{formatMoney(listing.price, listing.currency)}</strong> / {info.unit}
            </span>
            {listing.rating != null && (
              <span className="rating" aria-label={`rated ${listing.rating.toFixed(1)} out of 5`}>
                ★ {listing.rating.toFixed(1)}
              </span>
            )}
          </p>
        </div>
      </Link>
      <div className="card-heart">
        <Heart kind={listing.kind} id={listing.id} name={listing.name} />
      </div>
    </article>
  );
}
