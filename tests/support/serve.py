"""`travel serve` in a process of its own, for tests that measure it from outside: its memory
(RSS, from /proc) and its answers while other clients load it."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from tempfile import TemporaryFile

import httpx

from tests.support.cli import TRAVEL, free_port, wait_until_serving


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    url: str
    metrics_url: str

    @property
    def graphql_url(self) -> str:
        return f"{self.url}/workspaces/graphql"

    def rss_bytes(self) -> int:
        """The process's resident memory now."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise AssertionError("no VmRSS line")

    def metric(self, name: str, labels: str = "") -> float:
        """One sample of `/metrics` (0 when the series does not exist yet)."""
        wanted = f"{name}{{{labels}}}" if labels else name
        for line in httpx.get(self.metrics_url, timeout=10).text.splitlines():
            if line.startswith(wanted + " "):
                return float(line.split()[-1])
        return 0.0


@contextmanager
def serving(env: dict[str, str], **settings: str) -> Iterator[Served]:
    """`travel serve` on free ports with `env` and TRAVEL_* `settings` (names without the
    prefix, e.g. VALIDATION_BURST_MS="100"); stopped afterwards."""
    port, metrics_port = free_port(), free_port()
    environment = {
        **env,
        "TRAVEL_METRICS_PORT": str(metrics_port),
        "TRAVEL_DISPATCHER_INTERVAL_SECONDS": "0",
        "TRAVEL_SHUTDOWN_DRAIN_SECONDS": "0",  # no load balancer to drain for
        "TRAVEL_LOG_LEVEL": "WARNING",
        **{f"TRAVEL_{name}": value for name, value in settings.items()},
    }
    with TemporaryFile() as output:
        process = subprocess.Popen(
            [TRAVEL, "serve", "--port", str(port), "--web-port", str(port)],
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
        )

        def printed() -> str:
            output.seek(0)
            return output.read().decode(errors="replace")[-4000:]

        url = f"http://127.0.0.1:{port}"
        try:
            wait_until_serving(url, process, printed, seconds=30)
            yield Served(process, url, f"http://127.0.0.1:{metrics_port}/metrics")
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        assert "Traceback" not in printed(), printed()
