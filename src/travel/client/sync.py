"""The blocking client."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import httpx

from travel.client import core
from travel.client.environments import credential as env_credential
from travel.client.environments import resolve_url
from travel.client.errors import TransportError, TravelAPIError
from travel.client.operations import BOOKING_MUTATIONS, Operations


class TravelClient(Operations[Any]):
    """A client of one workspace gateway (URL and credential from the environment by default)."""

    def __init__(
        self,
        url: str | None = None,
        credential: str | None = None,
        *,
        env: Mapping[str, str] | None = None,
        timeout: float = 10.0,
        max_retries: int = 3,
    ) -> None:
        self.url = url or resolve_url(env)
        self.credential = credential if credential is not None else env_credential(env)
        self.max_retries = max_retries
        self.rate_limit = core.RateLimit()
        self._http = httpx.Client(timeout=timeout)

    def execute(
        self,
        query: str,
        variables: Mapping[str, Any] | None = None,
        *,
        idempotency_key: str | None = None,
    ) -> core.Response:
        """Run any document; retries as `core.retry_delay` allows. Field errors stay in
        `Response.errors`; request-level errors raise."""
        safe = idempotency_key is not None or not query.lstrip().startswith("mutation")
        attempt = 0
        while True:
            try:
                return self._send(query, variables, idempotency_key)
            except (TransportError, TravelAPIError) as error:
                delay = core.retry_delay(error, attempt, self.max_retries, safe)
                if delay is None:
                    raise
                time.sleep(delay)
                attempt += 1

    def _send(
        self, query: str, variables: Mapping[str, Any] | None, idempotency_key: str | None
    ) -> core.Response:
        try:
            reply = self._http.post(
                self.url,
                content=core.body(query, variables),
                headers=core.headers(self.credential, idempotency_key),
            )
        except httpx.HTTPError as exc:
            raise TransportError(f"cannot reach {self.url}: {type(exc).__name__}") from None
        self.rate_limit = core.RateLimit.from_headers(reply.headers)
        return core.interpret(reply.status_code, reply.headers, reply.content)

    def _call(
        self,
        field: str,
        document: str,
        variables: dict[str, Any],
        *,
        idempotency_key: str | None = None,
    ) -> Any:
        if field in BOOKING_MUTATIONS and idempotency_key is None:
            idempotency_key = core.new_idempotency_key()
        response = self.execute(document, variables, idempotency_key=idempotency_key)
        return core.field_or_raise(response, field)

    def ping(self) -> float:
        """The spec's connectivity check; returns the round trip in milliseconds."""
        started = time.perf_counter()
        self.properties(skip=0, take=1)
        return (time.perf_counter() - started) * 1000

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> TravelClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
