"""A second, empty database of the same kind as the shared one, for dedicated tenants (made
and dropped by the system role: docs/decisions/0072-database-roles.md)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import delete
from sqlalchemy.engine import make_url

from tests.support.databases import admin
from tests.support.live import LiveServer
from travel.auth.models import Workspace
from travel.db.session import system_transaction


def forget_workspaces_in(server: LiveServer, url: str) -> None:
    """Remove the shared database's entries of the workspaces kept in `url` (test clean-up:
    the service has no command that deletes a workspace)."""

    async def run() -> None:
        async with system_transaction(server.services.databases.main) as session:
            await session.execute(delete(Workspace).where(Workspace.database_url == url))

    server.run(run())


@contextmanager
def dedicated_database(server: LiveServer, database_url: str, directory: Path) -> Iterator[str]:
    """The URL of a new empty database beside the shared one (a file in `directory` for
    SQLite); afterwards it is dropped, with the shared database's entry of every workspace in
    it."""
    if not database_url.startswith("postgres"):
        url = f"sqlite:///{directory / f'dedicated-{uuid.uuid4().hex[:8]}.db'}"
        try:
            yield url
        finally:
            forget_workspaces_in(server, url)
        return
    name = f"travel_dedicated_{uuid.uuid4().hex[:10]}"
    asyncio.run(admin(database_url, f"CREATE DATABASE {name}"))
    url = make_url(database_url).set(database=name).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        forget_workspaces_in(server, url)
        asyncio.run(admin(database_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
