"""The test database's two roles (PostgreSQL): the application's, bound by row-level security,
and the system role of migrations, operator commands and the dispatcher
(docs/decisions/0072-database-roles.md). On SQLite both are the same file."""

from __future__ import annotations

import os
from typing import Any

from sqlalchemy import make_url, text
from sqlalchemy.ext.asyncio import create_async_engine

from tests.support.pgbouncer import RUNNING
from travel.db.engine import Engines, async_url, create_engines
from travel.db.registry import Databases


def system_url_of(url: str) -> str | None:
    """The system role's URL for a test database (PostgreSQL): TRAVEL_TEST_SYSTEM_DATABASE_URL's
    role on the same database, else `travel_system`, the role scripts/postgres.sh creates."""
    if not url.startswith("postgres"):
        return None
    explicit = os.environ.get("TRAVEL_TEST_SYSTEM_DATABASE_URL")
    role = make_url(explicit) if explicit else None
    return (
        make_url(url)
        .set(
            username=role.username if role else "travel_system",
            password=role.password if role else "travel_system",
        )
        .render_as_string(hide_password=False)
    )


def scoped_by_workspace(index: dict[str, Any]) -> bool:
    """A PostgreSQL text index whose every key is a word prefixed with its row's workspace, as
    the inspector reports it (revision 0014, docs/decisions/0099-scoped-text-indexes.md; the
    search document's keys with the listing's place cells since 0020, decision 0107)."""
    expressions = index.get("expressions") or [None]
    return str(expressions[0]).startswith(
        ("travel_scope(workspace_id, ", "travel_search_keys(workspace_id, ")
    )


def engines_for(url: str, *, pool_size: int = 1) -> Engines:
    return create_engines(url, pool_size=pool_size, system_url=system_url_of(url))


def databases_for(url: str, *, pool_size: int = 2) -> Databases:
    """The databases as the service sees them: through the session's PgBouncer when one runs
    (tests/support/pgbouncer.py), so that the tests' own dispatchers go through it too."""
    system_url = system_url_of(url)
    if RUNNING and system_url is not None:
        bouncer = RUNNING[0]
        return Databases(
            bouncer.url(url),
            pool_size=pool_size,
            system_url=bouncer.url(system_url),
            transaction_pooler=True,
        )
    return Databases(url, pool_size=pool_size, system_url=system_url)


async def admin(url: str, statement: str) -> None:
    """Run one statement outside a transaction as the system role (CREATE/DROP DATABASE)."""
    engine = create_async_engine(async_url(system_url_of(url) or url), isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            await conn.execute(text(statement))
    finally:
        await engine.dispose()
