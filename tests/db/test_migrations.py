"""Migrations run up from an empty database and back down, on the database under test."""

from __future__ import annotations

import asyncio
import importlib.util
import secrets
import uuid
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, inspect, make_url, text
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from tests.support.databases import (
    admin,
    databases_for,
    engines_for,
    scoped_by_workspace,
    system_url_of,
)
from travel.db import migrate
from travel.db.base import TENANT_TABLES
from travel.db.engine import Engines, async_url
from travel.db.models import Base


def _scratch_url(database_url: str, tmp_path: Path) -> tuple[str, str | None]:
    if database_url.startswith("postgres"):
        name = f"travel_mig_{uuid.uuid4().hex[:8]}"
        return database_url.rsplit("/", 1)[0] + f"/{name}", name
    return f"sqlite:///{tmp_path / 'scratch.db'}", None


def _modelled(obj: object, name: str | None, type_: str, reflected: bool, _: object) -> bool:
    """Not the search index of each database, which the models leave out on purpose (the FTS5
    table and its shadow tables, the tsvector column and its indexes, the names' keys, the
    amenities' keys a trigger keeps: decisions 0088, 0099, 0105, 0111)."""
    return not (name or "").startswith(("listings_fts", "search_document")) and name not in (
        "amenity_keys",
        "ix_listings_scoped_search_document",
        "ix_listings_scoped_name_document",
        "ix_listings_workspace_id_name_key",
    )


def _differences_from_models(connection: Connection) -> list[object]:
    context = MigrationContext.configure(
        connection,
        opts={
            "compare_type": True,
            "compare_server_default": False,
            "include_object": _modelled,
        },
    )
    return list(compare_metadata(context, Base.metadata))


async def _downgrade(engines: Engines, target: str) -> None:
    """Down to revision `target`, as the system role (migrate.upgrade goes the other way)."""

    def down(connection: object) -> None:
        cfg = migrate.alembic_config()
        cfg.attributes["connection"] = connection
        command.downgrade(cfg, target)

    async with engines.system.begin() as conn:
        await conn.run_sync(down)


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
                            leads = index["column_names"][0] == "workspace_id"
                            assert leads or scoped_by_workspace(index), index
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

            await _downgrade(engines, "base")
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


def _set_scope(value: str) -> str:
    return f"SELECT set_config('travel.workspace_id', '{value}', false)"


