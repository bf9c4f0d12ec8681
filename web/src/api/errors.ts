// Turning the API's error codes into sentences a person understands (docs/errors.md lists the
// codes). Programs read `extensions.code`; people read these.
import type { CombinedError } from "@urql/core";

export type Problem = {
  code: string;
  message: string;
  field?: string;
  /** Every bad field of an input at once (`extensions.fields`, docs/errors.md). */
  fields?: FieldProblem[];
  retryAfter?: number;
  currentVersion?: number;
};

/** One bad field of an input: its path (`input.pricePerNight`) and the API's words. */
export type FieldProblem = { field: string; message: string };

const NETWORK = "NETWORK";

export function problemsOf(error: CombinedError | undefined | null): Problem[] {
  if (!error) return [];
  if (error.graphQLErrors.length === 0) {
    return [{ code: NETWORK, message: error.networkError?.message ?? "network error" }];
  }
  return error.graphQLErrors.map((e) => {
    const extensions = (e.extensions ?? {}) as Record<string, unknown>;
    const problem: Problem = {
      code: typeof extensions.code === "string" ? extensions.code : "INTERNAL_SERVER_ERROR",
      message: e.message,
    };
    if (typeof extensions.field === "string") problem.field = extensions.field;
    if (typeof extensions.retryAfter === "number") problem.retryAfter = extensions.retryAfter;
    if (typeof extensions.currentVersion === "number") problem.currentVersion = extensions.currentVersion;
    if (Array.isArray(extensions.fields)) problem.fields = extensions.fields.filter(isFieldProblem);
    return problem;
  });
}

function isFieldProblem(value: unknown): value is FieldProblem {
  const entry = value as Partial<FieldProblem> | null;
  return typeof entry?.field === "string" && typeof entry.message === "string";
}

/** The input field a validation problem is about, without its `input.`/`filter.` prefix. */
export function fieldOf(problem: Problem): string | null {
  if (problem.code !== "VALIDATION_ERROR" || !problem.field) return null;
  return problem.field.replace(/^(input|filter|pagination)\./, "");
}

/** The API's message about one field, without the field's name in front. */
export function fieldMessage(problem: Problem): string {
  const message = problem.field ? problem.message.replace(`${problem.field} `, "") : problem.message;
  return message.charAt(0).toUpperCase() + message.slice(1);
}

export function describe(problem: Problem, labels: Record<string, string> = {}): string {
  switch (problem.code) {
    case NETWORK:
      return "We couldn't reach the server. Check your connection and try again — trying again never books twice.";
    case "UNAVAILABLE":
      return "Sorry, there is no room left for those dates and guests. Try other dates or fewer guests.";
    case "VALIDATION_ERROR": {
      const field = fieldOf(problem);
      if (field) return `${labels[field] ?? humanize(field)}: ${fieldMessage(problem)}.`.replace(/\.\.$/, ".");
      return `Please check what you entered: ${problem.message}`;
    }
    case "RATE_LIMITED": {
      const wait = problem.retryAfter ?? 60;
      return `Your workspace is sending a lot of requests right now. Please try again in ${wait} second${wait === 1 ? "" : "s"}.`;
    }
    case "UNAUTHENTICATED":
      return "Your session has ended. Please sign in again.";
    case "WORKSPACE_REQUIRED":
      return "Your sign-in is not linked to a workspace. Ask your administrator to add you to one.";
    case "FORBIDDEN":
      return `Your account can't do this. ${problem.message.replace("Missing permission", "It needs the permission")}.`;
    case "NOT_FOUND":
      return "We couldn't find that. It may have been removed, or it belongs to another workspace.";
    case "CONFLICT":
      return "Someone else changed this since you opened it, so nothing was saved. Reload it to see their changes, then make yours again.";
    case "IDEMPOTENCY_KEY_IN_USE":
      return "Your earlier attempt is still being processed. Wait a moment and try again — it will not book twice.";
    case "IDEMPOTENCY_KEY_REUSED":
      return "This request changed since your first attempt. Please review it and confirm again.";
    default:
      return "Something went wrong on our side. Please try again in a moment.";
  }
}

/** One sentence for the first problem of an error (or null when there is none). */
export function sentence(error: CombinedError | undefined | null, labels?: Record<string, string>): string | null {
  const [first] = problemsOf(error);
  return first ? describe(first, labels) : null;
}

export function hasCode(error: CombinedError | undefined | null, code: string): boolean {
  return problemsOf(error).some((p) => p.code === code);
}

function humanize(field: string): string {
  const words = field.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
