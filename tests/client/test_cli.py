"""`travel ping` and `travel query`, run as subprocesses against the live test server."""

from __future__ import annotations

import json
import os
import socket
import subprocess
from pathlib import Path

import pytest

from tests.factories import (
    BOOK,
    Tenant,
    add_member,
    count_rows,
    future_date,
    tenant_listing,
)
from tests.support.cli import travel
from tests.support.live import LiveServer
from tests.support.oidc import Issuer

PROVIDERS = "{ travelProviders(pagination: {take: 5}) { id name type } }"


def client_env(**values: str) -> dict[str, str]:
    """The caller's environment without any TRAVEL_* or PLATFORM_ENV, plus `values`."""
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_") and k != "PLATFORM_ENV"
    }
    env.update(values)
    return env


def error_lines(result: subprocess.CompletedProcess[str], code: int = 1) -> list[str]:
    """stderr's lines, after checking the exit status and that no traceback leaked."""
    assert result.returncode == code, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert lines
    assert all(line.startswith("error: ") for line in lines), lines
    return lines


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def env(server: LiveServer, tenant: Tenant) -> dict[str, str]:
    return client_env(TRAVEL_API_URL=server.graphql_url, TRAVEL_API_KEY=tenant.keys["host"])


def test_ping_prints_environment_url_and_latency(server: LiveServer, env: dict[str, str]) -> None:
    result = travel({**env, "PLATFORM_ENV": "local"}, "ping")
    assert result.returncode == 0, result.stderr
    words = result.stdout.split()
    # TRAVEL_API_URL overrides PLATFORM_ENV: the line says which URL was used and why.
    assert words[:4] == ["ok", "env=local", f"url={server.graphql_url}", "via=TRAVEL_API_URL"]
    assert words[4].startswith("latency=")
    assert float(words[4].removeprefix("latency=")) > 0
    assert words[5] == "ms"


