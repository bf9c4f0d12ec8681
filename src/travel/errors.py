"""One error hierarchy carrying the spec's codes (`extensions.code`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from string import Template
from typing import Any, ClassVar, TypeVar

_T = TypeVar("_T")


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
    """A VALIDATION_ERROR about fields of a typed input, named as the domain names them
    (`check_in`). Each message is a template naming fields as `$check_in`; the schema layer
    turns the names into the caller's paths (`input.checkIn`, travel.graphql.inputs), so
    domain code never spells a GraphQL name (docs/decisions/0073-typed-inputs.md).

    One error may carry several problems (`together`): a form learns every bad field of one
    input in one answer, as `extensions.fields` (docs/errors.md)."""

    def __init__(self, field: str, template: str) -> None:
        self.problems: tuple[tuple[str, str], ...] = ((field, template),)
        message, extensions = _rendered(self.problems, str)
        super().__init__(message, **extensions)
        self.field = field
        self.template = template

    @classmethod
    def together(cls, errors: Sequence[InvalidInput]) -> InvalidInput:
        """One error reporting every problem of `errors`, in order (the first names `field`)."""
        first = errors[0]
        combined = cls(first.field, first.template)
        combined.problems = tuple(problem for error in errors for problem in error.problems)
        combined.message, combined.extensions = _rendered(combined.problems, str)
        combined.args = (combined.message,)
        return combined

    def at(self, path_of: Callable[[str], str]) -> ValidationError:
        """The error as the caller sees it: every field named by its path."""
        message, extensions = _rendered(self.problems, path_of)
        return ValidationError(message, **extensions)


def _rendered(
    problems: Sequence[tuple[str, str]], path_of: Callable[[str], str]
) -> tuple[str, dict[str, Any]]:
    """The message and extensions of `problems`: `field` names the first one, `fields` lists
    each with its own message."""
    names = _Names(path_of)
    each = [
        {"field": path_of(field), "message": Template(template).safe_substitute(names)}
        for field, template in problems
    ]
    message = each[0]["message"]
    if len(each) > 1:
        message = f"{len(each)} fields are invalid: " + "; ".join(e["message"] for e in each)
    return message, {"field": each[0]["field"], "fields": each}


class Checks:
    """Runs the checks of one input and collects their problems, so that one answer names
    every bad field: `value = check(lambda: rule(...))` is None when the rule refused."""

    def __init__(self) -> None:
        self._found: list[InvalidInput] = []

    def __call__(self, rule: Callable[[], _T]) -> _T | None:
        try:
            return rule()
        except InvalidInput as error:
            self._found.append(error)
            return None

    @property
    def failed(self) -> bool:
        return bool(self._found)

    def done(self) -> None:
        """Raise every problem found, together; nothing if all checks passed."""
        if self._found:
            raise InvalidInput.together(self._found)


class Conflict(TravelError):
    """A stale update: the version the caller last read is not the current one; nothing was
    written (docs/design.md §7)."""

    code = "CONFLICT"


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
