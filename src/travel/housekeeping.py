"""Periodic clean-up done by the background worker besides webhook delivery."""

from __future__ import annotations

import logging
import time

from sqlalchemy.exc import SQLAlchemyError

from travel.db.base import utcnow
from travel.db.registry import Databases, masked
from travel.db.session import system_transaction
from travel.embed import service as embed_service
from travel.idempotency import WINDOW, purge_expired

log = logging.getLogger("travel.housekeeping")

PURGE_EVERY_SECONDS = 600.0


class Housekeeping:
    """Forgets expired idempotency keys, and the workspace app's used host tokens and expired
    sessions, in every database, at most every ten minutes. (Their expiry does not depend on
    it: an expired key is claimed afresh when used again, an expired session refused.)"""

    def __init__(self, databases: Databases, every: float = PURGE_EVERY_SECONDS) -> None:
        self.databases = databases
        self.every = every
        self._last: float | None = None

    async def run_due(self) -> None:
        now = time.monotonic()
        if self._last is not None and now - self._last < self.every:
            return
        self._last = now
        before = utcnow() - WINDOW
        for engines in await self.databases.every_database():
            try:
                async with system_transaction(engines) as session:
                    purged = await purge_expired(session, before)
                    forgotten = await embed_service.purge_expired(session, utcnow())
            except (OSError, SQLAlchemyError) as exc:  # one tenant's outage stops no other
                log.warning(
                    "purging expired idempotency keys skipped %s: %s",
                    masked(engines),
                    type(exc).__name__,
                )
                continue
            if purged:
                log.info("purged expired idempotency keys", extra={"count": purged})
            if forgotten:
                log.info(
                    "purged expired workspace-app tokens and sessions", extra={"count": forgotten}
                )
