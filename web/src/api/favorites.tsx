// The signed-in traveler's wishlist as a set of listing ids, for the hearts on every card, and
// the toggle (one Idempotency-Key per click: a retried request never toggles twice).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useClient } from "urql";
import { useSession } from "../auth/session";
import { graphql } from "../gql";
import type { Kind } from "../lib/kinds";
import { idempotent, newIdempotencyKey } from "./client";
import { sentence } from "./errors";

const SavedIdsDocument = graphql(`
  query SavedIds($pagination: TravelPaginationInput) {
    travelFavorites(pagination: $pagination) { targetId }
    travelFavoritesCount
  }
`);

const ToggleFavoriteDocument = graphql(`
  mutation ToggleFavorite($targetType: TravelBookingType!, $targetId: ID!) {
    toggleTravelFavorite(targetType: $targetType, targetId: $targetId)
  }
`);

const PAGE = 100;

type Favorites = {
  enabled: boolean;
  saved: ReadonlySet<string>;
  pending: ReadonlySet<string>;
  error: string | null;
  toggle: (kind: Kind, id: string) => Promise<void>;
};

const FavoritesContext = createContext<Favorites | null>(null);

export function FavoritesProvider({ children }: { children: ReactNode }) {
  const { can } = useSession();
  const client = useClient();
  const enabled = can("travel:favorite");
  const [saved, setSaved] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    (async () => {
      const ids = new Set<string>();
      for (let skip = 0; ; skip += PAGE) {
        const result = await client
          .query(SavedIdsDocument, { pagination: { skip, take: PAGE } }, { requestPolicy: "network-only" })
          .toPromise();
        if (cancelled) return;
        if (result.error || !result.data) {
          setError(sentence(result.error));
          return;
        }
        for (const favorite of result.data.travelFavorites ?? []) ids.add(favorite.targetId);
        if (skip + PAGE >= (result.data.travelFavoritesCount ?? 0)) break;
      }
      setSaved(ids);
    })();
    return () => {
      cancelled = true;
    };
  }, [client, enabled]);

  const toggle = useCallback(
    async (kind: Kind, id: string) => {
      setPending((p) => new Set(p).add(id));
      setError(null);
      const result = await client
        .mutation(ToggleFavoriteDocument, { targetType: kind, targetId: id }, {
          ...idempotent(newIdempotencyKey()),
          additionalTypenames: ["TravelFavorite"],
        })
        .toPromise();
      setPending((p) => {
        const next = new Set(p);
        next.delete(id);
        return next;
      });
      if (result.error || result.data === undefined) {
        setError(sentence(result.error));
        return;
      }
      const now = result.data.toggleTravelFavorite;
      setSaved((s) => {
        const next = new Set(s);
        if (now) next.add(id);
        else next.delete(id);
        return next;
      });
    },
    [client],
  );

  const value = useMemo(() => ({ enabled, saved, pending, error, toggle }), [enabled, saved, pending, error, toggle]);
  return <FavoritesContext.Provider value={value}>{children}</FavoritesContext.Provider>;
}

export function useFavorites(): Favorites {
  const favorites = useContext(FavoritesContext);
  if (!favorites) throw new Error("useFavorites outside FavoritesProvider");
  return favorites;
}
