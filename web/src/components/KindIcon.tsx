// A small pictogram per listing kind (decorative: the kind is always written out too).
import type { Kind } from "../lib/kinds";

const PATHS: Record<Kind, string> = {
  PROPERTY: "M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z",
  TOUR: "M12 2a6 6 0 0 1 6 6c0 4.5-6 12-6 12S6 12.5 6 8a6 6 0 0 1 6-6zm0 3.5A2.5 2.5 0 1 0 12 10.5 2.5 2.5 0 0 0 12 5.5z",
  ACTIVITY: "M4 20 10 8l4 6 2-3 4 9zM15 4.5a2 2 0 1 1 0 .1z",
  EVENT: "M4 6h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4zM9 6v10",
  TRIP: "M5 16V7a3 3 0 0 1 3-3h8a3 3 0 0 1 3 3v9a2 2 0 0 1-2 2l1 2h-2l-1-2H9l-1 2H6l1-2a2 2 0 0 1-2-2zm2-9v4h10V7z",
};

export function KindIcon({ kind, size = 24 }: { kind: Kind; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="kind-icon">
      <path d={PATHS[kind]} />
    </svg>
  );
}
