// When the SDK sends a request again, and how long it waits first: the Python SDK's policy
// (docs/decisions/0061-sdk-retries-and-idempotency.md, docs/decisions/0096-typescript-sdk.md).
import {
  IdempotencyKeyInUseError,
  RateLimitedError,
  ServiceUnavailableError,
  TransportError,
  TravelApiError,
} from "./errors.js";

const GATEWAY_STATUSES = new Set([502, 503, 504]);

export interface RetryPolicy {
  /** Further attempts after the first (default 3; 0 never retries). */
  maxRetries: number;
  /** Seconds: a longer Retry-After is thrown as RateLimitedError rather than waited (60). */
  maxRetryWait: number;
  /** Seconds before the first retry of a transient failure, doubling (0.5). */
  baseDelay: number;
  /** Seconds: the longest back-off (8). */
  maxDelay: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, maxRetryWait: 60, baseDelay: 0.5, maxDelay: 8 };

/**
 * Seconds to wait before attempt `attempt + 1` after `error`, or undefined to give up. 429 is
 * always retried after its Retry-After (the service ran nothing). Network failures, 502/503/504
 * and IDEMPOTENCY_KEY_IN_USE only when a repeat cannot double an effect (`safe`: a query, or a
 * mutation carrying an Idempotency-Key); a 503's Retry-After is honoured as a floor.
 */
export function retryDelay(policy: RetryPolicy, error: unknown, attempt: number, safe: boolean): number | undefined {
  if (attempt >= policy.maxRetries) return undefined;
  if (error instanceof RateLimitedError) {
    return error.retryAfter <= policy.maxRetryWait ? error.retryAfter : undefined;
  }
  if (!safe || !transient(error)) return undefined;
  const backoff = Math.min(policy.maxDelay, policy.baseDelay * 2 ** attempt);
  const jittered = backoff * (0.8 + Math.random() * 0.4); // spread out clients failing together
  if (error instanceof ServiceUnavailableError) {
    if (error.retryAfter > policy.maxRetryWait) return undefined;
    return Math.max(jittered, error.retryAfter);
  }
  return jittered;
}

function transient(error: unknown): boolean {
  if (error instanceof TransportError) return error.status === undefined || GATEWAY_STATUSES.has(error.status);
  if (error instanceof IdempotencyKeyInUseError) return true;
  if (error instanceof TravelApiError) return GATEWAY_STATUSES.has(error.status);
  return false;
}

/** Retry-After in seconds: delta-seconds or an HTTP date (RFC 9110); `fallback` if absent. */
export function retryAfterSeconds(header: string | null, fallback = 1): number {
  const raw = (header ?? "").trim();
  if (!raw) return fallback;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? fallback : Math.max(0, (at - Date.now()) / 1000);
}

// The tokens of a GraphQL document that matter to tell its operations apart: block strings,
// strings and comments (skipped whole, so `# mutation` or "mutation" cannot mislead), names,
// and any other single character. A port of the Python SDK's scanner (travel_client/retry.py).
const TOKEN = /"""(?:\\"""|[^"]|"(?!""))*"""|"(?:\\.|[^"\\\n])*"|#[^\n]*|[_A-Za-z]\w*|\S/g;
const KINDS = new Set(["query", "mutation", "subscription"]);

/**
 * Whether the operation that would run is not a plain query. A document this cannot read
 * counts as one: it is then never repeated after a failure that may have had effects.
 */
export function isMutation(document: string, operationName?: string): boolean {
  let ops = operationsOf(document);
  if (ops === undefined) return true;
  if (operationName !== undefined) ops = ops.filter(([, name]) => name === operationName);
  if (ops.length !== 1) return ops.length === 0 || ops.some(([kind]) => kind !== "query");
  return ops[0]![0] !== "query";
}

function operationsOf(document: string): [string, string | undefined][] | undefined {
  const found: [string, string | undefined][] = [];
  let depth = 0;
  let header = false; // after `query`/`mutation`/`fragment`, before its selection set
  let nameNext = false;
  for (const match of document.matchAll(TOKEN)) {
    const token = match[0];
    if (token[0] === "#" || token[0] === '"') continue;
    if (token === "{" || token === "(") {
      if (depth === 0 && token === "{") {
        if (!header) found.push(["query", undefined]);
        header = false;
      }
      depth += 1;
    } else if (token === "}" || token === ")") {
      depth -= 1;
      if (depth < 0) return undefined;
    } else if (depth > 0) {
      // inside a selection set or the variables
    } else if (nameNext && /^[_A-Za-z]/.test(token)) {
      found[found.length - 1]![1] = token;
    } else if (header) {
      // variables' types, `on Type`, directives
    } else if (KINDS.has(token)) {
      found.push([token, undefined]);
      header = true;
      nameNext = true;
      continue;
    } else if (token === "fragment") {
      header = true;
    } else {
      return undefined;
    }
    nameNext = false;
  }
  return depth === 0 && !header ? found : undefined;
}
