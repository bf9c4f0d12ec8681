"""CPU time, read from /proc around each benchmark cell: the server's processes, PostgreSQL's
backends, the load generator, and how busy the rest of the machine was.

CPU per request survives a noisy machine better than requests per second: a neighbour slows
the server's answers but does not make each one cost more CPU.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

TICK = 1.0 / os.sysconf("SC_CLK_TCK")


def process_ticks(pid: int) -> tuple[int, int]:
    """User and system CPU of a process (all its threads) in clock ticks, 0 when it has gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0, 0
    return int(fields[11]), int(fields[12])  # utime, stime


def _process_seconds(pid: int) -> float:
    """User + system CPU of a process (all its threads), 0 when it has gone."""
    return sum(process_ticks(pid)) * TICK


def _children(pid: int) -> list[int]:
    """`pid`'s descendants (uvicorn's worker processes)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
        if parent == pid:
            found.append(int(entry.name))
            found += _children(int(entry.name))
    return found


def _named(name: str) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == name:
                    pids.append(int(entry.name))
            except (FileNotFoundError, ProcessLookupError):
                continue
    return pids


def _machine() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine since boot, all cores."""
    parts = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = parts[3] + parts[4]  # idle + iowait
    total = sum(parts[:8])
    return (total - idle) * TICK, total * TICK


@dataclass(frozen=True)
class Snapshot:
    at: float
    server: float
    database: dict[int, float]  # CPU seconds of each PostgreSQL process (empty: not counted)
    clients: float
    busy: float
    total: float


def snapshot(server_pids: Iterable[int], *, postgres: bool = True) -> Snapshot:
    """CPU so far of the server's processes and, with `postgres`, of each PostgreSQL process
    (SQLite runs inside the server: its work is the server's)."""
    pids = set()
    for pid in server_pids:
        pids |= {pid, *_children(pid)}
    server = sum(_process_seconds(p) for p in pids)
    database = {p: _process_seconds(p) for p in _named("postgres")} if postgres else {}
    times = os.times()  # the load generator runs as our child: its CPU lands here when it ends
    busy, total = _machine()
    return Snapshot(
        time.monotonic(), server, database, times.children_user + times.children_system, busy, total
    )


@dataclass(frozen=True)
class Usage:
    """What one cell cost."""

    server_us_per_request: float
    database_us_per_request: float
    clients_cores: float  # the load generator, in cores
    rest_of_machine_cores: float  # everything else that was busy meanwhile, in cores

    def as_dict(self) -> dict[str, float]:
        return {
            "server_us_per_request": round(self.server_us_per_request, 1),
            "database_us_per_request": round(self.database_us_per_request, 1),
            "clients_cores": round(self.clients_cores, 2),
            "rest_of_machine_cores": round(self.rest_of_machine_cores, 2),
        }


def usage(before: Snapshot, after: Snapshot, requests: int) -> Usage:
    wall = max(after.at - before.at, 1e-9)
    server = after.server - before.server
    # Per backend: one that ended between the snapshots takes its CPU with it (its share is
    # lost, never negative), one that started counts from zero.
    database = sum(
        max(seconds - before.database.get(pid, 0.0), 0.0) for pid, seconds in after.database.items()
    )
    clients = after.clients - before.clients
    busy = after.busy - before.busy
    rest = max(busy - server - database - clients, 0.0)
    count = max(requests, 1)
    return Usage(server / count * 1e6, database / count * 1e6, clients / wall, rest / wall)
