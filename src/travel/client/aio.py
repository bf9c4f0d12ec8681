"""The asyncio client: the same methods as TravelClient, awaited."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import httpx

from travel.client import core
from travel.client.base import BaseClient, Prepared, key_for, result
from travel.client.errors import TransportError, TravelAPIError
from travel.client.operations import Operations


class AsyncTravelClient(BaseClient, Operations[Awaitable[Any]]):
    """A client of one workspace gateway; use `async with`, or `await aclose()`."""

    _http: httpx.AsyncClient

    def _open(self) -> None:
        self._http = httpx.AsyncClient(timeout=self.timeout)

    async def execute(
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
                return await self._send(prepared)
            except (TransportError, TravelAPIError) as error:
                delay = self.retry.delay(error, attempt, prepared.safe)
                if delay is None:
                    raise
                self._log_retry(error, attempt, delay)
                await asyncio.sleep(delay)
                attempt += 1

    async def ping(self) -> float:
        """The spec's connectivity check; returns the round trip in milliseconds."""
        started = time.perf_counter()
        result(await self.execute(core.PING), "travelProperties", None)
        return (time.perf_counter() - started) * 1000

    async def aclose(self) -> None:
        """Close the connection pool."""
        await self._http.aclose()

    async def __aenter__(self) -> AsyncTravelClient:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    async def _send(self, prepared: Prepared) -> core.Response:
        try:
            reply = await self._http.post(
                self.url, content=prepared.content, headers=prepared.headers
            )
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
    ) -> Awaitable[Any]:
        key = key_for(mutation, idempotency_key)

        async def run() -> Any:
            return result(await self.execute(document, variables, idempotency_key=key), field, pick)

        return run()
