"""The TypeScript SDK (clients/typescript) against the live test server: its own tests
(clients/typescript/test/*.test.mjs, Node's test runner) run on the built package with a fresh
workspace's keys: every operation once, errors as classes, an idempotent retry after a lost
answer that books once, auto-paging over several pages (docs/decisions/0096-typescript-sdk.md).

SQLite only: the tests exercise the client, not the database, and the Python SDK's and the
service's own tests cover PostgreSQL; one run keeps CI's time down. Under CI=true a missing Node
fails instead of skipping (scripts/test installs it with scripts/node.sh)."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import is_postgres
from tests.factories import create_tenant
from tests.support.live import LiveServer

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "clients" / "typescript"
BUDGET_SECONDS = 60  # the whole Node run; it takes a few seconds


@pytest.fixture(scope="module")
def node() -> str:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is missing: scripts/node.sh installs it (CI must not skip this)")
        pytest.skip("no node on PATH (scripts/node.sh installs it)")
    return found


@pytest.fixture(scope="module")
def built(node: str) -> Path:
    """The package built from its sources (scripts/ts-sdk.sh --build: npm ci from the lock file
    when needed, then tsc)."""
    del node
    done = subprocess.run(
        [str(REPO / "scripts" / "ts-sdk.sh"), "--build"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return PACKAGE / "dist"


def test_the_typescript_sdk_passes_its_tests_against_the_live_server(
    server: LiveServer, database_url: str, node: str, built: Path, tmp_path: Path
) -> None:
    if is_postgres(database_url):
        pytest.skip("the TypeScript SDK's tests exercise the client: they run on SQLite only")
    tenant = create_tenant(server, plan="enterprise")
    photo = tmp_path / "room.jpg"
    out = io.BytesIO()
    Image.new("RGB", (900, 600), (40, 80, 120)).save(out, "JPEG")
    photo.write_bytes(out.getvalue())
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TRAVEL_", "PLATFORM_"))}
    env.update(
        TRAVEL_TEST_API_URL=server.graphql_url,
        TRAVEL_TEST_KEYS=json.dumps(tenant.keys),
        TRAVEL_TEST_PHOTO=str(photo),
    )
    started = time.monotonic()
    done = subprocess.run(
        [node, "--test", "--test-reporter=spec", "test/"],
        cwd=PACKAGE,
        env=env,
        capture_output=True,
        text=True,
        timeout=BUDGET_SECONDS * 2,
    )
    took = time.monotonic() - started
    print(done.stdout)  # shown with -s, and by pytest when an assertion below fails
    assert done.returncode == 0, done.stdout + done.stderr
    passed = re.search(r"\bpass (\d+)", done.stdout)
    assert passed, done.stdout
    assert int(passed.group(1)) >= 10, done.stdout  # every test ran, none skipped
    assert re.search(r"\bfail 0\b", done.stdout), done.stdout
    assert took < BUDGET_SECONDS, f"the Node tests took {took:.1f} s\n{done.stdout}"
    assert (built / "index.js").is_file()
