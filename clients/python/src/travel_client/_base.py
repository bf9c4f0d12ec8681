"""Configuration and per-request logic shared by TravelClient and AsyncTravelClient."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import httpx
import pydantic

from travel_client import core
from travel_client._operations import MAX_TAKE, Call
from travel_client.environments import credential as env_credential
from travel_client.environments import resolve_url
from travel_client.errors import TransportError, UnexpectedResultError
from travel_client.retry import RetryPolicy, is_mutation

log = logging.getLogger("travel_client")
T = TypeVar("T")


@dataclass(frozen=True)
class Prepared:
    """One request, ready to send as often as the retry policy allows."""

    content: bytes
    headers: dict[str, str]
    safe: bool  # a repeat cannot double an effect


class HasId(Protocol):
    """An item of a list: auto-paging yields each id once."""

    @property
    def id(self) -> str: ...


class BaseClient:
    """URL from PLATFORM_ENV / TRAVEL_API_URL and credential from TRAVEL_API_KEY /
    TRAVEL_TOKEN unless given; `env` replaces os.environ for both. `headers` are sent with
    every request; `timeout` applies to the SDK's own connection pool (an injected
    `http_client` keeps its own settings and stays open: it is the caller's)."""

    def __init__(
        self,
        url: str | None = None,
        credential: str | None = None,
        *,
        env: Mapping[str, str] | None = None,
        timeout: float = 10.0,
        max_retries: int = 3,
        max_retry_wait: float = 60.0,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self.url = url or resolve_url(env)
        self.credential = credential if credential is not None else env_credential(env)
        self.timeout = timeout
        self.headers = core.check_extra_headers(headers)
        self.retry = RetryPolicy(max_retries=max_retries, max_wait=max_retry_wait)
        # What the last response said about the quota (X-RateLimit-*), None before any call.
        self.rate_limit: core.RateLimit | None = None

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
            core.headers(self.credential, idempotency_key, self.headers),
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


def idempotency_key(call: Call[Any]) -> str | None:
    """Typed mutations always carry a key, so that a retry can never run them twice."""
    if call.mutation and call.idempotency_key is None:
        return core.new_idempotency_key()
    return call.idempotency_key


def result(call: Call[T], response: core.Response) -> T:
    """The typed result of `call`: the first error on its field raised with its code, else its
    data read into the generated models."""
    core.raise_field_errors(response, call.field)
    try:
        return call.read(response.data or {})
    except pydantic.ValidationError as exc:
        problem = exc.errors()[0]
        where = ".".join(str(part) for part in problem["loc"])
        raise UnexpectedResultError(
            f"the API answered {call.field} in a shape this SDK does not know ({where}: "
            f"{problem['msg']}); upgrade travel-marketplace-client, or read it with query()",
            field=call.field,
            data=response.data,
        ) from None


def check_page_size(page_size: int) -> int:
    if not 1 <= page_size <= MAX_TAKE:
        raise ValueError(f"page_size must be 1 to {MAX_TAKE}, not {page_size}")
    return page_size


def data_or_raise(response: core.Response) -> dict[str, Any]:
    """`data` of a response without errors; the first error raised otherwise."""
    if response.errors:
        raise core.error_from(response, response.errors[0])
    return dict(response.data or {})


async def async_sleep(seconds: float) -> None:
    await asyncio.sleep(seconds)


def sync_sleep(seconds: float) -> None:
    time.sleep(seconds)
