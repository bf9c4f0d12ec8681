// The wishlist: every saved listing as a card (its heart removes it).
import { useState } from "react";
import { Link } from "wouter";
import { useQuery } from "urql";
import { ListingCard } from "../../components/ListingCard";
import { Pagination } from "../../components/Pagination";
import { Empty, ErrorBox, Loading } from "../../components/states";
import { graphql } from "../../gql";
import { usePageTitle } from "../../lib/title";

export const WishlistDocument = graphql(`
  query Wishlist($pagination: TravelPaginationInput) {
    travelFavorites(pagination: $pagination) {
      id
      createdAt
      target { ...ListingCard }
    }
    travelFavoritesCount
  }
`);

const PAGE = 24;

// Re-read after a mutation touching these types (a constant: urql re-runs a query whose
// context object changes, so a new object per render would loop).
const REFRESHED_BY = { additionalTypenames: ["TravelFavorite"] };

export function WishlistPage() {
  usePageTitle("Wishlist");
  const [skip, setSkip] = useState(0);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: WishlistDocument,
    variables: { pagination: { skip, take: PAGE } },
    context: REFRESHED_BY,
  });
  const favorites = data?.travelFavorites ?? [];
  return (
    <section className="page" aria-labelledby="wishlist-title">
      <h1 id="wishlist-title">Wishlist</h1>
      {error && <ErrorBox error={error} retry={() => refetch({ requestPolicy: "network-only" })} />}
      {!data && fetching && <Loading label="Loading your wishlist…" />}
      {data && favorites.length === 0 && (
        <Empty title="Nothing saved yet.">
          <p>
            Tap the heart on anything you like. <Link href="/">Start exploring</Link>
          </p>
        </Empty>
      )}
      {favorites.length > 0 && (
        <ul className="grid" aria-label="Saved listings">
          {favorites.map((f) => (
            <li key={f.id}>
              <ListingCard listing={f.target} />
            </li>
          ))}
        </ul>
      )}
      <Pagination skip={skip} take={PAGE} shown={favorites.length} total={data?.travelFavoritesCount} onChange={setSkip} label="Wishlist" />
    </section>
  );
}
