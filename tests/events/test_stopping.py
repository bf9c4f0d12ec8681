"""A dispatcher asked to stop while its sends are in flight (travel.events.dispatcher,
docs/deploy.md#graceful-shutdown): after the grace it cancels them and releases their leases,
so the deliveries are due at once for another dispatcher; one that finishes within the grace
settles as usual. On SQLite and PostgreSQL (tests/fleet does it with real processes)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest

from tests.factories import create_workspace
from tests.support.cli import travel_json
from tests.support.databases import databases_for
from tests.support.live import LiveServer
from tests.support.webhooks import (
    Receiver,
    deliveries_of,
    dispatch,
    make_dispatcher,
    publish_events,
)
from travel.db.base import utcnow
from travel.events.sender import http_client


@pytest.fixture
def holding() -> Iterator[Receiver]:
    """A receiver that keeps every request 3 s before answering."""
    hooks = Receiver()
    hooks.delay = 3.0
    yield hooks
    hooks.stop()


def _run_then_stop(
    database_url: str, receiver: Receiver, url: str, count: int, grace: float
) -> float:
    """One dispatcher polling until `count` requests reached `url`, then told to stop with
    `grace`; returns how long it took to stop."""

    async def run() -> float:
        databases = databases_for(database_url)
        try:
            async with http_client(10) as http:
                dispatcher = make_dispatcher(databases, http)
                stop = asyncio.Event()
                task = asyncio.create_task(dispatcher.run_forever(stop, 0.05, grace))
                deadline = time.monotonic() + 30
                while len(receiver.at(url)) < count:
                    assert time.monotonic() < deadline
                    assert not task.done()
                    await asyncio.sleep(0.02)
                asked = time.monotonic()
                stop.set()
                await asyncio.wait_for(task, 10)
                return time.monotonic() - asked
        finally:
            await databases.dispose()

    return asyncio.run(run())


def test_sends_cut_short_are_released_for_the_next_dispatcher(
    server: LiveServer, holding: Receiver, cli_env: dict[str, str], database_url: str
) -> None:
    workspace = create_workspace(server)
    url = holding.endpoint()
    travel_json(cli_env, "webhook", "add", "--workspace", str(workspace.id), "--url", url)
    publish_events(server, workspace, count=3)

    took = _run_then_stop(database_url, holding, url, 3, grace=0.2)

    assert took < 2  # not the receiver's 3 s
    released = deliveries_of(server, workspace)
    assert [d.status for d in released] == ["PENDING"] * 3
    assert [d.attempt_count for d in released] == [0] * 3  # no attempt recorded: cut short
    assert all(d.next_attempt_at is not None and d.next_attempt_at <= utcnow() for d in released)
    holding.delay = 0.0
    dispatch(database_url)  # the next dispatcher takes them at once, not after the lease
    assert {d.status for d in deliveries_of(server, workspace)} == {"SUCCEEDED"}


def test_sends_finished_within_the_grace_settle_as_usual(
    server: LiveServer, holding: Receiver, cli_env: dict[str, str], database_url: str
) -> None:
    workspace = create_workspace(server)
    url = holding.endpoint()
    travel_json(cli_env, "webhook", "add", "--workspace", str(workspace.id), "--url", url)
    holding.delay = 0.5
    publish_events(server, workspace, count=2)

    _run_then_stop(database_url, holding, url, 2, grace=5)

    assert {d.status for d in deliveries_of(server, workspace)} == {"SUCCEEDED"}
