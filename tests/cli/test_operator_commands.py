"""The `travel` command, run as a partner's operator would: as a subprocess."""

from __future__ import annotations

import subprocess
import time
import uuid

import pytest

from tests.factories import count_rows
from tests.support.api import data, error_codes, post
from tests.support.cli import travel, travel_json
from tests.support.live import LiveServer

PING = "query { travelProviders(pagination: {skip: 0, take: 1}) { id name } }"


def assert_one_line_error(result: subprocess.CompletedProcess[str], code: int = 1) -> str:
    assert result.returncode == code, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def test_workspace_member_key_lifecycle(server: LiveServer, cli_env: dict[str, str]) -> None:
    ws = travel_json(cli_env, "workspace", "create", "Acme Travel", "--plan", "pro")
    assert set(ws) == {"id"}
    uuid.UUID(str(ws["id"]))

    member = travel_json(
        cli_env,
        "member",
        "add",
        "--workspace",
        str(ws["id"]),
        "--subject",
        "alice",
        "--role",
        "traveler",
        "--role",
        "host",
    )
    assert member["subject"] == "alice"
    assert member["roles"] == ["host", "traveler"]

    service_key = travel_json(
        cli_env, "apikey", "create", "--workspace", str(ws["id"]), "--role", "host"
    )
    assert set(service_key) == {"id", "key", "memberId"}
    assert str(service_key["key"]).startswith("trv_")
    assert data(server, str(service_key["key"]), PING) == {"travelProviders": []}

    alice_key = travel_json(
        cli_env,
        "apikey",
        "create",
        "--workspace",
        str(ws["id"]),
        "--subject",
        "alice",
        "--permission",
        "travel:read",
    )
    assert alice_key["memberId"] == member["id"]
    create = 'mutation { createTravelProvider(input: {name: "X", type: HOST}) { id } }'
    assert error_codes(post(server, str(alice_key["key"]), create)) == ["FORBIDDEN"]

    revoked = travel_json(cli_env, "apikey", "revoke", str(service_key["id"]))
    assert revoked == {"id": service_key["id"], "revoked": True}

    hook = travel_json(
        cli_env,
        "webhook",
        "add",
        "--workspace",
        str(ws["id"]),
        "--url",
        "https://example.test/hook",
    )
    assert set(hook) == {"id", "secret"}
    assert str(hook["secret"]).startswith("whsec_")
    assert count_rows(server, "webhook_endpoints", str(ws["id"])) == 1


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (["workspace", "create", "X", "--plan", "platinum"], 2, "--plan"),
        (["workspace", "create", "   "], 1, "name"),
        (
            ["member", "add", "--workspace", "not-a-uuid", "--subject", "a", "--role", "host"],
            1,
            "no workspace",
        ),
        (
            ["member", "add", "--workspace", str(uuid.uuid4()), "--subject", "a", "--role", "host"],
            1,
            "no workspace",
        ),
        (
            [
                "member",
                "add",
                "--workspace",
                str(uuid.uuid4()),
                "--subject",
                "a",
                "--role",
                "pilot",
            ],
            2,
            "--role",
        ),
        (["member", "add", "--subject", "a", "--role", "host"], 2, "--workspace"),
        (
            ["apikey", "create", "--workspace", str(uuid.uuid4()), "--permission", "travel:fly"],
            2,
            "--permission",
        ),
        (["apikey", "revoke", "nope"], 1, "no API key"),
        (["apikey", "revoke", str(uuid.uuid4())], 1, "no API key"),
        (
            ["webhook", "add", "--workspace", str(uuid.uuid4()), "--url", "https://x.test"],
            1,
            "no workspace",
        ),
        (["frobnicate"], 2, "frobnicate"),
    ],
)
def test_bad_arguments_are_one_line_errors(
    server: LiveServer, cli_env: dict[str, str], args: list[str], code: int, fragment: str
) -> None:
    line = assert_one_line_error(travel(cli_env, *args), code)
    assert fragment in line


