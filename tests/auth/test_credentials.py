"""Authentication through HTTP: every refusal has the right code and status and runs nothing."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from tests.factories import add_member, count_rows, create_workspace, issue_key
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer
from tests.support.oidc import Issuer

PING = "query { travelProviders(pagination: {skip: 0, take: 1}) { id name } }"
CREATE = 'mutation { createTravelProvider(input: {name: "Sneaky", type: HOST}) { id } }'


def assert_refused(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert error_codes(response) == [code]
    assert "data" not in response.json()
    assert response.headers["x-request-id"]


def assert_unauthenticated(response: httpx.Response) -> None:
    assert_refused(response, 401, "UNAUTHENTICATED")
    assert response.headers["www-authenticate"].startswith("Bearer")


def test_no_token_is_401_and_runs_nothing(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    assert_unauthenticated(post(server, None, CREATE))
    assert count_rows(server, "providers", tenant.workspace) == 0


@pytest.mark.parametrize(
    "header",
    [
        "Bearer",
        "Bearer garbage",
        "Basic dXNlcjpwYXNz",
        "Bearer trv_nothex_secretsecretsecretsecret",
        "Bearer trv_00000000000000000000000000000000_doesnotexistdoesnotexist",
        "Bearer a.b.c",
    ],
)
def test_garbage_credentials_are_401(server: LiveServer, header: str) -> None:
    response = httpx.post(
        server.graphql_url, json={"query": PING}, headers={"Authorization": header}
    )
    assert_unauthenticated(response)


def test_wrong_secret_for_real_workspace_is_401(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    forged = tenant.keys["admin"][:-6] + "AAAAAA"
    assert_unauthenticated(post(server, forged, CREATE))
    assert count_rows(server, "providers", tenant.workspace) == 0


def test_valid_key_is_accepted(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    assert data(server, tenant.keys["traveler"], PING) == {"travelProviders": []}


def test_revoked_key_is_refused_within_seconds(server: LiveServer, tenant, cli_env) -> None:  # type: ignore[no-untyped-def]
    issued = issue_key(server, tenant.workspace, roles=["host"])
    assert data(server, issued.secret, PING) == {"travelProviders": []}
    from travel.auth import service

    server.run(service.revoke_api_key(server.services.databases, str(issued.key.id)))
    deadline = time.monotonic() + 5
    while post(server, issued.secret, PING).status_code != 401:
        assert time.monotonic() < deadline, "revocation did not take effect within 5 s"
        time.sleep(0.1)
    assert_unauthenticated(post(server, issued.secret, CREATE))
    assert count_rows(server, "providers", tenant.workspace) == 0


def test_expired_key_is_401(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    issued = issue_key(
        server,
        tenant.workspace,
        roles=["admin"],
        expires_at=datetime.now(UTC) + timedelta(seconds=1),
    )
    time.sleep(1.6)
    assert_unauthenticated(post(server, issued.secret, CREATE))
    assert count_rows(server, "providers", tenant.workspace) == 0


def test_key_without_read_permission_is_forbidden_per_field(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    member = add_member(server, tenant.workspace, "analyst", ["admin"])
    issued = issue_key(
        server, tenant.workspace, subject=member.subject, permissions=["travel:analytics"]
    )
    response = post(server, issued.secret, PING)
    assert response.status_code == 200
    assert error_codes(response) == ["FORBIDDEN"]
    assert response.json()["data"] == {"travelProviders": None}


def test_narrowed_key_cannot_write(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    member = add_member(server, tenant.workspace, "reader-admin", ["admin"])
    issued = issue_key(
        server, tenant.workspace, subject=member.subject, permissions=["travel:read"]
    )
    response = post(server, issued.secret, CREATE)
    assert error_codes(response) == ["FORBIDDEN"]
    assert response.json()["data"] == {"createTravelProvider": None}
    assert count_rows(server, "providers", tenant.workspace) == 0


# --- OIDC -------------------------------------------------------------------------------


def test_jwt_of_member_is_accepted_rs256_and_es256(
    server: LiveServer, issuer: Issuer, tenant
) -> None:  # type: ignore[no-untyped-def]
    add_member(server, tenant.workspace, "oidc-user", ["host"])
    for algorithm in ("RS256", "ES256"):
        token = issuer.token("oidc-user", tenant.id, algorithm=algorithm)
        created = data(server, token, CREATE)["createTravelProvider"]
        assert created["id"]
    assert count_rows(server, "providers", tenant.workspace) == 2


@pytest.mark.parametrize(
    "variant",
    [
        "expired",
        "not_yet_valid",
        "wrong_audience",
        "wrong_issuer",
        "forged_signature",
        "alg_none",
        "hs256",
    ],
)
def test_bad_jwt_is_401(server: LiveServer, issuer: Issuer, tenant, variant: str) -> None:  # type: ignore[no-untyped-def]
    import jwt
    from cryptography.hazmat.primitives.asymmetric import rsa

    add_member(server, tenant.workspace, f"sub-{variant}", ["admin"])
    sub, ws = f"sub-{variant}", tenant.id
    token = {
        "expired": lambda: issuer.token(sub, ws, expires_in=-600),
        "not_yet_valid": lambda: issuer.token(sub, ws, not_before=600),
        "wrong_audience": lambda: issuer.token(sub, ws, audience="someone-else"),
        "wrong_issuer": lambda: issuer.token(sub, ws, issuer="https://evil.test/"),
        "forged_signature": lambda: issuer.token(
            sub, ws, key=rsa.generate_private_key(public_exponent=65537, key_size=2048)
        ),
        "alg_none": lambda: jwt.encode(
            {"sub": sub, "travel_workspace": ws, "exp": int(time.time()) + 60},
            None,
            algorithm="none",
        ),
        "hs256": lambda: jwt.encode(
            {"sub": sub, "travel_workspace": ws, "exp": int(time.time()) + 60},
            "a-shared-secret-that-is-long-enough-32b",
            algorithm="HS256",
        ),
    }[variant]()
    assert_unauthenticated(post(server, token, CREATE))
    assert count_rows(server, "providers", tenant.workspace) == 0


def test_jwt_without_workspace_is_400_workspace_required(
    server: LiveServer, issuer: Issuer
) -> None:
    response = post(server, issuer.token("anyone", None), PING)
    assert_refused(response, 400, "WORKSPACE_REQUIRED")
    assert response.json()["errors"][0]["message"] == "Workspace context required"


def test_jwt_of_non_member_is_403_forbidden(server: LiveServer, issuer: Issuer, tenant) -> None:  # type: ignore[no-untyped-def]
    other = create_workspace(server)
    add_member(server, other, "outsider", ["admin"])
    # A member of another workspace claiming this one, and an unknown workspace id.
    assert_refused(post(server, issuer.token("outsider", tenant.id), CREATE), 403, "FORBIDDEN")
    assert_refused(
        post(server, issuer.token("outsider", "5d3c0a4e-0000-4000-8000-000000000000"), CREATE),
        403,
        "FORBIDDEN",
    )
    assert count_rows(server, "providers", tenant.workspace) == 0


def test_unknown_kid_triggers_one_jwks_refetch(server: LiveServer, issuer: Issuer, tenant) -> None:  # type: ignore[no-untyped-def]
    add_member(server, tenant.workspace, "rotated", ["traveler"])
    data(server, issuer.token("rotated", tenant.id), PING)  # keys are loaded
    before = issuer.fetches
    new_kid = issuer.add_key("RS256")  # the issuer rotates: a key the service has not seen
    assert data(server, issuer.token("rotated", tenant.id, kid=new_kid), PING)
    assert issuer.fetches == before + 1
    # A kid that is nowhere is refused without hammering the JWKS endpoint.
    unpublished = issuer.add_key("RS256", publish=False)
    for _ in range(3):
        assert_unauthenticated(
            post(server, issuer.token("rotated", tenant.id, kid=unpublished), PING)
        )
    assert issuer.fetches <= before + 2
