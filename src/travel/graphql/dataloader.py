"""A per-request batching loader: many `load(key)` in one tick become one query."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable, Sequence
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class DataLoader(Generic[K, V]):
    """Collects keys requested in the same event-loop tick and loads them with one call.

    `batch_load(keys)` must return a mapping for the keys it found; missing keys load as None.
    Results are cached for the life of the loader (one request).
    """

    def __init__(self, batch_load: Callable[[Sequence[K]], Awaitable[dict[K, V]]]) -> None:
        self._batch_load = batch_load
        self._cache: dict[K, asyncio.Future[V | None]] = {}
        self._queue: list[K] = []
        self._tasks: set[asyncio.Task[None]] = set()

    def load(self, key: K) -> asyncio.Future[V | None]:
        future = self._cache.get(key)
        if future is not None:
            return future
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._cache[key] = future
        if not self._queue:
            loop.call_soon(self._dispatch)
        self._queue.append(key)
        return future

    def _dispatch(self) -> None:
        keys, self._queue = self._queue, []
        task = asyncio.ensure_future(self._run(keys))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, keys: list[K]) -> None:
        try:
            found = await self._batch_load(keys)
        except Exception as exc:
            for key in keys:
                future = self._cache.pop(key)
                if not future.done():
                    future.set_exception(exc)
            return
        for key in keys:
            future = self._cache[key]
            if not future.done():
                future.set_result(found.get(key))