def test_ping_json(server: LiveServer, env: dict[str, str]) -> None:
    result = travel({**env, "PLATFORM_ENV": "local"}, "ping", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["ok"] is True
    assert (report["env"], report["url"], report["via"]) == (
        "local",
        server.graphql_url,
        "TRAVEL_API_URL",
    )
    assert report["latencyMs"] > 0
    failed = travel({**env, "TRAVEL_API_KEY": "trv_nope"}, "ping", "--json")
    assert failed.returncode == 1
    assert json.loads(failed.stdout)["ok"] is False


@pytest.mark.parametrize("name", ["prod", "alpha"])
def test_ping_resolves_prod_and_alpha_base_urls(
    server: LiveServer, tenant: Tenant, name: str
) -> None:
    env = client_env(TRAVEL_API_KEY=tenant.keys["traveler"], PLATFORM_ENV=name)
    env[f"TRAVEL_{name.upper()}_BASE_URL"] = server.url
    result = travel(env, "ping")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[1:4] == [
        f"env={name}",
        f"url={server.graphql_url}",
        "via=PLATFORM_ENV",
    ]


@pytest.mark.parametrize("blank", ["", "   ", "\t"])
def test_a_blank_api_url_overrides_nothing(server: LiveServer, tenant: Tenant, blank: str) -> None:
    """TRAVEL_API_URL of white space only is ignored by the SDK, and `via` says so."""
    env = client_env(
        TRAVEL_API_KEY=tenant.keys["traveler"],
        PLATFORM_ENV="alpha",
        TRAVEL_ALPHA_BASE_URL=server.url,
        TRAVEL_API_URL=blank,
    )
    result = travel(env, "ping", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["url"], report["via"]) == (server.graphql_url, "PLATFORM_ENV")
    spaced = travel({**env, "TRAVEL_API_URL": f"  {server.graphql_url} "}, "ping", "--json")
    assert json.loads(spaced.stdout)["via"] == "TRAVEL_API_URL"


def test_prod_is_the_default_environment(server: LiveServer, tenant: Tenant) -> None:
    env = client_env(TRAVEL_API_KEY=tenant.keys["traveler"], TRAVEL_PROD_BASE_URL=server.url)
    result = travel(env, "ping")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[1] == "env=prod"


@pytest.mark.parametrize("command", [["ping"], ["query", PROVIDERS]])
def test_an_unknown_environment_is_one_line_and_exit_2(
    env: dict[str, str], command: list[str]
) -> None:
    result = travel({**env, "PLATFORM_ENV": "staging"}, *command)
    [line] = error_lines(result, code=2)
    assert result.stdout == ""
    assert "staging" in line
    for name in ("prod", "alpha", "local"):
        assert name in line


def test_network_failure_is_one_line_without_traceback(tenant: Tenant) -> None:
    url = f"http://127.0.0.1:{closed_port()}/workspaces/graphql"
    env = client_env(TRAVEL_API_URL=url, TRAVEL_API_KEY=tenant.keys["host"])
    [ping_line] = error_lines(travel(env, "ping"))
    assert f"cannot reach {url}" in ping_line
    assert "env=prod" in ping_line
    [query_line] = error_lines(travel(env, "query", PROVIDERS))
    assert query_line.startswith(f"error: cannot reach {url}")


def test_a_bad_credential_prints_the_code(env: dict[str, str]) -> None:
    [line] = error_lines(travel({**env, "TRAVEL_API_KEY": "trv_wrong"}, "ping"))
    assert line.startswith("error: UNAUTHENTICATED: ")
    no_credential = {k: v for k, v in env.items() if k != "TRAVEL_API_KEY"}
    [line] = error_lines(travel(no_credential, "query", PROVIDERS))
    assert line.startswith("error: UNAUTHENTICATED: ")
    assert line.endswith("(set TRAVEL_API_KEY or TRAVEL_TOKEN)")


def test_query_prints_the_response_as_json(env: dict[str, str], tenant: Tenant) -> None:
    create = (
        "mutation ($input: CreateTravelProviderInput!) "
        "{ createTravelProvider(input: $input) { id name type } }"
    )
    variables = json.dumps({"input": {"name": "Casa Azul", "type": "HOST"}})
    result = travel(env, "query", create, "--variables", variables)
    assert result.returncode == 0, result.stderr
    created = json.loads(result.stdout)["data"]["createTravelProvider"]
    assert (created["name"], created["type"]) == ("Casa Azul", "HOST")

    listed = travel(env, "query", PROVIDERS)
    assert listed.returncode == 0, listed.stderr
    assert json.loads(listed.stdout) == {"data": {"travelProviders": [created]}}


def test_query_reads_a_file_or_standard_input(env: dict[str, str], tmp_path: Path) -> None:
    document = tmp_path / "providers.graphql"
    document.write_text(
        "query Named($take: Int) { travelProviders(pagination: {take: $take}) { id } }"
    )
    from_file = travel(env, "query", "--file", str(document), "--variables", '{"take": 1}')
    assert from_file.returncode == 0, from_file.stderr
    assert json.loads(from_file.stdout) == {"data": {"travelProviders": []}}

    from_stdin = travel(env, "query", "--file", "-", stdin=PROVIDERS)
    assert from_stdin.returncode == 0, from_stdin.stderr
    assert json.loads(from_stdin.stdout) == {"data": {"travelProviders": []}}

    two = "query A { travelProviders { id } } query B { travelTrips { id } }"
    chosen = travel(env, "query", two, "--operation-name", "B")
    assert json.loads(chosen.stdout) == {"data": {"travelTrips": []}}


def test_field_errors_print_json_and_one_line_each(env: dict[str, str]) -> None:
    both = "{ travelProviders { id } travelOverviewStats { totalBookings } }"
    result = travel(env, "query", both)  # a host may read, not see analytics
    [line] = error_lines(result)
    assert line.startswith("error: FORBIDDEN: ")
    assert line.endswith("(at travelOverviewStats)")
    printed = json.loads(result.stdout)
    assert printed["data"] == {"travelProviders": [], "travelOverviewStats": None}
    assert printed["errors"][0]["extensions"]["code"] == "FORBIDDEN"


def test_request_errors_print_the_code_and_message(env: dict[str, str]) -> None:
    result = travel(env, "query", "{ travelNothing { id } }")
    [line] = error_lines(result)
    assert line.startswith("error: VALIDATION_ERROR: Cannot query field 'travelNothing'")
    assert json.loads(result.stdout)["errors"][0]["extensions"]["code"] == "VALIDATION_ERROR"


@pytest.mark.parametrize(
    "args",
    [
        [],
        [PROVIDERS, "--file", "-"],
        [PROVIDERS, "--variables", "[1, 2]"],
        [PROVIDERS, "--variables", "{not json"],
    ],
)
def test_bad_arguments_exit_2(env: dict[str, str], args: list[str]) -> None:
    [line] = error_lines(travel(env, "query", *args, stdin=PROVIDERS), code=2)
    assert "QUERY or --file" in line or "--variables must be a JSON object" in line


def test_idempotency_key_makes_a_repeated_booking_run_once(
    server: LiveServer, tenant: Tenant
) -> None:
    listing = str(tenant_listing(server, tenant, units=3))
    env = client_env(TRAVEL_API_URL=server.graphql_url, TRAVEL_API_KEY=tenant.keys["traveler"])
    variables = json.dumps(
        {
            "input": {
                "targetType": "PROPERTY",
                "targetId": listing,
                "checkIn": future_date(5),
                "checkOut": future_date(6),
            }
        }
    )
    args = ("query", BOOK, "--variables", variables, "--idempotency-key", "cli-booking-1")
    first, again = travel(env, *args), travel(env, *args)
    assert first.returncode == again.returncode == 0, (first.stderr, again.stderr)
    assert json.loads(first.stdout) == json.loads(again.stdout)
    assert count_rows(server, "bookings", tenant.workspace) == 1


def test_a_token_works_like_a_key(server: LiveServer, tenant: Tenant, issuer: Issuer) -> None:
    add_member(server, tenant.workspace, "cli-oidc-user", ["traveler"])
    env = client_env(
        TRAVEL_API_URL=server.graphql_url, TRAVEL_TOKEN=issuer.token("cli-oidc-user", tenant.id)
    )
    assert travel(env, "ping").returncode == 0
    [line] = error_lines(
        travel(
            env, "query", 'mutation { createTravelProvider(input: {name: "x", type: HOST}) { id } }'
        )
    )
    assert line.startswith("error: FORBIDDEN: ")
    assert count_rows(server, "providers", tenant.workspace) == 0
