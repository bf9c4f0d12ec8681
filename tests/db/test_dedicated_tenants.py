"""Dedicated tenants: a workspace whose rows live in a database of its own. Every operator
command must find that database — a key revoked there must stop working."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import insert

from tests.factories import count_rows
from tests.support.api import error_codes, post
from tests.support.cli import travel, travel_json
from tests.support.databases import engines_for
from tests.support.dedicated import dedicated_database, forget_workspaces_in
from tests.support.live import LiveServer
from travel.auth.models import Workspace
from travel.db import migrate
from travel.db.session import system_transaction

PING = "{ travelProperties(pagination: {skip: 0, take: 1}) { id name } }"


@pytest.fixture
def dedicated_url(server: LiveServer, database_url: str, tmp_path: Path) -> Iterator[str]:
    """A second, empty database of the same kind as the shared one (gone after the test, with
    the shared database's entry of every workspace in it)."""
    with dedicated_database(server, database_url, tmp_path) as url:
        yield url


def _until_refused(server: LiveServer, key: str, seconds: float = 10) -> int:
    """The status the key gets once the auth cache has expired (polls up to `seconds`)."""
    deadline = time.monotonic() + seconds
    while True:
        status = post(server, key, PING).status_code
        if status != 200 or time.monotonic() > deadline:
            return status
        time.sleep(0.2)


def test_operator_commands_find_the_tenants_own_database(
    server: LiveServer, cli_env: dict[str, str], dedicated_url: str
) -> None:
    created = travel_json(
        cli_env,
        "workspace",
        "create",
        "Dedicated",
        "--plan",
        "pro",
        "--database-url",
        dedicated_url,
    )
    ws = str(created["id"])
    member = travel_json(
        cli_env, "member", "add", "--workspace", ws, "--subject", "ops@example", "--role", "admin"
    )
    issued = travel_json(cli_env, "apikey", "create", "--workspace", ws, "--subject", "ops@example")
    assert issued["memberId"] == member["id"]
    service = travel_json(cli_env, "apikey", "create", "--workspace", ws, "--role", "traveler")
    for key in (issued["key"], service["key"]):
        response = post(server, str(key), PING)
        assert response.status_code == 200, response.text
        assert error_codes(response) == []
    # Nothing of the tenant but its workspace entry is in the shared database.
    assert count_rows(server, "members", ws) == 0
    assert count_rows(server, "api_keys", ws) == 0

    revoked = travel(cli_env, "apikey", "revoke", str(issued["id"]))
    assert revoked.returncode == 0, revoked.stderr
    assert _until_refused(server, str(issued["key"])) == 401
    assert error_codes(post(server, str(issued["key"]), PING)) == ["UNAUTHENTICATED"]
    # The other key of the same tenant keeps working.
    assert post(server, str(service["key"]), PING).status_code == 200
    # Revoking again is harmless; an unknown id is still an error.
    assert travel(cli_env, "apikey", "revoke", str(issued["id"])).returncode == 0
    missing = travel(cli_env, "apikey", "revoke", str(uuid.uuid4()))
    assert missing.returncode != 0
    assert "no API key" in missing.stderr

    hook = travel_json(
        cli_env, "webhook", "add", "--workspace", ws, "--url", "https://hooks.example.com/travel"
    )
    assert str(hook["secret"]).startswith("whsec_")
    assert count_rows(server, "webhook_endpoints", ws) == 0
    listed = travel_json(cli_env, "webhook", "deliveries", "--workspace", ws)
    assert listed == {"deliveries": []}


def test_an_unreachable_tenant_database_stops_no_other_tenant(
    server: LiveServer, cli_env: dict[str, str], tmp_path: Path
) -> None:
    """A dedicated database that is down (here: a path that does not exist) is skipped: keys of
    other tenants are revoked as usual, and a key found nowhere says which databases did not
    answer."""
    gone = f"sqlite:///{tmp_path / 'missing' / 'tenant.db'}"

    async def register() -> None:
        async with system_transaction(server.services.databases.main) as session:
            await session.execute(
                insert(Workspace).values(
                    id=uuid.uuid4(), name="Offline", plan="pro", database_url=gone, demo=False
                )
            )

    server.run(register())
    try:
        ws = str(travel_json(cli_env, "workspace", "create", "Shared", "--plan", "free")["id"])
        issued = travel_json(cli_env, "apikey", "create", "--workspace", ws, "--role", "host")
        revoked = travel(cli_env, "apikey", "revoke", str(issued["id"]))
        assert revoked.returncode == 0, revoked.stderr
        assert _until_refused(server, str(issued["key"])) == 401
        missing = travel(cli_env, "apikey", "revoke", str(uuid.uuid4()))
        assert missing.returncode != 0
        assert "unreachable" in missing.stderr
        assert "Traceback" not in missing.stderr
        assert "travel:travel@" not in missing.stderr  # no password in the message
    finally:
        forget_workspaces_in(server, gone)


def test_db_upgrade_migrates_every_dedicated_database_too(
    server: LiveServer, cli_env: dict[str, str], dedicated_url: str
) -> None:
    """A new revision must reach the tenants' own databases, not only the shared one."""
    travel_json(
        cli_env, "workspace", "create", "Behind", "--plan", "pro", "--database-url", dedicated_url
    )

    async def behind() -> None:  # as if the tenant's database had missed the newest revision
        engines = engines_for(dedicated_url)
        try:

            def down(connection: object) -> None:
                cfg = migrate.alembic_config()
                cfg.attributes["connection"] = connection
                command.downgrade(cfg, "-1")

            async with engines.system.begin() as conn:
                await conn.run_sync(down)
            assert not await migrate.is_current(engines)
        finally:
            await engines.dispose()

    async def current() -> bool:
        engines = engines_for(dedicated_url)
        try:
            return await migrate.is_current(engines)
        finally:
            await engines.dispose()

    asyncio.run(behind())
    result = travel(cli_env, "db", "upgrade")
    assert result.returncode == 0, result.stderr
    assert "every database is up to date" in result.stdout
    # Not a terminal: one plain progress line per database, passwords masked.
    steps = [line for line in result.stderr.splitlines() if line.startswith("migrating databases:")]
    assert len(steps) >= 2
    assert all("travel:travel@" not in line for line in steps)
    assert asyncio.run(current())
