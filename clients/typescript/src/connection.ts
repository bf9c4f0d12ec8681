// The connection under every method: building a request, sending it with `fetch`, retrying as
// the policy allows (src/retry.ts), reading the answer into data or an error class, paging.
import { credential as envCredential, processEnv, resolveUrl, type Env } from "./environments.js";
import {
  apiError,
  TransportError,
  TravelApiError,
  UnexpectedResultError,
  type GraphQLErrorEntry,
} from "./errors.js";
import { DEFAULT_RETRY, isMutation, retryAfterSeconds, retryDelay, type RetryPolicy } from "./retry.js";

export const VERSION = "0.1.0"; // package.json's version

/** A `fetch` (the global one by default): inject one for proxies, tests or instrumentation. */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /** The gateway; default TRAVEL_API_URL, else PLATFORM_ENV's (see resolveUrl). */
  url?: string;
  /** The bearer value; default TRAVEL_API_KEY, else TRAVEL_TOKEN. */
  credential?: string;
  /** Where the variables above are read (default `process.env` where there is one). */
  env?: Env;
  /** The `fetch` to send with (default `globalThis.fetch`). */
  fetch?: Fetch;
  /** Headers added to every request (not Authorization, Content-Type, Idempotency-Key). */
  headers?: Record<string, string>;
  /** Milliseconds per attempt before it is aborted and counts as a network failure (10 000). */
  timeoutMs?: number;
  /** Further attempts after the first (3); 0 never retries. */
  maxRetries?: number;
  /** Seconds: the longest Retry-After waited for (60); a longer one is thrown. */
  maxRetryWait?: number;
  /** Called before each retry (e.g. to log it); nothing is printed otherwise. */
  onRetry?: (info: { attempt: number; delaySeconds: number; error: unknown }) => void;
}

export interface CallOptions {
  /** Aborts the call, its retries and their waits. */
  signal?: AbortSignal;
}

export interface MutationOptions extends CallOptions {
  /** Your own Idempotency-Key (e.g. stored with your order); default a fresh random one. */
  idempotencyKey?: string;
}

export interface PageOptions extends CallOptions {
  /** Items per request, 1 to 100 (default 100). */
  pageSize?: number;
}

export interface ExecuteOptions extends CallOptions {
  operationName?: string;
  /** Makes a raw mutation retryable: the SDK never invents a key for a raw document. */
  idempotencyKey?: string;
}

/** X-RateLimit-* of the last response (undefined where a header was absent). */
export interface RateLimit {
  limit: number | undefined;
  remaining: number | undefined;
  /** Unix epoch seconds at which the window ends. */
  reset: number | undefined;
}

/** A whole GraphQL response: field errors stay in `errors` beside partial `data`. */
export interface GraphQLResponse<D = Record<string, unknown>> {
  status: number;
  data: D | null;
  errors: GraphQLErrorEntry[];
  requestId: string | undefined;
  /** An Idempotency-Key replay of the first answer (Idempotent-Replayed: true). */
  replayed: boolean;
  rateLimit: RateLimit;
  /** Retry-After in seconds, when the response sent one. */
  retryAfter: number | undefined;
}

/** What generated methods run: the document with its kind and root field. */
export interface OperationSpec {
  readonly name: string;
  readonly kind: "query" | "mutation";
  readonly field: string;
  readonly document: string;
}

export const MAX_PAGE_SIZE = 100;
const OWN_HEADERS: Record<string, string> = {
  "content-type": "the SDK always sends JSON",
  authorization: "pass `credential` instead",
  "idempotency-key": "pass `idempotencyKey` to the call instead",
};

/** The connection to one workspace gateway. TravelClient adds a method per operation. */
export class Connection {
  readonly url: string;
  readonly credential: string | undefined;
  /** The quota state the last response reported; undefined before any call. */
  rateLimit: RateLimit | undefined;
  readonly #fetch: Fetch;
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;
  readonly #retry: RetryPolicy;
  readonly #onRetry: ClientOptions["onRetry"];

