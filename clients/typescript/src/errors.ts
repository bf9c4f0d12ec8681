// What the SDK throws: one class per API code (docs/errors.md), all under TravelError, so that
// `catch (e) { if (e instanceof NotFoundError) … }` never parses a message.

/** One entry of a GraphQL `errors` array. */
export interface GraphQLErrorEntry {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; [key: string]: unknown };
}

/** Anything the SDK throws about a call (catch this to catch them all). */
export class TravelError extends Error {
  override name = "TravelError";
}

export interface ApiErrorDetails {
  status: number;
  requestId?: string | undefined;
  errors?: GraphQLErrorEntry[];
  data?: unknown;
  extensions?: Record<string, unknown>;
}

/**
 * The API answered with an error. `code` is its `extensions.code`; `status` the HTTP status;
 * `errors` and `data` the whole response (partial results); `requestId` its X-Request-Id.
 */
export class TravelApiError extends TravelError {
  override name = "TravelApiError";
  readonly code: string;
  readonly status: number;
  readonly requestId: string | undefined;
  readonly errors: GraphQLErrorEntry[];
  readonly data: unknown;
  readonly extensions: Record<string, unknown>;

  constructor(code: string, message: string, details: ApiErrorDetails) {
    super(message); // the API's text; branch on the class or `code`, never on it
    this.code = code;
    this.status = details.status;
    this.requestId = details.requestId;
    this.errors = details.errors ?? [];
    this.data = details.data;
    this.extensions = details.extensions ?? {};
  }
}

/** UNAUTHENTICATED: no credential, or an unknown, revoked or expired one. */
export class UnauthenticatedError extends TravelApiError {
  override name = "UnauthenticatedError";
}

/** WORKSPACE_REQUIRED: a token without workspace context. */
export class WorkspaceRequiredError extends TravelApiError {
  override name = "WorkspaceRequiredError";
}

/** FORBIDDEN: the credential lacks the `travel:*` permission the field needs. */
export class ForbiddenError extends TravelApiError {
  override name = "ForbiddenError";
}

/** NOT_FOUND: no such id in this workspace (another workspace's ids never resolve). */
export class NotFoundError extends TravelApiError {
  override name = "NotFoundError";
}

/** One invalid input field: its path (e.g. `input.checkIn`) and what is wrong with it. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * VALIDATION_ERROR: the request or an input is invalid. `field` is the path of the first
 * invalid input field (e.g. `input.checkIn`), `fields` every one with its message; both empty
 * when the problem is not one field's (an unparsable document, a query limit).
 */
export class ValidationError extends TravelApiError {
  override name = "ValidationError";
  readonly field: string | undefined;
  readonly fields: FieldProblem[];

  constructor(code: string, message: string, details: ApiErrorDetails) {
    super(code, message, details);
    const field = this.extensions["field"];
    this.field = typeof field === "string" ? field : undefined;
    const fields = this.extensions["fields"];
    this.fields = Array.isArray(fields) ? (fields as FieldProblem[]) : [];
    if (this.fields.length === 0 && this.field !== undefined) {
      this.fields = [{ field: this.field, message }];
    }
  }
}

/** UNAVAILABLE: nothing left to book for those dates (a business answer, never retried). */
export class UnavailableError extends TravelApiError {
  override name = "UnavailableError";
}

/** CONFLICT: `expectedVersion` is stale; `currentVersion` is the version now (if given). */
export class ConflictError extends TravelApiError {
  override name = "ConflictError";
  readonly currentVersion: number | undefined;

  constructor(code: string, message: string, details: ApiErrorDetails) {
    super(code, message, details);
    const current = this.extensions["currentVersion"];
    this.currentVersion = Number.isInteger(current) ? (current as number) : undefined;
  }
}

/** IDEMPOTENCY_KEY_REUSED: the key was used for a different request; use a new key. */
export class IdempotencyKeyReusedError extends TravelApiError {
  override name = "IdempotencyKeyReusedError";
}

/** IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (retried when safe). */
export class IdempotencyKeyInUseError extends TravelApiError {
  override name = "IdempotencyKeyInUseError";
}

/** RATE_LIMITED (429), out of retries or over `maxRetryWait`; `retryAfter` is in seconds. */
export class RateLimitedError extends TravelApiError {
  override name = "RateLimitedError";
  readonly retryAfter: number;

  constructor(code: string, message: string, details: ApiErrorDetails & { retryAfter: number }) {
    super(code, message, details);
    this.retryAfter = details.retryAfter;
  }
}

/**
 * SERVICE_UNAVAILABLE (503): the service cannot serve right now (its database or identity
 * provider); `retryAfter` in seconds. Retried when safe before it is thrown.
 */
export class ServiceUnavailableError extends TravelApiError {
  override name = "ServiceUnavailableError";
  readonly retryAfter: number;

  constructor(code: string, message: string, details: ApiErrorDetails & { retryAfter: number }) {
    super(code, message, details);
    this.retryAfter = details.retryAfter;
  }
}

/** INTERNAL_SERVER_ERROR: an unexpected fault (never retried: it may have had effects). */
export class InternalServerError extends TravelApiError {
  override name = "InternalServerError";
}

/**
 * No GraphQL answer: the gateway could not be reached (`status` undefined: connection
 * refused or reset, timeout), or it answered something that is not a GraphQL response.
 */
export class TransportError extends TravelError {
  override name = "TransportError";
  readonly status: number | undefined;

  constructor(message: string, status?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
  }
}

/**
 * The API answered without an error but not in the shape the SDK's types promise (a null root
 * field); `field` names it, `data` holds the answer. Read it with `query()` meanwhile.
 */
export class UnexpectedResultError extends TravelError {
  override name = "UnexpectedResultError";
  readonly field: string;
  readonly data: unknown;

  constructor(message: string, field: string, data: unknown) {
    super(message);
    this.field = field;
    this.data = data;
  }
}

/** PLATFORM_ENV names no known environment (prod, alpha, local). */
export class UnknownEnvironmentError extends TravelError {
  override name = "UnknownEnvironmentError";
}

type ApiErrorClass = new (code: string, message: string, details: ApiErrorDetails & { retryAfter: number }) => TravelApiError;

const BY_CODE: Record<string, ApiErrorClass> = {
  UNAUTHENTICATED: UnauthenticatedError,
  WORKSPACE_REQUIRED: WorkspaceRequiredError,
  FORBIDDEN: ForbiddenError,
  NOT_FOUND: NotFoundError,
  VALIDATION_ERROR: ValidationError,
  UNAVAILABLE: UnavailableError,
  CONFLICT: ConflictError,
  IDEMPOTENCY_KEY_REUSED: IdempotencyKeyReusedError,
  IDEMPOTENCY_KEY_IN_USE: IdempotencyKeyInUseError,
  RATE_LIMITED: RateLimitedError,
  SERVICE_UNAVAILABLE: ServiceUnavailableError,
  INTERNAL_SERVER_ERROR: InternalServerError,
};

/** The error class of `code`: a code this SDK does not know is a plain TravelApiError. */
export function apiError(
  entry: GraphQLErrorEntry,
  details: ApiErrorDetails & { retryAfter: number },
): TravelApiError {
  const extensions = entry.extensions ?? {};
  const code = typeof extensions.code === "string" ? extensions.code : "INTERNAL_SERVER_ERROR";
  const message = typeof entry.message === "string" ? entry.message : `HTTP ${details.status}`;
  const Class = BY_CODE[code] ?? TravelApiError;
  return new Class(code, message, { ...details, extensions });
}
