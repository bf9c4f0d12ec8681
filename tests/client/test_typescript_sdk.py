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
from typing import Any

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
def built(node: str, database_url: str) -> Path:
    """The package built from its sources (scripts/ts-sdk.sh --build: npm ci from the lock file
    when needed, then tsc). In the SQLite pass only: the SDK is a client, its tests need one
    server, and scripts/test runs the two passes side by side, where one pass's build (which
    removes dist/ first) ran under the other pass's Node tests."""
    del node
    if is_postgres(database_url):
        pytest.skip("the TypeScript SDK is tested in the SQLite pass (one build at a time)")
    done = subprocess.run(
        [str(REPO / "scripts" / "ts-sdk.sh"), "--build"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return PACKAGE / "dist"


def test_the_typescript_sdk_passes_its_tests_against_the_live_server(
    server: LiveServer, node: str, built: Path, tmp_path: Path
) -> None:
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


# Environments whose gateway and credential both SDKs must resolve alike (decision 0060).
ENVIRONMENTS: list[dict[str, str]] = [
    {},
    {"PLATFORM_ENV": ""},
    {"PLATFORM_ENV": "  "},
    {"PLATFORM_ENV": "prod"},
    {"PLATFORM_ENV": "alpha"},
    {"PLATFORM_ENV": "local"},
    {"PLATFORM_ENV": " local "},
    {"PLATFORM_ENV": "PROD"},
    {"PLATFORM_ENV": "porod", "TRAVEL_API_URL": "https://gw.test/graphql"},
    {"PLATFORM_ENV": "local", "TRAVEL_API_URL": " https://gw.test/graphql "},
    {"TRAVEL_API_URL": "   "},
    {"PLATFORM_ENV": "prod", "TRAVEL_PROD_BASE_URL": "https://api.partner.test/"},
    {"PLATFORM_ENV": "alpha", "TRAVEL_ALPHA_BASE_URL": " https://alpha.partner.test// "},
    {"PLATFORM_ENV": "local", "TRAVEL_PROD_BASE_URL": "https://ignored.test"},
    {"TRAVEL_API_KEY": " trv_key ", "TRAVEL_TOKEN": "token"},
    {"TRAVEL_API_KEY": "  ", "TRAVEL_TOKEN": " token "},
    {"TRAVEL_TOKEN": ""},
]

RESOLVE_IN_NODE = """
import { credential, resolveUrl } from "./dist/index.js";
const envs = JSON.parse(process.argv[1]);
console.log(JSON.stringify(envs.map((env) => {
  let url;
  try { url = resolveUrl(env); } catch (error) { url = error.name; }
  return [url, credential(env) ?? null];
})));
"""


def test_the_typescript_sdk_resolves_the_gateway_as_the_python_sdk_does(
    node: str, built: Path
) -> None:
    from travel_client.environments import UnknownEnvironment, credential, resolve_url

    def python(env: dict[str, str]) -> list[str | None]:
        try:
            url = resolve_url(env)
        except UnknownEnvironment:
            url = "UnknownEnvironmentError"
        return [url, credential(env)]

    in_node = _in_node(node, built, RESOLVE_IN_NODE, ENVIRONMENTS)
    assert in_node == [python(env) for env in ENVIRONMENTS]


# Documents whose kind both SDKs' scanners must read alike (decision 0061): a mutation, or a
# document neither can read, is never repeated without an Idempotency-Key.
DOCUMENTS: list[tuple[str, str | None]] = [
    ("{ travelViewer { roles } }", None),
    ("query Q { a }", None),
    ("mutation M { a }", None),
    ("# mutation\nquery Q { a }", None),
    ('query Q { a(text: "mutation {") }', None),
    ('"""mutation"""\nquery Q { a }', None),
    ("query A { a } mutation B { b }", None),
    ("query A { a } mutation B { b }", "A"),
    ("query A { a } mutation B { b }", "B"),
    ("query A { a } mutation B { b }", "C"),
    ("fragment F on T { a } query Q { ...F }", None),
    ("subscription S { a }", None),
    ("query Q { a", None),
    ("nonsense", None),
    ("", None),
]

SCAN_IN_NODE = """
import { isMutation } from "./dist/index.js";
const docs = JSON.parse(process.argv[1]);
console.log(JSON.stringify(docs.map(([doc, name]) => isMutation(doc, name ?? undefined))));
"""


def test_the_typescript_sdk_tells_mutations_from_queries_as_the_python_sdk_does(
    node: str, built: Path
) -> None:
    from travel_client.retry import is_mutation

    assert _in_node(node, built, SCAN_IN_NODE, DOCUMENTS) == [
        is_mutation(doc, name) for doc, name in DOCUMENTS
    ]


def _in_node(node: str, built: Path, script: str, argument: Any) -> Any:
    """What `script` (an ES module importing the built package) prints as JSON, given
    `argument` as JSON in its argv[1]."""
    assert (built / "index.js").is_file()
    done = subprocess.run(
        [node, "--input-type=module", "-e", script, json.dumps(argument)],
        cwd=PACKAGE,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
