"""Running the `travel` command as an operator does: a subprocess of the installed script."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

# The console script installed next to the interpreter running the tests (found without PATH).
TRAVEL = str(Path(sys.executable).with_name("travel"))


def travel(
    env: dict[str, str], *args: str, timeout: float = 60, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [TRAVEL, *args], env=env, input=stdin, capture_output=True, text=True, timeout=timeout
    )


def travel_json(env: dict[str, str], *args: str) -> Any:
    result = travel(env, *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def free_port() -> int:
    """A TCP port nothing listens on now (for a `travel serve` about to start)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_serving(
    url: str,
    process: subprocess.Popen[Any],
    output: Callable[[], str] = lambda: "",
    seconds: float = 30,
) -> None:
    """Until `url`/healthz answers 200. AssertionError with the process's `output()` when the
    process exits first or the time is up."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if process.poll() is not None:
            raise AssertionError(f"travel serve exited: {output()}")
        time.sleep(0.1)
    raise AssertionError(f"travel serve did not answer at {url}: {output()}")


class Serving:
    """`travel serve` as a subprocess on a free port, its output in `log`."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.graphql_url = f"{self.url}/workspaces/graphql"
        self.log = log
        args = [TRAVEL, "serve", "--port", str(self.port), "--web-port", str(free_port())]
        with log.open("a") as out:
            self.process = subprocess.Popen(args, env=env, stdout=out, stderr=subprocess.STDOUT)
        wait_until_serving(self.url, self.process, self.output)

    def output(self) -> str:
        return self.log.read_text()

    def data(self, key: str, query: str, variables: dict[str, Any] | None = None) -> Any:
        """POST a GraphQL operation with `key`; its `data`, which must have come without errors."""
        response = httpx.post(
            self.graphql_url,
            json={"query": query, "variables": variables or {}},
            headers={"Authorization": f"Bearer {key}"},
            timeout=30,
        )
        body = response.json()
        assert response.status_code == 200, body
        assert "errors" not in body, body
        return body["data"]

    def stop(self) -> None:
        """SIGTERM (a clean shutdown); SIGKILL if it has not ended in 20 s."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
