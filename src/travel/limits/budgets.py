"""Each workspace's share of the work that a request's size and novelty cause, in this process:
token buckets per workspace (docs/decisions/0086-resource-bounds.md).

`ValidationBudget` — the CPU that parsing and validating new documents takes, in milliseconds.

Parsing and validating run on the event loop, so a workspace that sends a stream of documents
the cache has never seen (re-spaced copies, say) takes the loop from every other workspace. Each
workspace may spend `burst_ms` at once and `ms_per_second` on average; past that its new
documents are refused with 429 RATE_LIMITED until the bucket has refilled. Documents already
prepared (cached, or remembered as refused) cost nothing here.
"""

from __future__ import annotations

import math
import time

from travel import metrics
from travel.errors import RateLimited

# Workspaces tracked at once; past it, full buckets (those that spent nothing lately) go first.
MAX_TRACKED = 10_000


class WorkspaceBudget:
    """A token bucket per workspace: `burst` at most, refilled at `rate` a second."""

    action = ""  # the `travel_rate_limited_total` label of its refusals

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: dict[str, list[float]] = {}  # workspace -> [left, updated at]

    def require(self, workspace: str) -> None:
        """RATE_LIMITED while `workspace` has spent its budget."""
        left = self._left(workspace, time.monotonic())
        if left < 0:
            retry_after = max(1, math.ceil(-left / self.rate))
            metrics.RATE_LIMITED.labels(self.action).inc()
            raise RateLimited(self.refusal(retry_after), retry_after)

    def refusal(self, retry_after: int) -> str:
        raise NotImplementedError

    def spend(self, workspace: str, amount: float) -> None:
        now = time.monotonic()
        left = self._left(workspace, now)
        if workspace not in self._buckets and len(self._buckets) >= MAX_TRACKED:
            self._forget_full(now)
        self._buckets[workspace] = [left - amount, now]

    def _left(self, workspace: str, now: float) -> float:
        bucket = self._buckets.get(workspace)
        if bucket is None:
            return self.burst
        return min(self.burst, bucket[0] + (now - bucket[1]) * self.rate)

    def _forget_full(self, now: float) -> None:
        refilled = [
            key
            for key, (left, at) in self._buckets.items()
            if left + (now - at) * self.rate >= self.burst
        ]
        for key in refilled:
            del self._buckets[key]
        while len(self._buckets) >= MAX_TRACKED:
            del self._buckets[next(iter(self._buckets))]


class ValidationBudget(WorkspaceBudget):
    action = "validation"

    def __init__(self, ms_per_second: float, burst_ms: float) -> None:
        super().__init__(ms_per_second / 1000.0, burst_ms / 1000.0)  # in seconds of CPU

    def refusal(self, retry_after: int) -> str:
        return (
            "Too many new documents to parse and validate for this workspace; "
            f"retry in {retry_after} s (send the same document text again: it is cached)"
        )


class BodyBudget(WorkspaceBudget):
    action = "body_bytes"

    def refusal(self, retry_after: int) -> str:
        return f"Too many request bytes from this workspace; retry in {retry_after} s"
