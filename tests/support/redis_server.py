"""A redis-server of the test's own (on a spare port, or a Unix socket), to stop and start at
will: what a Redis outage does to the service is tested against a real one."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import redis

from tests.support.cli import free_port
from tests.support.waiting import wait_until


class PrivateRedis:
    """redis-server on 127.0.0.1 and a free port, or only on the Unix socket `socket` (its URL
    then unix://…)."""

    def __init__(self, socket: Path | None = None) -> None:
        binary = shutil.which("redis-server")
        assert binary, "redis-server is not installed (scripts/redis.sh installs it)"
        self.binary = binary
        self.socket = socket
        self.port = 0 if socket else free_port()
        self.url = f"unix://{socket}" if socket else f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        args = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        if self.socket is not None:
            args += ["--unixsocket", str(self.socket)]
        args += ["--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL)
        wait_until(self.pings, "redis-server to start")

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url, socket_timeout=0.5)

    def pings(self) -> bool:
        try:
            return bool(self.client().ping())
        except redis.RedisError:
            return False

    def counted(self, workspace: str) -> int:
        """The quota counters Redis holds for the workspace, summed."""
        client = self.client()
        return sum(int(client.get(k) or 0) for k in client.scan_iter(f"*{workspace}*"))

    def stop(self) -> None:
        """A clean shutdown (SHUTDOWN NOSAVE), waited for."""
        if self.process is not None:
            self.client().shutdown(nosave=True)
            self.process.wait(timeout=15)
            self.process = None

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None
