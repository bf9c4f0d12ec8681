"""Real faults injected into the test database: a trigger that makes one workspace's writes to
one table fail, while the service's own code runs unchanged."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import text

from tests.support.live import LiveServer
from travel.auth.models import Workspace


def run_ddl(server: LiveServer, *statements: str) -> None:
    async def run() -> None:
        # As the system role, which owns the tables (docs/decisions/0072-database-roles.md).
        async with server.services.databases.main.system.begin() as conn:
            for statement in statements:
                await conn.execute(text(statement))

    server.run(run())


@contextmanager
def refusing(
    server: LiveServer, table: str, workspace: Workspace, *, on: str = "INSERT"
) -> Iterator[None]:
    """While active, `on` (INSERT or UPDATE) of `workspace`'s rows of `table` fails in the
    database with an error the service did not expect."""
    assert on in ("INSERT", "UPDATE")
    name = f"refuse_{table}_{uuid.uuid4().hex[:8]}"
    if server.services.databases.main.dialect == "postgresql":
        run_ddl(
            server,
            f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            f"IF NEW.workspace_id = CAST('{workspace.id}' AS uuid) THEN "
            f"RAISE EXCEPTION '{table} refused by test'; END IF; RETURN NEW; END $$",
            f"CREATE TRIGGER {name} BEFORE {on} ON {table} FOR EACH ROW EXECUTE FUNCTION {name}()",
        )
        drop = (f"DROP TRIGGER {name} ON {table}", f"DROP FUNCTION {name}()")
    else:  # SQLite stores a UUID as 32 hex digits
        run_ddl(
            server,
            f"CREATE TRIGGER {name} BEFORE {on} ON {table} "
            f"WHEN NEW.workspace_id = '{workspace.id.hex}' "
            f"BEGIN SELECT RAISE(ABORT, '{table} refused by test'); END",
        )
        drop = (f"DROP TRIGGER {name}",)
    try:
        yield
    finally:
        run_ddl(server, *drop)
