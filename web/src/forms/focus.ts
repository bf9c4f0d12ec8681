// After a submit that found problems, focus moves to the first field marked invalid — in the
// form's order, whichever check (the browser's or the API's) found it.
import { useEffect, type RefObject } from "react";

/** `attempt` counts the submits that found problems: each one moves focus again. */
export function useFocusFirstProblem(form: RefObject<HTMLElement | null>, attempt: number): void {
  useEffect(() => {
    if (attempt === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [form, attempt]);
}
