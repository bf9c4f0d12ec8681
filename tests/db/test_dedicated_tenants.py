"""Dedicated tenants: a workspace whose rows live in a database of its own. Every operator
command must find that database — a key revoked there must stop working."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from sqlalchemy import insert, make_url, select

from tests.factories import count_rows
from tests.support.api import error_codes, post
from tests.support.cli import travel, travel_json
from tests.support.databases import engines_for
from tests.support.dedicated import dedicated_database, forget_workspaces_in
from tests.support.live import LiveServer
from tests.support.webhooks import Receiver, dispatch, publish_events, query
from travel.auth.models import ApiKey, Member, Workspace
from travel.db import migrate
from travel.db.models import Base
from travel.db.session import system_transaction
from travel.events.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint

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
    # Its database's pool is on /metrics, named without credentials.
    pools = httpx.get(server.metrics_url).text
    named = make_url(dedicated_url).set(username=None, password=None).render_as_string()
    assert f'travel_db_pool_connections{{engine="tenant:{named}",state="size"}}' in pools
    assert "travel:travel@" not in pools
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


@pytest.fixture
def quiet_dispatcher(server: LiveServer) -> Iterator[None]:
    """The live server's own webhook dispatcher paused: it would send (and so change) rows
    of the shared database and of the tenant's while the test compares them."""
    background = server.app.state.dispatcher
    server.run(background.stop())
    yield

    async def restart() -> None:
        background.start()

    server.run(restart())


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    hooks = Receiver()
    yield hooks
    hooks.stop()


def every_row(server: LiveServer, database_url: str | None = None) -> dict[str, list[str]]:
    """Every row of every table of one database (the shared one by default), past row-level
    security, in a stable order: to show that nothing in it changed."""
    rows = {}
    for name, table in Base.metadata.tables.items():
        found = query(server, select(table), database_url)
        rows[name] = sorted(repr(tuple(row)) for row in found)
    return rows


def rows_of(server: LiveServer, model: type[Base], url: str, **where: object) -> list[Any]:
    """`model`'s rows in the database at `url` with the given column values."""
    conditions = [getattr(model, column) == value for column, value in where.items()]
    return [row[0] for row in query(server, select(model).where(*conditions), url)]


