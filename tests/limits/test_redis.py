"""Quotas shared through Redis: two `travel serve` processes spend one quota, and the service
keeps answering while Redis is down, paused or killed under load, then counts in Redis again
once it is back (docs/reliability.md#faults)."""

from __future__ import annotations

import dataclasses
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.factories import create_tenant
from tests.support.cli import Serving
from tests.support.live import LiveServer
from tests.support.redis_server import PrivateRedis
from tests.support.waiting import wait_until
from travel.settings import Settings

pytestmark = pytest.mark.redis

ANALYTICS = "{ travelOverviewStats { totalBookings } }"  # a traveler's: FORBIDDEN, yet charged


def graphql(url: str, key: str, query: str) -> httpx.Response:
    return httpx.post(
        f"{url}/workspaces/graphql",
        json={"query": query},
        headers={"Authorization": f"Bearer {key}"},
        timeout=30,
    )


def remaining(response: httpx.Response) -> int:
    return int(response.headers["X-RateLimit-Remaining"])


@pytest.fixture
def serve(cli_env: dict[str, str], tmp_path: Path) -> Iterator[list[str]]:
    """`travel serve` processes on free ports, all on the test database and the test Redis."""
    env = {**cli_env, "TRAVEL_REDIS_URL": os.environ["TRAVEL_TEST_REDIS_URL"]}
    processes: list[Serving] = []
    try:
        for n in range(2):
            processes.append(Serving(env, tmp_path / f"serve-{n}.log"))
        yield [process.url for process in processes]
    finally:
        for process in processes:
            process.stop()


def test_two_processes_share_one_quota(server: LiveServer, serve: list[str]) -> None:
    key = create_tenant(server).keys["traveler"]
    seen = [remaining(graphql(serve[i % 2], key, ANALYTICS)) for i in range(30)]
    assert seen == list(range(29, -1, -1))
    for url in serve:
        response = graphql(url, key, ANALYTICS)
        assert response.status_code == 429
        assert response.json()["errors"][0]["extensions"]["code"] == "RATE_LIMITED"


def test_redis_reached_through_a_unix_socket(
    server: LiveServer, cli_env: dict[str, str], tmp_path: Path
) -> None:
    """TRAVEL_REDIS_URL=unix:///path/to/socket: the quotas are counted in that Redis."""
    socket_redis = PrivateRedis(socket=tmp_path / "redis.sock")
    socket_redis.start()
    serving = None
    try:
        tenant = create_tenant(server)
        serving = Serving({**cli_env, "TRAVEL_REDIS_URL": socket_redis.url}, tmp_path / "log")
        assert remaining(graphql(serving.url, tenant.keys["traveler"], ANALYTICS)) == 29
        assert socket_redis.counted(tenant.id) == 1
    finally:
        if serving is not None:
            serving.stop()
        socket_redis.kill()


def metric(server: LiveServer, name: str) -> float:
    for line in httpx.get(server.metrics_url).text.splitlines():
        if line.startswith(f"{name} "):
            return float(line.split()[1])
    raise AssertionError(f"{name} not exposed")


def test_redis_down_fails_open_and_counting_resumes_when_it_is_back(
    settings: Settings, server: LiveServer, private_redis: PrivateRedis
) -> None:
    live = LiveServer(
        dataclasses.replace(settings, redis_url=private_redis.url, redis_retry_seconds=0.5)
    ).start()
    try:
        tenant = create_tenant(server)
        key = tenant.keys["traveler"]
        assert remaining(graphql(live.url, key, ANALYTICS)) == 29
        assert private_redis.counted(tenant.id) == 1
        failures = metric(live, "travel_redis_failures_total")

        private_redis.stop()
        for _ in range(3):
            response = graphql(live.url, key, ANALYTICS)
            assert response.status_code == 200  # served, counted in memory meanwhile
            assert "X-RateLimit-Remaining" in response.headers
        assert metric(live, "travel_redis_failures_total") > failures
        assert metric(live, "travel_redis_available") == 0

        private_redis.start()  # empty: this Redis kept nothing
        wait_until(
            lambda: (
                graphql(live.url, key, ANALYTICS).status_code == 200
                and private_redis.counted(tenant.id) > 0
            ),
            "counting in Redis to resume",
        )
        assert metric(live, "travel_redis_available") == 1
        before = private_redis.counted(tenant.id)
        left = remaining(graphql(live.url, key, ANALYTICS))
        assert private_redis.counted(tenant.id) == before + 1
        assert left == 30 - (before + 1)
    finally:
        live.stop()


def test_redis_frozen_then_killed_under_load_every_request_is_answered(
    settings: Settings, server: LiveServer, private_redis: PrivateRedis
) -> None:
    """Concurrent clients while Redis is paused (SIGSTOP: connections accepted, nothing
    answered), resumed, then killed (SIGKILL) and started afresh: every request is answered
    200 with its rate-limit headers, none waits more than a few Redis timeouts, and counting in
    Redis resumes by itself."""
    tenant = create_tenant(server, plan="enterprise")  # 60,000 reads a minute: never over
    key = tenant.keys["traveler"]
    answers: list[tuple[int, float, bool]] = []  # status, seconds, rate-limit headers present
    stop = threading.Event()

    def client() -> None:
        with httpx.Client(timeout=30) as http:
            while not stop.is_set():
                started = time.monotonic()
                response = http.post(
                    f"{live.url}/workspaces/graphql",
                    json={"query": "{ travelViewer { workspace { id } } }"},
                    headers={"Authorization": f"Bearer {key}"},
                )
                took = time.monotonic() - started
                answers.append(
                    (response.status_code, took, "X-RateLimit-Remaining" in response.headers)
                )

    clients = [threading.Thread(target=client) for _ in range(6)]
    live = LiveServer(
        dataclasses.replace(settings, redis_url=private_redis.url, redis_retry_seconds=0.5)
    ).start()
    try:
        for thread in clients:
            thread.start()
        assert private_redis.process is not None
        time.sleep(0.5)
        private_redis.process.send_signal(signal.SIGSTOP)
        time.sleep(1.5)
        private_redis.process.send_signal(signal.SIGCONT)
        time.sleep(1.0)
        private_redis.process.send_signal(signal.SIGKILL)
        private_redis.process.wait()
        private_redis.process = None
        time.sleep(1.5)
        private_redis.start()
        wait_until(lambda: private_redis.counted(tenant.id) > 0, "counting in Redis to resume")
    finally:
        stop.set()
        for thread in clients:
            thread.join(timeout=30)
        live.stop()

    print(  # the counts docs/reliability.md quotes (pytest -s shows them)
        f"\nredis paused, resumed, killed: {len(answers)} requests, all 200, slowest "
        f"{max(took for _, took, _ in answers):.2f} s"
    )
    assert len(answers) > 50
    assert {status for status, _, _ in answers} == {200}
    assert all(headers for _, _, headers in answers)
    assert max(took for _, took, _ in answers) < 5  # a few 0.25 s Redis timeouts at most
