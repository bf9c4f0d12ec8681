"""Which database holds a workspace: the shared one, or a dedicated tenant's own."""

from __future__ import annotations

from sqlalchemy import text

from travel.db.engine import Engines, create_engines
from travel.db.session import system_transaction

# Which databases hold dedicated tenants: the shared database lists every workspace.
_DEDICATED_URLS = text(
    "SELECT DISTINCT database_url FROM workspaces WHERE database_url IS NOT NULL "
    "ORDER BY database_url"
)


class Databases:
    """The shared database's engines plus one set per dedicated tenant database, made on demand."""

    def __init__(self, main_url: str, *, pool_size: int = 10) -> None:
        self.main_url = main_url
        self.main = create_engines(main_url, pool_size=pool_size)
        self._pool_size = pool_size
        self._dedicated: dict[str, Engines] = {}

    def for_tenant(self, database_url: str | None) -> Engines:
        """The engines for a workspace whose dedicated database URL is `database_url`."""
        if database_url is None or database_url == self.main_url:
            return self.main
        engines = self._dedicated.get(database_url)
        if engines is None:
            engines = create_engines(database_url, pool_size=max(2, self._pool_size // 2))
            self._dedicated[database_url] = engines
        return engines

    async def every_database(self) -> list[Engines]:
        """The shared database's engines, then those of each dedicated tenant database: where
        operator tooling looks for a row it knows only by id (an API key, a delivery)."""
        async with system_transaction(self.main) as session:
            urls = [url for (url,) in await session.execute(_DEDICATED_URLS) if url]
        return [self.main, *(self.for_tenant(url) for url in urls if url != self.main_url)]

    async def dispose(self) -> None:
        await self.main.dispose()
        for engines in self._dedicated.values():
            await engines.dispose()
        self._dedicated.clear()
