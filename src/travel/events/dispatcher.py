"""The outbox dispatcher: claims due webhook deliveries, sends them, records every attempt.

A claim is a lease: inside one short system transaction the due rows are locked (PostgreSQL
`FOR UPDATE SKIP LOCKED`, so concurrent dispatchers take disjoint rows; SQLite's single writer
serialises claims) and their `next_attempt_at` moved past the send's deadline. The HTTP request
happens outside any transaction; its result is recorded in a tenant transaction afterwards. A
dispatcher that dies mid-send leaves its lease to expire, and the delivery is retried: delivery
is at least once, and receivers de-duplicate on the event id. A dispatcher asked to stop
(`run_forever`'s `stop`) claims nothing more, gives the sends in flight a grace, then cancels
what is left and releases those leases: another dispatcher sends them at once, not after the
lease (docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from datetime import datetime, timedelta

import httpx
from sqlalchemy.exc import SQLAlchemyError

from travel import metrics
from travel.db.base import utcnow
from travel.db.engine import Engines
from travel.db.outage import unreachable
from travel.db.registry import Databases, masked
from travel.db.session import system_transaction, tenant_transaction
from travel.errors import ValidationError
from travel.events import repository, sender
from travel.events.records import AttemptResult, DueDelivery
from travel.events.retry import RetryPolicy
from travel.events.targets import check_target
from travel.housekeeping import Housekeeping
from travel.settings import Settings
from travel.shutdown import reserve

log = logging.getLogger("travel.events")


class Dispatcher:
    """Sends due deliveries of the shared database and of every dedicated tenant database."""

    def __init__(
        self,
        databases: Databases,
        http: httpx.AsyncClient,
        *,
        policy: RetryPolicy,
        timeout: float,
        batch_size: int = 50,
        allow_private: bool = False,
    ) -> None:
        self.databases = databases
        self.http = http
        self.policy = policy
        self.timeout = timeout
        self.batch_size = max(1, batch_size)
        self.allow_private = allow_private
        # Outlives the send's own deadline and the recording of its result.
        self.lease = timedelta(seconds=2 * timeout + 60)

    @classmethod
    def from_settings(
        cls, databases: Databases, http: httpx.AsyncClient, settings: Settings
    ) -> Dispatcher:
        """A dispatcher configured by `TRAVEL_WEBHOOK_*` and `TRAVEL_DISPATCHER_*`."""
        return cls(
            databases,
            http,
            policy=RetryPolicy.from_settings(settings),
            timeout=settings.webhook_timeout_seconds,
            batch_size=settings.dispatcher_batch_size,
            allow_private=settings.webhook_allow_private,
        )

    async def run_once(self) -> int:
        """One batch from each database; returns how many attempts were made."""
        dedicated, attempts = await self._dispatch(self.databases.main, list_dedicated=True)
        for url in dedicated:
            engines = self.databases.for_tenant(url)
            try:
                attempts += (await self._dispatch(engines))[1]
            except (OSError, SQLAlchemyError) as exc:  # one tenant's outage stalls no other
                log.warning(
                    "webhook dispatch skipped an unreachable tenant database %s: %s",
                    masked(engines),
                    type(exc).__name__,
                )
            except Exception:
                log.exception("webhook dispatch failed for a dedicated tenant database")
        return attempts

    async def drain(self) -> int:
        """Send until nothing is due; returns how many attempts were made."""
        total = 0
        while attempts := await self.run_once():
            total += attempts
        return total

    async def run_forever(self, stop: asyncio.Event, interval: float, grace: float = 0) -> None:
        """Poll every `interval` seconds (at once again after a busy pass) until `stop` is set;
        between passes, the periodic clean-up (travel.housekeeping). A pass in progress when
        `stop` is set has `grace` seconds to finish; then its unsent deliveries are released."""
        housekeeping = Housekeeping(self.databases)
        while not stop.is_set():
            pass_ = asyncio.create_task(self._pass(housekeeping))
            stopping = asyncio.create_task(stop.wait())
            try:
                await asyncio.wait({pass_, stopping}, return_when=asyncio.FIRST_COMPLETED)
                if not pass_.done():
                    await self._cut_short(pass_, grace)
                    return
            finally:  # also when this task is cancelled: no pass outlives it
                stopping.cancel()
                pass_.cancel()
            if pass_.result() == 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), interval)

    async def _pass(self, housekeeping: Housekeeping) -> int:
        try:
            attempts = await self.run_once()
            await housekeeping.run_due()
        except Exception as exc:
            if unreachable(exc):  # an outage: one line a pass, the next pass retries
                log.warning("webhook dispatch pass skipped: database unavailable: %r", exc)
            else:
                log.exception("webhook dispatch pass failed")
            return 0
        return attempts

    @staticmethod
    async def _cut_short(pass_: asyncio.Task[int], grace: float) -> None:
        """Stopping: the pass finishes within `grace`, or is cancelled (releasing its leases,
        `_dispatch`)."""
        done, _ = await asyncio.wait({pass_}, timeout=grace)
        if done:
            return
        pass_.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await pass_

    async def _dispatch(
        self, engines: Engines, *, list_dedicated: bool = False
    ) -> tuple[list[str], int]:
        now = utcnow()
        async with system_transaction(engines) as session:
            claimed = await repository.claim_due(
                session, now=now, lease_until=now + self.lease, limit=self.batch_size
            )
            dedicated = await repository.dedicated_database_urls(session) if list_dedicated else []
        if claimed:
            settled: set[uuid.UUID] = set()
            try:
                await asyncio.gather(*(self._attempt(engines, d, settled) for d in claimed))
            except asyncio.CancelledError:  # stopping: what is unsent is due again at once
                await self._release(engines, [d for d in claimed if d.id not in settled])
                raise
        return dedicated, len(claimed)

    async def _release(self, engines: Engines, deliveries: list[DueDelivery]) -> None:
        if not deliveries:
            return
        try:
            async with system_transaction(engines) as session:
                released = await repository.release(session, deliveries, now=utcnow())
        except Exception:  # the leases expire instead
            log.exception("releasing %d webhook deliveries failed", len(deliveries))
            return
        log.warning("stopping: released %d webhook deliveries for another dispatcher", released)

    async def _attempt(
        self, engines: Engines, delivery: DueDelivery, settled: set[uuid.UUID] | None = None
    ) -> None:
        try:  # the name may resolve elsewhere since the endpoint was added
            await check_target(delivery.url, allow_private=self.allow_private)
        except ValidationError as refused:
            result = AttemptResult(None, f"not sent: {refused.message}"[:500], 0)
        else:
            result = await sender.send(self.http, delivery, deadline=self.timeout)
        if not result.succeeded:
            fields = {**_log_fields(delivery), "status_code": result.status_code}
            log.info("webhook attempt failed: %s", result.error, extra=fields)
        try:
            await self._record(engines, delivery, result)
        except Exception:  # the lease expires and the delivery is retried
            log.exception("recording a webhook attempt failed", extra=_log_fields(delivery))
        if settled is not None:
            settled.add(delivery.id)

    async def _record(self, engines: Engines, delivery: DueDelivery, result: AttemptResult) -> None:
        ws = delivery.workspace_id
        now = utcnow()
        async with tenant_transaction(engines, ws, write=True) as session:
            await repository.record_attempt(session, ws, delivery.id, result)
            if result.gone:
                reason = f"410 Gone at {now.isoformat(timespec='seconds')}"
                await repository.disable_endpoint(session, ws, delivery.endpoint_id, reason)
                log.warning("webhook endpoint disabled (410 Gone)", extra=_log_fields(delivery))
                metrics.WEBHOOK_DELIVERIES.labels("endpoint_gone").inc()
                return
            status, next_at = self._next_state(delivery, result, now)
            settled = await repository.settle(
                session,
                ws,
                delivery.id,
                lease=delivery.lease,
                status=status,
                next_attempt_at=next_at,
            )
        metrics.WEBHOOK_DELIVERIES.labels(_RESULTS[status]).inc()
        if not settled:
            log.info("webhook delivery re-queued while in flight", extra=_log_fields(delivery))

    def _next_state(
        self, delivery: DueDelivery, result: AttemptResult, now: datetime
    ) -> tuple[str, datetime | None]:
        if result.succeeded:
            return "SUCCEEDED", None
        next_at = self.policy.next_attempt(delivery.attempt_count + 1, delivery.created_at, now)
        if next_at is None:
            log.warning("webhook delivery is dead", extra=_log_fields(delivery))
            return "DEAD", None
        return "FAILED", next_at


# A settled attempt's label in travel_webhook_deliveries_total.
_RESULTS = {"SUCCEEDED": "delivered", "FAILED": "failed", "DEAD": "gave_up"}


def _log_fields(delivery: DueDelivery) -> dict[str, object]:
    return {
        "workspace_id": str(delivery.workspace_id),
        "delivery_id": str(delivery.id),
        "event_id": str(delivery.event_id),
    }


class BackgroundDispatcher:
    """The dispatcher as a task of the running service (`travel serve`): started and stopped
    by the app's lifespan. An interval of 0 or less leaves dispatching to `travel worker`."""

    def __init__(self, databases: Databases, settings: Settings) -> None:
        self.databases = databases
        self.settings = settings
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        """Start polling (call on the service's event loop)."""
        if self.running or self.settings.dispatcher_interval_seconds <= 0:
            return
        self._stop = asyncio.Event()
        self._task = asyncio.create_task(self._run(), name="webhook-dispatcher")

    async def stop(self) -> None:
        """Let the pass in progress finish within the shutdown's reserve (travel.shutdown),
        releasing the deliveries it has not sent, then stop."""
        if self._task is None:
            return
        self._stop.set()
        try:
            # Its grace is half the reserve; the other half is for releasing what it did not
            # send and for the pools to close, inside the shutdown's bound.
            await asyncio.wait_for(self._task, self._grace() * 1.5)
        except TimeoutError:
            log.warning("webhook dispatcher did not stop in time; its leases will expire")
        except Exception:
            log.exception("webhook dispatcher failed")
        self._task = None

    async def _run(self) -> None:
        async with sender.http_client(self.settings.webhook_timeout_seconds) as http:
            dispatcher = Dispatcher.from_settings(self.databases, http, self.settings)
            await dispatcher.run_forever(
                self._stop, self.settings.dispatcher_interval_seconds, self._grace()
            )

    def _grace(self) -> float:
        return reserve(self.settings.shutdown_timeout_seconds) / 2