def test_key_rules_are_enforced(server: LiveServer, cli_env: dict[str, str]) -> None:
    ws = str(travel_json(cli_env, "workspace", "create", "Rules")["id"])
    travel_json(
        cli_env, "member", "add", "--workspace", ws, "--subject", "bob", "--role", "traveler"
    )
    both = travel(
        cli_env, "apikey", "create", "--workspace", ws, "--role", "host", "--subject", "bob"
    )
    assert "either --subject or" in assert_one_line_error(both)
    neither = travel(cli_env, "apikey", "create", "--workspace", ws)
    assert "either --subject or" in assert_one_line_error(neither)
    wider = travel(
        cli_env,
        "apikey",
        "create",
        "--workspace",
        ws,
        "--subject",
        "bob",
        "--permission",
        "travel:admin",
    )
    assert "do not grant" in assert_one_line_error(wider)
    ghost = travel(cli_env, "apikey", "create", "--workspace", ws, "--subject", "ghost")
    assert "not a member" in assert_one_line_error(ghost)
    again = travel(
        cli_env, "member", "add", "--workspace", ws, "--subject", "bob", "--role", "host"
    )
    assert "already a member" in assert_one_line_error(again)
    assert count_rows(server, "api_keys", ws) == 0
    assert count_rows(server, "members", ws) == 1


def test_db_upgrade_is_idempotent(cli_env: dict[str, str], server: LiveServer) -> None:
    for _ in range(2):
        result = travel(cli_env, "db", "upgrade")
        assert result.returncode == 0, result.stderr
        assert "up to date" in result.stdout


def test_bad_database_url_is_one_line(cli_env: dict[str, str]) -> None:
    env = {**cli_env, "TRAVEL_DATABASE_URL": "mysql://nope/db"}
    assert "TRAVEL_DATABASE_URL" in assert_one_line_error(travel(env, "db", "upgrade"), 2)


@pytest.mark.postgres_only
def test_a_system_role_that_cannot_see_every_workspace_is_refused(
    cli_env: dict[str, str], database_url: str
) -> None:
    """Operator commands, migrations and the dispatcher would find nothing under row-level
    security: the command refuses to run, naming the setting (docs/decisions/0072-database-roles.md)."""
    if not database_url.startswith("postgres"):
        pytest.skip("database roles are PostgreSQL's")
    env = {k: v for k, v in cli_env.items() if k != "TRAVEL_SYSTEM_DATABASE_URL"}
    for command in (("workspace", "list"), ("db", "upgrade"), ("worker", "--once"), ("serve",)):
        line = assert_one_line_error(travel(env, *command), 2)  # serve: before listening
        assert "TRAVEL_SYSTEM_DATABASE_URL" in line, line
        assert "BYPASSRLS" in line, line


def test_help_lists_the_commands(cli_env: dict[str, str]) -> None:
    result = travel(cli_env, "--help")
    assert result.returncode == 0
    for command in ("serve", "db", "workspace", "member", "apikey", "webhook"):
        assert command in result.stdout


@pytest.mark.parametrize(
    ("variable", "value", "fragment"),
    [
        ("TRAVEL_LOG_LEVEL", "LOUD", "must be one of DEBUG, INFO"),
        ("TRAVEL_MAX_BODY_BYTES", "-1", "between 1024 and"),
        ("TRAVEL_DB_POOL_SIZE", "many", "must be an integer"),
        ("TRAVEL_DATABASE_POOLER", "pgbouncer", "must be one of NONE, TRANSACTION"),
        ("TRAVEL_AUTH_CACHE_SECONDS", "nan", "between 0 and 300"),
        ("TRAVEL_BOOKED_LISTINGS_CACHE_SIZE", "0", "between 1 and 10000000"),
        ("TRAVEL_WEBHOOK_ALLOW_PRIVATE", "maybe", "must be 1 or 0"),
        ("TRAVEL_METRICS_PORT", "70000", "between 0 and 65535"),
        ("TRAVEL_REDIS_URL", "nonsense", "must be a redis://, rediss:// or unix:// URL"),
        ("TRAVEL_REDIS_URL", "redis://cache.internal:6379/zero", "rediss:// or unix:// URL"),
        ("TRAVEL_REDIS_URL", "redis://cache/0?socket_timeout=soon", "rediss:// or unix:// URL"),
        ("TRAVEL_REDIS_URL", "unix://", "or unix:// URL"),
        ("TRAVEL_OIDC_ISSUER", "not a url", "must be an http(s) URL with a host"),
        ("TRAVEL_OIDC_ISSUER", "https:///realms/travel", "must be an http(s) URL with a host"),
        ("TRAVEL_OIDC_JWKS_URL", "ftp://id.example/jwks", "must be an http(s) URL with a host"),
        ("TRAVEL_OIDC_JWKS_URL", "https://id.example:http/jwks", "http(s) URL with a host"),
        ("TRAVEL_DATABASE_URL", "nonsense", "is not a valid database URL"),
        ("TRAVEL_SYSTEM_DATABASE_URL", "mysql://root@db/travel", "must start with sqlite:///"),
        ("TRAVEL_METRICS_HOST", "http://0.0.0.0", "must be a host name or an IP address"),
        ("TRAVEL_CORS_ORIGINS", "https://app.example/path", "must list origins such as"),
        ("TRAVEL_REPLICA_URLS", "sqlite:///replica.db", "lists PostgreSQL URLs only"),
        ("TRAVEL_REPLICA_URLS", "postgresql://a/b,redis://c", "must start with sqlite:///"),
        ("TRAVEL_REPLICA_MAX_LAG_SECONDS", "-1", "between 0 and"),
    ],
)
def test_settings_that_make_no_sense_stop_every_command_with_one_line(
    cli_env: dict[str, str], variable: str, value: str, fragment: str
) -> None:
    for command in (["serve", "--port", "0", "--web-port", "0"], ["config"]):
        result = travel({**cli_env, variable: value}, *command)
        assert result.returncode == 2, result.stderr
        [line] = result.stderr.strip().splitlines()
        assert line.startswith(f"error: {variable} "), line
        assert fragment in line, line


