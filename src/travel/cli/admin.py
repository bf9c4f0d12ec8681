"""Operator commands: workspaces, members, API keys, webhooks, migrations, demo data."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import asyncpg  # type: ignore[import-untyped]
import click
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from travel.auth import service as auth_service
from travel.auth.permissions import ALL_PERMISSIONS, ALL_ROLES
from travel.cli import deliveries
from travel.cli.common import emit, emit_rows, json_option, progress, run_with_databases
from travel.db import backfill, migrate, place_order
from travel.db.engine import Engines
from travel.db.moves import Mover, MoveRefused
from travel.db.registry import Databases, masked
from travel.db.session import tenant_transaction
from travel.events import webhooks
from travel.kernel.ids import WorkspaceId
from travel.search import vocabulary
from travel.search.engine import rebuild_fts
from travel.settings import get_settings


@click.group()
def db() -> None:
    """Database schema."""


@db.command("upgrade")
@click.option(
    "--no-backfill",
    is_flag=True,
    help="Migrate only; fill the rows later with `travel db backfill`.",
)
def db_upgrade(no_backfill: bool) -> None:
    """Apply every pending migration: the shared database first, then each dedicated tenant
    database (a bar on a terminal, a line per database otherwise); then fill what the new
    revisions derive for the rows already written (`travel db backfill`), in short batches
    while the release before keeps serving (docs/deploy.md, "Data backfills")."""

    async def action(databases: Databases) -> tuple[list[str], Backfilled | None]:
        await migrate.upgrade(databases.main)  # the shared database's failure stops here
        everyone = await databases.every_database()  # the shared one first
        migrated, failed = await _in_each(everyone, "migrating databases", migrate.upgrade, 1)
        return failed, None if no_backfill else await _backfill(migrated)

    failed, backfilled = run_with_databases(action)
    if backfilled is not None and backfilled.filled:
        click.echo(backfilled.said)
    if failed:
        raise click.ClickException(
            f"{len(failed)} dedicated database(s) not migrated: {', '.join(failed)}"
        )
    if backfilled is not None:
        _refuse_unfilled(backfilled)
    click.echo("every database is up to date")


@db.command("backfill")
@click.option(
    "--batch",
    type=click.IntRange(1, 100_000),
    default=backfill.BATCH,
    show_default=True,
    help="Rows a transaction.",
)
@json_option
def db_backfill(batch: int, as_json: bool) -> None:
    """Fill what the database derives for rows written before the revision that added it (the
    listings' amenity keys, revision 0022), in short batches while the service runs, in every
    database. `travel db upgrade` does it too; this is for one stopped halfway or run with
    --no-backfill (docs/deploy.md, "Data backfills")."""

    async def action(databases: Databases) -> Backfilled:
        return await _backfill(await databases.every_database(), batch)

    backfilled = run_with_databases(action)
    _refuse_unfilled(backfilled)
    emit({"amenityKeys": backfilled.filled}, as_json, backfilled.said)


async def _in_each(
    everyone: list[Engines], label: str, work: Callable[[Engines], Awaitable[object]], done: int = 0
) -> tuple[list[Engines], list[str]]:
    """`work` in each database of `everyone` but the first `done` (done already: only counted),
    a bar on a terminal or a line each; the databases it was done in, and those where it
    failed, named with why (the others are still worked on)."""
    succeeded, failed = everyone[:done], []
    with progress(len(everyone), label) as advance:
        for engines in everyone[:done]:
            advance(masked(engines))
        for engines in everyone[done:]:
            try:
                await work(engines)
                succeeded.append(engines)
            except (OSError, SQLAlchemyError, place_order.Refused) as exc:
                failed.append(f"{masked(engines)} ({_why(exc)})")
            advance(masked(engines))
    return succeeded, failed


def _why(exc: Exception) -> str:
    """What an operator is told of a database's failure: the command's own reason, the
    driver's message (no statement), or the kind of error."""
    if isinstance(exc, place_order.Refused):
        return str(exc)
    if isinstance(exc, DBAPIError) and exc.orig is not None:
        return f"{type(exc).__name__}: {exc.orig}"
    return type(exc).__name__


@dataclass(frozen=True, slots=True)
class Backfilled:
    filled: int  # rows
    failed: list[str]  # the databases where it stopped, with why

    @property
    def said(self) -> str:
        return f"{self.filled} listings' amenity keys filled"


async def _backfill(everyone: list[Engines], batch: int = backfill.BATCH) -> Backfilled:
    """`travel.db.backfill` in each of `everyone`; one that fails is reported and the others
    are filled (it can be run again: it updates only the rows still missing)."""
    filled = 0

    async def fill(engines: Engines) -> None:
        nonlocal filled
        filled += await backfill.amenity_keys(engines, batch)

    _, failed = await _in_each(everyone, "backfilling databases", fill)
    return Backfilled(filled, failed)


def _refuse_unfilled(backfilled: Backfilled) -> None:
    if backfilled.failed:
        raise click.ClickException(
            f"{len(backfilled.failed)} database(s) not backfilled (run `travel db backfill` "
            f"again): {', '.join(backfilled.failed)}"
        )


@db.command("reindex-search")
@click.option("--workspace", "workspace_id", required=True, help="Workspace id.")
@json_option
def db_reindex_search(workspace_id: str, as_json: bool) -> None:
    """Make a workspace's search vocabulary again from its listings (after loading listings
    without the API; docs/decisions/0088-discovery.md). On SQLite the full-text index of
    every workspace is rebuilt too (e.g. after a VACUUM renumbered rows)."""

    async def action(databases: Databases) -> int:
        ws = await auth_service.resolve_workspace(databases, workspace_id)
        engines = databases.for_tenant(ws.database_url)
        async with tenant_transaction(engines, WorkspaceId(ws.id), write=True) as session:
            if engines.dialect == "sqlite":
                await rebuild_fts(session)
            return await vocabulary.rebuild(session, WorkspaceId(ws.id))

    terms = run_with_databases(action)
    emit({"workspace": workspace_id, "terms": terms}, as_json, f"{terms} search terms written")


@db.command("order-listings")
@json_option
def db_order_listings(as_json: bool) -> None:
    """SQLite: rewrite the listings of every database in place order (each workspace's by
    grid cell, latitude and longitude) and rebuild the full-text index, so a search near a
    city reads neighbouring pages. It holds the write lock throughout (2 min 15 s at 1.2
    million listings): writes wait up to the busy timeout, then fail, so run it with the
    service stopped or at a quiet hour, after bulk loads and weekly. Needs free disk of about
    the table, its indexes and the full-text index. PostgreSQL keeps the same order with
    pg_repack (docs/deploy.md, "Keeping listings in place order")."""

    async def action(databases: Databases) -> tuple[int, list[str]]:
        everyone = await databases.every_database()
        if any(engines.dialect != "sqlite" for engines in everyone):
            raise click.ClickException(
                "PostgreSQL keeps listings in place order with pg_repack: see docs/deploy.md, "
                '"Keeping listings in place order"'
            )
        written = 0

        async def order(engines: Engines) -> None:
            nonlocal written
            written += await place_order.order_listings(engines)

        _, failed = await _in_each(everyone, "ordering listings", order)
        return written, failed

    written, failed = run_with_databases(action)
    if failed:
        raise click.ClickException(
            f"{len(failed)} database(s) left as they were: {', '.join(failed)}"
        )
    emit({"listings": written}, as_json, f"{written} listings written in place order")


@click.group()
def workspace() -> None:
    """Workspaces (tenants)."""


@workspace.command("create")
@click.argument("name")
@click.option("--plan", type=click.Choice(auth_service.PLANS), default="free", show_default=True)
@click.option("--database-url", help="Dedicated tenant: keep this workspace in its own database.")
@json_option
def workspace_create(name: str, plan: str, database_url: str | None, as_json: bool) -> None:
    """Create a workspace."""

    async def action(databases: Databases) -> str:
        created = await auth_service.create_workspace(
            databases, name, plan, database_url=database_url
        )
        return str(created.id)

    workspace_id = run_with_databases(action)
    emit({"id": workspace_id}, as_json, f"workspace {workspace_id} ({plan})")


@workspace.command("move")
@click.argument("workspace_id")
@click.option("--to", "to_url", help="The target database's URL, as the service connects to it.")
@click.option(
    "--from-admin",
    envvar="TRAVEL_MOVE_FROM_ADMIN_URL",
    required=True,
    help="A superuser URL of the workspace's database now (it publishes the rows).",
)
@click.option(
    "--to-admin",
    envvar="TRAVEL_MOVE_TO_ADMIN_URL",
    required=True,
    help="A superuser URL of the target database (it subscribes to them).",
)
@click.option(
    "--freeze-seconds",
    type=click.FloatRange(3, 120),
    default=10.0,
    show_default=True,
    help="The longest the workspace's writes stay refused before the switch; past it they "
    "resume and the move can be run again.",
)
@click.option(
    "--source-conninfo",
    envvar="TRAVEL_MOVE_SOURCE_CONNINFO",
    help="How the target's subscription reaches the source (a libpq connection string; "
    "default: --from-admin). E.g. a role with REPLICATION whose password is in a passfile on "
    "the target's host, so that the target never stores the source's superuser password.",
)
@click.option("--abort", is_flag=True, help="Undo a move that has not switched yet.")
def workspace_move(
    workspace_id: str,
    to_url: str | None,
    from_admin: str,
    to_admin: str,
    freeze_seconds: float,
    source_conninfo: str | None,
    abort: bool,
) -> None:
    """Move a workspace to another PostgreSQL database while it keeps serving: its rows are
    copied and kept up to date, its writes refused for a few seconds while the copy is checked
    and the directory flipped, and the old rows removed (docs/deploy.md, "Moving a workspace").
    Run it again to resume a move that stopped; --abort to undo one."""
    if not abort and not to_url:
        raise click.UsageError("--to is required (or --abort)")

    async def action(databases: Databases) -> None:
        ws = await auth_service.resolve_workspace(databases, workspace_id)
        mover = Mover(
            databases,
            ws,
            say=click.echo,
            auth_cache_seconds=get_settings().auth_cache_seconds,
            freeze_seconds=freeze_seconds,
            source_conninfo=source_conninfo,
        )
        try:
            if abort:
                await mover.abort(from_admin, to_admin)
            else:
                assert to_url is not None
                await mover.move(to_url, from_admin, to_admin)
        except asyncpg.PostgresError as exc:
            raise MoveRefused(
                f"PostgreSQL refused a step ({exc.sqlstate}: {exc}): run the command again to "
                "resume, or --abort"
            ) from None

    run_with_databases(action)


@workspace.command("list")
@json_option
def workspace_list(as_json: bool) -> None:
    """Every workspace: id, name, plan, and whether it has a dedicated database."""

    async def action(databases: Databases) -> list[dict[str, object]]:
        return [
            {
                "id": str(w.id),
                "name": w.name,
                "plan": w.plan,
                "dedicated": w.database_url is not None,
                "demo": w.demo,
                "createdAt": w.created_at.isoformat(),
            }
            for w in await auth_service.list_workspaces(databases)
        ]

    rows = run_with_databases(action)
    emit_rows(rows, as_json, ("id", "plan", "dedicated", "name"))


@click.group()
def member() -> None:
    """Members of a workspace."""


@member.command("add")
@click.option("--workspace", "workspace_id", required=True, help="Workspace id.")
@click.option("--subject", required=True, help="The member's OIDC subject (`sub`).")
@click.option("--role", "roles", multiple=True, type=click.Choice(ALL_ROLES), required=True)
@click.option("--name", "display_name", help="The name hosts see on the member's bookings.")
@click.option("--email", help="The member's contact email (seen only by the member).")
@json_option
def member_add(
    workspace_id: str,
    subject: str,
    roles: tuple[str, ...],
    display_name: str | None,
    email: str | None,
    as_json: bool,
) -> None:
    """Add a member with one or more roles (and a display name and email)."""

    async def action(databases: Databases) -> dict[str, object]:
        ws = await auth_service.resolve_workspace(databases, workspace_id)
        given = {"display_name": display_name, "email": email}
        added = await auth_service.add_member(databases, ws, subject, list(roles), given)
        return {
            "id": str(added.id),
            "subject": added.subject,
            "roles": added.roles,
            "displayName": added.display_name,
            "email": added.email,
        }

    payload = run_with_databases(action)
    emit(payload, as_json, f"member {payload['id']} ({', '.join(roles)})")


@member.command("list")
@click.option("--workspace", "workspace_id", required=True, help="Workspace id.")
@json_option
def member_list(workspace_id: str, as_json: bool) -> None:
    """The workspace's members (removed ones are not listed)."""

    async def action(databases: Databases) -> list[dict[str, object]]:
        ws = await auth_service.resolve_workspace(databases, workspace_id)
        return [
            {"id": str(m.id), "subject": m.subject, "roles": m.roles}
            for m in await auth_service.list_members(databases, ws)
        ]

    rows = run_with_databases(action)
    emit_rows(rows, as_json, ("id", "subject", "roles"))


@member.command("remove")
@click.argument("member_id")
@click.option("--workspace", "workspace_id", required=True, help="Workspace id.")
@json_option
def member_remove(member_id: str, workspace_id: str, as_json: bool) -> None:
    """Remove a member: its keys are revoked, its tokens refused; its history stays."""

    async def action(databases: Databases) -> str:
        ws = await auth_service.resolve_workspace(databases, workspace_id)
        return str(await auth_service.remove_member(databases, ws, member_id))

    removed = run_with_databases(action)
    emit({"id": removed, "removed": True}, as_json, f"member {removed} removed")


@click.group()
def apikey() -> None:
    """Workspace API keys."""


@apikey.command("create")
@click.option("--workspace", "workspace_id", required=True, help="Workspace id.")
@click.option(
    "--role",
    "roles",
    multiple=True,
    type=click.Choice(ALL_ROLES),
    help="Roles of a new service-account member.",
)
@click.option("--subject", help="An existing member to issue the key for.")
@click.option(
    "--permission",
    "permissions",
    multiple=True,
    type=click.Choice(ALL_PERMISSIONS),
    help="Narrow the key to these permissions.",
)
@click.option(
    "--expires-at", type=click.DateTime(["%Y-%m-%dT%H:%M:%S", "%Y-%m-%d"]), help="Expiry (UTC)."
)
@json_option
def apikey_create(
    workspace_id: str,
    roles: tuple[str, ...],
    subject: str | None,
    permissions: tuple[str, ...],
    expires_at: datetime | None,
    as_json: bool,
) -> None:
    """Issue an API key; the key is printed once and never stored."""

    async def action(databases: Databases) -> auth_service.IssuedKey:
        ws = await auth_service.resolve_workspace(databases, workspace_id)
        return await auth_service.create_api_key(
            databases,
            ws,
            roles=list(roles),
            subject=subject,
            permissions=list(permissions),
            expires_at=expires_at.replace(tzinfo=UTC) if expires_at else None,
        )

    issued = run_with_databases(action)
    payload = {
        "id": str(issued.key.id),
        "key": issued.secret,
        "memberId": str(issued.key.member_id),
    }
    emit(payload, as_json, f"key {payload['id']}: {issued.secret}\n(shown once: store it now)")


@apikey.command("revoke")
@click.argument("key_id")
@json_option
def apikey_revoke(key_id: str, as_json: bool) -> None:
    """Revoke a key (takes effect within seconds)."""

    async def action(databases: Databases) -> str:
        key = await auth_service.revoke_api_key(databases, key_id)
        return str(key.id)

    revoked = run_with_databases(action)
    emit({"id": revoked, "revoked": True}, as_json, f"key {revoked} revoked")


@apikey.command("list")
@click.option("--workspace", "workspace_id", required=True, help="Workspace id.")
@json_option
def apikey_list(workspace_id: str, as_json: bool) -> None:
    """The workspace's keys: id, member, hint, permissions, expiry, revocation (never a
    secret: only hashes are stored)."""

    async def action(databases: Databases) -> list[dict[str, object]]:
        ws = await auth_service.resolve_workspace(databases, workspace_id)
        return [
            {
                "id": str(key.id),
                "memberId": str(key.member_id),
                "subject": subject,
                "hint": key.hint,
                "permissions": key.permissions,
                "createdAt": key.created_at.isoformat(),
                "expiresAt": key.expires_at.isoformat() if key.expires_at else None,
                "revokedAt": key.revoked_at.isoformat() if key.revoked_at else None,
            }
            for key, subject in await auth_service.list_api_keys(databases, ws)
        ]

    rows = run_with_databases(action)
    emit_rows(rows, as_json, ("id", "subject", "hint", "revokedAt"))


@click.group()
def webhook() -> None:
    """Webhook endpoints."""


@webhook.command("add")
@click.option("--workspace", "workspace_id", required=True, help="Workspace id.")
@click.option("--url", required=True, help="Where events are POSTed.")
@json_option
def webhook_add(workspace_id: str, url: str, as_json: bool) -> None:
    """Subscribe a URL to the workspace's events; prints the signing secret."""

    async def action(databases: Databases) -> tuple[str, str]:
        ws = await auth_service.resolve_workspace(databases, workspace_id)
        allow_private = get_settings().webhook_allow_private
        endpoint = await webhooks.add_endpoint(databases, ws, url, allow_private=allow_private)
        return str(endpoint.id), endpoint.secret

    endpoint_id, secret = run_with_databases(action)
    emit({"id": endpoint_id, "secret": secret}, as_json, f"webhook {endpoint_id}: secret {secret}")


@webhook.command("list")
@click.option("--workspace", "workspace_id", required=True, help="Workspace id.")
@json_option
def webhook_list(workspace_id: str, as_json: bool) -> None:
    """The workspace's endpoints (their secrets are shown only when added)."""

    async def action(databases: Databases) -> list[dict[str, object]]:
        ws = await auth_service.resolve_workspace(databases, workspace_id)
        return [
            {
                "id": str(e.id),
                "url": e.url,
                "enabled": e.enabled,
                "disabledReason": e.disabled_reason,
                "createdAt": e.created_at.isoformat(),
            }
            for e in await webhooks.list_endpoints(databases, ws)
        ]

    rows = run_with_databases(action)
    emit_rows(rows, as_json, ("id", "enabled", "url"))


def _endpoint_command(name: str, remove: bool, summary: str) -> click.Command:
    @webhook.command(name, help=summary)
    @click.argument("endpoint_id")
    @click.option("--workspace", "workspace_id", required=True, help="Workspace id.")
    @json_option
    def command(endpoint_id: str, workspace_id: str, as_json: bool) -> None:
        async def action(databases: Databases) -> None:
            ws = await auth_service.resolve_workspace(databases, workspace_id)
            change = webhooks.remove_endpoint if remove else webhooks.disable_endpoint
            await change(databases, ws, endpoint_id)

        run_with_databases(action)
        done = "removed" if remove else "disabled"
        emit({"id": endpoint_id, done: True}, as_json, f"webhook endpoint {endpoint_id} {done}")

    return command


_endpoint_command("disable", False, "Stop sending to an endpoint; deliveries still owed to it end.")
_endpoint_command("remove", True, "Delete an endpoint with its deliveries and their attempts.")

webhook.add_command(deliveries.deliveries)
webhook.add_command(deliveries.retry)


COMMANDS = [db, workspace, member, apikey, webhook]
