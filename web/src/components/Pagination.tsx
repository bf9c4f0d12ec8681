// Previous / next over skip-take lists, with "x–y of total" from the list's Count query. Nothing
// when everything fits on the first page; past the last page (a link with ?skip=999), a way back.
import { Link } from "wouter";

type Props = {
  skip: number;
  take: number;
  shown: number;
  total: number | null | undefined;
  onChange: (skip: number) => void;
  label: string;
  /** The first page's address, when the page is in the URL: the way back is then a link. */
  firstPage?: string;
};

export function Pagination({ skip, take, shown, total, onChange, label, firstPage }: Props) {
  if (!total || (skip === 0 && total <= take)) return null;
  if (shown === 0 && skip >= total) {
    return (
      <nav className="pagination" aria-label={`${label} pages`}>
        <span>
          This page is past the last of {total} {total === 1 ? "result" : "results"}.
        </span>
        {firstPage ? (
          <Link href={firstPage} className="button secondary">
            Back to the first page
          </Link>
        ) : (
          <button type="button" className="button secondary" onClick={() => onChange(0)}>
            Back to the first page
          </button>
        )}
      </nav>
    );
  }
  // Nothing shown yet (the page's items are on their way): no range to give ("0–0 of 30").
  if (shown === 0) return null;
  const first = skip + 1;
  const last = skip + shown;
  return (
    <nav className="pagination" aria-label={`${label} pages`}>
      <button type="button" className="button secondary" disabled={skip === 0} onClick={() => onChange(Math.max(0, skip - take))}>
        Previous
      </button>
      <span aria-live="polite">
        {first}–{last} of {total}
      </span>
      <button type="button" className="button secondary" disabled={last >= total} onClick={() => onChange(skip + take)}>
        Next
      </button>
    </nav>
  );
}
