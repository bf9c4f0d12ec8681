"""A fleet on one machine (tests/fleet): `travel serve` and `travel worker` processes started as
an operator starts them, on one PostgreSQL through a PgBouncer of the tests' own and one Redis
of their own, driven from outside over HTTP (docs/deploy.md)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tests.factories import future_date
from tests.support.cli import TRAVEL, free_port, wait_until_serving

# How long the load of a fleet test runs: a few seconds in the normal suite, longer from
# `make fleet` (TRAVEL_FLEET_SECONDS=60).
LOAD_SECONDS = float(os.environ.get("TRAVEL_FLEET_SECONDS", "3"))
# `make fleet`: also the cases the normal suite leaves out for time (`travel serve --workers 2`).
LONG = "TRAVEL_FLEET_SECONDS" in os.environ


@dataclass
class Node:
    """One `travel serve` (`port` set) or `travel worker` process, its output in `log`."""

    process: subprocess.Popen[bytes]
    log: Path
    port: int = 0
    signalled_at: float | None = None
    exited_after: float | None = None  # seconds from the signal to the exit
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def graphql_url(self) -> str:
        return f"{self.url}/workspaces/graphql"

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def sigterm(self) -> None:
        self.signalled_at = time.monotonic()
        self.process.send_signal(signal.SIGTERM)

    def sigkill(self) -> None:
        self.process.kill()
        self.process.wait()

    def wait_exit(self, seconds: float) -> float:
        """Seconds from the SIGTERM to the exit (AssertionError past `seconds`)."""
        assert self.signalled_at is not None
        try:
            self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            raise AssertionError(
                f"still running {seconds} s after SIGTERM:\n{self.output()[-3000:]}"
            ) from None
        self.exited_after = time.monotonic() - self.signalled_at
        return self.exited_after

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def launch_serve(env: dict[str, str], log: Path, *, workers: int = 1) -> Node:
    """`travel serve` started (`wait_started` waits for it to answer)."""
    port = free_port()
    args = [TRAVEL, "serve", "--port", str(port), "--web-port", str(port)]
    if workers > 1:
        args += ["--workers", str(workers)]
    with log.open("ab") as out:
        process = subprocess.Popen(args, env=env, stdout=out, stderr=subprocess.STDOUT)
    return Node(process, log, port)


def launch_worker(env: dict[str, str], log: Path) -> Node:
    with log.open("ab") as out:
        process = subprocess.Popen(
            [TRAVEL, "worker"], env=env, stdout=out, stderr=subprocess.STDOUT
        )
    return Node(process, log)


def wait_started(node: Node) -> Node:
    """Until a server answers /healthz, or a worker says it is delivering."""
    if node.port:
        wait_until_serving(node.url, node.process, node.output, seconds=60)
        return node
    deadline = time.monotonic() + 60
    while "delivering webhooks" not in node.output():
        assert node.process.poll() is None, node.output()
        assert time.monotonic() < deadline, node.output()
        time.sleep(0.05)
    return node


def start_serve(env: dict[str, str], log: Path, *, workers: int = 1) -> Node:
    return wait_started(launch_serve(env, log, workers=workers))


def start_worker(env: dict[str, str], log: Path) -> Node:
    return wait_started(launch_worker(env, log))


def stop_all(nodes: list[Node]) -> None:
    """SIGTERM to every node at once, then wait for each (SIGKILL past 30 s)."""
    for node in nodes:
        if node.process.poll() is None:
            node.process.terminate()
    for node in nodes:
        node.stop()


def gql(
    url: str, key: str, query: str, variables: dict[str, Any] | None = None, timeout: float = 30
) -> httpx.Response:
    """One GraphQL request on a connection of its own (closed after it)."""
    body: dict[str, Any] = {"query": query}
    if variables is not None:
        body["variables"] = variables
    return httpx.post(
        f"{url}/workspaces/graphql",
        json=body,
        headers={"Authorization": f"Bearer {key}", "Connection": "close"},
        timeout=timeout,
    )


def refuses_connections(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) != 0


def ready(url: str, path: str = "/readyz") -> int:
    """/readyz's (or `path`'s) status code on a new connection (0: no answer)."""
    try:
        return httpx.get(f"{url}{path}", timeout=5, headers={"Connection": "close"}).status_code
    except httpx.HTTPError:
        return 0


def code_of(response: httpx.Response) -> str | None:
    """The first error's code of a GraphQL answer, None without errors."""
    errors = response.json().get("errors") or []
    return errors[0]["extensions"]["code"] if errors else None


def rows(server: Any, sql: str, **params: Any) -> list[Any]:
    """`sql`'s rows as the system role sees them (past row-level security): the audit."""
    from sqlalchemy import text

    from travel.db.session import system_transaction

    async def read() -> list[Any]:
        async with system_transaction(server.services.databases.main) as session:
            return list((await session.execute(text(sql), params)).all())

    result: list[Any] = server.run(read())
    return result


def tour_booking(tour: object, days: int) -> dict[str, Any]:
    """createTravelBooking's variables: one guest on the tour `days` from today."""
    return {
        "input": {
            "targetType": "TOUR",
            "targetId": str(tour),
            "checkIn": future_date(days),
            "guests": 1,
        }
    }
