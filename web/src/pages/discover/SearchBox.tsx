// One search box with suggestions as you type (travelSuggest): places and listings, in the
// ARIA combobox pattern — ↓/↑ move through them, Enter picks, Escape closes, the list is
// announced by screen readers. A place picked becomes the search; a listing picked opens it.
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { useLocation } from "wouter";
import { useQuery } from "urql";
import { graphql } from "../../gql";
import { capitalized, kindInfo, listingPath } from "../../lib/kinds";

const SuggestDocument = graphql(`
  query Suggest($prefix: String!) {
    travelSuggest(prefix: $prefix, limit: 8) {
      type
      text
      listings
      listing { id kind location }
    }
  }
`);

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** A place was picked (or Enter pressed with no suggestion chosen): search with this text. */
  onSearch: (text: string) => void;
  label: string;
  autoFocus?: boolean;
};

/** `value` after it has stopped changing for `ms` (no request per keystroke). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function SearchBox({ value, onChange, onSearch, label, autoFocus }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [, navigate] = useLocation();
  const prefix = useSettled(value.trim(), 150);
  const [{ data }] = useQuery({ query: SuggestDocument, variables: { prefix }, pause: prefix.length < 2 });
  const suggestions = prefix.length >= 2 ? (data?.travelSuggest ?? []) : [];
  const shown = open && suggestions.length > 0;
  useEffect(() => setActive(-1), [prefix]);

  const pick = (index: number) => {
    const chosen = suggestions[index];
    setOpen(false);
    if (!chosen) return;
    if (chosen.type === "LISTING" && chosen.listing) {
      navigate(listingPath(chosen.listing.kind, chosen.listing.id));
      return;
    }
    onChange(chosen.text);
    onSearch(chosen.text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && suggestions.length) {
      event.preventDefault();
      setOpen(true);
      setActive((active + 1) % suggestions.length);
    } else if (event.key === "ArrowUp" && suggestions.length) {
      event.preventDefault();
      setOpen(true);
      setActive(active <= 0 ? suggestions.length - 1 : active - 1);
    } else if (event.key === "Escape" && shown) {
      event.preventDefault();
      event.stopPropagation(); // the box closes, not the dialog around it
      setOpen(false);
    } else if (event.key === "Enter" && shown && active >= 0) {
      event.preventDefault();
      pick(active);
    }
  };
  const listId = `${id}-suggestions`;
  return (
    <div className="searchbox">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        autoFocus={autoFocus}
        value={value}
        placeholder="Try Lisbon, food tour, jazz…"
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label="Suggestions" className="suggestions" hidden={!shown}>
        {suggestions.map((s, index) => (
          <li
            key={`${s.type}-${s.listing?.id ?? s.text}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={`suggestion ${index === active ? "active" : ""}`}
            // mousedown, not click: the input's blur would close the list first
            onMouseDown={(e) => {
              e.preventDefault();
              pick(index);
            }}
          >
            <span className="suggestion-text">{s.text}</span>
            <span className="suggestion-meta">
              {s.type === "PLACE"
                ? `${s.listings} ${s.listings === 1 ? "listing" : "listings"}`
                : s.listing
                  ? `${capitalized(kindInfo(s.listing.kind).singular)} · ${s.listing.location}`
                  : ""}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
