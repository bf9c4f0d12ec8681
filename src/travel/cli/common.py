"""Helpers shared by the `travel` subcommands."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click
import orjson

from travel.db import migrate
from travel.db.registry import Databases
from travel.settings import get_settings

T = TypeVar("T")

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")


def run_with_databases(action: Callable[[Databases], Awaitable[T]]) -> T:
    """Run `action` against the configured database (the SQLite default is migrated first)."""

    async def runner() -> T:
        databases = Databases.from_settings(get_settings(), pool_size=2)
        try:
            await databases.check_roles()
            if databases.main.dialect == "sqlite":
                await migrate.upgrade(databases.main)
            return await action(databases)
        finally:
            await databases.dispose()

    return asyncio.run(runner())


def emit_rows(rows: list[dict[str, Any]], as_json: bool, columns: tuple[str, ...]) -> None:
    """A list: JSON (an array of objects) with --json, else one tab-separated line per row."""
    if as_json:
        click.echo(orjson.dumps(rows).decode())
        return
    for row in rows:
        values = (row.get(c) for c in columns)
        click.echo(
            "\t".join(
                "" if v is None else ",".join(v) if isinstance(v, list) else str(v) for v in values
            )
        )


def emit(payload: dict[str, Any], as_json: bool, text: str) -> None:
    """Print `payload` as JSON with --json, else the human-readable `text`."""
    if as_json:
        click.echo(orjson.dumps(payload).decode())
    else:
        click.echo(text)


@contextmanager
def progress(total: int, label: str) -> Iterator[Callable[[str], None]]:
    """Long work, reported: a progress bar on a terminal, one plain line per step otherwise
    (logs and CI). Yields `advance(item)`, called once per finished step."""
    if sys.stderr.isatty():
        with click.progressbar(length=total, label=label, file=sys.stderr) as bar:
            yield lambda _item: bar.update(1)
        return
    done = 0

    def advance(item: str) -> None:
        nonlocal done
        done += 1
        click.echo(f"{label}: {done}/{total} {item}", err=True)

    yield advance
