"""`travel webhook deliveries` and `travel webhook retry`: inspect and re-send deliveries."""

from __future__ import annotations

import click
import orjson

from travel.auth import service as auth_service
from travel.cli.common import emit, json_option, run_with_databases
from travel.db.registry import Databases
from travel.events import webhooks
from travel.events.records import STATUSES, DeliveryRecord, iso_utc

FAILING = ("FAILED", "DEAD")


@click.command("deliveries")
@click.option("--workspace", "workspace_id", required=True, help="Workspace id.")
@click.option(
    "--status",
    "statuses",
    multiple=True,
    type=click.Choice(STATUSES),
    help="Only these statuses (repeatable). Default: FAILED and DEAD.",
)
@click.option("--limit", default=100, show_default=True, type=click.IntRange(1, 1000))
@json_option
def deliveries(workspace_id: str, statuses: tuple[str, ...], limit: int, as_json: bool) -> None:
    """List a workspace's webhook deliveries that are failing or dead, newest first."""

    async def action(databases: Databases) -> list[DeliveryRecord]:
        ws = await auth_service.resolve_workspace(databases, workspace_id)
        return await webhooks.list_deliveries(databases, ws, statuses or FAILING, limit)

    found = run_with_databases(action)
    if as_json:
        click.echo(orjson.dumps({"deliveries": [d.as_json() for d in found]}).decode())
        return
    for d in found:
        last = d.last_error or (str(d.last_status_code) if d.last_status_code else "-")
        click.echo(
            f"{d.id}  {d.status:<9}  attempts={d.attempt_count}  last={last}  "
            f"next={iso_utc(d.next_attempt_at) or '-'}  {d.event_type}  {d.url}"
        )
    if not found:
        click.echo("no deliveries")


@click.command("retry")
@click.argument("delivery_id")
@json_option
def retry(delivery_id: str, as_json: bool) -> None:
    """Send a delivery again right away, whatever its status."""

    async def action(databases: Databases) -> DeliveryRecord:
        return await webhooks.retry_delivery(databases, delivery_id)

    queued = run_with_databases(action)
    emit(queued.as_json(), as_json, f"delivery {queued.id} queued for {queued.url}")
