"""One error hierarchy carrying the spec's codes (`extensions.code`)."""

from __future__ import annotations

from typing import Any, ClassVar


class TravelError(Exception):
    """An expected failure: its message is for people, its code for programs."""

    code: ClassVar[str] = "INTERNAL_SERVER_ERROR"
    http_status: ClassVar[int] = 200

    def __init__(self, message: str, **extensions: Any) -> None:
        super().__init__(message)
        self.message = message
        self.extensions = extensions


class Unauthenticated(TravelError):
    code = "UNAUTHENTICATED"
    http_status = 401


class WorkspaceRequired(TravelError):
    code = "WORKSPACE_REQUIRED"
    http_status = 400

    def __init__(self, message: str = "Workspace context required") -> None:
        super().__init__(message)


class Forbidden(TravelError):
    code = "FORBIDDEN"
    http_status = 403


class NotFound(TravelError):
    code = "NOT_FOUND"


class ValidationError(TravelError):
    code = "VALIDATION_ERROR"
    http_status = 400


class Unavailable(TravelError):
    code = "UNAVAILABLE"


class IdempotencyKeyReused(TravelError):
    code = "IDEMPOTENCY_KEY_REUSED"
    http_status = 422


class IdempotencyKeyInUse(TravelError):
    """A request with this Idempotency-Key is still running (after waiting for it)."""

    code = "IDEMPOTENCY_KEY_IN_USE"
    http_status = 409


class RateLimited(TravelError):
    code = "RATE_LIMITED"
    http_status = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message, retryAfter=retry_after)
        self.retry_after = retry_after


class ServiceUnavailable(TravelError):
    """The database cannot be reached (stopped, restarting, out of connections): nothing was
    done, or — for a mutation whose commit was cut off — it may have been, so retry with the same
    Idempotency-Key (docs/decisions/0080-database-outages-answer-503.md)."""

    code = "SERVICE_UNAVAILABLE"
    http_status = 503
    retry_after = 1

    def __init__(
        self, message: str = "The service's database is unavailable; retry shortly"
    ) -> None:
        super().__init__(message, retryAfter=self.retry_after)


class InternalError(TravelError):
    code = "INTERNAL_SERVER_ERROR"
    http_status = 500

    def __init__(self, message: str = "Internal server error") -> None:
        super().__init__(message)
