"""Moving a workspace to another PostgreSQL database while it keeps serving
(`travel workspace move`; docs/decisions/0098-workspace-moves.md, docs/scaling.md).

PostgreSQL's own logical replication does the copying: a publication on the source filtered to
the workspace's rows (every tenant table's primary key leads with `workspace_id`, so the filter
holds for updates and deletes too), a slot, and a subscription on the target that copies the
rows and then applies every change made meanwhile. The switch:

1. **Freeze** the source's write gate for the workspace (revision 0013): every write
   transaction of the service passes the gate in its first statement, so one that starts after
   the freeze is refused (503 SERVICE_UNAVAILABLE with Retry-After); the mover then waits until
   no transaction older than the freeze is left on the source (`pg_stat_activity.xact_start`).
   The gate expires by itself after `freeze_seconds`: a mover that dies does not keep the
   workspace frozen.
2. **Catch up**: the slot has confirmed the source's WAL position taken after that wait.
3. **Verify**: per table, the count and an ordered checksum of the rows on both sides.
4. **Close** the source's gate for good (only while the freeze still holds), then **flip** the
   directory (`workspaces.database_url` in the shared database) and record the step in the same
   transaction.
5. Drop the subscription, slot and publication; **open** the target's gate (closed since the
   copy began) once every process has read the directory again (`TRAVEL_AUTH_CACHE_SECONDS`):
   until then no process writes anywhere, so no reader sees the workspace on both sides.
6. **Clean up**: delete the workspace's rows from the source in batches (the shared database
   keeps its `workspaces` row: it is the directory).

Each step is recorded in `travel_private.workspace_moves` of the shared database, so a move
that stopped is resumed by running the command again, and `abort` undoes one that has not
switched yet.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import asyncpg  # type: ignore[import-untyped]
from sqlalchemy import text
from sqlalchemy.engine import make_url

from travel.auth.models import Workspace
from travel.db import migrate
from travel.db.registry import Databases
from travel.db.session import system_transaction
from travel.errors import TravelError

Say = Callable[[str], None]

COPYING, SWITCHED, ABORTING = "copying", "switched", "aborting"
_BATCH = 5_000  # rows deleted per statement in the clean-up
_POLL = 0.05  # seconds between looks while frozen (the freeze is what callers wait on)


class MoveRefused(TravelError):
    """The move cannot go on: nothing of it is lost, the message says what to do."""

    code = "MOVE_REFUSED"
    http_status = 409


@dataclass(frozen=True)
class Move:
    """A move under way, as recorded in the shared database."""

    workspace_id: uuid.UUID
    source_url: str | None  # None: the shared database
    target_url: str | None
    name: str  # of the publication, slot and subscription
    step: str


_READ_MOVE = text(
    "SELECT source_url, target_url, name, step FROM travel_private.workspace_moves "
    "WHERE workspace_id = :ws"
)

# The tables holding a workspace's rows, each with its primary key's columns (the checksum's
# order). `workspaces` is the directory: copied by the mover itself, never replicated.
_TABLES = """
SELECT c.relname::text AS name, c.relreplident::text AS identity,
       (SELECT array_agg(a.attname::text ORDER BY k.ord)
          FROM pg_index i
          CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
         WHERE i.indrelid = c.oid AND i.indisprimary) AS key
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'workspaces'
  AND EXISTS (SELECT 1 FROM pg_attribute w WHERE w.attrelid = c.oid
              AND w.attname = 'workspace_id' AND NOT w.attisdropped)
ORDER BY c.relname
"""
# Only transactions started before the freeze can still write without passing the gate: the
# ones left, by process id (named if the freeze runs out waiting for them).
_OLDER_TRANSACTIONS = """
SELECT coalesce(array_agg(pid ORDER BY pid), '{}') FROM pg_stat_activity
WHERE datname = current_database() AND pid <> pg_backend_pid()
  AND backend_type = 'client backend' AND xact_start < $1
