"""PLATFORM_ENV, TRAVEL_API_URL and the credential variables, as the SDK resolves them.

prod and alpha are resolved without calling out: their base URLs are pointed at the live test
server (or only resolved), never at a real host."""

from __future__ import annotations

import pytest
from travel_client import (
    Environment,
    TravelClient,
    UnknownEnvironment,
    environment,
    resolve_url,
)
from travel_client.environments import DEFAULT_BASE_URLS, credential

from tests.factories import add_member, create_tenant, tenant_listing
from tests.support.live import LiveServer
from tests.support.oidc import Issuer

LOCAL = "http://localhost:4003/workspaces/graphql"


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, DEFAULT_BASE_URLS["prod"] + "/workspaces/graphql"),
        ({"PLATFORM_ENV": ""}, DEFAULT_BASE_URLS["prod"] + "/workspaces/graphql"),
        ({"PLATFORM_ENV": "prod"}, DEFAULT_BASE_URLS["prod"] + "/workspaces/graphql"),
        ({"PLATFORM_ENV": "alpha"}, DEFAULT_BASE_URLS["alpha"] + "/workspaces/graphql"),
        ({"PLATFORM_ENV": "local"}, LOCAL),
        (
            {"PLATFORM_ENV": "prod", "TRAVEL_PROD_BASE_URL": "https://gw.partner.test/"},
            "https://gw.partner.test/workspaces/graphql",
        ),
        (
            {"TRAVEL_PROD_BASE_URL": "https://gw.partner.test", "TRAVEL_ALPHA_BASE_URL": "x"},
            "https://gw.partner.test/workspaces/graphql",
        ),
        (
            {"PLATFORM_ENV": "alpha", "TRAVEL_ALPHA_BASE_URL": "https://alpha.partner.test"},
            "https://alpha.partner.test/workspaces/graphql",
        ),
        # local is fixed by the spec: the base-URL variables never move it.
        ({"PLATFORM_ENV": "local", "TRAVEL_PROD_BASE_URL": "https://x.test"}, LOCAL),
        ({"PLATFORM_ENV": "local", "TRAVEL_LOCAL_BASE_URL": "https://x.test"}, LOCAL),
        # TRAVEL_API_URL overrides every environment, as given.
        ({"TRAVEL_API_URL": "http://10.0.0.5:9000/gql"}, "http://10.0.0.5:9000/gql"),
        (
            {"PLATFORM_ENV": "alpha", "TRAVEL_API_URL": "http://10.0.0.5:9000/gql"},
            "http://10.0.0.5:9000/gql",
        ),
        ({"PLATFORM_ENV": "local", "TRAVEL_API_URL": "https://o.test/g"}, "https://o.test/g"),
    ],
)
def test_gateway_url_resolution(env: dict[str, str], expected: str) -> None:
    assert resolve_url(env) == expected
    with TravelClient(env=env) as client:
        assert client.url == expected


def test_the_default_hosts_are_reserved_names() -> None:
    # Until a release names the hosted gateways, nothing can be sent to a real stranger's host.
    for name in ("prod", "alpha"):
        assert DEFAULT_BASE_URLS[name].startswith("https://")
        assert DEFAULT_BASE_URLS[name].endswith(".example")


@pytest.mark.parametrize("value", ["staging", "PROD", "production", "dev"])
def test_an_unknown_environment_is_a_clear_error(value: str) -> None:
    for env in ({"PLATFORM_ENV": value}, {"PLATFORM_ENV": value, "TRAVEL_API_URL": "http://x"}):
        with pytest.raises(UnknownEnvironment) as refused:
            resolve_url(env)
        message = str(refused.value)
        assert value in message
        assert "prod" in message
        assert "alpha" in message
        assert "local" in message
        with pytest.raises(UnknownEnvironment):
            TravelClient(env=env)


def test_environment_names() -> None:
    assert environment({}) is Environment.PROD
    assert environment({"PLATFORM_ENV": " alpha "}) is Environment.ALPHA
    assert [e.value for e in Environment] == ["prod", "alpha", "local"]


def test_credential_comes_from_the_api_key_then_the_token() -> None:
    assert credential({}) is None
    assert credential({"TRAVEL_API_KEY": " "}) is None
    assert credential({"TRAVEL_TOKEN": "jwt"}) == "jwt"
    assert credential({"TRAVEL_API_KEY": "trv_k", "TRAVEL_TOKEN": "jwt"}) == "trv_k"
    with TravelClient(env={"TRAVEL_API_KEY": "trv_k"}) as client:
        assert client.credential == "trv_k"
    with TravelClient("http://x", "given", env={"TRAVEL_API_KEY": "trv_k"}) as client:
        assert client.credential == "given"


def test_prod_and_alpha_base_urls_reach_the_configured_gateway(server: LiveServer) -> None:
    tenant = create_tenant(server)
    for name in ("prod", "alpha"):
        env = {
            "PLATFORM_ENV": name,
            f"TRAVEL_{name.upper()}_BASE_URL": server.url,
            "TRAVEL_API_KEY": tenant.keys["traveler"],
        }
        with TravelClient(env=env) as client:
            assert client.url == server.graphql_url
            assert client.properties() == []


def test_api_key_and_oidc_token_from_the_environment(server: LiveServer, issuer: Issuer) -> None:
    ours, theirs = create_tenant(server), create_tenant(server)
    ours_listing = str(tenant_listing(server, ours))
    token = issuer.token("partner-app", theirs.id)
    add_member(server, theirs.workspace, "partner-app", ["traveler"])
    base = {"TRAVEL_API_URL": server.graphql_url}
    with TravelClient(env={**base, "TRAVEL_TOKEN": token}) as by_token:
        assert by_token.properties() == []  # the token's workspace
    both = {**base, "TRAVEL_API_KEY": ours.keys["traveler"], "TRAVEL_TOKEN": token}
    with TravelClient(env=both) as by_key:
        assert [p.id for p in by_key.properties()] == [ours_listing]  # the key wins