def test_a_url_refused_is_shown_without_its_password(cli_env: dict[str, str]) -> None:
    env = {**cli_env, "TRAVEL_REDIS_URL": "redis://:hunter2@cache.internal:99999/0"}
    for command in (["serve", "--port", "0", "--web-port", "0"], ["config"]):
        result = travel(env, *command)
        line = assert_one_line_error(result, 2)
        assert "redis://:***@cache.internal:99999/0" in line, line
        assert "hunter2" not in result.stderr


def test_config_accepts_every_url_form_the_service_can_use(cli_env: dict[str, str]) -> None:
    forms = {
        "TRAVEL_REDIS_URL": [
            "redis://localhost",
            "redis://cache.internal:6380/2",
            "rediss://user:secret@cache.internal:6380/0?socket_timeout=1",
            "unix:///run/redis/redis.sock?db=1",
        ],
        "TRAVEL_OIDC_ISSUER": ["https://id.example.com/realms/travel", "http://localhost:8080"],
        "TRAVEL_OIDC_JWKS_URL": ["https://id.example.com/realms/travel/certs"],
        "TRAVEL_METRICS_HOST": ["0.0.0.0", "::1", "metrics.internal"],
        "TRAVEL_CORS_ORIGINS": ["https://app.example.com,http://localhost:3000", "*"],
    }
    for variable, values in forms.items():
        for value in values:
            shown = travel_json({**cli_env, variable: value}, "config")
            assert shown[variable] == value.replace(":secret@", ":***@"), (variable, value)


def test_config_prints_the_effective_settings_with_passwords_masked(
    cli_env: dict[str, str],
) -> None:
    env = {
        **cli_env,
        "TRAVEL_REDIS_URL": "redis://:hunter2@cache.internal:6379/0",
        "TRAVEL_MAX_QUERY_COST": "9000",
    }
    shown = travel_json(env, "config")
    assert shown["TRAVEL_MAX_QUERY_COST"] == 9000
    assert shown["TRAVEL_LOG_LEVEL"] == "INFO"
    assert shown["TRAVEL_REDIS_URL"] == "redis://:***@cache.internal:6379/0"
    assert "hunter2" not in travel(env, "config").stdout
    pooled = travel_json({**env, "TRAVEL_DATABASE_POOLER": "Transaction"}, "config")
    assert pooled["TRAVEL_DATABASE_POOLER"] == "transaction"
    replicas = (
        "postgresql://travel:s3cret@replica-a/travel, postgresql://travel:s3cret@replica-b/travel"
    )
    shown = travel_json({**env, "TRAVEL_REPLICA_URLS": replicas}, "config")
    assert shown["TRAVEL_REPLICA_URLS"] == (
        "postgresql://travel:***@replica-a/travel,postgresql://travel:***@replica-b/travel"
    )


