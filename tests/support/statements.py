"""Counting SQL: the statements the live server's own engines execute."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event

from tests.support.live import LiveServer


@contextmanager
def statements(server: LiveServer) -> Iterator[list[str]]:
    """Every statement the server's engines execute inside the block."""
    engines = server.services.databases.main
    seen: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(statement)

    targets = {engines.reader.sync_engine, engines.writer.sync_engine}
    for target in targets:
        event.listen(target, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        for target in targets:
            event.remove(target, "before_cursor_execute", record)
