"""The blocking client."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import httpx

from travel.client import core
from travel.client.base import BaseClient, Prepared, key_for, result
from travel.client.errors import TransportError, TravelAPIError
from travel.client.operations import Operations


class TravelClient(BaseClient, Operations[Any]):
    """A client of one workspace gateway; use it as a context manager, or `close()` it."""

    _http: httpx.Client

    def _open(self) -> None:
        self._http = httpx.Client(timeout=self.timeout)

    def execute(
        self,
        query: str,
        variables: Mapping[str, Any] | None = None,
        *,
        operation_name: str | None = None,
        idempotency_key: str | None = None,
    ) -> core.Response:
        """Run any document. Field errors stay in `Response.errors`; a refused request
        raises TravelAPIError. Retried as RetryPolicy allows."""
        prepared = self._prepare(query, variables, operation_name, idempotency_key)
        attempt = 0
        while True:
            try:
                return self._send(prepared)
            except (TransportError, TravelAPIError) as error:
                delay = self.retry.delay(error, attempt, prepared.safe)
                if delay is None:
                    raise
                self._log_retry(error, attempt, delay)
                time.sleep(delay)
                attempt += 1

    def ping(self) -> float:
        """The spec's connectivity check; returns the round trip in milliseconds."""
        started = time.perf_counter()
        result(self.execute(core.PING), "travelProperties", None)
        return (time.perf_counter() - started) * 1000

    def close(self) -> None:
        """Close the connection pool."""
        self._http.close()

    def __enter__(self) -> TravelClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _send(self, prepared: Prepared) -> core.Response:
        try:
            reply = self._http.post(self.url, content=prepared.content, headers=prepared.headers)
        except (httpx.HTTPError, httpx.InvalidURL) as exc:
            raise self._unreachable(exc) from None
        return self._read(reply)

    def _call(
        self,
        field: str,
        document: str,
        variables: dict[str, Any],
        *,
        mutation: bool = False,
        idempotency_key: str | None = None,
        pick: Callable[[Any], Any] | None = None,
    ) -> Any:
        key = key_for(mutation, idempotency_key)
        return result(self.execute(document, variables, idempotency_key=key), field, pick)
