"""A PgBouncer of the tests' own in transaction mode, in front of the test database
(TRAVEL_TEST_PGBOUNCER=1; scripts/test runs a subset so): Debian's package (`/usr/sbin/pgbouncer`),
its configuration in a temporary directory, a free loopback port. The service under test
reaches PostgreSQL through it with TRAVEL_DATABASE_POOLER=transaction; migrations and the
tests' own set-up go straight to PostgreSQL (docs/decisions/0093-pgbouncer-transaction-mode.md).

PgBouncer refuses to run as root, so as root (CI) it runs as the `postgres` user (`runuser`),
as tests/support/pgserver.py runs its servers.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from sqlalchemy import make_url

from tests.support.cli import free_port

BINARY = Path("/usr/sbin/pgbouncer")
# Asked for, on PostgreSQL (SQLite has no server to pool connections to).
ENABLED = os.environ.get("TRAVEL_TEST_PGBOUNCER", "") == "1" and os.environ.get(
    "TRAVEL_TEST_DATABASE_URL", ""
).startswith("postgres")

# Server connections per user and database: the test server, the tests' own servers and
# dispatchers share them (PgBouncer queues clients beyond them, as it would in production).
POOL_SIZE = 10


class PrivateBouncer:
    """One PgBouncer for the test session: `start()`, `url(direct)`, `stop()`."""

    def __init__(self, direct_url: str, *other_urls: str, pool_size: int = POOL_SIZE) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="travel-pgbouncer-"))
        self.port = free_port()
        self.log = self.root / "pgbouncer.log"
        upstream = make_url(direct_url)
        self._process: subprocess.Popen[bytes] | None = None
        users = {}
        for url in (direct_url, *other_urls):
            parsed = make_url(url)
            users[parsed.username] = parsed.password
        # SCRAM from the clients, and from PgBouncer to PostgreSQL with the same passwords.
        (self.root / "userlist.txt").write_text(
            "".join(f'"{user}" "{password}"\n' for user, password in users.items())
        )
        (self.root / "pgbouncer.ini").write_text(
            "[databases]\n"
            # What the service's direct connections ask for at start-up (travel.db.engine):
            # PgBouncer refuses a client's start-up setting, so it sets it on its own server
            # connections (docs/scaling.md).
            f"* = host={upstream.host} port={upstream.port or 5432} "
            "connect_query='SET jit = off'\n"
            "[pgbouncer]\n"
            "listen_addr = 127.0.0.1\n"
            f"listen_port = {self.port}\n"
            "unix_socket_dir =\n"
            "auth_type = scram-sha-256\n"
            f"auth_file = {self.root / 'userlist.txt'}\n"
            "pool_mode = transaction\n"
            f"default_pool_size = {pool_size}\n"
            "max_client_conn = 2000\n"
            f"logfile = {self.log}\n"
            "log_connections = 0\n"
            "log_disconnections = 0\n"
        )
        self._user = "postgres" if os.getuid() == 0 else None
        if self._user is not None:
            shutil.chown(self.root, self._user)
            for path in self.root.iterdir():
                shutil.chown(path, self._user)

    def start(self) -> PrivateBouncer:
        command = [str(BINARY), str(self.root / "pgbouncer.ini")]
        if self._user is not None:
            command = ["runuser", "-u", self._user, "--", *command]
        self._process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"pgbouncer exited: {self.tail()}")
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return self
            time.sleep(0.05)
        raise RuntimeError(f"pgbouncer did not listen on {self.port}: {self.tail()}")

    @property
    def pid(self) -> int:
        """The process started (as root: runuser, PgBouncer its child)."""
        assert self._process is not None
        return self._process.pid

    def url(self, direct: str) -> str:
        """`direct` (a URL of the test server) through this PgBouncer."""
        return (
            make_url(direct)
            .set(host="127.0.0.1", port=self.port)
            .render_as_string(hide_password=False)
        )

    def tail(self) -> str:
        try:
            return "\n".join(self.log.read_text().splitlines()[-20:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            # runuser passes SIGTERM on to PgBouncer, which then closes every connection.
            self._process.send_signal(signal.SIGTERM)
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        shutil.rmtree(self.root, ignore_errors=True)


RUNNING: list[PrivateBouncer] = []
"""The session's PgBouncer once conftest started it (TRAVEL_TEST_PGBOUNCER=1), else empty:
what tests/support/databases.py routes the service's own engines through."""
