"""Which database holds a workspace: the shared one, or a dedicated tenant's own."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from sqlalchemy import make_url, text
from sqlalchemy.exc import SQLAlchemyError

from travel.db.engine import Engines, create_engines
from travel.db.session import scope_reads, system_transaction
from travel.settings import Settings, SettingsError

log = logging.getLogger("travel.db")
T = TypeVar("T")

# Which databases hold dedicated tenants: the shared database lists every workspace.
_DEDICATED_URLS = text(
    "SELECT DISTINCT database_url FROM workspaces WHERE database_url IS NOT NULL "
    "ORDER BY database_url"
)
BYPASSES_RLS = text("SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user")
# Anything the application role can create (a schema, an object in ours, a temporary table) it
# can leave on a pooled connection for a later request to run into.
_MAY_CREATE = text(
    "SELECT has_database_privilege(current_database(), 'CREATE, TEMPORARY')"
    " OR has_schema_privilege(current_schema(), 'CREATE')"
)


class Databases:
    """The shared database's engines plus one set per dedicated tenant database, made on demand."""

    def __init__(
        self,
        main_url: str,
        *,
        pool_size: int = 10,
        system_url: str | None = None,
        timeout: float | None = None,
        transaction_pooler: bool = False,
    ) -> None:
        self.main_url = main_url
        self._system_url = system_url
        self._transaction_pooler = transaction_pooler
        self.main = create_engines(
            main_url,
            pool_size=pool_size,
            system_url=system_url,
            timeout=timeout,
            transaction_pooler=transaction_pooler,
        )
        scope_reads(self.main)
        self._pool_size = pool_size
        self._timeout = timeout
        self._dedicated: dict[str, Engines] = {}

    def for_tenant(self, database_url: str | None) -> Engines:
        """The engines for a workspace whose dedicated database URL is `database_url`."""
        if database_url is None or database_url == self.main_url:
            return self.main
        engines = self._dedicated.get(database_url)
        if engines is None:
            engines = create_engines(
                database_url,
                pool_size=max(2, self._pool_size // 2),
                timeout=self._timeout,
                system_url=self._system_url_of(database_url),
                transaction_pooler=self._transaction_pooler,
            )
            scope_reads(engines)
            self._dedicated[database_url] = engines
        return engines

    @classmethod
    def from_settings(
        cls, settings: Settings, *, pool_size: int, serving: bool = False
    ) -> Databases:
        """The configured databases; `serving` (serve, worker): statements and connections
        bounded by TRAVEL_DB_TIMEOUT_SECONDS (migrations and operator commands are not)."""
        return cls(
            settings.database_url,
            pool_size=pool_size,
            system_url=settings.system_database_url,
            timeout=settings.db_timeout_seconds if serving else None,
            transaction_pooler=settings.database_pooler == "transaction",
        )

    def _system_url_of(self, database_url: str) -> str | None:
        """The system role's URL for a dedicated database: its URL with the system role's name
        and password (the role exists on that server too: README.md, "PostgreSQL")."""
        if self._system_url is None:
            return None
        system = make_url(self._system_url)
        return (
            make_url(database_url)
            .set(username=system.username, password=system.password)
            .render_as_string(hide_password=False)
        )

    async def check_roles(self) -> None:
        """Refuse to run when the system role cannot see every workspace (operator commands and
        the dispatcher would silently find nothing), and warn when the application role could
        (row-level security would not bind it). PostgreSQL only; one query per role."""
        if self.main.dialect != "postgresql":
            return
        async with self.main.system.connect() as conn:
            if not (await conn.execute(BYPASSES_RLS)).scalar():
                raise SettingsError(
                    "TRAVEL_SYSTEM_DATABASE_URL must name a role with BYPASSRLS "
                    "(scripts/postgres.sh creates travel_system; README.md, PostgreSQL)"
                )
        if self.main.system is not self.main.writer:
            async with self.main.reader.connect() as conn:
                if (await conn.execute(BYPASSES_RLS)).scalar():
                    log.warning(
                        "TRAVEL_DATABASE_URL's role bypasses row-level security: tenant "
                        "isolation rests on the service's own filters alone"
                    )

    async def prepare_scope(self) -> None:
        """Once the shared database is migrated: read its secret that signs workspace scopes
        (travel.db.scope) before a request needs it, and warn when the application role may
        create anything (a temporary table or a function made by injected SQL would outlive its
        request on a pooled connection and could capture a later request's scope; revision 0006
        revokes TEMPORARY). PostgreSQL only."""
        if self.main.scope is None:
            return
        await self.main.scope.load()
        if self.main.system is not self.main.writer:
            async with self.main.reader.connect() as conn:
                if (await conn.execute(_MAY_CREATE)).scalar():
                    log.warning(
                        "TRAVEL_DATABASE_URL's role may create schemas, objects or temporary "
                        "tables: make the system role own the database and the schema, then "
                        "run `travel db upgrade` (docs/decisions/0072-database-roles.md)"
                    )

    def opened(self) -> list[tuple[str, Engines]]:
        """The dedicated databases this process has engines for, each named by its URL without
        credentials (for `/metrics`: where the pools are)."""
        return [
            (make_url(url).set(username=None, password=None, query={}).render_as_string(), engines)
            for url, engines in sorted(self._dedicated.items())
        ]

    async def every_database(self) -> list[Engines]:
        """The shared database's engines, then those of each dedicated tenant database: where
        operator tooling looks for a row it knows only by id (an API key, a delivery)."""
        async with system_transaction(self.main) as session:
            urls = [url for (url,) in await session.execute(_DEDICATED_URLS) if url]
        return [self.main, *(self.for_tenant(url) for url in urls if url != self.main_url)]

    async def find(self, lookup: Callable[[Engines], Awaitable[T | None]]) -> T | None:
        """The first answer of `lookup` across every database (None: in none of them). A
        dedicated database that cannot be reached is skipped and logged: one tenant's outage
        must not stop an operator working on another; see `Unreachable` for reporting it."""
        unreachable = []
        for engines in await self.every_database():
            try:
                found = await lookup(engines)
            except (OSError, SQLAlchemyError):
                if engines is self.main:
                    raise
                unreachable.append(masked(engines))
                log.warning("a dedicated tenant database is unreachable: %s", masked(engines))
                continue
            if found is not None:
                return found
        if unreachable:
            raise Unreachable(unreachable)
        return None

    async def dispose(self) -> None:
        await self.main.dispose()
        for engines in self._dedicated.values():
            await engines.dispose()
        self._dedicated.clear()


class Unreachable(Exception):
    """Not found in the databases that answered; these did not."""

    def __init__(self, urls: list[str]) -> None:
        super().__init__(f"{len(urls)} tenant database(s) unreachable: {', '.join(urls)}")
        self.urls = urls


def masked(engines: Engines) -> str:
    """A database's URL without its password (for logs and operators)."""
    return make_url(engines.writer.url).render_as_string(hide_password=True)