async def _as_application(
    database_url: str, statements: tuple[str, ...], ids: list[uuid.UUID]
) -> tuple[set[uuid.UUID], uuid.UUID | None]:
    """Run `statements` as the application role on a connection of its own (nothing it sets
    outlives it), then, in the same transaction, which of the workspaces `ids` it sees and what
    travel_workspace() answers; raises if a statement is refused."""
    engine = create_async_engine(async_url(database_url), poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            for sql in statements:
                await conn.execute(text(sql))
            found = await conn.execute(
                text("SELECT id FROM workspaces WHERE id = ANY(:ids)"), {"ids": ids}
            )
            return set(found.scalars()), await conn.scalar(text("SELECT travel_workspace()"))
    finally:
        await engine.dispose()


@pytest.mark.postgres_only
def test_the_application_role_cannot_reach_another_workspace_with_any_sql(
    database_url: str,
) -> None:
    """Whatever SQL the application role runs, another workspace stays out of reach: the
    policy admits only a workspace named with a token signed by a secret that role cannot read
    (so neither a workspace's id nor a made-up or borrowed MAC will do), it owns no table or
    function it could change, and it cannot become the system role
    (docs/decisions/0072-database-roles.md)."""
    if not database_url.startswith("postgres"):
        pytest.skip("row-level security is a PostgreSQL feature")
    from travel.auth.models import Workspace
    from travel.db.session import system_transaction

    async def scenario() -> None:
        engines = engines_for(database_url)
        mine, other = uuid.uuid4(), uuid.uuid4()
        ids = [mine, other]
        try:
            await migrate.upgrade(engines)
            async with system_transaction(engines) as session:
                session.add(Workspace(id=mine, name="mine", plan="free"))
                session.add(Workspace(id=other, name="someone else", plan="free"))
            assert engines.scope is not None
            token = await engines.scope.token(mine)
            own_mac = token.split(".")[1]
            # Positive control: the caller's own token reads its own workspace, and only it.
            assert await _as_application(database_url, (_set_scope(token),), ids) == ({mine}, mine)
            # Naming the other workspace without its token: each runs, and admits nothing.
            forged = [
                _set_scope(str(other)),  # its id, as the policy used to accept
                _set_scope(f"{other}.{secrets.token_hex(32)}"),  # a made-up MAC
                _set_scope(f"{other}.{own_mac}"),  # the caller's own MAC on its id
                _set_scope(f"{str(other).upper()}.{own_mac}"),
                _set_scope(f"{mine}.{own_mac}x{other}"),
                _set_scope(f"{other}.{own_mac}.{mine}"),
                _set_scope(f"{token}\n{other}"),
                _set_scope(""),
                _set_scope("g" * 101),
                f"SET travel.workspace_id = '{other}'",
                # The booking function sets the scope it is given (its statement's transaction).
                f"SELECT * FROM travel_book_listing('{other}', '{other}', '{uuid.uuid4()}', "
                "NULL, NULL)",
            ]
            for sql in forged:
                assert await _as_application(database_url, (sql,), ids) == (set(), None), sql
            # The secret itself is out of reach.
            with pytest.raises(Exception, match="permission denied"):
                await _as_application(
                    database_url, ("SELECT secret FROM travel_private.workspace_secret",), ids
                )
            # Nor may it leave a temporary table behind on a pooled connection: named like one
            # of ours, it would come first in the next request's search path and could capture
            # that request's token (a column defaulting to current_setting(...)).
            with pytest.raises(Exception, match="permission denied to create temporary tables"):
                await _as_application(
                    database_url,
                    ("CREATE TEMP TABLE workspaces AS SELECT * FROM public.workspaces",),
                    ids,
                )
            system_role = make_url(system_url_of(database_url) or "").username
            replace = f"RETURNS uuid LANGUAGE sql AS $$ SELECT '{other}'::uuid $$"
            escapes: list[tuple[str, ...]] = [
                # The escape the policy used to have.
                ("SELECT set_config('travel.system', 'on', false)",),
                ("SET row_security = off",),
                ("ALTER TABLE workspaces DISABLE ROW LEVEL SECURITY",),
                ("ALTER TABLE workspaces NO FORCE ROW LEVEL SECURITY",),
                ("DROP POLICY tenant_isolation ON workspaces",),
                ("CREATE POLICY open ON workspaces USING (true)",),
                ("ALTER TABLE workspaces OWNER TO CURRENT_USER",),
                (f"SET ROLE {system_role}",),
                ("CREATE TABLE copied AS SELECT * FROM workspaces",),
                ("CREATE SCHEMA mine",),
                # The function that checks the MAC, and the schema of the secret.
                (f"CREATE OR REPLACE FUNCTION travel_workspace() {replace}",),
                ("ALTER FUNCTION travel_workspace() SECURITY INVOKER",),
                ("ALTER FUNCTION travel_workspace() OWNER TO CURRENT_USER",),
                ("GRANT USAGE ON SCHEMA travel_private TO CURRENT_USER",),
                (
                    f"CREATE FUNCTION pg_temp.travel_workspace() {replace}",
                    "SET search_path = pg_temp, public",
                    _set_scope(str(other)),
                ),
                # The analytics trigger function runs as its owner (revision 0007): it can
                # neither be called, changed, taken over nor hung on a table of the caller's.
                ("SELECT analytics_track_booking()",),
                ("ALTER FUNCTION analytics_track_booking() OWNER TO CURRENT_USER",),
                ("ALTER FUNCTION analytics_track_booking() SET search_path = pg_temp, public",),
                (
                    "CREATE OR REPLACE FUNCTION analytics_track_booking() RETURNS trigger "
                    "LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$",
                ),
                (
                    "CREATE TRIGGER leak AFTER INSERT ON workspaces FOR EACH ROW "
                    "EXECUTE FUNCTION analytics_track_booking()",
                ),
            ]
            seen: list[object] = []
            for statements in escapes:
                try:
                    found, scoped = await _as_application(database_url, statements, ids)
                except Exception:
                    continue  # refused: what the test wants
                seen.extend(found)
                if scoped is not None:
                    seen.append(scoped)
            assert seen == [], "the application role read another workspace"
            # ... and the analytics function is still the system role's, run as it, on a
            # pinned search path (so no table of the caller's can stand in for the totals).
            async with engines.writer.connect() as conn:
                definition = await conn.execute(
                    text(
                        "SELECT p.prosecdef, p.proconfig, r.rolname FROM pg_proc p "
                        "JOIN pg_roles r ON r.oid = p.proowner "
                        "WHERE p.proname = 'analytics_track_booking'"
                    )
                )
                definer, settings, owner = definition.one()
                assert (definer, owner) == (True, system_role)
                assert [s.split("=")[0] for s in settings] == ["search_path"], settings
            # Scoped to its own workspace, a policy-only read can use the workspace's index
            # (the old OR made every such read scan every workspace).
            async with engines.writer.connect() as conn, conn.begin():
                await conn.execute(text("SET LOCAL enable_seqscan = off"))
                await conn.execute(
                    text("SELECT set_config('travel.workspace_id', :w, true)"), {"w": token}
                )
                plan = "\n".join(
                    (await conn.execute(text("EXPLAIN SELECT id FROM listings"))).scalars()
                )
                assert "Seq Scan" not in plan, plan
        finally:
            async with system_transaction(engines) as session:
                await session.execute(
                    text("DELETE FROM workspaces WHERE id = ANY(:ids)"), {"ids": ids}
                )
            await engines.dispose()

    asyncio.run(scenario())


@pytest.mark.postgres_only
def test_a_workspace_token_never_shows_in_what_the_role_can_watch(database_url: str) -> None:
    """Workspace ids are no secret (a role sees its own sessions' statements in
    pg_stat_activity; webhook payloads carry ids); tokens must be: the service sends them as
    parameters, never in a statement's text."""
    if not database_url.startswith("postgres"):
        pytest.skip("row-level security is a PostgreSQL feature")
    from travel.db.session import scope_reads, tenant_reads, tenant_transaction
    from travel.kernel.ids import WorkspaceId

    async def scenario() -> None:
        engines = engines_for(database_url, pool_size=2)
        scope_reads(engines)
        observer = create_async_engine(async_url(database_url), poolclass=NullPool)
        workspace = WorkspaceId(uuid.uuid4())
        try:
            assert engines.scope is not None
            mac = (await engines.scope.token(workspace)).split(".")[1]

            async def read() -> None:
                async with tenant_reads(engines, workspace) as reads:
                    await reads.execute(text("SELECT pg_sleep(0.6)"))

            async def transaction() -> None:
                async with tenant_transaction(engines, workspace, write=False) as session:
                    await session.execute(text("SELECT pg_sleep(0.6)"))

            async def watch() -> list[str]:
                await asyncio.sleep(0.3)
                async with observer.connect() as conn:
                    found = await conn.execute(
                        text("SELECT query FROM pg_stat_activity WHERE usename = current_user")
                    )
                    return list(found.scalars())

            *_, watched = await asyncio.gather(read(), transaction(), watch())
            assert sum("pg_sleep" in query for query in watched) == 2, watched
            assert not any(mac in query for query in watched), watched
        finally:
            await observer.dispose()
            await engines.dispose()

    asyncio.run(scenario())


@pytest.mark.postgres_only
def test_start_up_warns_when_the_application_role_may_create_objects(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Anything the application role may create it could leave on a pooled connection for a
    later request (and its token) to run into: serve and worker say so at start-up."""
    if not database_url.startswith("postgres"):
        pytest.skip("database roles are PostgreSQL's")
    url = make_url(database_url)
    grant = f"TEMPORARY ON DATABASE {url.database}"

    async def scenario() -> None:
        databases = databases_for(database_url)
        try:
            await migrate.upgrade(databases.main)
            await databases.prepare_scope()
            assert "may create" not in caplog.text
            await admin(database_url, f"GRANT {grant} TO {url.username}")
            try:
                await databases.prepare_scope()
            finally:
                await admin(database_url, f"REVOKE {grant} FROM {url.username}")
            assert "TRAVEL_DATABASE_URL's role may create" in caplog.text
        finally:
            await databases.dispose()

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

    initial = _revision("0001_initial_schema")
    booking_function = _revision("0013_workspace_moves")  # the newest to re-create it
    analytics_function = _revision("0007_analytics_trigger_as_owner")  # likewise
    _, analytics_trigger = initial._ANALYTICS_TRIGGERS["postgresql"]
    assert _statements(triggers, "create_booking_triggers", "postgresql") == [
        analytics_function._FUNCTION,
        analytics_trigger,
    ]
    assert _statements(triggers, "create_booking_triggers", "sqlite") == list(
        initial._ANALYTICS_TRIGGERS["sqlite"]
    )
    for dialect in ("postgresql", "sqlite"):
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


_PUNCTUATED_LISTING = [
    "INSERT INTO workspaces (id, name, plan) VALUES (:ws, 'Punctuation', 'free')",
    "INSERT INTO members (workspace_id, id, subject, roles) "
    "VALUES (:ws, :member, 'host', '[\"host\"]')",
    "INSERT INTO providers (workspace_id, id, owner_member_id, name, type) "
    "VALUES (:ws, :provider, :member, 'Casa', 'HOST')",
    "INSERT INTO listings (workspace_id, id, kind, provider_id, name, location, description, "
    "price_minor, currency, amenities, units) VALUES (:ws, :listing, 'PROPERTY', :provider, "
    "'Studio No.5', 'Porto', 'Floor -1', 9000, 'EUR', '[\"free-parking\"]', 1)",
    "INSERT INTO listings (workspace_id, id, kind, provider_id, name, location, price_minor, "
    "currency, amenities, units) VALUES (:ws, :plain, 'PROPERTY', :provider, 'Quiet room', "
    "'Porto', 6000, 'EUR', '[\"wifi\", \"kitchen\"]', 1)",
]
# The listings whose name has every word, found through the names' index alone.
_NAMED = """SELECT id FROM listings WHERE travel_scope(workspace_id, to_tsvector('simple'::regconfig,
  travel_fold(name))) @@ travel_scope_query(:ws, to_tsquery('simple', :words))"""


@pytest.mark.postgres_only
def test_revision_0016_rewrites_the_documents_of_punctuated_listings(database_url: str) -> None:
    """A listing written before 0016 kept "No.5" as one lexeme of its document; the revision
    rewrites it as the words `no` and `5` (in the names' index too), and its downgrade writes it
    back; a listing without punctuation is left as it was (decision 0101)."""
    if not database_url.startswith("postgres"):
        pytest.skip("SQLite's FTS5 tokenizer separated words at punctuation already")
    url, pg_name = _scratch_url(database_url, Path())
    asyncio.run(admin(database_url, f"CREATE DATABASE {pg_name}"))
    ids = {key: uuid.uuid4() for key in ("ws", "member", "provider", "listing", "plain")}

    async def scenario() -> None:
        engines = engines_for(url)

        async def lexemes() -> set[str]:
            async with engines.system.connect() as conn:
                found = await conn.execute(
                    text(
                        "SELECT unnest(tsvector_to_array(search_document)) FROM listings "
                        "WHERE id = :listing"
                    ),
                    ids,
                )
                return {row[0] for row in found}

        async def state() -> tuple[Any, ...]:
            """The plain listing's row version, and which listings the names' index finds by
            "no 5" and by "no.5"."""
            async with engines.system.begin() as conn:
                await conn.execute(text("SET LOCAL enable_seqscan = off"))
                version = await conn.scalar(
                    text("SELECT ctid FROM listings WHERE id = :plain"), ids
                )
                found = []
                for words in ("no & 5", "'no.5'"):
                    rows = await conn.execute(text(_NAMED), {**ids, "words": words})
                    found.append({row[0] for row in rows})
                return version, *found

        try:
            await migrate.upgrade(engines)
            await _downgrade(engines, "0015")
            async with engines.system.begin() as conn:
                for statement in _PUNCTUATED_LISTING:
                    await conn.execute(text(statement), ids)
            before = await lexemes()
            assert {"no.5", "free-parking", "-1"} <= before
            assert "no" not in before
            plain, by_words, by_run = await state()
            assert (by_words, by_run) == (set(), {ids["listing"]})
            await migrate.upgrade(engines)
            words = {"studio", "no", "5", "porto", "free", "parking", "floor", "1"}
            assert await lexemes() == words
            assert await state() == (plain, {ids["listing"]}, set())
            await _downgrade(engines, "0015")
            assert await lexemes() == before
            assert await state() == (plain, set(), {ids["listing"]})
        finally:
            await engines.dispose()

    try:
        asyncio.run(scenario())
    finally:
        asyncio.run(admin(database_url, f"DROP DATABASE IF EXISTS {pg_name}"))
