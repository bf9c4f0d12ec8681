"""A PostgreSQL server of the test's own, to stop and start at will: Debian's binaries
(`/usr/lib/postgresql/<version>/bin`), a data directory under the system's temporary directory
and a free loopback port. The shared server is never touched (others' tests run on it).

`initdb` refuses to run as root, so as root (CI) every server command runs as the `postgres`
user (`runuser`), otherwise as the current user. The roles are made as `scripts/postgres.sh` makes
them: `travel`, NOSUPERUSER NOBYPASSRLS, and `travel_system`, BYPASSRLS, owning database
`travel` (docs/decisions/0072-database-roles.md).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.cli import free_port

DEBIAN_ROOT = Path("/usr/lib/postgresql")


def binaries() -> Path | None:
    """The newest installed server's bin directory, None without one."""
    if not DEBIAN_ROOT.is_dir():
        return None
    found = [p / "bin" for p in DEBIAN_ROOT.iterdir() if (p / "bin" / "initdb").exists()]
    return max(
        found, key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0, default=None
    )


def _server_user() -> str | None:
    """Whom to run the server as: `postgres` when we are root (None: ourselves)."""
    if os.getuid() != 0:
        return None
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        return "?"  # root without a postgres user: unusable
    return "postgres"


class PrivateServer:
    """One throw-away cluster: `start()`, `stop(mode)`, `start()` again, `destroy()`."""

    def __init__(self, bin_dir: Path, settings: dict[str, str] | None = None) -> None:
        self.bin_dir = bin_dir
        # Server settings beyond the defaults, given to every start as `-c name=value`
        # (e.g. {"wal_level": "logical"} for a publication).
        self.settings = dict(settings or {})
        self.user = _server_user()
        self.root = Path(tempfile.mkdtemp(prefix="travel-pg-"))
        self.data = self.root / "data"
        self.sockets = self.root / "sockets"
        self.log = self.root / "postgres.log"
        self.port = free_port()
        self.url = f"postgresql://travel:travel@127.0.0.1:{self.port}/travel"
        self.system_url = f"postgresql://travel_system:travel_system@127.0.0.1:{self.port}/travel"
        self.sockets.mkdir()
        if self.user is not None:
            shutil.chown(self.root, self.user)
            shutil.chown(self.sockets, self.user)

    def _run(self, tool: str, *args: str, timeout: float = 60) -> str:
        command = [str(self.bin_dir / tool), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr}{self.tail()}")
        return done.stdout

    def tail(self) -> str:
        try:
            return "\n" + "\n".join(self.log.read_text().splitlines()[-20:])
        except OSError:
            return ""

    def create(self) -> PrivateServer:
        """initdb, start, and the two roles and the database."""
        # A UTF-8 character type: the text parser separates words at non-ASCII punctuation only
        # under one (docs/decisions/0101-punctuation-separates-words.md).
        self._run(
            "initdb",
            *("-D", str(self.data), "-U", "postgres", "-A", "trust"),
            *("-E", "UTF8", "--locale=C.UTF-8"),
        )
        self.start()
        self.psql(
            "CREATE ROLE travel LOGIN PASSWORD 'travel' NOSUPERUSER NOBYPASSRLS",
            "CREATE ROLE travel_system LOGIN PASSWORD 'travel_system' NOSUPERUSER BYPASSRLS "
            "IN ROLE travel",
            "CREATE DATABASE travel OWNER travel_system",
        )
        return self

    def replica(self) -> PrivateServer:
        """A streaming replica of this (running) server, started: `pg_basebackup -R` into a
        second cluster of the same binaries, which then follows this one's WAL (initdb's
        `trust` lets loopback replication connections in)."""
        replica = PrivateServer(self.bin_dir)
        self._run(
            "pg_basebackup",
            *("-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres"),
            *("-D", str(replica.data), "-R", "-X", "stream", "-c", "fast"),
            timeout=120,
        )
        replica.start()
        return replica

    def start(self) -> None:
        # fsync off: the tests stop the server, never the machine, so the OS keeps every write.
        options = f"-p {self.port} -k {self.sockets} -c listen_addresses=127.0.0.1 -c fsync=off"
        options += "".join(f" -c {name}={value}" for name, value in self.settings.items())
        self._run("pg_ctl", "start", "-D", str(self.data), "-l", str(self.log), "-w", "-o", options)

    def stop(self, mode: str = "fast") -> None:
        """`fast`: sessions are ended at once; `immediate`: the server dies (crash recovery
        runs at the next start)."""
        self._run("pg_ctl", "stop", "-D", str(self.data), "-m", mode, "-w")

    def pause(self) -> None:
        """SIGSTOP the server and its backends: connections stay open (the kernel even accepts
        new ones) but nothing answers, as with a network partition or a hung host."""
        postmaster = self._postmaster()
        # The postmaster first, so that it forks no backend the list below would miss.
        os.kill(postmaster, signal.SIGSTOP)
        self._signal(self._children(postmaster), signal.SIGSTOP)

    def resume(self) -> None:
        postmaster = self._postmaster()
        # The backends first: a stopped postmaster has not reaped a backend that ended, and
        # once it runs again such a pid may be gone before it is signalled.
        self._signal(self._children(postmaster), signal.SIGCONT)
        os.kill(postmaster, signal.SIGCONT)

    def _postmaster(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])

    @staticmethod
    def _children(postmaster: int) -> list[int]:
        listed = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True)
        return [int(pid) for pid in listed.stdout.split()]

    @staticmethod
    def _signal(pids: list[int], signum: int) -> None:
        for pid in pids:
            # A backend may end between the list and the signal.
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signum)

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    def psql(self, *statements: str, database: str = "postgres") -> str:
        args = ["-h", str(self.sockets), "-p", str(self.port), "-U", "postgres", "-d", database]
        args += ["-v", "ON_ERROR_STOP=1", "-qAt"]
        for statement in statements:
            args += ["-c", statement]
        return self._run("psql", *args)

    def destroy(self) -> None:
        if self.running():
            with contextlib.suppress(RuntimeError):  # already stopped
                self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


def private_server(settings: dict[str, str] | None = None) -> Iterator[PrivateServer]:
    """For a fixture: a created server (with `settings`, see PrivateServer), destroyed
    afterwards. Without PostgreSQL's binaries the test is skipped, except in CI (`CI=true`),
    where that is a failure, never a silent skip."""
    bin_dir = binaries()
    if bin_dir is None or _server_user() == "?":
        reason = (
            f"no PostgreSQL server binaries under {DEBIAN_ROOT} (scripts/postgres.sh installs them)"
        )
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    server = PrivateServer(bin_dir, settings)
    try:
        yield server.create()
    finally:
        server.destroy()
