"""Browser clients: CORS for the allowed origins, preflights, the GraphQL-over-HTTP media type,
and the explorer page at the endpoint's own address."""

from __future__ import annotations

import re
import subprocess

import httpx
import pytest

from tests.factories import create_tenant
from tests.support.cli import TRAVEL, free_port, wait_until_serving
from tests.support.live import LiveServer
from travel.web.routes import DIST

ALLOWED = "https://partner.example"  # tests/conftest.py: TRAVEL_CORS_ORIGINS of the test server
QUERY = {"query": "{ travelViewer { subject } }"}


def test_a_preflight_from_an_allowed_origin_is_granted(server: LiveServer) -> None:
    answer = httpx.options(
        server.graphql_url,
        headers={
            "Origin": ALLOWED,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
        },
    )
    assert answer.status_code == 204
    assert answer.headers["access-control-allow-origin"] == ALLOWED
    assert answer.headers["access-control-allow-methods"] == "POST"
    allowed = {h.strip().lower() for h in answer.headers["access-control-allow-headers"].split(",")}
    assert {"authorization", "content-type", "idempotency-key"} <= allowed
    assert "access-control-allow-credentials" not in answer.headers  # header credentials only


def test_other_origins_get_no_permission(server: LiveServer) -> None:
    tenant = create_tenant(server)
    preflight = httpx.options(
        server.graphql_url,
        headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
    )
    assert preflight.status_code == 204
    assert "access-control-allow-origin" not in preflight.headers
    answer = httpx.post(
        server.graphql_url,
        json=QUERY,
        headers={
            "Origin": "https://evil.example",
            "Authorization": f"Bearer {tenant.keys['host']}",
        },
    )
    assert "access-control-allow-origin" not in answer.headers


def test_an_allowed_origin_reads_the_answer_and_its_headers(server: LiveServer) -> None:
    tenant = create_tenant(server)
    answer = httpx.post(
        server.graphql_url,
        json=QUERY,
        headers={"Origin": ALLOWED, "Authorization": f"Bearer {tenant.keys['host']}"},
    )
    assert answer.status_code == 200
    assert answer.headers["access-control-allow-origin"] == ALLOWED
    assert answer.headers["vary"] == "Origin"
    exposed = answer.headers["access-control-expose-headers"]
    for header in ("X-Request-Id", "X-RateLimit-Remaining", "Retry-After", "Idempotent-Replayed"):
        assert header in exposed
    refused = httpx.post(server.graphql_url, json=QUERY, headers={"Origin": ALLOWED})
    assert refused.status_code == 401
    assert refused.headers["access-control-allow-origin"] == ALLOWED  # errors are readable too


def test_the_graphql_response_media_type_when_asked_for(server: LiveServer) -> None:
    tenant = create_tenant(server)
    auth = {"Authorization": f"Bearer {tenant.keys['host']}"}
    plain = httpx.post(server.graphql_url, json=QUERY, headers=auth)
    assert plain.headers["content-type"] == "application/json"
    asked = httpx.post(
        server.graphql_url,
        json=QUERY,
        headers={**auth, "Accept": "application/graphql-response+json, application/json;q=0.9"},
    )
    assert asked.status_code == 200
    assert asked.headers["content-type"] == "application/graphql-response+json"
    assert asked.json() == plain.json()
    invalid = httpx.post(
        server.graphql_url,
        json={"query": "{ nope }"},
        headers={**auth, "Accept": "application/graphql-response+json"},
    )
    assert invalid.status_code == 400
    assert invalid.headers["content-type"] == "application/graphql-response+json"


BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


def test_a_browser_opening_the_endpoint_gets_the_explorer(server: LiveServer) -> None:
    """GraphiQL itself on the API port: the web app's shell (not the "not built" page), whose
    script loads the explorer's chunk, GraphiQL, from the same port."""
    if not (DIST / "index.html").is_file():
        pytest.fail("the web app is not built: run scripts/web.sh (scripts/test does)")
    page = httpx.get(server.graphql_url, headers={"Accept": BROWSER_ACCEPT})
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "not built" not in page.text
    assert '<script id="travel-config" type="application/json">' in page.text
    assert "worker-src 'self' blob:" in page.headers["content-security-policy"]  # its editor
    [entry] = re.findall(r'<script type="module" crossorigin src="(/assets/[^"]+\.js)"', page.text)
    app = httpx.get(server.url + entry)
    assert app.status_code == 200
    [explorer] = set(re.findall(r"import\(`\./(Explorer-[\w-]+\.js)`\)", app.text))
    chunk = httpx.get(f"{server.url}/assets/{explorer}")
    assert chunk.status_code == 200
    assert chunk.headers["content-type"].startswith("text/javascript")
    assert "graphiql-editor" in chunk.text  # GraphiQL's own markup
    assert "Bearer <your API key>" in chunk.text  # the place for the key, signed out


@pytest.mark.parametrize(
    ("accept", "explorer"),
    [
        (BROWSER_ACCEPT, True),
        ("TEXT/HTML", True),
        ("application/json;q=0.5, text/html; charset=utf-8; q=0.6", True),
        ("text/html;q=0", False),
        ("application/json, text/html;q=0", False),
        ("application/json, text/html;q=0.5", False),
        ("application/graphql-response+json, text/html;q=0.9", False),
        ("text/html;q=often", False),
        ("text/htmlx", False),
        ("*/*", False),
        ("application/json", False),
    ],
)
def test_the_explorer_goes_to_clients_that_prefer_html(
    server: LiveServer, accept: str, explorer: bool
) -> None:
    """Accept is read with its weights: a client that refuses HTML (q=0), or prefers JSON, is
    told the endpoint takes POST."""
    answer = httpx.get(server.graphql_url, headers={"Accept": accept})
    if explorer:
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("text/html")
    else:
        assert answer.status_code == 405
        assert answer.headers["allow"] == "POST, OPTIONS"


def preflight_allows(url: str, origin: str) -> bool:
    answer = httpx.options(
        url, headers={"Origin": origin, "Access-Control-Request-Method": "POST"}, timeout=10
    )
    assert answer.status_code == 204
    return answer.headers.get("access-control-allow-origin") == origin


@pytest.mark.parametrize("host", ["0.0.0.0", "127.0.0.1"])
def test_by_default_the_web_app_as_a_browser_opens_it_may_call(
    cli_env: dict[str, str], host: str
) -> None:
    """Without TRAVEL_CORS_ORIGINS, `travel serve` allows the web app's origins as a browser on
    the machine writes them: listening on every address (0.0.0.0), that is localhost and
    127.0.0.1, never the 0.0.0.0 no browser sends."""
    port, web_port = free_port(), free_port()
    args = [TRAVEL, "serve", "--host", host, "--port", str(port), "--web-port", str(web_port)]
    process = subprocess.Popen(
        args, env=cli_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        wait_until_serving(f"http://127.0.0.1:{port}", process)
        url = f"http://127.0.0.1:{port}/workspaces/graphql"
        for name in ("localhost", "127.0.0.1"):
            assert preflight_allows(url, f"http://{name}:{web_port}"), name
        assert not preflight_allows(url, f"http://0.0.0.0:{web_port}")
        assert not preflight_allows(url, f"http://localhost:{port}")  # the API's own port
    finally:
        process.terminate()
        process.wait(timeout=20)