def test_member_apikey_and_webhook_commands_act_on_the_tenants_own_database(
    server: LiveServer,
    cli_env: dict[str, str],
    dedicated_url: str,
    quiet_dispatcher: None,
    receiver: Receiver,
) -> None:
    """member list/remove, apikey list, webhook list/disable/remove/retry of a dedicated
    tenant: each answers from and changes the tenant's database, the removed member's key stops
    working over HTTP, and not one row of the shared database changes."""
    ws = str(
        travel_json(
            cli_env, "workspace", "create", "Own", "--plan", "pro", "--database-url", dedicated_url
        )["id"]
    )
    # A workspace in the shared database with a member of the same subject, its key, a hook.
    twin = str(travel_json(cli_env, "workspace", "create", "Twin", "--plan", "pro")["id"])
    travel_json(
        cli_env, "member", "add", "--workspace", twin, "--subject", "ops@example", "--role", "admin"
    )
    twin_key = travel_json(
        cli_env, "apikey", "create", "--workspace", twin, "--subject", "ops@example"
    )
    travel_json(cli_env, "webhook", "add", "--workspace", twin, "--url", receiver.endpoint(200))
    shared_before = every_row(server)

    ops = travel_json(
        cli_env, "member", "add", "--workspace", ws, "--subject", "ops@example", "--role", "admin"
    )
    guest = travel_json(
        cli_env,
        "member",
        "add",
        "--workspace",
        ws,
        "--subject",
        "guest@example",
        "--role",
        "traveler",
    )
    ops_key = travel_json(
        cli_env, "apikey", "create", "--workspace", ws, "--subject", "ops@example"
    )
    guest_key = travel_json(
        cli_env, "apikey", "create", "--workspace", ws, "--subject", "guest@example"
    )
    service_key = travel_json(cli_env, "apikey", "create", "--workspace", ws, "--role", "host")
    for key in (ops_key, guest_key, service_key):
        assert post(server, str(key["key"]), PING).status_code == 200

    # member list: the tenant's members, read from its database.
    members = travel_json(cli_env, "member", "list", "--workspace", ws)
    assert {(m["id"], m["subject"], *m["roles"]) for m in members} == {
        (ops["id"], "ops@example", "admin"),
        (guest["id"], "guest@example", "traveler"),
        (
            service_key["memberId"],
            next(m["subject"] for m in members if "host" in m["roles"]),
            "host",
        ),
    }
    assert {m["subject"][:8] for m in members if "host" in m["roles"]} == {"service:"}
    assert len(rows_of(server, Member, dedicated_url, workspace_id=uuid.UUID(ws))) == 3

    # apikey list: its keys with their members, hints, never a secret.
    keys = travel_json(cli_env, "apikey", "list", "--workspace", ws)
    assert {(k["id"], k["memberId"]) for k in keys} == {
        (str(k["id"]), str(k["memberId"])) for k in (ops_key, guest_key, service_key)
    }
    assert {k["subject"] for k in keys} >= {"ops@example", "guest@example"}
    assert all(k["revokedAt"] is None for k in keys)
    listed = travel(cli_env, "apikey", "list", "--workspace", ws, "--json").stdout
    assert all(str(k["key"]) not in listed for k in (ops_key, guest_key, service_key))

    # member remove: the member's key is refused over HTTP; the tenant's other keys and the
    # twin's key of the same subject keep working.
    removed = travel_json(cli_env, "member", "remove", str(ops["id"]), "--workspace", ws)
    assert removed == {"id": ops["id"], "removed": True}
    assert _until_refused(server, str(ops_key["key"])) == 401
    assert error_codes(post(server, str(ops_key["key"]), PING)) == ["UNAUTHENTICATED"]
    assert post(server, str(guest_key["key"]), PING).status_code == 200
    assert post(server, str(service_key["key"]), PING).status_code == 200
    assert post(server, str(twin_key["key"]), PING).status_code == 200
    assert [m["id"] for m in travel_json(cli_env, "member", "list", "--workspace", ws)] == [
        m["id"] for m in members if m["id"] != ops["id"]
    ]
    [gone] = rows_of(server, Member, dedicated_url, id=uuid.UUID(str(ops["id"])))
    assert gone.removed_at is not None
    [revoked] = rows_of(server, ApiKey, dedicated_url, id=uuid.UUID(str(ops_key["id"])))
    assert revoked.revoked_at is not None
    keys = {k["id"]: k for k in travel_json(cli_env, "apikey", "list", "--workspace", ws)}
    assert keys[ops_key["id"]]["revokedAt"] is not None
    assert keys[guest_key["id"]]["revokedAt"] is None
    # Removing it again, or a member of another workspace, is "no member".
    for member_id, workspace_id in ((ops["id"], ws), (guest["id"], twin)):
        again = travel(cli_env, "member", "remove", str(member_id), "--workspace", workspace_id)
        assert again.returncode != 0
        assert "no member" in again.stderr

    # webhook list/disable/remove/retry on three endpoints with a delivery each.
    failing, disabled, removed_url = (receiver.endpoint(500) for _ in range(3))
    hooks = {
        url: str(travel_json(cli_env, "webhook", "add", "--workspace", ws, "--url", url)["id"])
        for url in (failing, disabled, removed_url)
    }
    [event_id] = publish_events(server, server.run(_workspace(server, ws)))
    # A dispatcher on the tenant's database alone (the shared one must not move at all).
    dispatch(dedicated_url, base=600)
    deliveries = {
        d.endpoint_id: d
        for d in rows_of(server, WebhookDelivery, dedicated_url, workspace_id=uuid.UUID(ws))
    }
    assert {d.status for d in deliveries.values()} == {"FAILED"}
    assert len(deliveries) == 3
    listed_hooks = travel_json(cli_env, "webhook", "list", "--workspace", ws)
    assert {(h["id"], h["url"], h["enabled"]) for h in listed_hooks} == {
        (hooks[url], url, True) for url in hooks
    }

    retried = deliveries[uuid.UUID(hooks[failing])]
    receiver.answer(failing, 200)
    queued = travel_json(cli_env, "webhook", "retry", str(retried.id))
    assert (queued["id"], queued["status"]) == (str(retried.id), "PENDING")
    [pending] = rows_of(server, WebhookDelivery, dedicated_url, id=retried.id)
    assert pending.status == "PENDING"

    assert travel_json(cli_env, "webhook", "disable", hooks[disabled], "--workspace", ws) == {
        "id": hooks[disabled],
        "disabled": True,
    }
    assert travel_json(cli_env, "webhook", "remove", hooks[removed_url], "--workspace", ws) == {
        "id": hooks[removed_url],
        "removed": True,
    }
    dispatch(dedicated_url, base=600)
    assert [r.headers["travel-event-id"] for r in receiver.at(failing)] == [str(event_id)] * 2
    assert len(receiver.at(disabled)) == len(receiver.at(removed_url)) == 1  # not sent again

    listed_hooks = {h["id"]: h for h in travel_json(cli_env, "webhook", "list", "--workspace", ws)}
    assert set(listed_hooks) == {hooks[failing], hooks[disabled]}
    assert listed_hooks[hooks[failing]]["enabled"] is True
    assert listed_hooks[hooks[disabled]]["enabled"] is False
    assert listed_hooks[hooks[disabled]]["disabledReason"] == "disabled by an operator"
    statuses = {
        d.endpoint_id: d.status
        for d in rows_of(server, WebhookDelivery, dedicated_url, workspace_id=uuid.UUID(ws))
    }
    assert statuses == {
        uuid.UUID(hooks[failing]): "SUCCEEDED",
        uuid.UUID(hooks[disabled]): "DEAD",  # what was owed to it ended
    }
    removed_delivery = deliveries[uuid.UUID(hooks[removed_url])].id
    assert rows_of(server, WebhookAttempt, dedicated_url, delivery_id=removed_delivery) == []
    assert rows_of(server, WebhookEndpoint, dedicated_url, id=uuid.UUID(hooks[removed_url])) == []
    failing_now = travel_json(cli_env, "webhook", "deliveries", "--workspace", ws)
    assert [d["status"] for d in failing_now["deliveries"]] == ["DEAD"]

    # Nothing of all that is in the shared database, and not one of its rows changed.
    assert every_row(server) == shared_before
    for table in ("members", "api_keys", "webhook_endpoints", "webhook_deliveries"):
        assert count_rows(server, table, ws) == 0


async def _workspace(server: LiveServer, raw_id: str) -> Workspace:
    from travel.auth import service as auth_service

    return await auth_service.resolve_workspace(server.services.databases, raw_id)


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