  constructor(options: ClientOptions = {}) {
    const env = options.env ?? processEnv();
    this.url = options.url || resolveUrl(env); // "" resolves too, as in the Python SDK
    this.credential = options.credential ?? envCredential(env);
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#headers = checkHeaders(options.headers ?? {});
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#retry = {
      ...DEFAULT_RETRY,
      maxRetries: options.maxRetries ?? DEFAULT_RETRY.maxRetries,
      maxRetryWait: options.maxRetryWait ?? DEFAULT_RETRY.maxRetryWait,
    };
    this.#onRetry = options.onRetry;
  }

  /**
   * Runs any document and returns the whole response (field errors in `errors`); a refused
   * request (no `data`) throws. A mutation is retried only when it carries `idempotencyKey`.
   */
  async execute<D = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options: ExecuteOptions = {},
  ): Promise<GraphQLResponse<D>> {
    const safe = options.idempotencyKey !== undefined || !isMutation(query, options.operationName);
    const body = JSON.stringify({
      query,
      ...(variables && Object.keys(variables).length ? { variables } : {}),
      ...(options.operationName ? { operationName: options.operationName } : {}),
    });
    const headers: Record<string, string> = { ...this.#headers, "Content-Type": "application/json" };
    if (this.credential) headers["Authorization"] = `Bearer ${this.credential}`;
    if (options.idempotencyKey !== undefined) headers["Idempotency-Key"] = options.idempotencyKey;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.#send<D>(body, headers, options.signal);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const delay = retryDelay(this.#retry, error, attempt, safe);
        if (delay === undefined) throw error;
        this.#onRetry?.({ attempt: attempt + 1, delaySeconds: delay, error });
        await sleep(delay * 1000, options.signal);
      }
    }
  }

  /** Runs any document and returns its `data`; the first error is thrown (`.data` is partial). */
  async query<D = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options: ExecuteOptions = {},
  ): Promise<D> {
    const response = await this.execute<D>(query, variables, options);
    const first = response.errors[0];
    if (first) throw errorOf(response, first);
    return response.data as D;
  }

  /** A generated method's call: its root field's value, or the first error on it thrown. */
  protected async run<R>(operation: OperationSpec, variables: object, options: MutationOptions = {}): Promise<R> {
    const idempotencyKey =
      operation.kind === "mutation" ? (options.idempotencyKey ?? crypto.randomUUID()) : undefined;
    const response = await this.execute(operation.document, variables as Record<string, unknown>, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
    });
    for (const error of response.errors) {
      if (!error.path?.length || error.path[0] === operation.field) throw errorOf(response, error);
    }
    const value = (response.data as Record<string, unknown> | null)?.[operation.field];
    if (value === null || value === undefined) {
      throw new UnexpectedResultError(`the API answered ${operation.field} with null and no error`, operation.field, response.data);
    }
    return value as R;
  }

  /** An auto-paging list; `count` runs the list's `…Count` query with the same filter. */
  protected paged<I extends { id: string }>(
    list: OperationSpec,
    count: OperationSpec,
    variables: object,
    countTakesVariables: boolean,
    options: PageOptions = {},
  ): Paged<I> {
    const size = options.pageSize ?? MAX_PAGE_SIZE;
    if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
      throw new RangeError(`pageSize must be 1 to ${MAX_PAGE_SIZE}, not ${size}`);
    }
    const call = options.signal ? { signal: options.signal } : {};
    return new Paged<I>(
      (skip) => this.run<I[]>(list, { ...variables, pagination: { skip, take: size } }, call),
      size,
      () => this.run<number>(count, countTakesVariables ? variables : {}, call),
    );
  }

  /** The injected (or global) fetch, for requests outside GraphQL (a photo's bytes). */
  protected fetchRaw(input: string, init: RequestInit): Promise<Response> {
    return this.#fetch(input, init);
  }

  async #send<D>(body: string, headers: Record<string, string>, signal?: AbortSignal): Promise<GraphQLResponse<D>> {
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const combined = signal ? anySignal([signal, timeout]) : timeout;
    let reply: Response;
    let text: string;
    try {
      reply = await this.#fetch(this.url, { method: "POST", headers, body, signal: combined });
      text = await reply.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const detail = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw new TransportError(`cannot reach ${this.url}: ${detail}`, undefined, { cause: error });
    }
    this.rateLimit = rateLimitOf(reply.headers);
    return interpret<D>(reply, text, this.rateLimit);
  }
}

