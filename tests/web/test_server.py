"""The web app's server side: the app shell for every client route with its configuration and
security headers, compressed assets, and the demo sign-in only in demo mode."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator

import httpx
import pytest

from tests.support.live import LiveServer
from travel.settings import Settings
from travel.web.routes import DIST

pytestmark = pytest.mark.skipif(
    not (DIST / "index.html").is_file(), reason="the web app is not built (scripts/web.sh)"
)


@pytest.fixture(scope="module")
def demo_server(settings: Settings, server: LiveServer) -> Iterator[LiveServer]:
    """The service as `travel serve --demo` runs it, after a demo seed."""
    from travel.demo.seed import seed
    from travel.media.http import storage_for

    server.run(seed(server.services.databases, storage_for(settings)))
    live = LiveServer(settings, demo=True).start()
    yield live
    live.stop()


def _config(html: str) -> dict[str, object]:
    found = re.search(r'<script id="travel-config" type="application/json">(.*?)</script>', html)
    assert found, html
    return dict(json.loads(found.group(1)))


@pytest.mark.parametrize("path", ["/", "/trips", "/stays/123", "/host/new?kind=stays"])
def test_every_client_route_gets_the_app_shell(server: LiveServer, path: str) -> None:
    response = httpx.get(server.url + path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-cache"
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_a_normal_deployment_has_no_demo_sign_in(server: LiveServer) -> None:
    config = _config(httpx.get(server.url + "/").text)
    assert config["demo"] is False
    assert config["apiUrl"] == "/workspaces/graphql"
    refused = httpx.post(server.url + "/demo/sign-in", json={"role": "admin"})
    assert refused.status_code in (404, 405)
    assert "trv_" not in refused.text


def test_the_demo_signs_in_each_role_with_a_fresh_short_lived_key(demo_server: LiveServer) -> None:
    assert _config(httpx.get(demo_server.url + "/").text)["demo"] is True
    viewer = "{ travelViewer { roles workspace { name } } }"
    for role in ("traveler", "host", "admin"):
        answer = httpx.post(demo_server.url + "/demo/sign-in", json={"role": role})
        assert answer.status_code == 200
        assert answer.headers["cache-control"] == "no-store"
        key = answer.json()["key"]
        me = httpx.post(
            demo_server.graphql_url,
            json={"query": viewer},
            headers={"Authorization": f"Bearer {key}"},
        ).json()["data"]["travelViewer"]
        assert me == {"roles": [role.upper()], "workspace": {"name": "Demo Travel Co"}}
    bad = httpx.post(demo_server.url + "/demo/sign-in", json={"role": "root"})
    assert bad.status_code == 400
    assert httpx.post(demo_server.url + "/demo/sign-in", content=b"{").status_code == 400


def test_assets_are_cached_for_good_and_sent_compressed(server: LiveServer) -> None:
    html = httpx.get(server.url + "/").text
    script = re.search(r'src="(/assets/[^"]+\.js)"', html)
    assert script, html
    packed = httpx.get(server.url + script.group(1), headers={"Accept-Encoding": "gzip"})
    assert packed.status_code == 200
    assert packed.headers["content-encoding"] == "gzip"
    assert "immutable" in packed.headers["cache-control"]
    assert packed.headers["content-type"].startswith(("text/javascript", "application/javascript"))
    plain = httpx.get(server.url + script.group(1), headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.content == packed.content  # httpx decoded the gzip one
    assert httpx.get(server.url + "/favicon.svg").headers["content-type"] == "image/svg+xml"


def test_oidc_settings_reach_the_page_without_secrets(settings: Settings) -> None:
    from travel.web.routes import client_config

    configured = dataclasses.replace(settings, oidc_client_id="travel-web")
    oidc = client_config(configured, demo=False)["oidc"]
    assert oidc == {
        "issuer": settings.oidc_issuer,
        "clientId": "travel-web",
        "scope": "openid profile",
    }
