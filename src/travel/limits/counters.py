"""Fixed-window counters from the `limits` library: in Redis when configured (shared by every
process), in memory otherwise, and in memory *while Redis is unreachable* (fail open).

Counting in this process (travel.limits.memory) needs no await: `limits`' own asyncio memory
storage started a task per request to expire old windows — two turns of the event loop for every
charge (docs/performance.md).

A Redis failure opens a short circuit: for `retry_seconds` no call goes to Redis, so an outage
costs one short timeout per process per interval rather than one per request; afterwards the next
request tries Redis again and, if it answers, shared counting resumes by itself.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from limits import RateLimitItem
from limits.aio.storage import RedisStorage, Storage
from limits.aio.strategies import FixedWindowRateLimiter as SharedLimiter
from limits.errors import StorageError
from limits.strategies import FixedWindowRateLimiter as LocalLimiter
from limits.util import WindowStats
from redis.asyncio import ConnectionPool
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from travel import metrics
from travel.limits.memory import ProcessMemoryStorage

log = logging.getLogger("travel.limits")
KEY_PREFIX = "travel-quota"
MAX_NAMES = 65_536
"""Counter names kept built (workspaces times actions); past it the table starts afresh."""


class Counters:
    """Hit, test and read fixed-window counters, failing over to memory when Redis is down."""

    def __init__(
        self,
        shared: Storage | None = None,
        *,
        retry_seconds: float = 1.0,
        pool: ConnectionPool | None = None,
    ) -> None:
        self._memory = ProcessMemoryStorage()
        self._local = LocalLimiter(self._memory)
        self._shared = SharedLimiter(shared) if shared is not None else None
        self._pool = pool
        self._retry_seconds = retry_seconds
        self._skip_shared_until = 0.0
        # Each item and key's name in memory (`RateLimitItem.key_for` joins five strings).
        self._names: dict[tuple[Any, ...], str] = {}
        if shared is not None:
            metrics.REDIS_AVAILABLE.set(1)

    async def hit(self, item: RateLimitItem, *key: str) -> bool:
        """Spend one unit; False when that went over the limit."""
        return bool(await self._count("hit", item, key))

    async def test(self, item: RateLimitItem, *key: str) -> bool:
        """Whether one more unit would fit, spending nothing."""
        return bool(await self._count("test", item, key))

    async def stats(self, item: RateLimitItem, *key: str) -> WindowStats:
        """(reset time as epoch seconds, remaining) of the current window."""
        stats: WindowStats = await self._count("get_window_stats", item, key)
        return stats

    async def spend(self, item: RateLimitItem, *key: str) -> tuple[bool, WindowStats]:
        """`hit`, then `stats`: whether the unit fit, and the window after it. In this
        process's memory that is one increment and one read of the key (built once), as
        limits' fixed-window strategy would do them, with no await."""
        if self._shared is not None:
            return await self.hit(item, *key), await self.stats(item, *key)
        names = self._names
        slot = (item.namespace, item.amount, item.multiples, item.GRANULARITY.seconds, key)
        name = names.get(slot)
        if name is None:
            if len(names) >= MAX_NAMES:
                names.clear()
            name = names[slot] = item.key_for(*key)
        count, ends_at = self._memory.spend(name, item.get_expiry())
        return count <= item.amount, WindowStats(ends_at, max(0, item.amount - count))

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.disconnect()

    async def _count(self, method: str, item: RateLimitItem, key: tuple[str, ...]) -> Any:
        """`method` of the fixed-window limiter: Redis's answer when it gives one, else this
        process's (no await)."""
        if self._shared is not None and time.monotonic() >= self._skip_shared_until:
            try:
                answer = await getattr(self._shared, method)(item, *key)
            except (StorageError, OSError, TimeoutError):
                self._shared_failed()
            else:
                if self._skip_shared_until:
                    self._skip_shared_until = 0.0
                    metrics.REDIS_AVAILABLE.set(1)
                    log.info("rate-limit Redis is back: counting in Redis again")
                return answer
        return getattr(self._local, method)(item, *key)

    def _shared_failed(self) -> None:
        metrics.REDIS_FAILURES.inc()
        if not self._skip_shared_until:
            metrics.REDIS_AVAILABLE.set(0)
            log.error(
                "rate-limit Redis unreachable: counting in this process's memory meanwhile",
                exc_info=True,
            )
        self._skip_shared_until = time.monotonic() + self._retry_seconds


def build_counters(redis_url: str | None, *, timeout: float, retry_seconds: float) -> Counters:
    """Counters in Redis at `redis_url` (redis-py, short timeouts, no retries), else in memory."""
    if not redis_url:
        return Counters()
    pool = ConnectionPool.from_url(
        redis_url,
        socket_timeout=timeout,
        socket_connect_timeout=timeout,
        # Retrying would multiply the wait on every request during an outage; the circuit
        # in `Counters` already decides when to try again.
        retry=Retry(NoBackoff(), 0),
    )
    options: dict[str, Any] = {"connection_pool": pool}
    # The limits library names the socket form redis+unix:// (redis-py: unix://).
    scheme = "async+redis+" if redis_url.startswith("unix://") else "async+"
    storage = RedisStorage(
        scheme + redis_url,
        wrap_exceptions=True,
        implementation="redispy",
        key_prefix=KEY_PREFIX,
        **options,
    )
    return Counters(storage, retry_seconds=retry_seconds, pool=pool)
