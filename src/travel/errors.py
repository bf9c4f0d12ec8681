"""One error hierarchy carrying the spec's codes (`extensions.code`)."""

from __future__ import annotations

from collections.abc import Callable
from string import Template
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


class InvalidInput(ValidationError):
    """A VALIDATION_ERROR about one field of a typed input, named as the domain names it
    (`check_in`). The message is a template naming fields as `$check_in`; the schema layer
    turns the names into the caller's paths (`input.checkIn`, travel.graphql.inputs), so
    domain code never spells a GraphQL name (docs/decisions/0073-typed-inputs.md)."""

    def __init__(self, field: str, template: str) -> None:
        super().__init__(Template(template).safe_substitute(_Names(str)), field=field)
        self.field = field
        self.template = template

    def at(self, path_of: Callable[[str], str]) -> ValidationError:
        """The error as the caller sees it: every field named by its path."""
        names = _Names(path_of)
        return ValidationError(Template(self.template).substitute(names), field=path_of(self.field))


class _Names(dict[str, str]):
    """A template's field names, rendered by `render` as they are asked for."""

    def __init__(self, render: Callable[[str], str]) -> None:
        super().__init__()
        self._render = render

    def __missing__(self, name: str) -> str:
        return self._render(name)


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
