"""`travelViewer`: who a credential is and what it may do — read by any valid credential."""

from __future__ import annotations

import pytest

from tests.factories import Tenant, create_tenant, issue_key
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer
from tests.support.oidc import Issuer

pytestmark = pytest.mark.plan("pro")

VIEWER = "{ travelViewer { memberId subject roles permissions workspace { id name plan } } }"


@pytest.mark.parametrize(
    ("who", "roles", "permissions"),
    [
        ("traveler", ["TRAVELER"], ["travel:book", "travel:favorite", "travel:read"]),
        ("host", ["HOST"], ["travel:host", "travel:read"]),
        (
            "admin",
            ["ADMIN"],
            [
                "travel:admin",
                "travel:analytics",
                "travel:book",
                "travel:favorite",
                "travel:host",
                "travel:read",
            ],
        ),
    ],
)
def test_each_role_sees_itself(
    server: LiveServer, tenant: Tenant, who: str, roles: list[str], permissions: list[str]
) -> None:
    viewer = data(server, tenant.keys[who], VIEWER)["travelViewer"]
    assert viewer["memberId"] == str(tenant.members[who])
    assert viewer["subject"].startswith(f"{who}-")
    assert viewer["roles"] == roles
    assert viewer["permissions"] == permissions
    assert viewer["workspace"] == {"id": tenant.id, "name": "Test", "plan": "pro"}


def test_a_narrowed_key_shows_only_what_it_may_do(server: LiveServer, tenant: Tenant) -> None:
    narrowed = issue_key(
        server, tenant.workspace, roles=["traveler"], permissions=["travel:book"]
    ).secret
    viewer = data(server, narrowed, VIEWER)["travelViewer"]
    assert viewer["roles"] == ["TRAVELER"]
    assert viewer["permissions"] == ["travel:book"]
    # What it shows is what the API enforces.
    listing = post(server, narrowed, "{ travelProperties { id } }")
    assert error_codes(listing) == ["FORBIDDEN"]


def test_another_workspace_sees_its_own(server: LiveServer, tenant: Tenant) -> None:
    other = create_tenant(server)
    mine = data(server, tenant.keys["traveler"], VIEWER)["travelViewer"]
    theirs = data(server, other.keys["traveler"], VIEWER)["travelViewer"]
    assert theirs["workspace"]["id"] == other.id != mine["workspace"]["id"]
    assert theirs["memberId"] != mine["memberId"]


def test_an_oidc_member_sees_its_subject(
    server: LiveServer, tenant: Tenant, issuer: Issuer
) -> None:
    from tests.factories import add_member

    add_member(server, tenant.workspace, "alice@example.com", ["traveler", "host"])
    token = issuer.token("alice@example.com", tenant.id)
    viewer = data(server, token, VIEWER)["travelViewer"]
    assert viewer["subject"] == "alice@example.com"
    assert viewer["roles"] == ["HOST", "TRAVELER"]


def test_without_a_credential_it_is_unauthenticated(server: LiveServer) -> None:
    response = post(server, None, VIEWER)
    assert response.status_code == 401
    assert error_codes(response) == ["UNAUTHENTICATED"]