def test_operators_list_and_remove_what_they_added(
    server: LiveServer, cli_env: dict[str, str]
) -> None:
    ws = str(travel_json(cli_env, "workspace", "create", "Listed", "--plan", "pro")["id"])
    listed = travel_json(cli_env, "workspace", "list")
    mine = next(w for w in listed if w["id"] == ws)
    assert (mine["name"], mine["plan"], mine["dedicated"]) == ("Listed", "pro", False)

    bob = travel_json(
        cli_env, "member", "add", "--workspace", ws, "--subject", "bob", "--role", "host"
    )
    travel_json(
        cli_env, "member", "add", "--workspace", ws, "--subject", "eve", "--role", "traveler"
    )
    key = travel_json(cli_env, "apikey", "create", "--workspace", ws, "--subject", "bob")
    members = travel_json(cli_env, "member", "list", "--workspace", ws)
    assert [(m["subject"], m["roles"]) for m in members] == [
        ("bob", ["host"]),
        ("eve", ["traveler"]),
    ]

    keys = travel_json(cli_env, "apikey", "list", "--workspace", ws)
    [listed_key] = [k for k in keys if k["id"] == key["id"]]
    assert listed_key["subject"] == "bob"
    assert listed_key["revokedAt"] is None
    assert str(key["key"]) not in travel(cli_env, "apikey", "list", "--workspace", ws).stdout
    assert not {"key", "secret", "secretHash"} & set(listed_key)
    assert data(server, str(key["key"]), PING) == {"travelProviders": []}

    # Removing a member revokes its keys: within the credential cache (0.5 s here) it is refused.
    removed = travel_json(cli_env, "member", "remove", str(bob["id"]), "--workspace", ws)
    assert removed == {"id": bob["id"], "removed": True}
    time.sleep(0.6)
    assert error_codes(post(server, str(key["key"]), PING)) == ["UNAUTHENTICATED"]
    subjects = [m["subject"] for m in travel_json(cli_env, "member", "list", "--workspace", ws)]
    assert subjects == ["eve"]
    [revoked] = [
        k for k in travel_json(cli_env, "apikey", "list", "--workspace", ws) if k["id"] == key["id"]
    ]
    assert revoked["revokedAt"] is not None
    again = travel(cli_env, "member", "remove", str(bob["id"]), "--workspace", ws)
    assert again.returncode == 1
    assert "no member" in assert_one_line_error(again)
    # Added back: the same member, with the roles given now.
    back = travel_json(
        cli_env, "member", "add", "--workspace", ws, "--subject", "bob", "--role", "traveler"
    )
    assert back["id"] == bob["id"]

    hook = travel_json(
        cli_env, "webhook", "add", "--workspace", ws, "--url", "https://example.test/h"
    )
    [endpoint] = travel_json(cli_env, "webhook", "list", "--workspace", ws)
    assert endpoint == {
        **endpoint,
        "id": hook["id"],
        "url": "https://example.test/h",
        "enabled": True,
    }
    assert "secret" not in endpoint
    disabled = travel_json(cli_env, "webhook", "disable", str(hook["id"]), "--workspace", ws)
    assert disabled == {"id": hook["id"], "disabled": True}
    [endpoint] = travel_json(cli_env, "webhook", "list", "--workspace", ws)
    assert endpoint["enabled"] is False
    assert travel_json(cli_env, "webhook", "remove", str(hook["id"]), "--workspace", ws) == {
        "id": hook["id"],
        "removed": True,
    }
    assert travel_json(cli_env, "webhook", "list", "--workspace", ws) == []
    assert count_rows(server, "webhook_endpoints", ws) == 0
    # Text output: one tab-separated line per row.
    lines = travel(cli_env, "member", "list", "--workspace", ws).stdout.splitlines()
    assert [line.split("\t")[1:] for line in lines] == [["bob", "traveler"], ["eve", "traveler"]]


def test_list_commands_keep_clicks_usage_hint_on_bad_arguments(cli_env: dict[str, str]) -> None:
    result = travel(cli_env, "member", "list")
    line = assert_one_line_error(result, code=2)
    assert "Missing option '--workspace'" in line
    assert line.endswith("Try 'travel member list --help' for help.")


def test_replicas_with_several_workers_need_a_shared_redis(cli_env: dict[str, str]) -> None:
    """Each worker would know only the writes it served (docs/scaling.md, "Read replicas")."""
    env = {**cli_env, "TRAVEL_REPLICA_URLS": "postgresql://travel:s3cret@replica/travel"}
    env.pop("TRAVEL_REDIS_URL", None)
    result = travel(env, "serve", "--port", "0", "--web-port", "0", "--workers", "2")
    line = assert_one_line_error(result, 2)
    assert "TRAVEL_REDIS_URL" in line, line
    assert "s3cret" not in result.stderr
