"""What is recorded when a request ends: one JSON log line and the request metrics.

Both read the request's `Exchange` (travel.http.exchange), filled in by the pipeline's steps.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable

from travel import logs, metrics
from travel.http.exchange import Exchange

log = logging.getLogger("travel.request")
QUIET_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})
MAX_LABELS = 4096  # label pairs remembered per (root fields, outcome)


class Observer:
    """Counts, times and logs finished requests. `operations` are the schema's root fields
    (the only operation names a metric label may carry)."""

    def __init__(self, operations: Iterable[str]) -> None:
        self.operations = frozenset(operations)
        self._labels: dict[tuple[tuple[str, ...], str], tuple[str, str]] = {}

    def finished(self, exchange: Exchange, *, graphql: bool) -> None:
        elapsed = time.perf_counter() - exchange.started
        outcome = exchange.outcome or ("OK" if exchange.status < 400 else str(exchange.status))
        if graphql:
            self._count(exchange, outcome, elapsed)
        if exchange.path not in QUIET_PATHS and log.isEnabledFor(logging.INFO):
            logs.info_line(
                log,
                "request",
                {
                    "request_id": exchange.request_id,
                    "method": exchange.method,
                    "path": exchange.path,
                    "status": exchange.status,
                    "workspace": exchange.workspace,
                    "operation": exchange.operation,
                    "outcome": outcome,
                    "duration_ms": round(elapsed * 1000, 2),
                },
            )

    def _count(self, exchange: Exchange, outcome: str, elapsed: float) -> None:
        key = (exchange.root_fields, outcome)
        labels = self._labels.get(key)
        if labels is None:
            labels = (
                metrics.operation_label(exchange.root_fields, self.operations),
                outcome if outcome in metrics.OUTCOMES else "OTHER",
            )
            if len(self._labels) < MAX_LABELS:  # root fields' combinations are the callers'
                self._labels[key] = labels
        metrics.REQUESTS.observe(labels, elapsed)
