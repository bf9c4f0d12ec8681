import { useEffect } from "react";

/** The document title for a page (screen readers announce it on navigation). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Travel marketplace`;
  }, [title]);
}
