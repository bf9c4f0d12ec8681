"""Configuration and per-call logic shared by TravelClient and AsyncTravelClient."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from travel.client import core
from travel.client.environments import credential as env_credential
from travel.client.environments import resolve_url
from travel.client.errors import TransportError
from travel.client.retry import RetryPolicy, is_mutation

log = logging.getLogger("travel.client")


@dataclass(frozen=True)
class Prepared:
    """One request, ready to send as often as the retry policy allows."""

    content: bytes
    headers: dict[str, str]
    safe: bool  # a repeat cannot double an effect


class BaseClient:
    """URL from PLATFORM_ENV / TRAVEL_API_URL and credential from TRAVEL_API_KEY /
    TRAVEL_TOKEN unless given; `env` replaces os.environ for both."""

    def __init__(
        self,
        url: str | None = None,
        credential: str | None = None,
        *,
        env: Mapping[str, str] | None = None,
        timeout: float = 10.0,
        max_retries: int = 3,
        max_retry_wait: float = 60.0,
    ) -> None:
        self.url = url or resolve_url(env)
        self.credential = credential if credential is not None else env_credential(env)
        self.timeout = timeout
        self.retry = RetryPolicy(max_retries=max_retries, max_wait=max_retry_wait)
        # What the last response said about the quota (X-RateLimit-*), None before any call.
        self.rate_limit: core.RateLimit | None = None
        self._open()

    def _open(self) -> None:
        """Create the HTTP connection pool (sync or async)."""
        raise NotImplementedError

    def _prepare(
        self,
        query: str,
        variables: Mapping[str, Any] | None,
        operation_name: str | None,
        idempotency_key: str | None,
    ) -> Prepared:
        safe = idempotency_key is not None or not is_mutation(query, operation_name)
        return Prepared(
            core.body(query, variables, operation_name),
            core.headers(self.credential, idempotency_key),
            safe,
        )

    def _read(self, reply: httpx.Response) -> core.Response:
        self.rate_limit = core.RateLimit.from_headers(reply.headers)
        return core.interpret(reply.status_code, reply.headers, reply.content)

    def _unreachable(self, exc: Exception) -> TransportError:
        detail = str(exc) or type(exc).__name__
        return TransportError(f"cannot reach {self.url}: {detail}")

    def _log_retry(self, error: Exception, attempt: int, delay: float) -> None:
        log.warning(
            "retrying in %.1f s (attempt %d of %d) after: %s",
            delay,
            attempt + 2,
            self.retry.max_retries + 1,
            error,
        )


def key_for(mutation: bool, idempotency_key: str | None) -> str | None:
    """Typed mutations always carry a key, so that a retry can never run them twice."""
    if mutation and idempotency_key is None:
        return core.new_idempotency_key()
    return idempotency_key


def result(response: core.Response, field: str, pick: Callable[[Any], Any] | None) -> Any:
    """The root field's value (narrowed by `pick`), or its error raised."""
    value = core.field_or_raise(response, field)
    return pick(value) if pick is not None and value is not None else value
