"""Migrations run up from an empty database and back down, on the database under test."""

from __future__ import annotations

import asyncio
import importlib.util
import uuid
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, inspect, make_url, text

from tests.support.databases import admin, engines_for, system_url_of
from travel.db import migrate
from travel.db.base import TENANT_TABLES
from travel.db.models import Base


def _scratch_url(database_url: str, tmp_path: Path) -> tuple[str, str | None]:
    if database_url.startswith("postgres"):
        name = f"travel_mig_{uuid.uuid4().hex[:8]}"
        return database_url.rsplit("/", 1)[0] + f"/{name}", name
    return f"sqlite:///{tmp_path / 'scratch.db'}", None


def _differences_from_models(connection: Connection) -> list[object]:
    context = MigrationContext.configure(
        connection, opts={"compare_type": True, "compare_server_default": False}
    )
    return list(compare_metadata(context, Base.metadata))


def test_upgrade_from_empty_then_downgrade(database_url: str, tmp_path: Path) -> None:
    url, pg_name = _scratch_url(database_url, tmp_path)
    if pg_name:
        asyncio.run(admin(database_url, f"CREATE DATABASE {pg_name}"))

    async def scenario() -> None:
        engines = engines_for(url)
        try:
            assert not await migrate.is_current(engines)
            await migrate.upgrade(engines)
            assert await migrate.is_current(engines)
            async with engines.reader.connect() as conn:
                tables = set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
                assert set(Base.metadata.tables) <= tables
                for table in TENANT_TABLES:
                    pk = await conn.run_sync(lambda c, t=table: inspect(c).get_pk_constraint(t))
                    assert pk["constrained_columns"][0] == "workspace_id", table
                    indexes = await conn.run_sync(lambda c, t=table: inspect(c).get_indexes(t))
                    for index in indexes:
                        if index["name"] != "ix_webhook_deliveries_status_next_attempt_at":
                            assert index["column_names"][0] == "workspace_id", index
                if engines.dialect == "postgresql":
                    forced = await conn.execute(
                        text(
                            "SELECT relname FROM pg_class WHERE relforcerowsecurity AND relrowsecurity"
                        )
                    )
                    assert set(TENANT_TABLES) | {"workspaces"} <= {r[0] for r in forced}
                # The schema the migrations built is the models' schema: tables, columns,
                # types, nullability, indexes, keys (alembic's own comparison).
                differences = await conn.run_sync(_differences_from_models)
                assert differences == [], differences

            def down(connection: object) -> None:
                cfg = migrate.alembic_config()
                cfg.attributes["connection"] = connection
                command.downgrade(cfg, "base")

            async with engines.system.begin() as conn:
                await conn.run_sync(down)
            async with engines.reader.connect() as conn:
                left = set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
                assert left <= {"alembic_version"}
        finally:
            await engines.dispose()

    try:
        asyncio.run(scenario())
    finally:
        if pg_name:
            asyncio.run(admin(database_url, f"DROP DATABASE IF EXISTS {pg_name}"))


@pytest.mark.postgres_only
def test_row_level_security_hides_other_tenants(database_url: str) -> None:
    """Even a query that forgets the workspace filter sees only the current workspace."""
    if not database_url.startswith("postgres"):
        pytest.skip("row-level security is a PostgreSQL feature")
    from travel.auth.models import Workspace
    from travel.db.session import scope_reads, tenant_reads, tenant_transaction
    from travel.kernel.ids import WorkspaceId

    async def scenario() -> None:
        engines = engines_for(database_url)
        scope_reads(engines)
        a, b = WorkspaceId(uuid.uuid4()), WorkspaceId(uuid.uuid4())
        try:
            await migrate.upgrade(engines)  # no-op when another test migrated already
            for ws in (a, b):
                async with tenant_transaction(engines, ws, write=True) as session:
                    session.add(Workspace(id=ws, name="rls", plan="free"))
            async with tenant_transaction(engines, a, write=False) as session:
                seen = {r[0] for r in await session.execute(text("SELECT id FROM workspaces"))}
                assert seen == {a}
            # A read that sets the workspace in its own statement (no transaction around it)
            # is bound the same way, whichever plan PostgreSQL picks for it.
            for ws in (a, b):
                async with tenant_reads(engines, ws) as session:
                    for sql in (
                        "SELECT id FROM workspaces",
                        "SELECT id FROM workspaces ORDER BY id DESC LIMIT 5",
                        "WITH w AS (SELECT id FROM workspaces) SELECT id FROM w",
                        "SELECT w.id FROM workspaces w JOIN workspaces v ON v.id = w.id",
                    ):
                        seen = {r[0] for r in await session.execute(text(sql))}
                        assert seen == {ws}, sql
                    with pytest.raises(RuntimeError, match="SELECT statements only"):
                        await session.execute(text("DELETE FROM workspaces"))
            async with tenant_transaction(engines, a, write=True) as session:
                with pytest.raises(Exception, match="row-level security"):
                    await session.execute(
                        text(
                            "INSERT INTO members (workspace_id, id, subject, roles) VALUES (:w, :i, 's', '[]')"
                        ),
                        {"w": b, "i": uuid.uuid4()},
                    )
            async with engines.reader.connect() as conn:
                role = (
                    await conn.execute(
                        text(
                            "SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user"
                        )
                    )
                ).scalar()
                assert role is False, "the service must connect as a role that cannot bypass RLS"
                unscoped = (await conn.execute(text("SELECT count(*) FROM workspaces"))).scalar()
                assert unscoped == 0
        finally:
            await engines.dispose()

    asyncio.run(scenario())


