"""`travel embed`, as an operator runs it: a workspace's origins, the platform's key and
joining, then a sign-in that uses them (docs/embedding.md)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx
from cryptography.hazmat.primitives import serialization

from tests.factories import Tenant
from tests.support.cli import travel, travel_json
from tests.support.live import LiveServer
from tests.support.platform import Platform


def test_an_operator_sets_up_a_platform_and_its_user_signs_in(
    server: LiveServer, tenant: Tenant, cli_env: dict[str, str], tmp_path: Path
) -> None:
    ws = ("--workspace", tenant.id)
    empty = travel_json(cli_env, "embed", "show", *ws)
    assert empty == {"origins": [], "key": None, "issuer": None, "joinRoles": None}

    platform = Platform(kid="k1")
    public = tmp_path / "public.pem"
    public.write_text(platform.public_pem())
    keyed = travel_json(
        cli_env, "embed", "set-key", *ws, "--public-key", str(public), "--key-id", "k1"
    )
    assert keyed["key"] == {"keys": 1, "kids": ["k1"]}
    origins = travel_json(
        cli_env,
        "embed",
        "allow-origin",
        *ws,
        "HTTPS://Shell.Example.com:443/",
        "http://localhost:8080",
    )
    assert origins["origins"] == ["https://shell.example.com", "http://localhost:8080"]
    joined = travel_json(cli_env, "embed", "join", *ws, "--role", "traveler")
    assert joined["joinRoles"] == ["traveler"]
    shown = travel(cli_env, "embed", "show", *ws)
    assert shown.stdout.splitlines() == [
        "origins:  https://shell.example.com, http://localhost:8080",
        "key:      1 registered key(s) (k1)",
        "issuer:   any",
        "join:     as traveler",
    ]

    time.sleep(server.services.settings.auth_cache_seconds)
    answer = httpx.post(
        f"{server.url}/embed/token",
        json={"workspace": tenant.id, "token": platform.token(tenant.id)},
    )
    assert answer.status_code == 200, answer.text
    page = httpx.get(f"{server.url}/embed/{tenant.id}/")
    assert (
        "frame-ancestors https://shell.example.com http://localhost:8080;"
        in page.headers["content-security-policy"]
    )

    removed = travel_json(cli_env, "embed", "remove-origin", *ws, "http://localhost:8080")
    assert removed["origins"] == ["https://shell.example.com"]
    assert travel_json(cli_env, "embed", "remove-key", *ws)["key"] is None
    assert travel_json(cli_env, "embed", "join", *ws, "--off")["joinRoles"] is None


def test_bad_settings_are_refused_and_change_nothing(
    tenant: Tenant, cli_env: dict[str, str], tmp_path: Path
) -> None:
    ws = ("--workspace", tenant.id)
    platform = Platform()
    private = tmp_path / "private.pem"
    private.write_bytes(
        platform.key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    with_private = tmp_path / "jwks.json"
    jwk = platform.jwks()
    jwk["keys"][0]["d"] = "c2VjcmV0"
    with_private.write_text(json.dumps(jwk))
    refusals = {
        ("set-key", *ws, "--public-key", str(private)): "not a PEM public key",
        ("set-key", *ws, "--jwks", str(with_private)): "private parts",
        ("set-key", *ws): "give one of --jwks-url, --public-key or --jwks",
        ("set-key", *ws, "--jwks-url", "ftp://x"): "not an http(s) URL",
        ("allow-origin", *ws, "https://*.example.com"): "is not an origin",
        ("allow-origin", *ws, "https://example.com/app"): "is not an origin",
        ("join", *ws): "give --role",
        ("show", "--workspace", "not-a-workspace"): "no workspace",
    }
    for args, said in refusals.items():
        result = travel(cli_env, "embed", *args)
        assert result.returncode != 0, args
        assert said in result.stderr, (args, result.stderr)
    assert travel_json(cli_env, "embed", "show", *ws) == {
        "origins": [],
        "key": None,
        "issuer": None,
        "joinRoles": None,
    }
