"""Prometheus metrics: what `/metrics` exposes, and the cheap hooks that feed it.

Labels are bounded on purpose: `operation` is a root field of the schema (or one of a few fixed
words), `outcome` an error code of the spec, `action` one of four quota actions. Nothing carries a
workspace id or anything else a caller chooses, so the number of series cannot grow with traffic.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Iterator

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    Counter,
    Gauge,
    Metric,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily
from prometheus_client.registry import Collector
from starlette.requests import Request
from starlette.responses import Response

from travel.db.engine import Engines
from travel.kernel.bounded import caches

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
_LE = (*(repr(bound) for bound in LATENCY_BUCKETS), "+Inf")  # the buckets' `le` labels


class RequestSeries(Collector):
    """`travel_requests_total` and `travel_request_duration_seconds`, by operation and outcome.

    Counted in plain lists and turned into Prometheus families when scraped: a labelled
    Counter and Histogram take a lock for each of their three increments and walk the buckets
    in Python, about 4 µs of every request's CPU (docs/performance.md). Every request ends on
    the event loop's thread, where `/metrics` is answered too: nothing else writes these."""

    def __init__(self) -> None:
        # labels -> [count per bucket (the last one +Inf)..., sum of seconds]
        self._series: dict[tuple[str, str], list[float]] = {}

    def observe(self, labels: tuple[str, str], seconds: float) -> None:
        series = self._series.get(labels)
        if series is None:
            series = self._series[labels] = [0.0] * (len(LATENCY_BUCKETS) + 2)
        series[bisect.bisect_left(LATENCY_BUCKETS, seconds)] += 1  # `le`: seconds <= bound
        series[-1] += seconds

    def collect(self) -> Iterator[Metric]:
        requests = CounterMetricFamily(
            "travel_requests",
            "GraphQL requests by operation (root field) and outcome code.",
            labels=["operation", "outcome"],
        )
        latency = HistogramMetricFamily(
            "travel_request_duration_seconds",
            "GraphQL request latency by operation (root field) and outcome code.",
            labels=["operation", "outcome"],
        )
        for labels, series in sorted(self._series.items()):
            counts = list(itertools.accumulate(series[:-1]))
            requests.add_metric(labels, counts[-1])
            latency.add_metric(labels, list(zip(_LE, counts, strict=True)), series[-1])
        yield requests
        yield latency


REQUESTS = RequestSeries()
REGISTRY.register(REQUESTS)
RATE_LIMITED = Counter(
    "travel_rate_limited_total",
    "Requests refused with RATE_LIMITED, by quota action (or `authentication`: too many failed "
    "authentications from one address).",
    ["action"],
)
REDIS_FAILURES = Counter(
    "travel_redis_failures_total",
    "Rate-limit calls to Redis that failed (the request was then counted in memory).",
)
REDIS_AVAILABLE = Gauge(
    "travel_redis_available", "1 while the rate-limit Redis answers, 0 while it is skipped."
)
WEBHOOK_DELIVERIES = Counter(
    "travel_webhook_deliveries_total",
    "Webhook delivery attempts by result: delivered, failed (retried later), gave_up (past the "
    "retry window), endpoint_gone (410: the endpoint was disabled).",
    ["result"],
)
CACHE_ENTRIES = Gauge(
    "travel_cache_entries",
    "Entries of each bounded in-process cache, read at scrape time.",
    ["cache"],
)
CACHE_BYTES = Gauge(
    "travel_cache_bytes",
    "Estimated bytes of each bounded in-process cache, read at scrape time (docs/limits.md).",
    ["cache"],
)
REPLICA_USABLE = Gauge(
    "travel_replica_usable",
    "1 while a read replica (its place in TRAVEL_REPLICA_URLS) serves reads, 0 while skipped.",
    ["replica"],
)
REPLICA_LAG = Gauge(
    "travel_replica_lag_seconds",
    "How far a read replica was behind the primary at the last probe (0: caught up).",
    ["replica"],
)
REPLICA_READS = Counter(
    "travel_replica_reads_total",
    "Queries a replica may answer, by where they went: replica, or primary (none had replayed "
    "the caller's last write, or none was usable).",
    ["target"],
)
DB_POOL = Gauge(
    "travel_db_pool_connections",
    "Connections of the shared database's pools, read at scrape time.",
    ["engine", "state"],
)

OUTCOMES = frozenset(
    {
        "OK",
        "UNAUTHENTICATED",
        "WORKSPACE_REQUIRED",
        "FORBIDDEN",
        "NOT_FOUND",
        "VALIDATION_ERROR",
        "UNAVAILABLE",
        "IDEMPOTENCY_KEY_REUSED",
        "IDEMPOTENCY_KEY_IN_USE",
        "RATE_LIMITED",
        "SERVICE_UNAVAILABLE",
        "INTERNAL_SERVER_ERROR",
    }
)
# Requests that never got as far as a document (bad JSON, authentication failures, ...).
NO_OPERATION = "none"


def operation_label(root_fields: Iterable[str] | None, known: frozenset[str]) -> str:
    """A bounded label for what a request ran: its root field, or a fixed word."""
    if not root_fields:
        return NO_OPERATION
    fields = {f for f in root_fields if not f.startswith("__")}
    if not fields:
        return "introspection"
    if len(fields) > 1:
        return "multiple"
    (name,) = fields
    return name if name in known else "other"


def observe_pools(
    engines: Engines,
    replicas: Iterable[Engines] = (),
    dedicated: Iterable[tuple[str, Engines]] = (),
) -> None:
    """Copy the shared database's pool figures, its replicas' (`replica0`, ...) and those of
    the dedicated databases in use (`tenant:<URL without credentials>`: a set the operator
    chose) into DB_POOL (called at scrape time)."""
    named = [("readwrite", engines.writer)]
    if engines.reader is not engines.writer:
        named = [("reader", engines.reader), ("writer", engines.writer)]
    named += [(f"replica{i}", replica.reader) for i, replica in enumerate(replicas)]
    named += [(f"tenant:{name}", tenant.writer) for name, tenant in dedicated]
    for name, engine in named:
        pool = engine.pool
        for state, method in (
            ("size", "size"),
            ("checked_out", "checkedout"),
            ("idle", "checkedin"),
            ("overflow", "overflow"),
        ):
            read = getattr(pool, method, None)
            if callable(read):
                DB_POOL.labels(name, state).set(float(read()))


def observe_caches() -> None:
    """Copy the bounded caches' sizes into CACHE_ENTRIES and CACHE_BYTES (summed by name: a
    process serving one app has one of each)."""
    entries: dict[str, int] = {}
    sizes: dict[str, int] = {}
    for cache in caches():
        entries[cache.name] = entries.get(cache.name, 0) + len(cache)
        sizes[cache.name] = sizes.get(cache.name, 0) + cache.bytes
    for name, count in entries.items():
        CACHE_ENTRIES.labels(name).set(count)
        CACHE_BYTES.labels(name).set(sizes[name])


async def metrics_endpoint(request: Request) -> Response:
    """`GET /metrics` in the Prometheus text format."""
    services = request.app.state.services
    replicas = services.replicas.replicas if services.replicas is not None else ()
    observe_pools(
        services.databases.main,
        (replica.engines for replica in replicas),
        services.databases.opened(),
    )
    observe_caches()
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)