/** The items of a list, requested a page at a time as `for await` goes. */
export class Paged<I extends { id: string }> implements AsyncIterable<I> {
  readonly #page: (skip: number) => Promise<I[]>;
  readonly #size: number;
  readonly #count: () => Promise<number>;

  constructor(page: (skip: number) => Promise<I[]>, size: number, count: () => Promise<number>) {
    this.#page = page;
    this.#size = size;
    this.#count = count;
  }

  /**
   * Pages until a short one. Offsets shift when items are added or removed meanwhile: an item
   * already yielded is never yielded again.
   */
  async *[Symbol.asyncIterator](): AsyncIterator<I> {
    const seen = new Set<string>();
    for (let skip = 0; ; skip += this.#size) {
      const batch = await this.#page(skip);
      for (const item of batch) {
        if (!seen.has(item.id)) {
          seen.add(item.id);
          yield item;
        }
      }
      if (batch.length < this.#size) return;
    }
  }

  /** How many items the list has over all pages now (its `…Count` query). */
  count(): Promise<number> {
    return this.#count();
  }

  /** Every item in an array (all pages). */
  async toArray(): Promise<I[]> {
    const items: I[] = [];
    for await (const item of this) items.push(item);
    return items;
  }
}

function checkHeaders(extra: Record<string, string>): Record<string, string> {
  for (const name of Object.keys(extra)) {
    const reason = OWN_HEADERS[name.toLowerCase()];
    if (reason) throw new TypeError(`headers cannot set ${name}: ${reason}`);
  }
  return { ...extra };
}

function rateLimitOf(headers: Headers): RateLimit {
  const number = (name: string): number | undefined => {
    const raw = (headers.get(name) ?? "").trim();
    return /^\d+$/.test(raw) ? Number(raw) : undefined;
  };
  return { limit: number("x-ratelimit-limit"), remaining: number("x-ratelimit-remaining"), reset: number("x-ratelimit-reset") };
}

function interpret<D>(reply: Response, text: string, rateLimit: RateLimit): GraphQLResponse<D> {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new TransportError(`the API answered HTTP ${reply.status} without JSON`, reply.status);
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    throw new TransportError(`the API answered HTTP ${reply.status} with unexpected JSON`, reply.status);
  }
  const { data, errors } = payload as { data?: D | null; errors?: unknown };
  if (errors !== undefined && !Array.isArray(errors)) {
    throw new TransportError(`the API answered HTTP ${reply.status} with unexpected JSON`, reply.status);
  }
  const response: GraphQLResponse<D> = {
    status: reply.status,
    data: data ?? null,
    errors: (errors ?? []) as GraphQLErrorEntry[],
    requestId: reply.headers.get("x-request-id") ?? undefined,
    replayed: (reply.headers.get("idempotent-replayed") ?? "").toLowerCase() === "true",
    rateLimit,
    retryAfter: reply.headers.has("retry-after") ? retryAfterSeconds(reply.headers.get("retry-after")) : undefined,
  };
  if (!("data" in payload)) {
    // GraphQL over HTTP: no `data` entry means nothing ran (auth, limits, a bad document).
    const first = response.errors[0];
    if (!first) throw new TransportError(`the API answered HTTP ${reply.status} without errors`, reply.status);
    throw errorOf(response, first);
  }
  return response;
}

function errorOf(response: GraphQLResponse<unknown>, entry: GraphQLErrorEntry): TravelApiError {
  const fromExtensions = entry.extensions?.["retryAfter"];
  const retryAfter = typeof fromExtensions === "number" ? fromExtensions : (response.retryAfter ?? 1);
  return apiError(entry, {
    status: response.status,
    requestId: response.requestId,
    errors: response.errors,
    data: response.data,
    retryAfter,
  });
}

function anySignal(signals: AbortSignal[]): AbortSignal {
  const any = (AbortSignal as { any?: (s: AbortSignal[]) => AbortSignal }).any;
  if (any) return any(signals);
  const controller = new AbortController();
  for (const s of signals) {
    if (s.aborted) controller.abort(s.reason);
    s.addEventListener("abort", () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
