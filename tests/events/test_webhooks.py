"""Webhook delivery: signed POSTs to a real receiver on loopback, retries with backoff, 410 Gone,
exclusive claims under concurrent dispatchers, and the `travel webhook`/`travel worker` commands.

This module runs its own dispatchers (with a fast retry base), so it pauses the one inside the
session's live server, which would otherwise race them with the production schedule.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from prometheus_client import REGISTRY

from tests.factories import (
    CANCEL,
    book,
    booked,
    count_rows,
    create_tenant,
    create_workspace,
    request_booking,
    tenant_listing,
)
from tests.support.api import data
from tests.support.cli import TRAVEL, travel, travel_json
from tests.support.live import LiveServer
from tests.support.waiting import wait_until
from tests.support.webhooks import (
    Receiver,
    attempts_of,
    deliveries_of,
    dispatch,
    endpoint_of,
    publish,
    publish_events,
    verify_signature,
)
from travel.auth import service as auth_service
from travel.auth.models import Workspace
from travel.db.session import tenant_transaction
from travel.events.retry import RetryPolicy
from travel.kernel.ids import WorkspaceId


@pytest.fixture(scope="module", autouse=True)
def own_dispatching(server: LiveServer) -> Iterator[None]:
    background = server.app.state.dispatcher
    server.run(background.stop())
    yield

    async def restart() -> None:
        background.start()

    server.run(restart())


@pytest.fixture(scope="module")
def receiver() -> Iterator[Receiver]:
    hooks = Receiver()
    yield hooks
    hooks.stop()


def add_hook(env: dict[str, str], workspace: Workspace, url: str) -> dict[str, str]:
    """`travel webhook add --json`: the endpoint id and its signing secret."""
    hook = travel_json(env, "webhook", "add", "--workspace", str(workspace.id), "--url", url)
    return {"id": str(hook["id"]), "secret": str(hook["secret"])}


def test_event_is_posted_signed_to_its_workspace_endpoints_only(
    server: LiveServer, receiver: Receiver, cli_env: dict[str, str], database_url: str
) -> None:
    mine, theirs = create_workspace(server), create_workspace(server)
    url, other_url = receiver.endpoint(), receiver.endpoint()
    hook = add_hook(cli_env, mine, url)
    add_hook(cli_env, theirs, other_url)
    [event_id] = publish_events(server, mine)

    dispatch(database_url)

    [request] = receiver.at(url)
    assert receiver.at(other_url) == []
    body = json.loads(request.body)
    assert set(body) == {"id", "type", "createdAt", "workspaceId", "data"}
    assert body["id"] == str(event_id)
    assert body["type"] == "booking.created"
    assert body["workspaceId"] == str(mine.id)
    assert body["data"] == {"booking": {"n": 0}}
    assert datetime.fromisoformat(body["createdAt"]).tzinfo is not None
    assert request.headers["content-type"] == "application/json"
    assert request.headers["user-agent"].startswith("travel-webhooks")
    assert request.headers["travel-event-id"] == str(event_id)
    assert request.headers["travel-event-type"] == "booking.created"
    assert request.headers["travel-delivery-attempt"] == "1"
    signature = request.headers["travel-signature"]
    assert verify_signature(hook["secret"], signature, request.body)
    assert not verify_signature(hook["secret"], signature, request.body + b" ")
    assert not verify_signature("whsec_other", signature, request.body)
    assert not verify_signature(hook["secret"], signature, request.body, now=time.time() + 600)

    [delivery] = deliveries_of(server, mine)
    assert (delivery.status, delivery.attempt_count, delivery.next_attempt_at) == (
        "SUCCEEDED",
        1,
        None,
    )
    [attempt] = attempts_of(server, mine, delivery.id)
    assert (attempt.status_code, attempt.error) == (200, None)
    assert attempt.duration_ms >= 0


def test_an_event_rolled_back_with_its_change_is_never_sent(
    server: LiveServer, receiver: Receiver, cli_env: dict[str, str]
) -> None:
    workspace = create_workspace(server)
    add_hook(cli_env, workspace, receiver.endpoint())

    async def failing_change() -> None:
        ws = WorkspaceId(workspace.id)
        async with tenant_transaction(server.services.databases.main, ws, write=True) as session:
            await publish(session, ws, "booking.created", {"booking": {}})
            raise RuntimeError("the booking failed after publishing")

    with pytest.raises(RuntimeError):
        server.run(failing_change())
    assert count_rows(server, "outbox_events", workspace) == 0
    assert count_rows(server, "webhook_deliveries", workspace) == 0


def test_a_failed_attempt_is_retried_with_backoff_until_delivered(
    server: LiveServer, receiver: Receiver, cli_env: dict[str, str], database_url: str
) -> None:
    workspace = create_workspace(server)
    url = receiver.endpoint(500, 200)
    hook = add_hook(cli_env, workspace, url)
    publish_events(server, workspace)
    before = {r: _delivery_count(r) for r in ("failed", "delivered")}

    dispatch(database_url, base=1.0, until=lambda: len(receiver.at(url)) == 1)
    assert _delivery_count("failed") == before["failed"] + 1
    [delivery] = deliveries_of(server, workspace)
    assert (delivery.status, delivery.attempt_count) == ("FAILED", 1)
    assert (delivery.last_status_code, delivery.last_error) == (500, "HTTP 500")
    [failed] = attempts_of(server, workspace, delivery.id)
    waited = delivery.next_attempt_at - failed.created_at
    assert timedelta(seconds=0.7) < waited < timedelta(seconds=1.3)  # base 1 s, ±20 % jitter

    dispatch(database_url, base=1.0, until=lambda: len(receiver.at(url)) == 2)
    first, second = receiver.at(url)
    assert first.body == second.body
    assert first.headers["travel-event-id"] == second.headers["travel-event-id"]
    assert (
        first.headers["travel-delivery-attempt"],
        second.headers["travel-delivery-attempt"],
    ) == (
        "1",
        "2",
    )
    assert verify_signature(hook["secret"], second.headers["travel-signature"], second.body)
    [delivery] = deliveries_of(server, workspace)
    assert (delivery.status, delivery.attempt_count, delivery.last_status_code) == (
        "SUCCEEDED",
        2,
        200,
    )
    attempts = attempts_of(server, workspace, delivery.id)
    assert [(a.status_code, a.error) for a in attempts] == [(500, "HTTP 500"), (200, None)]
    assert _delivery_count("delivered") == before["delivered"] + 1


def _delivery_count(result: str) -> float:
    """travel_webhook_deliveries_total{result=...} of this process (the dispatchers above ran
    here)."""
    value = REGISTRY.get_sample_value("travel_webhook_deliveries_total", {"result": result})
    return value or 0.0


def test_backoff_doubles_with_jitter_and_stops_after_the_window() -> None:
    policy = RetryPolicy(base=timedelta(seconds=30), window=timedelta(days=3))
    for failures, nominal in ((1, 30), (2, 60), (3, 120), (10, 30 * 2**9), (20, 8 * 3600)):
        for _ in range(20):
            delay = policy.delay(failures).total_seconds()
            assert nominal * 0.8 <= delay <= nominal * 1.2, (failures, delay)
    created = datetime(2030, 1, 1, tzinfo=UTC)
    assert policy.next_attempt(3, created, created + timedelta(days=1)) is not None
    assert policy.next_attempt(3, created, created + timedelta(days=3)) is None


def test_a_delivery_past_its_retry_window_is_dead(
    server: LiveServer, receiver: Receiver, cli_env: dict[str, str], database_url: str
) -> None:
    workspace = create_workspace(server)
    url = receiver.endpoint(503)
    add_hook(cli_env, workspace, url)
    publish_events(server, workspace)

    dispatch(database_url, window=0)
    assert dispatch(database_url, window=0) == [0]  # nothing left to try

    [delivery] = deliveries_of(server, workspace)
    assert (delivery.status, delivery.attempt_count, delivery.next_attempt_at) == ("DEAD", 1, None)
    assert len(receiver.at(url)) == 1


def test_410_gone_disables_the_endpoint_and_ends_what_it_was_owed(
    server: LiveServer, receiver: Receiver, cli_env: dict[str, str], database_url: str
) -> None:
    workspace = create_workspace(server)
    url = receiver.endpoint(500, 410)
    hook = add_hook(cli_env, workspace, url)
    publish_events(server, workspace)
    dispatch(database_url, base=600)  # 500: retried in ten minutes
    publish_events(server, workspace)
    dispatch(database_url, base=600)  # the new event gets 410 Gone

    assert len(receiver.at(url)) == 2
    endpoint = endpoint_of(server, workspace, hook["id"])
    assert endpoint.enabled is False
    assert "410" in endpoint.disabled_reason
    waiting, gone = deliveries_of(server, workspace)
    assert (gone.status, gone.last_status_code) == ("DEAD", 410)
    assert (waiting.status, waiting.next_attempt_at) == ("DEAD", None)
    assert "endpoint disabled" in waiting.last_error

    publish_events(server, workspace)  # no delivery is owed to a disabled endpoint
    assert count_rows(server, "webhook_deliveries", workspace) == 2
    assert dispatch(database_url) == [0]
    assert len(receiver.at(url)) == 2
    assert count_rows(server, "webhook_attempts", workspace) == 2

    refused = travel(cli_env, "webhook", "retry", str(waiting.id))
    assert refused.returncode == 1
    assert "is disabled" in refused.stderr
    assert deliveries_of(server, workspace)[0].status == "DEAD"


def test_concurrent_dispatchers_send_each_delivery_once(
    server: LiveServer, receiver: Receiver, cli_env: dict[str, str], database_url: str
) -> None:
    workspace = create_workspace(server)
    urls = [receiver.endpoint(), receiver.endpoint()]
    for url in urls:
        add_hook(cli_env, workspace, url)
    events = publish_events(server, workspace, count=30)
    receiver.delay = 0.01  # keep sends in flight while the other dispatchers claim
    try:
        made = dispatch(database_url, dispatchers=4, batch=4)
    finally:
        receiver.delay = 0.0

    assert sum(made) == 60
    # A failed attempt says why before the receiver's record is compared.
    unsent = [(d.status, d.last_error) for d in deliveries_of(server, workspace)]
    assert [u for u in unsent if u[0] != "SUCCEEDED"] == []
    for url in urls:
        seen = [r.headers["travel-event-id"] for r in receiver.at(url)]
        assert sorted(seen) == sorted(str(e) for e in events)
    assert {d.status for d in deliveries_of(server, workspace)} == {"SUCCEEDED"}
    assert count_rows(server, "webhook_attempts", workspace) == 60


def test_cli_lists_failing_deliveries_and_retries_one(
    server: LiveServer, receiver: Receiver, cli_env: dict[str, str], database_url: str
) -> None:
    workspace, other = create_workspace(server), create_workspace(server)
    url = receiver.endpoint(500)
    add_hook(cli_env, workspace, url)
    add_hook(cli_env, other, receiver.endpoint(500))
    [event_id] = publish_events(server, workspace)
    publish_events(server, other)
    dispatch(database_url, base=600)

    listed = travel_json(cli_env, "webhook", "deliveries", "--workspace", str(workspace.id))
    [item] = listed["deliveries"]
    assert item["eventId"] == str(event_id)
    assert item["eventType"] == "booking.created"
    assert item["url"] == url
    assert (item["status"], item["attempts"]) == ("FAILED", 1)
    assert (item["lastStatusCode"], item["lastError"]) == (500, "HTTP 500")
    assert datetime.fromisoformat(item["nextAttemptAt"]) > datetime.now(UTC) + timedelta(minutes=5)
    succeeded = travel_json(
        cli_env, "webhook", "deliveries", "--workspace", str(workspace.id), "--status", "SUCCEEDED"
    )
    assert succeeded == {"deliveries": []}
    text = travel(cli_env, "webhook", "deliveries", "--workspace", str(workspace.id))
    assert item["id"] in text.stdout
    assert "FAILED" in text.stdout

    receiver.answer(url, 200)
    queued = travel_json(cli_env, "webhook", "retry", str(item["id"]))
    assert (queued["id"], queued["status"]) == (item["id"], "PENDING")
    dispatch(database_url, base=600)
    assert [r.headers["travel-event-id"] for r in receiver.at(url)] == [str(event_id)] * 2
    done = travel_json(
        cli_env, "webhook", "deliveries", "--workspace", str(workspace.id), "--status", "SUCCEEDED"
    )
    assert [(d["id"], d["attempts"]) for d in done["deliveries"]] == [(item["id"], 2)]
    assert travel_json(cli_env, "webhook", "deliveries", "--workspace", str(workspace.id)) == {
        "deliveries": []
    }


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (["webhook", "retry", "not-a-uuid"], 1, "no webhook delivery"),
        (["webhook", "retry", str(uuid.uuid4())], 1, "no webhook delivery"),
        (["webhook", "deliveries", "--workspace", str(uuid.uuid4())], 1, "no workspace"),
        (["webhook", "deliveries", "--workspace", "x", "--status", "LOST"], 2, "--status"),
    ],
)
def test_cli_errors_are_one_line(
    server: LiveServer, cli_env: dict[str, str], args: list[str], code: int, fragment: str
) -> None:
    result = travel(cli_env, *args)
    assert result.returncode == code, result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("error: ")
    assert fragment in line


def _start(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [TRAVEL, *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def _terminate(process: subprocess.Popen[str], *, exit_codes: tuple[int, ...] = (0,)) -> str:
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode in exit_codes, stderr
    assert "Traceback" not in stderr
    return stderr


def test_worker_retries_and_delivers_then_stops_on_sigterm(
    server: LiveServer, receiver: Receiver, cli_env: dict[str, str]
) -> None:
    workspace = create_workspace(server)
    url = receiver.endpoint(500, 200)
    add_hook(cli_env, workspace, url)
    env = {
        **cli_env,
        "TRAVEL_DISPATCHER_INTERVAL_SECONDS": "0.1",
        "TRAVEL_WEBHOOK_RETRY_BASE_SECONDS": "0.2",
    }
    worker = _start(env, "worker")
    try:
        publish_events(server, workspace)
        wait_until(
            lambda: deliveries_of(server, workspace)[0].status == "SUCCEEDED",
            "the worker to deliver the retried event",
        )
    finally:
        _terminate(worker)
    assert [r.headers["travel-delivery-attempt"] for r in receiver.at(url)] == ["1", "2"]


def test_worker_once_sends_what_is_due_and_exits(
    server: LiveServer, receiver: Receiver, cli_env: dict[str, str]
) -> None:
    workspace = create_workspace(server)
    url = receiver.endpoint()
    add_hook(cli_env, workspace, url)
    publish_events(server, workspace, count=3)
    result = travel(cli_env, "worker", "--once")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "3 webhook attempt(s)"
    assert len(receiver.at(url)) == 3


def test_serve_runs_the_dispatcher_and_stops_it_on_shutdown(
    server: LiveServer, receiver: Receiver, cli_env: dict[str, str]
) -> None:
    workspace = create_workspace(server)
    url = receiver.endpoint()
    add_hook(cli_env, workspace, url)
    env = {**cli_env, "TRAVEL_DISPATCHER_INTERVAL_SECONDS": "0.1"}
    serve = _start(env, "serve", "--port", "0", "--web-port", "0")
    try:
        publish_events(server, workspace)
        wait_until(lambda: len(receiver.at(url)) == 1, "the delivery")
    finally:
        # uvicorn re-raises the signal once it has shut down cleanly.
        stderr = _terminate(serve, exit_codes=(0, -signal.SIGTERM))
    assert "Application shutdown complete" in stderr
    assert deliveries_of(server, workspace)[0].status == "SUCCEEDED"


def test_dedicated_tenant_databases_are_dispatched_too(
    server: LiveServer,
    receiver: Receiver,
    cli_env: dict[str, str],
    database_url: str,
    tmp_path: Path,
) -> None:
    dedicated_url = f"sqlite:///{tmp_path / 'dedicated.db'}"
    workspace = server.run(
        auth_service.create_workspace(
            server.services.databases, "Dedicated", "enterprise", database_url=dedicated_url
        )
    )
    url = receiver.endpoint(500)
    add_hook(cli_env, workspace, url)
    [event_id] = publish_events(server, workspace)

    dispatch(database_url, base=600)  # the shared database's dispatcher finds the tenant's
    assert [r.headers["travel-event-id"] for r in receiver.at(url)] == [str(event_id)]
    assert count_rows(server, "webhook_deliveries", workspace) == 0  # not in the shared one
    listed = travel_json(cli_env, "webhook", "deliveries", "--workspace", str(workspace.id))
    [item] = listed["deliveries"]
    receiver.answer(url, 200)
    travel_json(cli_env, "webhook", "retry", str(item["id"]))
    dispatch(database_url, base=600)
    assert deliveries_of(server, workspace)[0].status == "SUCCEEDED"
    assert os.path.exists(tmp_path / "dedicated.db")


def test_a_real_booking_and_its_cancellation_reach_the_endpoint(
    server: LiveServer, receiver: Receiver, cli_env: dict[str, str], database_url: str
) -> None:
    tenant = create_tenant(server)
    listing_id = tenant_listing(server, tenant)
    url = receiver.endpoint()
    hook = add_hook(cli_env, tenant.workspace, url)
    booking = booked(book(server, tenant, listing_id, days=30, nights=2))
    data(server, tenant.keys["traveler"], CANCEL, {"id": booking["id"]})

    dispatch(database_url)

    bodies = {}
    for request in receiver.at(url):
        assert verify_signature(hook["secret"], request.headers["travel-signature"], request.body)
        body = json.loads(request.body)
        assert request.headers["travel-event-id"] == body["id"]
        bodies[body["type"]] = body
    assert set(bodies) == {"booking.created", "booking.cancelled"}  # in no guaranteed order
    for body in bodies.values():
        assert body["workspaceId"] == tenant.id
        assert body["data"]["id"] == booking["id"]
        assert body["data"]["referenceCode"] == booking["referenceCode"]
    assert bodies["booking.created"]["data"]["status"] == "CONFIRMED"
    assert bodies["booking.cancelled"]["data"]["status"] == "CANCELLED"


def test_an_endpoint_that_became_private_is_not_called_at_delivery(
    server: LiveServer, receiver: Receiver, cli_env: dict[str, str], database_url: str
) -> None:
    """Added while allowed (as if its name resolved to a public address then), delivered by a
    dispatcher that refuses private targets: the attempt is recorded as failed, nothing sent."""
    workspace = create_workspace(server)
    url = receiver.endpoint(200)
    add_hook(cli_env, workspace, url)
    publish_events(server, workspace)
    dispatch(database_url, allow_private=False)  # tests/events/test_targets.py: at add
    assert receiver.at(url) == []
    [delivery] = deliveries_of(server, workspace)
    assert delivery.status == "FAILED"
    assert delivery.last_error is not None
    assert delivery.last_error.startswith("not sent: url must reach a public address")


def test_a_receiver_down_for_a_while_gets_every_event_once_when_it_is_back(
    server: LiveServer, cli_env: dict[str, str]
) -> None:
    """Nothing listens at the endpoint (connections refused) while bookings are made and
    cancelled and the worker keeps trying; once a receiver listens there again every event
    arrives, signed, exactly once, and each delivery records its failed attempts."""
    tenant = create_tenant(server, plan="enterprise")
    tour = tenant_listing(server, tenant, kind="TOUR")
    gone = Receiver()
    url = gone.endpoint()
    hook = add_hook(cli_env, tenant.workspace, url)
    gone.stop()
    env = {
        **cli_env,
        "TRAVEL_DISPATCHER_INTERVAL_SECONDS": "0.1",
        "TRAVEL_WEBHOOK_RETRY_BASE_SECONDS": "0.2",
    }
    worker = _start(env, "worker")
    back = None
    try:
        traveler = tenant.keys["traveler"]
        made = [
            booked(
                request_booking(server, traveler, tour, target_type="TOUR", checkIn=f"2031-0{n}-01")
            )
            for n in range(1, 9)
        ]
        for booking in made[:3]:
            data(server, traveler, CANCEL, {"id": booking["id"]})
        wait_until(
            lambda: (
                [d.attempt_count >= 2 for d in deliveries_of(server, tenant.workspace)]
                == [True] * 11
            ),
            "every delivery to fail at least twice against the closed port",
        )
        back = Receiver(port=gone.port)
        wait_until(
            lambda: {d.status for d in deliveries_of(server, tenant.workspace)} == {"SUCCEEDED"},
            "every delivery to succeed",
        )
    finally:
        _terminate(worker)
        if back is not None:
            back.stop()

    assert back is not None
    received = back.at(url)
    ids = [r.headers["travel-event-id"] for r in received]
    assert len(ids) == len(set(ids)) == 11  # each event once
    for request in received:
        assert verify_signature(hook["secret"], request.headers["travel-signature"], request.body)
    seen = sorted((json.loads(r.body)["type"], json.loads(r.body)["data"]["id"]) for r in received)
    expected = [("booking.created", b["id"]) for b in made]
    expected += [("booking.cancelled", b["id"]) for b in made[:3]]
    assert seen == sorted(expected)
    for delivery in deliveries_of(server, tenant.workspace):
        attempts = attempts_of(server, tenant.workspace, delivery.id)
        *failed, delivered = attempts
        assert len(failed) >= 2
        assert all(a.status_code is None and "ConnectError" in a.error for a in failed), failed
        assert (delivered.status_code, delivered.error) == (200, None)
        assert delivery.attempt_count == len(attempts)
    failed = sum(d.attempt_count - 1 for d in deliveries_of(server, tenant.workspace))
    print(  # the counts docs/reliability.md quotes (pytest -s shows them)
        f"\nreceiver down: {len(received)} events, {failed} failed attempts while down, "
        f"each event received once when back"
    )
