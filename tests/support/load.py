"""Booking load for fault tests: concurrent partners booking in a loop while something breaks,
every attempt recorded, and the audit of what the database kept afterwards.

Even-numbered clients send an `Idempotency-Key` (as the SDK does), odd ones do not (a raw
`execute()`): both paths of a mutation's transaction are under load.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import httpx
from sqlalchemy import func, select

from tests.factories import BOOK
from tests.support.databases import engines_for
from travel.bookings.models import AuditEntry, Booking, BookingTransition
from travel.db.session import system_transaction
from travel.events.models import OutboxEvent


@dataclass
class Attempt:
    """One createTravelBooking request and what came back (`status` None: no answer)."""

    variables: dict[str, Any]
    key: str | None
    status: int | None = None
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    failure: str | None = None  # the client's error when there was no answer
    at: float = 0.0  # when it was sent (time.monotonic())
    took: float = 0.0  # seconds until the answer

    @property
    def booking(self) -> dict[str, Any] | None:
        """The booking this answer acknowledged (200 with data), else None."""
        if self.status != 200 or not isinstance(self.body, dict):
            return None
        return (self.body.get("data") or {}).get("createTravelBooking")

    @property
    def codes(self) -> list[str]:
        if not isinstance(self.body, dict):
            return []
        return [e.get("extensions", {}).get("code") for e in self.body.get("errors", [])]


class BookingLoad:
    """`clients` concurrent partners booking until `stop()`; each request is recorded."""

    def __init__(
        self,
        graphql_url: str,
        api_key: str,
        make_input: Callable[[random.Random], dict[str, Any]],
        *,
        clients: int = 8,
        timeout: float = 15,
    ) -> None:
        self.graphql_url = graphql_url
        self.api_key = api_key
        self.make_input = make_input
        self.clients = clients
        self.timeout = timeout
        self.attempts: list[Attempt] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)

    def start(self) -> BookingLoad:
        self._thread.start()
        return self

    def stop(self) -> list[Attempt]:
        self._stop.set()
        self._thread.join(timeout=self.timeout + 10)
        assert not self._thread.is_alive(), "the load's clients did not stop"
        return list(self.attempts)

    def acknowledged(self) -> int:
        return sum(1 for a in list(self.attempts) if a.booking is not None)

    def wait_until(self, condition: Callable[[], bool], what: str, seconds: float = 20) -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            assert time.monotonic() < deadline, f"gave up waiting for {what}"
            assert self._thread.is_alive(), "the load stopped by itself"
            time.sleep(0.02)

    async def _run(self) -> None:
        limits = httpx.Limits(max_connections=self.clients)
        async with httpx.AsyncClient(timeout=self.timeout, limits=limits) as http:
            await asyncio.gather(*(self._client(http, n) for n in range(self.clients)))

    async def _client(self, http: httpx.AsyncClient, n: int) -> None:
        rng = random.Random(n)
        while not self._stop.is_set():
            key = uuid.uuid4().hex if n % 2 == 0 else None
            attempt = Attempt({"input": self.make_input(rng)}, key)
            await send(http, self.graphql_url, self.api_key, attempt)
            self.attempts.append(attempt)
            if attempt.status is None or attempt.status >= 500:
                await asyncio.sleep(0.25)  # a client backs off (less than Retry-After: 1)


async def send(http: httpx.AsyncClient, url: str, api_key: str, attempt: Attempt) -> None:
    """POST the attempt's booking and record the answer (or the lack of one)."""
    headers = {"Authorization": f"Bearer {api_key}"}
    if attempt.key is not None:
        headers["Idempotency-Key"] = attempt.key
    attempt.at = time.monotonic()
    try:
        response = await http.post(
            url, json={"query": BOOK, "variables": attempt.variables}, headers=headers
        )
    except httpx.TimeoutException as exc:
        attempt.took = time.monotonic() - attempt.at
        attempt.failure = f"timeout: {exc!r}"  # a hang: no test accepts it
        return
    except httpx.TransportError as exc:
        attempt.failure = repr(exc)
        return
    attempt.took = time.monotonic() - attempt.at
    attempt.status = response.status_code
    attempt.headers = dict(response.headers)
    try:
        attempt.body = response.json()
    except ValueError:
        attempt.body = response.text


def send_each(
    url: str, api_key: str, attempts: list[Attempt], *, concurrency: int = 1
) -> list[Attempt]:
    """Each attempt again with its key and body (as a partner retries), `concurrency` at a
    time (1: in order): the new answers."""
    again = [Attempt(a.variables, a.key) for a in attempts]

    async def run() -> None:
        gate = asyncio.Semaphore(concurrency)
        async with httpx.AsyncClient(timeout=30) as http:

            async def one(attempt: Attempt) -> None:
                async with gate:
                    await send(http, url, api_key, attempt)

            await asyncio.gather(*(one(a) for a in again))

    asyncio.run(run())
    return again


@dataclass
class Ledger:
    """What the database holds for one workspace's bookings, seen past row-level security."""

    bookings: dict[str, Any]  # id → Booking
    transitions: Counter[str]
    audit_entries: Counter[str]
    created_events: Counter[str]  # booking id → booking.created events

    def guests_by_date(self) -> Counter[date]:
        booked: Counter[date] = Counter()
        for booking in self.bookings.values():
            if booking.status == "CONFIRMED":
                booked[booking.check_in] += booking.guests
        return booked

    def half_written(self) -> list[str]:
        """Bookings missing their timeline entry, audit entry or event (must be none)."""
        return [
            f"{b.reference_code}: {self.transitions[i]} transition(s), "
            f"{self.audit_entries[i]} audit entrie(s), {self.created_events[i]} event(s)"
            for i, b in self.bookings.items()
            if not (self.transitions[i] >= 1 and self.audit_entries[i] >= 1)
            or self.created_events[i] != 1
        ]


def ledger(database_url: str, workspace_id: str) -> Ledger:
    """Read the workspace's bookings, transitions, audit entries and events afresh."""
    ws = uuid.UUID(workspace_id)

    async def read() -> Ledger:
        engines = engines_for(database_url)
        try:
            async with system_transaction(engines) as session:
                bookings = (
                    (await session.execute(select(Booking).where(Booking.workspace_id == ws)))
                    .scalars()
                    .all()
                )
                transitions = await session.execute(
                    select(BookingTransition.booking_id, func.count())
                    .where(BookingTransition.workspace_id == ws)
                    .group_by(BookingTransition.booking_id)
                )
                audits = await session.execute(
                    select(AuditEntry.entity_id, func.count())
                    .where(AuditEntry.workspace_id == ws, AuditEntry.entity_type == "booking")
                    .group_by(AuditEntry.entity_id)
                )
                events = (
                    await session.execute(
                        select(OutboxEvent.data).where(
                            OutboxEvent.workspace_id == ws, OutboxEvent.type == "booking.created"
                        )
                    )
                ).scalars()
                return Ledger(
                    {str(b.id): b for b in bookings},
                    Counter({str(i): n for i, n in transitions}),
                    Counter({str(i): n for i, n in audits}),
                    Counter(str(data["id"]) for data in events),
                )
        finally:
            await engines.dispose()

    return asyncio.run(read())
