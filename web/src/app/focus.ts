// Where focus goes when the app shows another page (the web app's frame and the embed's shell).
import { useLayoutEffect, useRef, type RefObject } from "react";

/** A new page in the app: go to the top and move focus to the content, so keyboard and
 * screen-reader users start at the page they asked for. Not on a full page load (the first
 * run): there the browser starts at the top, and so do we. Before the browser paints (a layout
 * effect): no key pressed on the new page goes astray. */
export function useFocusOnNewPage(main: RefObject<HTMLElement | null>, location: string): void {
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [main, location]);
}
