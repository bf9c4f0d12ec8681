"""`travel demo seed`."""

from __future__ import annotations

import click

from travel.cli.common import emit, json_option, run_with_databases
from travel.demo.seed import DemoWorkspace, seed
from travel.media.http import storage_for
from travel.settings import get_settings


@click.group()
def demo() -> None:
    """Demo data."""


@demo.command("seed")
@json_option
def demo_seed(as_json: bool) -> None:
    """Create a demo workspace and print API keys for a traveler, a host and an admin."""
    storage = storage_for(get_settings())
    created: DemoWorkspace = run_with_databases(lambda databases: seed(databases, storage))
    payload = {"workspaceId": str(created.workspace.id), "keys": created.keys}
    lines = [f"Demo workspace {created.workspace.id} (plan pro). API keys (shown once):"]
    lines += [f"  {role:<9} {key}" for role, key in created.keys.items()]
    emit(payload, as_json, "\n".join(lines))


COMMANDS = [demo]
