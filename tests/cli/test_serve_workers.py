"""`travel serve --workers N`: worker processes share the sockets, the embedded database is
migrated once before they start, and the whole group stops on SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import httpx

from tests.support.cli import TRAVEL, free_port, travel_json, wait_until_serving


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if int(stat[1]) == pid:
                found.append(int(entry.name))
    return found


def test_two_workers_answer_on_a_fresh_embedded_database(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_")}
    env.update(
        TRAVEL_DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'fresh.db'}",
        TRAVEL_DISPATCHER_INTERVAL_SECONDS="0",
        TRAVEL_SHUTDOWN_DRAIN_SECONDS="0",
        TRAVEL_METRICS_PORT="0",
    )
    port, web_port = free_port(), free_port()
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [TRAVEL, "serve", "--workers", "2", "--port", str(port), "--web-port", str(web_port)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_until_serving(f"http://127.0.0.1:{port}", process, log.read_text)
        # Both workers run (the parent only supervises them), the migration ran once.
        deadline = time.monotonic() + 10
        while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(_children(process.pid)) >= 2
        assert log.read_text().count("Running upgrade  -> 0001") == 1

        seeded = travel_json(env, "demo", "seed")
        key = seeded["keys"]["traveler"]
        for _ in range(20):  # new connections: the kernel spreads them over the workers
            answer = httpx.post(
                f"http://127.0.0.1:{port}/workspaces/graphql",
                json={"query": "{ travelViewer { workspace { id } } }"},
                headers={"Authorization": f"Bearer {key}"},
            )
            assert answer.status_code == 200
            assert answer.json() == {
                "data": {"travelViewer": {"workspace": {"id": seeded["workspaceId"]}}}
            }
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0, log.read_text()
    assert "Traceback" not in log.read_text()
