"""Read replicas of the shared database, and read-your-writes over them.

PostgreSQL's streaming replicas (TRAVEL_REPLICA_URLS) serve the queries that may be a little
stale (discovery, listings, providers, analytics: `REPLICA_FIELDS`). Two rules keep that safe
(docs/scaling.md, "Read replicas"; docs/decisions/0094-read-replicas.md):

- A caller reads its own writes. After each mutation the primary's WAL insert position is
  remembered for the caller's credential (in Redis when configured, so every process knows it);
  the caller's next reads go to a replica only once that replica has replayed past it
  (`pg_last_wal_replay_lsn()`), otherwise to the primary.
- A replica that lags more than TRAVEL_REPLICA_MAX_LAG_SECONDS, is down, or was promoted is
  skipped. Each process asks every replica how far it has replayed every
  TRAVEL_REPLICA_PROBE_SECONDS; a read that fails on a replica between two probes is run again
  on the primary (it is a query: running it twice changes nothing) and the replica is skipped
  until a probe finds it well.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass, replace

from redis.asyncio import Redis
from redis.exceptions import RedisError
from sqlalchemy import text

from travel import metrics
from travel.db.engine import Engines, create_engines
from travel.db.registry import BYPASSES_RLS, masked
from travel.db.session import scope_reads
from travel.settings import Settings, SettingsError

log = logging.getLogger("travel.db.replicas")

REPLICA_FIELDS = frozenset(
    {
        "__typename",
        "travelProviders",
        "travelProvider",
        "travelProvidersCount",
        "travelProperties",
        "travelProperty",
        "travelPropertiesCount",
        "travelTours",
        "travelTour",
        "travelToursCount",
        "travelActivities",
        "travelActivity",
        "travelActivitiesCount",
        "travelEvents",
        "travelEvent",
        "travelEventsCount",
        "travelTrips",
        "travelTrip",
        "travelTripsCount",
        "travelSearch",
        "travelSuggest",
        "travelOverviewStats",
        "travelAnalytics",
    }
)
"""The queries a replica may answer: the catalog, discovery and analytics. A query naming any
other root field (the viewer, bookings, favorites) reads the primary."""

# After a commit: the insert position is past the commit record (the flush position may not
# be, with synchronous_commit off).
_PRIMARY_POSITION = text("SELECT pg_current_wal_insert_lsn()::text")
# What a caught-up replica can reach: the insert position may sit past a page header that no
# record fills yet, which replay never reaches.
_PRIMARY_FLUSHED = text("SELECT pg_current_wal_flush_lsn()::text")
_REPLAY = text(
    "SELECT pg_is_in_recovery(), pg_last_wal_replay_lsn()::text,"
    " EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp())::float8"
)
_KEY_PREFIX = "travel-wal"
# SET unless the kept position is greater (then only its expiry is renewed), in one step.
_KEEP_GREATER = """
local kept = redis.call('GET', KEYS[1])
if kept and tonumber(kept) >= tonumber(ARGV[1]) then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
"""
UNKNOWN_POSITION = 2**62
"""Remembered when a write's position could not be read: past any replica, so the caller
reads the primary until the record expires."""
MEMORY_POSITIONS = 100_000
"""Credentials whose last write position one process keeps without Redis (oldest dropped)."""


def wal_position(lsn: str) -> int:
    """A PostgreSQL LSN (`16/B374D848`) as a number that orders as the WAL does."""
    high, _, low = lsn.partition("/")
    return (int(high, 16) << 32) | int(low, 16)


@dataclass
class Replica:
    """One replica and what the last probe found."""

    index: int
    name: str  # its URL without the password, for logs
    engines: Engines
    replayed: int = -1  # WAL position replayed at the last probe
    usable: bool = False
    probed_at: float = 0.0  # time.monotonic() of the last probe that found it well


class PositionsUnknown(Exception):
    """The shared record of write positions (Redis) cannot be read: reads go to the primary."""


class WritePositions:
    """Where each credential's last write ended in the primary's WAL, kept for `ttl` seconds:
    in Redis when configured (shared by the fleet), else in this process.

    Past `ttl` no record is needed: every replica still in use lags less than the lag bound,
    so it has replayed a write that old. While Redis fails, and for `ttl` seconds after its last
    failure, a position written meanwhile may be missing: `last` raises and the caller reads the
    primary."""

    def __init__(self, redis: Redis | None, ttl: float) -> None:
        self._redis = redis
        self._ttl = ttl
        self._memory: OrderedDict[str, tuple[int, float]] = OrderedDict()
        self._doubtful_until = 0.0

    async def remember(self, credential: str, position: int) -> None:
        """Keep `position` unless a later one is kept already (two processes may finish
        mutations of one caller in either order)."""
        if self._redis is None:
            kept = self._memory.get(credential)
            if kept is not None and kept[1] >= time.monotonic():
                position = max(position, kept[0])
            self._memory[credential] = (position, time.monotonic() + self._ttl)
            self._memory.move_to_end(credential)
            while len(self._memory) > MEMORY_POSITIONS:
                self._memory.popitem(last=False)
            return
        try:
            await self._redis.eval(
                _KEEP_GREATER, 1, f"{_KEY_PREFIX}:{credential}", position, int(self._ttl * 1000)
            )
        except (RedisError, OSError, TimeoutError):
            self._failed()

    async def last(self, credential: str) -> int | None:
        if self._redis is None:
            found = self._memory.get(credential)
            if found is None:
                return None
            if found[1] < time.monotonic():
                del self._memory[credential]
                return None
            return found[0]
        if time.monotonic() < self._doubtful_until:
            raise PositionsUnknown
        try:
            raw = await self._redis.get(f"{_KEY_PREFIX}:{credential}")
        except (RedisError, OSError, TimeoutError):
            self._failed()
            raise PositionsUnknown from None
        return None if raw is None else int(raw)

    def _failed(self) -> None:
        if time.monotonic() >= self._doubtful_until:
            log.error("read-your-writes Redis unreachable: catalog reads go to the primary")
        self._doubtful_until = time.monotonic() + self._ttl

    async def close(self) -> None:
        if self._redis is not None:
            await self._redis.aclose()


class Replicas:
    """The shared database's replicas: probed in the background, chosen per request."""

    def __init__(
        self,
        primary: Engines,
        replicas: list[Replica],
        positions: WritePositions,
        *,
        max_lag: float,
        probe_seconds: float,
    ) -> None:
        self.primary = primary
        self.replicas = replicas
        self.positions = positions
        self.max_lag = max_lag
        self.probe_seconds = probe_seconds
        self._turn = itertools.count()
        self._task: asyncio.Task[None] | None = None
        # The longest a probe or a position read may take.
        self._timeout = max(1.0, 2 * probe_seconds)

    @classmethod
    def from_settings(cls, settings: Settings, primary: Engines) -> Replicas | None:
        """The configured replicas (None without TRAVEL_REPLICA_URLS)."""
        if not settings.replica_urls:
            return None
        if primary.dialect != "postgresql":
            raise SettingsError("TRAVEL_REPLICA_URLS needs TRAVEL_DATABASE_URL on PostgreSQL")
        replicas = []
        for index, url in enumerate(settings.replica_urls):
            engines = create_engines(
                url,
                pool_size=settings.db_pool_size,
                timeout=settings.db_timeout_seconds,
                transaction_pooler=settings.database_pooler == "transaction",
            )
            # A replica holds the primary's secret too (travel_private is replicated): the
            # primary's signer scopes reads on it (travel.db.scope).
            engines = replace(engines, scope=primary.scope)
            scope_reads(engines)
            replicas.append(Replica(index, masked(engines), engines))
        redis = None
        if settings.redis_url:
            timeout = settings.redis_timeout_seconds
            redis = Redis.from_url(
                settings.redis_url, socket_timeout=timeout, socket_connect_timeout=timeout
            )
        # Past this, every replica still in use has replayed the write: it lags less than the
        # bound, and its state is at most two probes old.
        ttl = 2 * settings.replica_max_lag_seconds + 2 * settings.replica_probe_seconds + 30
        return cls(
            primary,
            replicas,
            WritePositions(redis, ttl),
            max_lag=settings.replica_max_lag_seconds,
            probe_seconds=settings.replica_probe_seconds,
        )

    # -- per request -----------------------------------------------------------------------

    async def for_reads(self, credential: str) -> Replica | None:
        """A replica that has replayed the credential's last write and is within the lag
        bound; None: read the primary."""
        try:
            after = await self.positions.last(credential)
        except PositionsUnknown:
            metrics.REPLICA_READS.labels("primary").inc()
            return None
        # A state older than two probes (the probe itself is stuck) is not trusted.
        fresh = time.monotonic() - max(self.max_lag, 2 * self.probe_seconds)
        usable = [
            r
            for r in self.replicas
            if r.usable and r.probed_at >= fresh and (after is None or r.replayed >= after)
        ]
        if not usable:
            metrics.REPLICA_READS.labels("primary").inc()
            return None
        metrics.REPLICA_READS.labels("replica").inc()
        return usable[next(self._turn) % len(usable)]

    async def wrote(self, credential: str) -> None:
        """After a mutation: remember where the primary's WAL is now (past its commit)."""
        try:
            async with asyncio.timeout(self._timeout):
                async with self.primary.reader.connect() as conn:
                    position = wal_position((await conn.execute(_PRIMARY_POSITION)).scalar_one())
        except Exception as exc:
            # The write may be done; without its position the caller reads the primary (in
            # every process) until the record expires.
            log.warning("could not read the primary's WAL position after a write (%r)", exc)
            position = UNKNOWN_POSITION
        await self.positions.remember(credential, position)

    def failed(self, replica: Replica, error: BaseException) -> None:
        """A read failed on `replica`: skip it until a probe finds it well."""
        self._skip(replica, f"failed a read ({error}), reading the primary")

    def _skip(self, replica: Replica, why: str) -> None:
        """Use `replica` no more until a probe finds it well (said once, when it stops)."""
        if replica.usable:
            log.warning("replica %s %s: skipped", replica.name, why)
        replica.usable = False
        metrics.REPLICA_USABLE.labels(str(replica.index)).set(0)

    # -- in the background -----------------------------------------------------------------

    async def probe(self) -> None:
        """Ask the primary where its WAL is, then every replica how far it has replayed."""
        try:
            async with asyncio.timeout(self._timeout):
                async with self.primary.reader.connect() as conn:
                    head = wal_position((await conn.execute(_PRIMARY_FLUSHED)).scalar_one())
        except Exception as exc:
            log.warning("replica probe: the primary did not answer (%r)", exc)
            for replica in self.replicas:
                self._skip(replica, "cannot be compared with the primary")
            return
        await asyncio.gather(*(self._probe(replica, head) for replica in self.replicas))

    async def _probe(self, replica: Replica, head: int) -> None:
        try:
            async with asyncio.timeout(self._timeout):
                async with replica.engines.reader.connect() as conn:
                    recovering, replayed, behind = (await conn.execute(_REPLAY)).one()
        except Exception as exc:
            self._skip(replica, f"is unreachable ({exc!r})")
            return
        if not recovering or replayed is None:
            self._skip(replica, "is not replaying (promoted?)")
            return
        replica.replayed = wal_position(replayed)
        replica.probed_at = time.monotonic()
        # Caught up with the primary's position of a moment ago: no lag, however long ago its
        # last replayed transaction was. Otherwise the age of that transaction.
        lag = 0.0 if replica.replayed >= head else (behind if behind is not None else float("inf"))
        metrics.REPLICA_LAG.labels(str(replica.index)).set(min(lag, 1e9))
        if lag > self.max_lag:
            self._skip(replica, f"lags {lag:.1f} s (bound {self.max_lag:.1f} s)")
            return
        if not replica.usable:
            log.info("replica %s in use (lag %.1f s)", replica.name, lag)
        replica.usable = True
        metrics.REPLICA_USABLE.labels(str(replica.index)).set(1)

    async def start(self) -> None:
        """Warn about a replica role that bypasses row-level security, probe once (so that the
        first requests may use a replica), then every interval."""
        for replica in self.replicas:
            try:
                async with asyncio.timeout(self._timeout):
                    async with replica.engines.reader.connect() as conn:
                        bypasses = (await conn.execute(BYPASSES_RLS)).scalar()
            except Exception:
                continue  # unreachable now: the probes will say so
            if bypasses:
                log.warning(
                    "replica %s: its role bypasses row-level security: tenant isolation of "
                    "its reads rests on the service's own filters alone",
                    replica.name,
                )
        await self.probe()
        self._task = asyncio.create_task(self._probe_forever(), name="travel-replica-probe")

    async def _probe_forever(self) -> None:
        while True:
            await asyncio.sleep(self.probe_seconds)
            try:
                await self.probe()
            except Exception:  # a probe must never end the loop
                log.exception("replica probe failed")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.positions.close()
        for replica in self.replicas:
            await replica.engines.dispose()
