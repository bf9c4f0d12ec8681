// The workspace app's views and the paths they have inside it (below its base,
// /embed/<workspace>), both ways: the loader builds the frame's first address from a view, and
// the embedded page tells its host where it is.
import { kindFromSlug, listingPath, type Kind } from "../lib/kinds";

export type View = "discover" | "listing" | "checkout" | "trips" | "wishlist";

/** A view; a listing's (and its checkout's) with the listing's kind and id. */
export type Place = { view: View; kind?: Kind; id?: string };

const LISTS: Partial<Record<View, string>> = { discover: "/", trips: "/trips", wishlist: "/wishlist" };

/** The path that opens `place` (discovery for a listing without its kind and id). */
export function pathOf(place: Place): string {
  if (place.view === "listing" && place.kind && place.id) return listingPath(place.kind, place.id);
  return LISTS[place.view] ?? "/";
}

/** Where a path is: its view, and for a listing or its checkout the listing's kind and id. */
export function placeOf(path: string): Place {
  const list = Object.entries(LISTS).find(([, p]) => p === path);
  if (list) return { view: list[0] as View };
  const [first, second, third] = path.split("/").slice(1).map(decodeURIComponent);
  const checkout = first === "checkout";
  const kind = kindFromSlug(checkout ? second : first);
  const id = checkout ? third : second;
  if (kind && id) return { view: checkout ? "checkout" : "listing", kind: kind.kind, id };
  return { view: "discover" };
}
