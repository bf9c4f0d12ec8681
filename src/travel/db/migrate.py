"""Apply Alembic migrations programmatically (`travel db upgrade`, start-up on SQLite)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Connection

from travel.db.engine import Engines

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def _upgrade(connection: Connection, cfg: Config, app_role: str | None) -> None:
    if app_role is not None:
        # Revisions grant the application role its privileges by this name (0005).
        connection.execute(
            text("SELECT set_config('travel.app_role', :role, true)"), {"role": app_role}
        )
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, "head")


async def upgrade(engines: Engines) -> None:
    """Bring the database to the newest revision, as the system role (on PostgreSQL it owns
    the tables; the application role only reads and writes rows in them:
    docs/decisions/0072-database-roles.md)."""
    cfg = alembic_config()
    async with engines.system.begin() as conn:
        await conn.run_sync(_upgrade, cfg, engines.app_role)


def _current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


async def is_current(engines: Engines) -> bool:
    """True when the database is at the newest revision."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    async with engines.reader.connect() as conn:
        current = await conn.run_sync(_current)
    return current == head
