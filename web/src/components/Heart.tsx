// The wishlist heart: a toggle button (aria-pressed), on every card and listing page.
import { useFavorites } from "../api/favorites";
import type { Kind } from "../lib/kinds";

export function Heart({ kind, id, name, large }: { kind: Kind; id: string; name: string; large?: boolean }) {
  const { enabled, saved, pending, toggle } = useFavorites();
  if (!enabled) return null;
  const on = saved.has(id);
  return (
    <button
      type="button"
      className={`heart ${on ? "on" : ""} ${large ? "large" : ""}`}
      aria-pressed={on}
      aria-label={on ? `Remove ${name} from your wishlist` : `Save ${name} to your wishlist`}
      title={on ? "Saved to your wishlist" : "Save to your wishlist"}
      disabled={pending.has(id)}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void toggle(kind, id);
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.9 4.5 6.6 4.5c2.1 0 3.6 1.2 5.4 3.2 1.8-2 3.3-3.2 5.4-3.2 3.7 0 5.7 4.1 4.2 7.4C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
