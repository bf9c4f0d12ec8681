"""A webhook receiver on loopback, the partner-side signature check, and dispatcher helpers."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from tests.support.databases import databases_for
from tests.support.live import LiveServer
from travel.auth.models import Workspace
from travel.db.base import utcnow
from travel.db.registry import Databases
from travel.db.session import system_transaction, tenant_transaction
from travel.events.dispatcher import Dispatcher
from travel.events.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint
from travel.events.outbox import event_row, publish_row
from travel.events.retry import RetryPolicy
from travel.events.sender import http_client
from travel.kernel.ids import WorkspaceId


def verify_signature(
    secret: str, header: str, body: bytes, tolerance: int = 300, now: float | None = None
) -> bool:
    """The check docs/webhooks.md gives partners (kept identical to it)."""
    try:
        parts = dict(item.split("=", 1) for item in header.split(","))
        timestamp = int(parts["t"])
    except (KeyError, ValueError):
        return False
    if abs((now or time.time()) - timestamp) > tolerance:
        return False
    signed = f"{timestamp}.".encode() + body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    signatures = [v for k, v in (i.split("=", 1) for i in header.split(",")) if k == "v1"]
    return any(hmac.compare_digest(expected, s) for s in signatures)


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]  # lower-case names
    body: bytes


class _Listening(ThreadingHTTPServer):
    # The standard library's listen backlog is 5: with more dispatchers' sends connecting at
    # once (tests/events: 4 dispatchers x 4 in flight) the kernel dropped connection attempts,
    # and one retried past the sender's timeout failed an attempt a real receiver would take.
    request_queue_size = 128


class Receiver:
    """Records every POST; answers each path with its planned status codes (the last repeats)."""

    def __init__(self, port: int = 0) -> None:
        self.requests: list[Received] = []
        self.plans: dict[str, list[int]] = {}
        self.delay = 0.0
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                headers = {k.lower(): v for k, v in self.headers.items()}
                status = receiver._record(Received(self.path, headers, body))
                time.sleep(receiver.delay)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = _Listening(("127.0.0.1", port), Handler)
        self.port = int(self._httpd.server_address[1])
        self.base_url = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()

    def _record(self, received: Received) -> int:
        with self._lock:
            self.requests.append(received)
            plan = self.plans.get(received.path, [200])
            return plan.pop(0) if len(plan) > 1 else plan[0]

    def endpoint(self, *statuses: int) -> str:
        """A fresh URL answering `statuses` in turn (default: 200)."""
        path = f"/hooks/{uuid.uuid4().hex}"
        self.plans[path] = list(statuses) or [200]
        return self.base_url + path

    def answer(self, url: str, *statuses: int) -> None:
        with self._lock:
            self.plans[url.removeprefix(self.base_url)] = list(statuses)

    def at(self, url: str) -> list[Received]:
        path = url.removeprefix(self.base_url)
        with self._lock:
            return [r for r in self.requests if r.path == path]

    def stop(self) -> None:
        """Stop listening: connections to the port are refused until a new one starts."""
        self._httpd.shutdown()
        self._httpd.server_close()


async def publish(
    session: AsyncSession, workspace_id: WorkspaceId, event_type: str, data: dict[str, Any]
) -> uuid.UUID:
    """Record `event_type` with `data` now, as a booking's change does (event_row, publish_row in
    travel.events.outbox); returns the event's id."""
    row = event_row(workspace_id, event_type, data, utcnow())
    await publish_row(session, row)
    event_id: uuid.UUID = row["id"]
    return event_id


def publish_events(
    server: LiveServer, workspace: Workspace, count: int = 1, event_type: str = "booking.created"
) -> list[uuid.UUID]:
    """Events written the way a booking writes them: `publish` in a tenant transaction."""

    async def write() -> list[uuid.UUID]:
        engines = server.services.databases.for_tenant(workspace.database_url)
        ws = WorkspaceId(workspace.id)
        async with tenant_transaction(engines, ws, write=True) as session:
            return [
                await publish(session, ws, event_type, {"booking": {"n": n}}) for n in range(count)
            ]

    return server.run(write())


def make_dispatcher(
    databases: Databases,
    http: Any,
    *,
    base: float = 0.05,
    window: float = 3600,
    batch: int = 50,
    allow_private: bool = True,
) -> Dispatcher:
    policy = RetryPolicy(base=timedelta(seconds=base), window=timedelta(seconds=window))
    return Dispatcher(
        databases, http, policy=policy, timeout=5, batch_size=batch, allow_private=allow_private
    )


def dispatch(
    database_url: str,
    *,
    until: Callable[[], bool] | None = None,
    dispatchers: int = 1,
    deadline: float = 30,
    **policy: Any,
) -> list[int]:
    """Run dispatchers (each with its own connection pool) on the test database: one drain
    each, or passes until `until()` holds. Returns the attempts each made."""

    async def run() -> list[int]:
        pools = [databases_for(database_url) for _ in range(dispatchers)]
        try:
            async with http_client(5) as http:
                made = [make_dispatcher(p, http, **policy) for p in pools]
                if until is None:
                    return list(await asyncio.gather(*(d.drain() for d in made)))
                counts = [0] * dispatchers
                stop_at = time.monotonic() + deadline
                while not until():
                    assert time.monotonic() < stop_at, "dispatching did not reach the condition"
                    for i, d in enumerate(made):
                        counts[i] += await d.run_once()
                    await asyncio.sleep(0.02)
                return counts
        finally:
            for p in pools:
                await p.dispose()

    return asyncio.run(run())


def query(server: LiveServer, stmt: Any, database_url: str | None = None) -> list[Any]:
    """Rows of `stmt`, seen past row-level security (the shared or a dedicated database)."""

    async def run() -> list[Any]:
        engines = server.services.databases.for_tenant(database_url)
        async with system_transaction(engines) as session:
            return list((await session.execute(stmt)).all())

    return server.run(run())


def deliveries_of(server: LiveServer, workspace: Workspace) -> list[Any]:
    stmt = (
        select(WebhookDelivery)
        .where(WebhookDelivery.workspace_id == workspace.id)
        .order_by(WebhookDelivery.created_at, WebhookDelivery.id)
    )
    return [row[0] for row in query(server, stmt, workspace.database_url)]


def attempts_of(server: LiveServer, workspace: Workspace, delivery_id: uuid.UUID) -> list[Any]:
    stmt = (
        select(WebhookAttempt)
        .where(
            WebhookAttempt.workspace_id == workspace.id,
            WebhookAttempt.delivery_id == delivery_id,
        )
        .order_by(WebhookAttempt.created_at)
    )
    return [row[0] for row in query(server, stmt, workspace.database_url)]


def endpoint_of(server: LiveServer, workspace: Workspace, endpoint_id: str) -> Any:
    stmt = select(WebhookEndpoint).where(
        WebhookEndpoint.workspace_id == workspace.id,
        WebhookEndpoint.id == uuid.UUID(endpoint_id),
    )
    return query(server, stmt, workspace.database_url)[0][0]
