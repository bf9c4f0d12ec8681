"""The connection under every client method: sending, retrying, reading, paging."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Mapping
from typing import Any, Self, TypeVar

import httpx

from travel_client import core
from travel_client._base import (
    BaseClient,
    HasId,
    Prepared,
    async_sleep,
    check_page_size,
    data_or_raise,
    idempotency_key,
    result,
)
from travel_client._operations import Call, account
from travel_client.errors import TransportError, TravelAPIError

T = TypeVar("T")
Item = TypeVar("Item", bound=HasId)


class AsyncConnection(BaseClient):
    """The connection to one workspace gateway: any document (`execute`, `query`), the
    connectivity check, and how each typed method runs (`_run`, `_pages`)."""

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
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        super().__init__(
            url,
            credential,
            env=env,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_wait=max_retry_wait,
            headers=headers,
        )
        self._owns_http = http_client is None
        self._http = http_client if http_client is not None else httpx.AsyncClient(timeout=timeout)

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
                await async_sleep(delay)
                attempt += 1

    async def query(
        self,
        query: str,
        variables: Mapping[str, Any] | None = None,
        *,
        operation_name: str | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        """Run any document and return its `data` as JSON (dicts, lists, money as strings);
        the first error, if any, is raised (its `.data` holds the partial result)."""
        response = await self.execute(
            query, variables, operation_name=operation_name, idempotency_key=idempotency_key
        )
        return data_or_raise(response)

    async def ping(self) -> float:
        """The spec's connectivity check; returns the round trip in milliseconds."""
        started = time.perf_counter()
        await self._run(account.ping())
        return (time.perf_counter() - started) * 1000

    async def aclose(self) -> None:
        """Close the connection pool (not an injected `http_client`: that is the caller's)."""
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    async def _run(self, call: Call[T]) -> T:
        key = idempotency_key(call)
        return result(call, await self.execute(call.document, call.variables, idempotency_key=key))

    async def _pages(
        self, fetch: Callable[[int, int], Call[list[Item]]], page_size: int
    ) -> AsyncIterator[Item]:
        """Pages of `page_size` until a short one. Offsets shift when items are added or
        removed meanwhile: an item already yielded is never yielded again."""
        size = check_page_size(page_size)
        seen: set[str] = set()
        skip = 0
        while True:
            batch = await self._run(fetch(skip, size))
            for item in batch:
                if item.id not in seen:
                    seen.add(item.id)
                    yield item
            if len(batch) < size:
                return
            skip += size

    async def _send(self, prepared: Prepared) -> core.Response:
        try:
            reply = await self._http.post(
                self.url, content=prepared.content, headers=prepared.headers
            )
        except (httpx.HTTPError, httpx.InvalidURL) as exc:
            raise self._unreachable(exc) from None
        return self._read(reply)
