"""The signed workspace scope: what the service puts in `travel.workspace_id` (PostgreSQL).

Row-level security admits a row when its workspace is `travel_workspace()` (revision 0006), a
function that reads the setting as `<workspace id>.<mac>` and returns the id only when the MAC
is sha256 of the database's secret, `:` and the id; for anything else it returns NULL, and no
row matches. The secret lives in the schema `travel_private`, which only the system role can
read. So SQL run as the application role (an injection) cannot enter a workspace by naming its
id: it would need the workspace's token, which only a holder of the secret can make
(docs/decisions/0072-database-roles.md says what this does and does not guard against).

Each database has its own secret. The service reads it once with the system role (at start-up
for the shared database, on first use for a dedicated tenant's) and signs each workspace's id
once: on the request path a token is a look-up in a bounded map, with no round trip.
"""

from __future__ import annotations

import hashlib
import uuid

from cachetools import LRUCache
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

SETTING = "travel.workspace_id"
_SECRET = text("SELECT secret FROM travel_private.workspace_secret")


def sign(secret: str, workspace_id: uuid.UUID) -> str:
    """The token that scopes a connection to `workspace_id` on the database holding `secret`
    (travel_workspace() in revision 0006 checks it the same way)."""
    workspace = str(workspace_id)
    mac = hashlib.sha256(f"{secret}:{workspace}".encode()).hexdigest()
    return f"{workspace}.{mac}"


class WorkspaceScope:
    """One PostgreSQL database's secret, read with its system role, and the tokens signed with
    it (cachetools' LRU, as the documents' cache)."""

    def __init__(self, system: AsyncEngine, *, size: int = 10_000) -> None:
        self._system = system
        self._secret: str | None = None
        self._tokens: LRUCache[uuid.UUID, str] = LRUCache(maxsize=size)

    async def load(self) -> None:
        """Read the database's secret (once; concurrent first uses may each read it)."""
        if self._secret is not None:
            return
        async with self._system.connect() as conn:
            secret = (await conn.execute(_SECRET)).scalar()
        if not secret:
            raise RuntimeError("travel_private.workspace_secret is empty: run `travel db upgrade`")
        self._secret = secret

    async def token(self, workspace_id: uuid.UUID) -> str:
        """What `travel.workspace_id` is set to for `workspace_id` on this database."""
        token = self._tokens.get(workspace_id)
        if token is None:
            if self._secret is None:
                await self.load()
            assert self._secret is not None
            token = self._tokens[workspace_id] = sign(self._secret, workspace_id)
        return token
