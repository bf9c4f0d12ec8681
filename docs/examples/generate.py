#!/usr/bin/env python3
"""Regenerate the examples in docs/*.md from a real run.

    .venv/bin/python docs/examples/generate.py

Starts `travel serve` on free ports with a fresh SQLite database, seeds the demo workspace
(`travel demo seed`) and a free-plan workspace, runs every example of ex_all.EXAMPLES and every
`<!-- run: … -->` snippet against it, and rewrites those regions of the docs. Review the diff:
ids and timestamps change on every run, nothing else should.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from doc_runner import doc_files, inject, run_examples, run_snippets, snippet_env

TRAVEL = str(Path(sys.executable).parent / "travel")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def travel_json(env: dict[str, str], *args: str) -> Any:
    done = subprocess.run([TRAVEL, *args, "--json"], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"travel {' '.join(args)} failed: {done.stderr}")
    return json.loads(done.stdout)


def wait_until_ready(base_url: str, server: subprocess.Popen[bytes]) -> None:
    for _ in range(200):
        if server.poll() is not None:
            raise SystemExit("travel serve exited; see its output above")
        try:
            if httpx.get(f"{base_url}/readyz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit("travel serve did not become ready")


def keys(env: dict[str, str]) -> dict[str, str]:
    """Traveler, host and admin of the demo workspace, and an admin of a free-plan one."""
    demo = travel_json(env, "demo", "seed")["keys"]
    free = travel_json(env, "workspace", "create", "Docs Free Plan", "--plan", "free")
    limited = travel_json(env, "apikey", "create", "--workspace", free["id"], "--role", "admin")
    return {**demo, "limited": limited["key"]}


def main() -> None:
    """Serve, run, rewrite."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_")}
        env.update(
            TRAVEL_DATABASE_URL=f"sqlite:///{tmp}/docs.db",
            TRAVEL_MEDIA_DIR=f"{tmp}/media",
            TRAVEL_DISPATCHER_INTERVAL_SECONDS="0",
            TRAVEL_LOG_LEVEL="WARNING",
            TRAVEL_METRICS_PORT="0",
        )
        credentials = keys(env)
        port = free_port()
        args = ["serve", "--host", "127.0.0.1", "--port", str(port), "--web-port", str(free_port())]
        server = subprocess.Popen([TRAVEL, *args], env=env)
        base_url = f"http://127.0.0.1:{port}"
        try:
            wait_until_ready(base_url, server)
            url = f"{base_url}/workspaces/graphql"
            outcomes = run_examples(url, credentials)
            run_env = snippet_env(url, credentials["traveler"])
            for path in doc_files():
                text = path.read_text()
                updated = run_snippets(inject(text, outcomes), run_env, base_url)
                if updated != text:
                    path.write_text(updated)
                    print(f"updated {path.relative_to(Path.cwd())}")
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