"""
_FREEZE = """
INSERT INTO travel_private.workspace_gates (workspace_id, state, until)
VALUES ($1, 'frozen', clock_timestamp() + make_interval(secs => $2))
ON CONFLICT (workspace_id) DO UPDATE SET state = 'frozen', until = EXCLUDED.until
"""
_CLOSE = """
INSERT INTO travel_private.workspace_gates (workspace_id, state) VALUES ($1, 'closed')
ON CONFLICT (workspace_id) DO UPDATE SET state = 'closed', until = NULL
"""
# Closed for good only if the freeze still holds (a second to spare): else a write may have
# passed the gate since the rows were verified.
_CLOSE_FROZEN = """
UPDATE travel_private.workspace_gates SET state = 'closed', until = NULL
WHERE workspace_id = $1 AND state = 'frozen' AND until > clock_timestamp() + interval '1 second'
"""
_OPEN = "DELETE FROM travel_private.workspace_gates WHERE workspace_id = $1"


def _ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _literal(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


async def _connect(url: str, what: str, *, admin: bool = True) -> Any:
    try:
        # No statement cache: the service's own URL may go through PgBouncer (decision 0093).
        conn = await asyncpg.connect(_libpq(url), timeout=10, statement_cache_size=0)
    except (OSError, asyncpg.PostgresError) as exc:  # TimeoutError is an OSError
        raise MoveRefused(f"cannot connect to the {what}: {type(exc).__name__}: {exc}") from None
    if admin:  # one text form of every value on both sides, for the checksums
        await conn.execute(
            "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'postgres'; "
            "SET extra_float_digits = 3; SET bytea_output = 'hex'"
        )
    return conn


# Which database a connection reached, whatever the address and role: the cluster's identifier
# and the database's oid (the same through PgBouncer, a socket or another host name).
_IDENTITY = (
    "SELECT (SELECT system_identifier FROM pg_control_system())::text || ':' || "
    "(SELECT oid FROM pg_database WHERE datname = current_database())::text"
)


async def _check_place(admin: Any, app_url: str, admin_option: str, app_name: str) -> str:
    """Refuse unless the superuser connection reached the database the service uses there (a
    wrong --from-admin would publish another database's rows, a wrong --to-admin abort delete
    the workspace's own); the database's identity."""
    app = await _connect(app_url, app_name, admin=False)
    try:
        identity = str(await admin.fetchval(_IDENTITY))
        same = await app.fetchval(_IDENTITY) == identity
    finally:
        await app.close()
    if not same:
        raise MoveRefused(f"{admin_option} does not name {app_name}")
    return identity


class Mover:
    """One workspace's move (or its abort), with superuser connections to both databases."""

    def __init__(
        self,
        databases: Databases,
        workspace: Workspace,
        *,
        say: Say,
        auth_cache_seconds: float,
        freeze_seconds: float = 10.0,
        copy_timeout: float = 3600.0,
        source_conninfo: str | None = None,
    ) -> None:
        if databases.main.dialect != "postgresql":
            raise MoveRefused("moving a workspace needs PostgreSQL (SQLite is one file)")
        self.databases = databases
        self.ws = workspace.id
        self.directory_url = workspace.database_url  # where it lives, when no move is recorded
        self.say = say
        self.auth_cache_seconds = auth_cache_seconds
        self.freeze_seconds = freeze_seconds
        self.copy_timeout = copy_timeout
        self.source: Any = None
        self.target: Any = None
        self.source_conninfo = source_conninfo  # None: --from-admin
        self.older: list[int] = []  # transactions the freeze waits for
        self.source_shared = self.target_shared = False  # decided by _check_places
        self.switched_at: float | None = None  # when this run flipped the directory
        self.frozen_since: float | None = None

    # --- the shared database: the directory and the move's record ------------------------------

    async def _recorded(self) -> Move | None:
        async with system_transaction(self.databases.main) as session:
            row = (await session.execute(_READ_MOVE, {"ws": self.ws})).first()
        if row is None:
            return None
        return Move(self.ws, row.source_url, row.target_url, row.name, row.step)

    async def _forget(self) -> None:
        """The move's record removed: it is over (moved or aborted)."""
        async with system_transaction(self.databases.main) as session:
            await session.execute(
                text("DELETE FROM travel_private.workspace_moves WHERE workspace_id = :ws"),
                {"ws": self.ws},
            )

    @asynccontextmanager
    async def _connected(self, from_admin: str, to_admin: str) -> AsyncIterator[None]:
        """The superuser connections to both databases, closed however the command ends."""
        self.source = await _connect(from_admin, "source (--from-admin)")
        try:
            self.target = await _connect(to_admin, "target (--to-admin)")
            try:
                yield
            finally:
                await self.target.close()
        finally:
            await self.source.close()

    # --- the command ---------------------------------------------------------------------------

    async def move(self, to_url: str, from_admin: str, to_admin: str) -> None:
        recorded = await self._recorded()
        source_url = recorded.source_url if recorded else self.directory_url
        # How the target's subscription reaches the source.
        conninfo = self.source_conninfo or _libpq(from_admin)
        async with self._connected(from_admin, to_admin):
            target_url = await self._check(source_url, to_url, recorded)
            if recorded is not None and recorded.target_url != target_url:
                raise MoveRefused(
                    f"a move of this workspace to {_shown(recorded.target_url)} is under way: "
                    "finish it (the same command with its --to) or abort it (--abort)"
                )
            if recorded is not None and recorded.step == ABORTING:
                raise MoveRefused("an abort of this move did not finish: run --abort again")
            if recorded is None or recorded.step == COPYING:
                move = recorded or await self._begin(source_url, target_url)
                await self._copy(move, conninfo)
                await self._switch(move)
                move = Move(self.ws, source_url, target_url, move.name, SWITCHED)
            else:
                move = recorded
                self.say("resuming after the switch")
            await self._finish(move)

    async def abort(self, from_admin: str, to_admin: str) -> None:
        recorded = await self._recorded()
        if recorded is None:
            raise MoveRefused("no move of this workspace is under way")
        async with self._connected(from_admin, to_admin):
            # The rows deleted below must be the target's copy, never the workspace itself.
            await self._check_places(recorded.source_url, recorded.target_url)
            await self._lock()
            recorded = await self._recorded()  # as it is now that no other mover runs
            if recorded is None:
                raise MoveRefused("no move of this workspace is under way")
            if recorded.step == SWITCHED:
                raise MoveRefused(
                    "the directory already names the target: the move cannot be undone, only "
                    "finished (run the move again)"
                )
            # From here on the move cannot be resumed, only the abort finished (a re-run of it).
            await self._record_step(ABORTING)
            await self.source.execute(_OPEN, self.ws)  # writes resume on the source
            self.say("writes go on in the source")
            await self._drop_replication(recorded.name)
            deleted = await _delete_rows(
                self.target, self.ws, await self._tables(self.target), directory=False
            )
            if not self.target_shared:  # the shared database's row is the directory
                await self.target.execute("DELETE FROM workspaces WHERE id = $1", self.ws)
            await self.target.execute(_OPEN, self.ws)
            self.say(f"{deleted} rows copied to the target removed")
            await self._forget()
            self.say("aborted")

    # --- the steps -----------------------------------------------------------------------------

    async def _check(
        self, source_url: str | None, to_url: str, recorded: Move | None
    ) -> str | None:
        """Both admin connections reach what they should and can do what a move needs, the
        source can publish, and the target is migrated and holds nothing of the workspace
        (unless a move is resuming); no other mover of the workspace runs. The target's URL as
        the directory will name it (None: the shared database)."""
        for conn, what in ((self.source, "--from-admin"), (self.target, "--to-admin")):
            if not await conn.fetchval(
                "SELECT rolsuper FROM pg_roles WHERE rolname = current_user"
            ):
                raise MoveRefused(f"{what} must name a superuser (publications, subscriptions)")
            if int(await conn.fetchval("SHOW server_version_num")) < 150000:
                raise MoveRefused(f"{what}: PostgreSQL 15 or later is needed (row filters)")
        if await self.target.fetchval("SHOW standard_conforming_strings") != "on":
            raise MoveRefused("the target's standard_conforming_strings must be on")
        copying = recorded is None or recorded.step == COPYING
        if copying and await self.source.fetchval("SHOW wal_level") != "logical":
            raise MoveRefused(
                "the source's wal_level is not logical: set wal_level = logical and restart "
                "it (docs/deploy.md, Moving a workspace)"
            )
        if await self.source.fetchval("SHOW track_activities") != "on":
            raise MoveRefused("the source's track_activities must be on (writes under way)")
        await self._check_places(source_url, to_url)
        await self._lock()
        if await self._recorded() != recorded:
            raise MoveRefused("another command changed this move meanwhile: run it again")
        target_url = None if self.target_shared else to_url
        await migrate.upgrade(self.databases.for_tenant(target_url))
        revisions = [
            await conn.fetchval("SELECT version_num FROM alembic_version")
            for conn in (self.source, self.target)
        ]
        if revisions[0] != revisions[1]:
            raise MoveRefused(
                f"the source is at revision {revisions[0]}, the target at {revisions[1]}: "
                "run `travel db upgrade` first"
            )
        if recorded is None:
            tables = await self._tables(self.target)
            for table in tables:
                has = f"SELECT EXISTS (SELECT 1 FROM {_ident(table)} WHERE workspace_id = $1)"
                if await self.target.fetchval(has, self.ws):
                    raise MoveRefused(f"the target already holds rows of the workspace ({table})")
        return recorded.target_url if recorded is not None else target_url

    async def _check_places(self, source_url: str | None, target_url: str | None) -> None:
        """The admin connections reach the workspace's database and the target; the two are
        different databases; which of them is the shared one (decided by identity, never by
        how a URL is spelt)."""
        main = self.databases.main_url
        source = await _check_place(
            self.source, source_url or main, "--from-admin", "the workspace's database"
        )
        target = await _check_place(
            self.target, target_url or main, "--to-admin", "the target (--to)"
        )
        if source == target:
            raise MoveRefused("the workspace already lives in the target database")
        async with system_transaction(self.databases.main) as session:
            shared = str((await session.execute(text(_IDENTITY))).scalar())
        self.source_shared, self.target_shared = source == shared, target == shared

    async def _lock(self) -> None:
        """One command at a time per workspace: a session lock on the source, released when the
        command's connection closes (however it ends)."""
        taken = await self.source.fetchval(
            "SELECT pg_try_advisory_lock(hashtextextended('travel workspace move ' || $1, 0))",
            str(self.ws),
        )
        if not taken:
            raise MoveRefused("another `travel workspace move` of this workspace is running")

    async def _record_step(self, step: str, *, was: tuple[str, ...] = (COPYING, ABORTING)) -> None:
        async with system_transaction(self.databases.main) as session:
            done = await session.execute(
                text(
                    "UPDATE travel_private.workspace_moves SET step = :step, "
                    "updated_at = clock_timestamp() WHERE workspace_id = :ws AND step = ANY(:was)"
                ),
                {"step": step, "ws": self.ws, "was": list(was)},
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise MoveRefused("another command changed this move meanwhile: run it again")

    async def _tables(self, conn: Any) -> dict[str, list[str]]:
        """Every table with a `workspace_id`, with its primary key. The publication's row
        filter holds for updates and deletes only when the replica identity (the default: the
        primary key) has `workspace_id`."""
        rows = await conn.fetch(_TABLES)
        unfit = [
            row["name"]
            for row in rows
            if not row["key"] or row["key"][0] != "workspace_id" or row["identity"] != "d"
        ]
        if unfit:
            raise MoveRefused(
                "tables whose primary key (their replica identity) does not lead with "
                f"workspace_id: {', '.join(unfit)}"
            )
        return {row["name"]: row["key"] for row in rows}

    async def _begin(self, source_url: str | None, target_url: str | None) -> Move:
        move = Move(
            self.ws, source_url, target_url, f"travel_move_{uuid.uuid4().hex[:16]}", COPYING
        )
        async with system_transaction(self.databases.main) as session:
            await session.execute(
                text(
                    "INSERT INTO travel_private.workspace_moves "
                    "(workspace_id, source_url, target_url, name, step) "
                    "VALUES (:ws, :source, :target, :name, :step)"
                ),
                {
                    "ws": self.ws,
                    "source": source_url,
                    "target": target_url,
                    "name": move.name,
                    "step": COPYING,
                },
            )
        self.say(f"moving {self.ws} from {_shown(source_url)} to {_shown(target_url)}")
        return move

    async def _copy(self, move: Move, conninfo: str) -> None:
        """The target's gate closed, the workspace's row there, the publication, slot and
        subscription made (each only if missing: a resumed move finds some), and the initial
        copy waited for."""
        await self.target.execute(_CLOSE, self.ws)
        if move.target_url is not None:  # the shared database has it: it is the directory
            row = await self.source.fetchval(
                "SELECT row_to_json(w)::text FROM workspaces w WHERE id = $1", self.ws
            )
            await self.target.execute(
                "INSERT INTO workspaces SELECT * FROM json_populate_record(NULL::workspaces, "
                "$1::json) ON CONFLICT (id) DO NOTHING",
                row,
            )
        tables = await self._tables(self.source)
        name = move.name
        only = f"(workspace_id = {_literal(str(self.ws))})"
        # Never TRUNCATE: it ignores row filters and would empty the target's tables for every
        # workspace there.
        if not await self.source.fetchval("SELECT 1 FROM pg_publication WHERE pubname = $1", name):
            listed = ", ".join(f"{_ident(t)} WHERE {only}" for t in tables)
            await self.source.execute(
                f"CREATE PUBLICATION {_ident(name)} FOR TABLE {listed} "
                "WITH (publish = 'insert, update, delete')"
            )
        published = {
            row[0]
            for row in await self.source.fetch(
                "SELECT tablename::text FROM pg_publication_tables WHERE pubname = $1", name
            )
        }
        added = [t for t in tables if t not in published]  # made by a migration meanwhile
        for table in added:
            await self.source.execute(
                f"ALTER PUBLICATION {_ident(name)} ADD TABLE {_ident(table)} WHERE {only}"
            )
        if not await self.source.fetchval(
            "SELECT 1 FROM pg_replication_slots WHERE slot_name = $1", name
        ):
            await self.source.execute(
                "SELECT pg_create_logical_replication_slot($1, 'pgoutput')", name
            )
        if not await self.target.fetchval("SELECT 1 FROM pg_subscription WHERE subname = $1", name):
            await self.target.execute(
                f"CREATE SUBSCRIPTION {_ident(name)} CONNECTION {_literal(conninfo)} "
                f"PUBLICATION {_ident(name)} WITH (create_slot = false, slot_name = "
                f"{_literal(name)}, copy_data = true)"
            )
        elif added:
            await self.target.execute(
                f"ALTER SUBSCRIPTION {_ident(name)} REFRESH PUBLICATION WITH (copy_data = true)"
            )
        self.say(f"copying {len(tables)} tables while the workspace serves")
        started = time.monotonic()
        shown = started
        while True:
            waiting, total = await self.target.fetchrow(
                "SELECT count(*) FILTER (WHERE r.srsubstate <> 'r'), count(*) "
                "FROM pg_subscription_rel r JOIN pg_subscription s ON s.oid = r.srsubid "
                "WHERE s.subname = $1",
                name,
            )
            if total and not waiting:
                break
            if time.monotonic() - started > self.copy_timeout:
                raise MoveRefused(
                    f"the copy took longer than {self.copy_timeout:.0f} s ({waiting} of {total} "
                    "tables left): run the move again to go on waiting, or --abort"
                )
            if time.monotonic() - shown > 5:
                self.say(f"copying: {total - waiting} of {total} tables copied")
                shown = time.monotonic()
            await asyncio.sleep(0.2)
        self.say(f"copied in {time.monotonic() - started:.1f} s; changes follow as they are made")

    async def _switch(self, move: Move) -> None:
        """Freeze, catch up, verify, close the source and flip the directory, within the freeze;
        past it, writes resume on the source and the move stays resumable."""
        await self.source.execute(_FREEZE, self.ws, self.freeze_seconds)
        frozen_at = await self.source.fetchval("SELECT clock_timestamp()")
        started = time.monotonic()
        deadline = started + self.freeze_seconds - 1.5
        self.say(f"writes frozen (at most {self.freeze_seconds:g} s)")
        try:
            await _until(
                deadline,
                "waiting for transactions older than the freeze",
                lambda: self._settled(frozen_at),
                then=lambda: f"their process ids: {self.older}",
            )
            position = await self.source.fetchval("SELECT pg_current_wal_lsn()")
            await _until(deadline, "catching up", lambda: self._caught_up(move.name, position))
            tables = await self._tables(self.source)
            differing: list[str] = []

            async def same() -> bool:
                differing[:] = [t for t, key in tables.items() if not await self._same(t, key)]
                return not differing

            await _until(deadline, "verifying", same, then=lambda: f"differing: {differing}")
            self.say(f"verified: {len(tables)} tables, counts and checksums equal")
            if await self.source.execute(_CLOSE_FROZEN, self.ws) != "UPDATE 1":
                raise MoveRefused("the freeze ran out before the switch")
        except BaseException:
            await self.source.execute(_OPEN, self.ws)
            self.say("writes resumed on the source: run the move again to retry the switch")
            raise
        try:
            async with system_transaction(self.databases.main) as session:
                switched = await session.execute(
                    text(
                        "UPDATE travel_private.workspace_moves SET step = :step, "
                        "updated_at = clock_timestamp() "
                        "WHERE workspace_id = :ws AND name = :name AND step = :was"
                    ),
                    {"step": SWITCHED, "ws": self.ws, "name": move.name, "was": COPYING},
                )
                if switched.rowcount != 1:  # type: ignore[attr-defined]
                    raise MoveRefused("another command changed this move meanwhile")
                await session.execute(
                    text("UPDATE workspaces SET database_url = :url WHERE id = :ws"),
                    {"url": move.target_url, "ws": self.ws},
                )
        except BaseException:
            await self._unless_switched()
            raise
        self.switched_at = time.monotonic()
        self.frozen_since = started
        self.say(f"switched: the directory names {_shown(move.target_url)}")

    async def _unless_switched(self) -> None:
        """After a failed flip: the source opened again if the directory still names it (its
        gate closed for good otherwise refuses the workspace's writes until a re-run)."""
        try:
            recorded = await self._recorded()
        except Exception:  # the shared database is away: the outcome is unknown
            self.say(
                "the switch's outcome is unknown (the shared database did not answer): the "
                "workspace's writes stay refused until the move is run again"
            )
            return
        if recorded is not None and recorded.step == COPYING:
            await self.source.execute(_OPEN, self.ws)
            self.say("writes resumed on the source: run the move again to retry the switch")

    async def _finish(self, move: Move) -> None:
        if move.target_url is not None:
            await self.target.execute(
                "UPDATE workspaces SET database_url = $2 WHERE id = $1", self.ws, move.target_url
            )
        await self._drop_replication(move.name)
        # Until every process has read the directory again, one may still route to the source
        # (closed) while another reads the target: no write anywhere until then.
        switched = self.switched_at if self.switched_at is not None else time.monotonic()
        await asyncio.sleep(max(0.0, switched + self.auth_cache_seconds + 0.5 - time.monotonic()))
        await self.target.execute(_OPEN, self.ws)
        frozen_since = self.frozen_since
        if frozen_since is not None:
            self.say(f"writes resumed on the target after {time.monotonic() - frozen_since:.1f} s")
        else:
            self.say("writes resumed on the target")
        deleted = await _delete_rows(
            self.source,
            self.ws,
            await self._tables(self.source),
            directory=not self.source_shared,  # the shared database's row is the directory
        )
        self.say(f"removed {deleted} rows from the source")
        await self._forget()
        self.say("moved")

    async def _drop_replication(self, name: str) -> None:
        """The subscription, its slot and the slots of its table copies (which retain the
        source's WAL while they exist), and the publication."""
        subscription = await self.target.fetchval(
            "SELECT oid FROM pg_subscription WHERE subname = $1", name
        )
        if subscription is not None:
            try:  # drops the slots on the source too
                await self.target.execute(f"DROP SUBSCRIPTION {_ident(name)}")
            except asyncpg.PostgresError:  # the source unreachable from the target: by hand
                await self.target.execute(f"ALTER SUBSCRIPTION {_ident(name)} DISABLE")
                await self.target.execute(
                    f"ALTER SUBSCRIPTION {_ident(name)} SET (slot_name = NONE)"
                )
                await self.target.execute(f"DROP SUBSCRIPTION {_ident(name)}")
        slots = "slot_name = $1 OR slot_name LIKE 'pg\\_' || $2 || '\\_sync\\_%'"
        deadline = time.monotonic() + 30
        while left := await self.source.fetch(
            f"SELECT slot_name::text FROM pg_replication_slots WHERE {slots}",
            name,
            str(subscription or 0),
        ):
            try:
                for (slot,) in left:
                    await self.source.execute("SELECT pg_drop_replication_slot($1)", slot)
            except asyncpg.ObjectInUseError:  # its sender is still stopping
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.1)
        await self.source.execute(f"DROP PUBLICATION IF EXISTS {_ident(name)}")

    # --- the checks while frozen ---------------------------------------------------------------

    async def _settled(self, frozen_at: Any) -> bool:
        self.older = list(await self.source.fetchval(_OLDER_TRANSACTIONS, frozen_at))
        return not self.older

    async def _caught_up(self, name: str, position: Any) -> bool:
        return bool(
            await self.source.fetchval(
                "SELECT confirmed_flush_lsn >= $2::pg_lsn FROM pg_replication_slots "
                "WHERE slot_name = $1",
                name,
                position,
            )
        )

    async def _same(self, table: str, key: list[str]) -> bool:
        # In bytes order, whatever the clusters' collations: text keys sort alike on both.
        order = ", ".join(f'{_ident(c)}::text COLLATE "C"' for c in key)
        digest = (
            f"SELECT count(*), md5(coalesce(string_agg(md5(t::text), '' ORDER BY {order}), '')) "
            f"FROM {_ident(table)} t WHERE workspace_id = $1"
        )
        source, target = await asyncio.gather(
            self.source.fetchrow(digest, self.ws), self.target.fetchrow(digest, self.ws)
        )
        return tuple(source) == tuple(target)


async def _until(
    deadline: float,
    what: str,
    check: Callable[[], Awaitable[bool]],
    then: Callable[[], str] = lambda: "",
) -> None:
    while not await check():
        if time.monotonic() > deadline:
            detail = then()
            raise MoveRefused(f"the freeze ran out while {what}{': ' + detail if detail else ''}")
        await asyncio.sleep(_POLL)


async def _delete_rows(
    conn: Any, ws: uuid.UUID, tables: dict[str, list[str]], *, directory: bool
) -> int:
    """Delete the workspace's rows from every table, in batches; foreign keys and triggers stay
    quiet (`session_replication_role = replica`: every row of the workspace goes)."""
    deleted = 0
    await conn.execute("SET session_replication_role = replica")
    try:
        for table in tables:
            batch = (
                f"DELETE FROM {_ident(table)} WHERE ctid = ANY (ARRAY(SELECT ctid FROM "
                f"{_ident(table)} WHERE workspace_id = $1 LIMIT {_BATCH}))"
            )
            while True:
                count = int((await conn.execute(batch, ws)).split()[-1])
                deleted += count
                if count < _BATCH:
                    break
        if directory:
            deleted += int(
                (await conn.execute("DELETE FROM workspaces WHERE id = $1", ws)).split()[-1]
            )
    finally:
        await conn.execute("RESET session_replication_role")
    return deleted


def _shown(url: str | None) -> str:
    if url is None:
        return "the shared database"
    return make_url(url).render_as_string(hide_password=True)


def _libpq(url: str) -> str:
    """The URL as libpq reads it (the subscription's connection string): no driver name."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
