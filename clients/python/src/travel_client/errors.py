"""Exceptions raised by the SDK; each API error carries the spec's code."""

from __future__ import annotations

from typing import Any


class TravelClientError(Exception):
    """Anything the SDK raises about a call (catch this to catch them all)."""


class TravelAPIError(TravelClientError):
    """The API answered with an error. `code` is the spec's `extensions.code`; `status` the
    HTTP status; `errors` and `data` the whole response, for partial results."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        status: int,
        request_id: str | None = None,
        errors: list[dict[str, Any]] | None = None,
        data: Any = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status
        self.request_id = request_id
        self.errors = errors or []
        self.data = data


class RateLimitedError(TravelAPIError):
    """Over quota (429) and out of retries; `retry_after` is in seconds."""

    def __init__(self, message: str, *, retry_after: float, **kwargs: Any) -> None:
        super().__init__("RATE_LIMITED", message, **kwargs)
        self.retry_after = retry_after


class ConflictError(TravelAPIError):
    """CONFLICT: a change gave an `expected_version` that is no longer the current one (the
    listing or provider changed since it was read); nothing was written. `current_version` is
    the version now (None if the API did not say): read it again, then retry with that."""

    def __init__(self, message: str, *, current_version: int | None, **kwargs: Any) -> None:
        super().__init__("CONFLICT", message, **kwargs)
        self.current_version = current_version


class UnexpectedResultError(TravelClientError):
    """The API answered, but not in a shape this SDK's models know: typically a value the API
    added after this SDK was generated (a new enum value). `field` is the operation's root
    field; `query()` still reads the answer, and a newer SDK knows it."""

    def __init__(self, message: str, *, field: str, data: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.data = data


class TransportError(TravelClientError):
    """No GraphQL answer: the gateway could not be reached (`status` None), or it answered
    something that is not a GraphQL response (`status` is the HTTP status)."""

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