@pytest.mark.postgres_only
def test_the_application_role_cannot_reach_another_workspace_with_any_sql(
    database_url: str,
) -> None:
    """Whatever SQL the application role runs, another workspace stays out of reach: the
    policy has no escape it could set, it owns no table whose security it could switch off,
    and it cannot become the system role (docs/decisions/0072-database-roles.md)."""
    if not database_url.startswith("postgres"):
        pytest.skip("row-level security is a PostgreSQL feature")
    from travel.auth.models import Workspace
    from travel.db.session import system_transaction

    async def scenario() -> None:
        engines = engines_for(database_url)
        other = uuid.uuid4()
        try:
            await migrate.upgrade(engines)
            async with system_transaction(engines) as session:
                session.add(Workspace(id=other, name="someone else", plan="free"))
            attempts = [
                # The escape the policy used to have.
                "SELECT set_config('travel.system', 'on', false)",
                "SET row_security = off",
                "ALTER TABLE workspaces DISABLE ROW LEVEL SECURITY",
                "ALTER TABLE workspaces NO FORCE ROW LEVEL SECURITY",
                "DROP POLICY tenant_isolation ON workspaces",
                "CREATE POLICY open ON workspaces USING (true)",
                "ALTER TABLE workspaces OWNER TO CURRENT_USER",
                f"SET ROLE {make_url(system_url_of(database_url) or '').username}",
                "CREATE TABLE copied AS SELECT * FROM workspaces",
            ]
            seen: list[object] = []
            for sql in attempts:
                async with engines.writer.connect() as conn:
                    try:
                        async with conn.begin():
                            await conn.execute(text(sql))
                            found = await conn.execute(
                                text("SELECT id FROM workspaces WHERE id = :id"), {"id": other}
                            )
                            seen.extend(found.scalars())
                    except Exception:
                        pass  # refused: what the test wants
            assert seen == [], "the application role read another workspace"
            # Scoped to its own workspace, a policy-only read can use the workspace's index
            # (the old OR made every such read scan every workspace).
            async with engines.writer.connect() as conn, conn.begin():
                await conn.execute(text("SET LOCAL enable_seqscan = off"))
                await conn.execute(
                    text("SELECT set_config('travel.workspace_id', :w, true)"), {"w": str(other)}
                )
                plan = "\n".join(
                    (await conn.execute(text("EXPLAIN SELECT id FROM listings"))).scalars()
                )
                assert "Seq Scan" not in plan, plan
        finally:
            async with system_transaction(engines) as session:
                await session.execute(text("DELETE FROM workspaces WHERE id = :id"), {"id": other})
            await engines.dispose()

    asyncio.run(scenario())


def _statements(module: object, function: str, dialect: str) -> list[str]:
    """What one of the live SQL renderers would execute on `dialect`."""
    ran: list[str] = []

    class Recorder:
        def get_bind(self) -> object:
            return SimpleNamespace(dialect=SimpleNamespace(name=dialect))

        def execute(self, sql: str) -> None:
            ran.append(sql)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, "op", Recorder())
        getattr(module, function)()
    return ran


def _revision(name: str) -> ModuleType:
    path = Path(migrate.__file__).parent / "migrations" / "versions" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"revision_{name}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_revisions_carry_the_sql_the_code_renders_today() -> None:
    """Each revision carries its own SQL text (editing live code never changes what an old
    revision creates). The live renderers — the booking function, the analytics triggers —
    must still render the newest revision's text: a change to them fails here until a new
    revision ships it."""
    from travel.analytics import triggers
    from travel.bookings.write import function as booking_sql

    initial, booking_function = _revision("0001_initial_schema"), _revision("0002_booking_function")
    for dialect in ("postgresql", "sqlite"):
        assert _statements(triggers, "create_booking_triggers", dialect) == list(
            initial._ANALYTICS_TRIGGERS[dialect]
        )
        assert _statements(triggers, "drop_booking_triggers", dialect) == list(
            initial._DROP_ANALYTICS_TRIGGERS[dialect]
        )
    assert _statements(booking_sql, "create_function", "postgresql") == [booking_function._FUNCTION]
    assert _statements(booking_sql, "drop_function", "postgresql") == [
        booking_function._DROP_FUNCTION
    ]
    for revision in Path(migrate.__file__).parent.joinpath("migrations", "versions").glob("*.py"):
        imports = [line for line in revision.read_text().splitlines() if "import" in line]
        assert not any("travel" in line for line in imports), (revision.name, imports)
