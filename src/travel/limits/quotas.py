"""Per-workspace, per-action quotas (docs/design.md §7) and the `X-RateLimit-*` headers
reporting them.

A request spends one unit of each action its root fields touch. It is refused (429, nothing
runs) when any of those actions is exhausted; see docs/decisions/0040-rate-limit-semantics.md.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from limits import RateLimitItem, RateLimitItemPerSecond
from limits.util import WindowStats

from travel import metrics
from travel.auth.identity import Principal
from travel.errors import RateLimited
from travel.limits.actions import READ, actions_for, quota
from travel.limits.counters import Counters, build_counters
from travel.settings import Settings


@dataclass(slots=True)  # not frozen: a frozen dataclass costs ~5x to build, once per request
class Usage:
    """Where one action of one workspace stands in the current window."""

    action: str
    limit: int
    remaining: int
    reset: int  # Unix epoch seconds at which the window ends (rounded up, for the header)
    ends_at: float  # the same instant, unrounded (Retry-After is rounded up once, from this)

    def headers(self) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(self.remaining),
            "X-RateLimit-Reset": str(self.reset),
        }


class QuotaExceeded(RateLimited):
    """429 RATE_LIMITED, carrying the headers of the exhausted action."""

    def __init__(self, usage: Usage, now: float) -> None:
        retry_after = max(1, math.ceil(usage.ends_at - now))
        super().__init__(
            f"Rate limit exceeded: the workspace's {usage.limit} {usage.action} requests "
            f"for this window are used up; retry in {retry_after} s",
            retry_after,
        )
        self.extensions["action"] = usage.action
        self.headers = usage.headers()


class Quotas:
    """Charges requests against their workspace's plan quotas."""

    def __init__(self, counters: Counters, window_seconds: int) -> None:
        self.counters = counters
        self.window_seconds = window_seconds
        self._items: dict[tuple[str, str], RateLimitItem] = {}
        # Windows this process saw used up, until they end: (workspace, action) -> usage.
        self._exhausted: dict[tuple[str, str], Usage] = {}

    def refuse_if_exhausted(self, principal: Principal, actions: tuple[str, ...]) -> None:
        """QuotaExceeded, at the cost of a dict look-up, while every one of `actions` is known
        to be used up in its window (this process refused a request for it): what is checked
        before a new document is parsed, so that a workspace over quota cannot make the service
        parse (docs/decisions/0086-resource-bounds.md)."""
        now = time.time()
        known = []
        for action in actions:
            key = (principal.workspace_key, action)
            usage = self._exhausted.get(key)
            if usage is None:
                return
            if usage.ends_at <= now:
                del self._exhausted[key]
                return
            known.append(usage)
        if known:
            binding = max(known, key=lambda u: u.ends_at)
            metrics.RATE_LIMITED.labels(binding.action).inc()
            raise QuotaExceeded(binding, now)

    async def peek_headers(self, principal: Principal) -> dict[str, str]:
        """The `read` quota's headers, spending nothing (for requests refused before a
        document is known: bad JSON, invalid GraphQL, query limits)."""
        return (await self._usage(principal, READ)).headers()

    async def charge(self, principal: Principal, root_fields: tuple[str, ...]) -> dict[str, str]:
        """Spend one unit per touched action and return the most constrained one's headers;
        raise QuotaExceeded, spending nothing more, when any action is exhausted."""
        actions = actions_for(root_fields)
        if len(actions) > 1:
            # Test every action before spending any, so a refused request costs nothing.
            refused = [a for a in actions if not await self._fits(principal, a)]
            if refused:
                await self._refuse(principal, refused)
        usages, refused = [], []
        for action in actions:
            item = self._item(principal.plan, action)
            fits, stats = await self.counters.spend(item, principal.workspace_key, action)
            if not fits:
                refused.append(action)
            usages.append(self._usage_of(action, item, stats))
        if refused:
            await self._refuse(principal, refused)
        return min(usages, key=lambda u: (u.remaining, u.limit)).headers()

    async def close(self) -> None:
        await self.counters.close()

    def _item(self, plan: str, action: str) -> RateLimitItem:
        item = self._items.get((plan, action))
        if item is None:
            item = RateLimitItemPerSecond(quota(plan, action), self.window_seconds, "travel")
            self._items[(plan, action)] = item
        return item

    async def _fits(self, principal: Principal, action: str) -> bool:
        """Whether one more unit of `action` fits, spending nothing."""
        item = self._item(principal.plan, action)
        return await self.counters.test(item, principal.workspace_key, action)

    async def _usage(self, principal: Principal, action: str) -> Usage:
        item = self._item(principal.plan, action)
        stats = await self.counters.stats(item, principal.workspace_key, action)
        return self._usage_of(action, item, stats)

    def _usage_of(self, action: str, item: RateLimitItem, stats: WindowStats) -> Usage:
        now = time.time()
        # No window open yet: one would start now.
        reset = stats.reset_time if stats.reset_time > now else now + self.window_seconds
        return Usage(action, item.amount, max(0, stats.remaining), math.ceil(reset), reset)

    async def _refuse(self, principal: Principal, refused: list[str]) -> None:
        usages = [await self._usage(principal, a) for a in refused]
        self._remember_exhausted(principal.workspace_key, usages)
        # The request can run again only when the last exhausted window ends.
        binding = max(usages, key=lambda u: u.ends_at)
        metrics.RATE_LIMITED.labels(binding.action).inc()
        raise QuotaExceeded(binding, time.time())

    def _remember_exhausted(self, workspace: str, usages: list[Usage]) -> None:
        exhausted = self._exhausted
        if len(exhausted) >= MAX_EXHAUSTED:
            now = time.time()
            for key in [k for k, usage in exhausted.items() if usage.ends_at <= now]:
                del exhausted[key]
            while len(exhausted) >= MAX_EXHAUSTED:
                del exhausted[next(iter(exhausted))]
        for usage in usages:
            exhausted[(workspace, usage.action)] = usage


# Used-up windows remembered at once (a few dozen bytes each).
MAX_EXHAUSTED = 10_000


def build_quotas(settings: Settings) -> Quotas:
    """Quotas counted in Redis when `settings.redis_url` is set, in memory otherwise."""
    counters = build_counters(
        settings.redis_url,
        timeout=settings.redis_timeout_seconds,
        retry_seconds=settings.redis_retry_seconds,
    )
    return Quotas(counters, settings.rate_limit_window_seconds)


class FailedAuthentications:
    """Failed authentications per client address, in fixed one-minute windows (counted where
    the quotas are: Redis when configured). Past the budget an address's unknown credentials
    are refused without a lookup until the window ends."""

    def __init__(self, counters: Counters, per_minute: int) -> None:
        self.counters = counters
        self.item = RateLimitItemPerSecond(per_minute, 60, "travel-auth-failures")

    async def check(self, address: str) -> None:
        """RATE_LIMITED while `address` is over its budget of failures."""
        if await self.counters.test(self.item, address):
            return
        stats = await self.counters.stats(self.item, address)
        retry_after = max(1, math.ceil(stats.reset_time - time.time()))
        metrics.RATE_LIMITED.labels("authentication").inc()
        raise RateLimited(
            f"Too many failed authentications from this address; retry in {retry_after} s",
            retry_after,
        )

    async def failed(self, address: str) -> None:
        await self.counters.hit(self.item, address)
