"""The workspace app's sign-in, through HTTP: a platform's host token exchanged at
POST /embed/token for a short-lived key of the member — claims, clock skew, replay, joining,
roles narrowed, other workspaces — and the framing headers (docs/embedding.md)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import jwt
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import update

from tests.factories import Tenant, count_rows, create_tenant
from tests.support.api import data
from tests.support.live import LiveServer
from tests.support.oidc import Issuer
from tests.support.platform import Platform
from travel.auth import service as auth_service
from travel.auth.models import ApiKey
from travel.db.session import system_transaction
from travel.embed import service as embed_service
from travel.embed.models import UsedHostToken
from travel.housekeeping import Housekeeping

VIEWER = "{ travelViewer { memberId subject roles permissions displayName } }"
ORIGIN = "https://workspace.partner.example"


def configure(server: LiveServer, tenant: Tenant, **changes: Any) -> None:
    server.run(embed_service.change(server.services.databases, tenant.workspace, **changes))
    time.sleep(server.services.settings.auth_cache_seconds)  # the server's reading expires


@pytest.fixture
def platform(server: LiveServer, tenant: Tenant) -> Platform:
    platform = Platform()
    configure(
        server,
        tenant,
        jwks=platform.jwks(),
        add_origins=[ORIGIN],
        join_roles=["traveler"],
    )
    return platform


def exchange(server: LiveServer, workspace: str, token: str) -> httpx.Response:
    return httpx.post(f"{server.url}/embed/token", json={"workspace": workspace, "token": token})


def hs256(claims: dict[str, Any], secret: bytes, kid: str) -> str:
    """A token signed with HMAC keyed by `secret` (PyJWT refuses to make one keyed by a public
    key: the algorithm-confusion attack it guards against, made by hand)."""

    def part(raw: bytes) -> str:
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

    header = part(json.dumps({"alg": "HS256", "typ": "JWT", "kid": kid}).encode())
    body = part(json.dumps(claims).encode())
    signature = hmac.new(secret, f"{header}.{body}".encode(), hashlib.sha256).digest()
    return f"{header}.{body}.{part(signature)}"


def refused(response: httpx.Response) -> tuple[int, str, str]:
    error = response.json()["errors"][0]
    return response.status_code, error["extensions"]["code"], error["message"]


def test_a_host_token_signs_a_new_user_in_for_fifteen_minutes(
    server: LiveServer, tenant: Tenant, platform: Platform
) -> None:
    before = datetime.now(UTC)
    token = platform.token(tenant.id, "u-42", name="Ana Lima", email="ana@example.com")
    answer = exchange(server, tenant.id, token)
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    session = answer.json()
    assert session["tokenType"] == "Bearer"
    assert 895 <= session["expiresIn"] <= 900
    expires = datetime.fromisoformat(session["expiresAt"].replace("Z", "+00:00"))
    assert 899 <= (expires - before).total_seconds() <= 905
    assert session["permissions"] == ["travel:book", "travel:favorite", "travel:read"]
    viewer = data(server, session["accessToken"], VIEWER)["travelViewer"]
    assert viewer == {
        "memberId": session["member"]["id"],
        "subject": "platform:u-42",
        "roles": ["TRAVELER"],
        "permissions": ["travel:book", "travel:favorite", "travel:read"],
        "displayName": "Ana Lima",
    }
    # The session is not among the keys an operator lists.
    keys = server.run(auth_service.list_api_keys(server.services.databases, tenant.workspace))
    assert all(key.member_id != uuid.UUID(viewer["memberId"]) for key, _ in keys)


def test_a_token_is_accepted_once(server: LiveServer, tenant: Tenant, platform: Platform) -> None:
    token = platform.token(tenant.id)
    assert exchange(server, tenant.id, token).status_code == 200
    sessions = count_rows(server, "api_keys", tenant.workspace)
    status, code, message = refused(exchange(server, tenant.id, token))
    assert (status, code) == (401, "UNAUTHENTICATED")
    assert "already used" in message
    assert count_rows(server, "api_keys", tenant.workspace) == sessions


@pytest.mark.parametrize(
    ("issued", "lifetime", "accepted"),
    [
        (-65, 60, True),  # expired 5 s ago: within the ±10 s of skew
        (-75, 60, False),  # expired 15 s ago
        (8, 60, True),  # issued 8 s "in the future" by a fast clock
        (20, 60, False),  # 20 s ahead: not yet valid
        (0, 61, False),  # lives longer than 60 s
    ],
)
def test_clock_skew_of_ten_seconds_and_a_minute_of_life(
    server: LiveServer,
    tenant: Tenant,
    platform: Platform,
    issued: int,
    lifetime: int,
    accepted: bool,
) -> None:
    answer = exchange(
        server, tenant.id, platform.token(tenant.id, issued=issued, lifetime=lifetime)
    )
    if accepted:
        assert answer.status_code == 200, answer.text
    else:
        assert refused(answer)[:2] == (401, "UNAUTHENTICATED")


@pytest.mark.parametrize("missing", ["jti", "exp", "iat", "aud", "sub", "roles"])
def test_every_claim_is_required(
    server: LiveServer, tenant: Tenant, platform: Platform, missing: str
) -> None:
    answer = exchange(server, tenant.id, platform.token(tenant.id, drop=(missing,)))
    assert refused(answer)[:2] == (401, "UNAUTHENTICATED")
    assert count_rows(server, "members", tenant.workspace) == len(tenant.members)


def test_foreign_signed_forged_and_misaddressed_tokens_are_refused(
    server: LiveServer, tenant: Tenant, platform: Platform
) -> None:
    stranger = Platform(kid=platform.kid)  # the same kid, another key
    other = create_tenant(server)
    now = int(time.time())
    claims: dict[str, Any] = {"aud": f"travel:{tenant.id}", "sub": "mallory", "roles": ["traveler"]}
    claims |= {"iat": now, "exp": now + 60, "jti": uuid.uuid4().hex}
    public = platform.public_pem().encode()
    forged = {
        "foreign key": stranger.token(tenant.id),
        "another workspace's audience": platform.token(other.id),
        "no signature": jwt.encode(claims, "", algorithm="none"),
        "HS256 keyed with the public key": hs256(claims, public, platform.kid),
        "not a JWT": "not-a-token",
        "an unknown role": platform.token(tenant.id, roles=["owner"]),
        "a jti too short": platform.token(tenant.id, jti="x"),
        "times as strings": platform.token(tenant.id, iat=str(now), exp=str(now + 30)),
        "a list of roles that is a string": platform.token(tenant.id, roles="traveler"),
    }
    for why, token in forged.items():
        assert refused(exchange(server, tenant.id, token))[:2] == (401, "UNAUTHENTICATED"), why
    # A good token of this workspace, sent for another: the other has no key of this platform.
    assert refused(exchange(server, other.id, platform.token(tenant.id)))[0] == 401
    assert count_rows(server, "members", tenant.workspace) == len(tenant.members)
    assert count_rows(server, "members", other.workspace) == len(other.members)


def test_workspaces_without_a_key_or_unknown_answer_alike(
    server: LiveServer, tenant: Tenant
) -> None:
    token = Platform().token(tenant.id)
    unset = refused(exchange(server, tenant.id, token))
    unknown = refused(exchange(server, str(uuid.uuid4()), token))
    assert (
        unset == unknown == (401, "UNAUTHENTICATED", "This workspace does not accept host tokens")
    )


def test_joining_needs_the_workspaces_consent_and_its_roles(
    server: LiveServer, tenant: Tenant, platform: Platform
) -> None:
    members = count_rows(server, "members", tenant.workspace)
    as_host = platform.token(tenant.id, "bob", roles=["traveler", "host"])
    status, code, message = refused(exchange(server, tenant.id, as_host))
    assert (status, code) == (403, "FORBIDDEN")
    assert message == (
        "This workspace lets the platform's users join as traveler only, not as host"
    )
    configure(server, tenant, no_join=True)
    status, code, _ = refused(exchange(server, tenant.id, platform.token(tenant.id, "carol")))
    assert (status, code) == (403, "FORBIDDEN")
    assert count_rows(server, "members", tenant.workspace) == members
    assert count_rows(server, "api_keys", tenant.workspace) == len(tenant.keys)


def test_a_member_signs_in_with_their_roles_narrowed_to_what_the_platform_asserts(
    server: LiveServer, tenant: Tenant, platform: Platform
) -> None:
    databases = server.services.databases
    server.run(auth_service.add_member(databases, tenant.workspace, "platform:root", ["admin"]))
    configure(server, tenant, no_join=True)  # members sign in whatever the join setting
    as_traveler = exchange(server, tenant.id, platform.token(tenant.id, "root"))
    assert as_traveler.status_code == 200, as_traveler.text
    key = as_traveler.json()["accessToken"]
    viewer = data(server, key, VIEWER)["travelViewer"]
    assert (viewer["roles"], viewer["permissions"]) == (
        ["ADMIN"],
        ["travel:book", "travel:favorite", "travel:read"],
    )
    as_admin = exchange(server, tenant.id, platform.token(tenant.id, "root", roles=["admin"]))
    assert "travel:admin" in as_admin.json()["permissions"]


def test_a_removed_member_is_refused(
    server: LiveServer, tenant: Tenant, platform: Platform
) -> None:
    databases = server.services.databases
    member = server.run(
        auth_service.add_member(databases, tenant.workspace, "platform:gone", ["traveler"])
    )
    server.run(auth_service.remove_member(databases, tenant.workspace, str(member.id)))
    answer = exchange(server, tenant.id, platform.token(tenant.id, "gone"))
    assert refused(answer)[:2] == (403, "FORBIDDEN")


def test_a_registered_issuer_must_be_named(
    server: LiveServer, tenant: Tenant, platform: Platform
) -> None:
    configure(server, tenant, jwks=platform.jwks(), issuer="https://partner.example")
    assert refused(exchange(server, tenant.id, platform.token(tenant.id)))[0] == 401
    wrong = platform.token(tenant.id, iss="https://other.example")
    assert refused(exchange(server, tenant.id, wrong))[0] == 401
    right = platform.token(tenant.id, iss="https://partner.example")
    assert exchange(server, tenant.id, right).status_code == 200


def test_keys_fetched_from_the_platforms_jwks_url(
    server: LiveServer, tenant: Tenant, issuer: Issuer
) -> None:
    configure(server, tenant, jwks_url=issuer.jwks_url, join_roles=["traveler"])
    kid = next(k for k, (alg, _) in issuer.keys.items() if alg == "ES256")
    now = int(time.time())
    claims: dict[str, Any] = {"aud": f"travel:{tenant.id}", "sub": "dora", "roles": ["traveler"]}
    claims |= {"iat": now, "exp": now + 30, "jti": uuid.uuid4().hex}
    token = jwt.encode(claims, issuer.keys[kid][1], algorithm="ES256", headers={"kid": kid})
    assert exchange(server, tenant.id, token).status_code == 200


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"token": "x"}, "workspace"),
        ({"workspace": "w", "token": 5}, "token"),
        ({"workspace": "w", "token": "x" * 20_000}, "body"),
    ],
)
def test_a_bad_body_names_what_is_wrong(
    server: LiveServer, body: dict[str, Any], field: str
) -> None:
    answer = httpx.post(f"{server.url}/embed/token", json=body)
    assert answer.status_code == 400
    error = answer.json()["errors"][0]
    assert (error["extensions"]["code"], error["extensions"]["field"]) == (
        "VALIDATION_ERROR",
        field,
    )
    not_json = httpx.post(f"{server.url}/embed/token", content=b"{nope")
    assert refused(not_json)[:2] == (400, "VALIDATION_ERROR")


def test_only_the_workspace_app_may_be_framed_and_only_by_its_origins(
    server: LiveServer, tenant: Tenant, platform: Platform
) -> None:
    page = httpx.get(f"{server.url}/embed/{tenant.id}/trips")
    assert page.status_code == 200
    policy = page.headers["content-security-policy"]
    assert f"frame-ancestors {ORIGIN};" in policy
    assert "x-frame-options" not in page.headers
    other = create_tenant(server)
    closed = httpx.get(f"{server.url}/embed/{other.id}/")
    assert "frame-ancestors 'none'" in closed.headers["content-security-policy"]
    for path in ("/", "/trips", "/host", f"/embed-{tenant.id}", "/index.html", "/embed.html"):
        web = httpx.get(f"{server.url}{path}")
        assert "frame-ancestors 'none'" in web.headers["content-security-policy"], path
        assert web.headers["x-frame-options"] == "DENY", path
    loader = httpx.get(f"{server.url}/embed/loader.js")
    assert loader.headers["access-control-allow-origin"] == "*"


def test_housekeeping_forgets_used_tokens_and_old_sessions_but_not_live_ones(
    server: LiveServer, tenant: Tenant, platform: Platform
) -> None:
    for _ in range(2):
        assert exchange(server, tenant.id, platform.token(tenant.id)).status_code == 200
    keys_before = count_rows(server, "api_keys", tenant.workspace)

    async def age(hours: float) -> None:
        async with system_transaction(server.services.databases.main) as session:
            past = datetime.now(UTC) - timedelta(hours=hours)
            await session.execute(
                update(UsedHostToken)
                .where(UsedHostToken.workspace_id == tenant.workspace.id)
                .values(expires_at=past)
            )
            await session.execute(
                update(ApiKey)
                .where(ApiKey.workspace_id == tenant.workspace.id, ApiKey.embed_session)
                .values(expires_at=past)
            )

    server.run(age(hours=2))  # tokens past their life; sessions expired, but not a day ago
    server.run(Housekeeping(server.services.databases).run_due())
    assert count_rows(server, "embed_used_tokens", tenant.workspace) == 0
    assert count_rows(server, "api_keys", tenant.workspace) == keys_before
    server.run(age(hours=25))
    server.run(Housekeeping(server.services.databases, every=0).run_due())
    assert count_rows(server, "api_keys", tenant.workspace) == keys_before - 2


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=st.one_of(
        st.binary(max_size=300),
        st.dictionaries(
            st.sampled_from(["workspace", "token", "other"]),
            st.one_of(st.none(), st.integers(), st.text(max_size=300), st.lists(st.text())),
        ).map(lambda d: json.dumps(d).encode()),
    )
)
def test_no_body_makes_the_exchange_fail_badly(server: LiveServer, body: bytes) -> None:
    answer = httpx.post(f"{server.url}/embed/token", content=body)
    assert answer.status_code in (400, 401, 403), answer.text
    code = answer.json()["errors"][0]["extensions"]["code"]
    assert code in ("VALIDATION_ERROR", "UNAUTHENTICATED", "FORBIDDEN")
    assert "Traceback" not in answer.text
    assert "sqlalchemy" not in answer.text.lower()
