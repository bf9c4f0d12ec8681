"""`/mcp` mounted on the API port without slowing the service's start.

Importing the MCP SDK takes about two seconds of CPU (its protocol models); the service
answers health checks and the API without it. The lifespan starts a task that imports
`travel.mcp.http` in a thread, builds the endpoint and runs it until shutdown; an MCP request
arriving before then waits for it (docs/decisions/0095-mcp-server.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from graphql import GraphQLSchema
from starlette.responses import JSONResponse
from starlette.types import Receive, Scope, Send

log = logging.getLogger("travel.mcp")

MCP_PATHS = frozenset({"/mcp", "/mcp/read-only"})
START_TIMEOUT_SECONDS = 30.0


class McpMount:
    """The ASGI app of MCP_PATHS; `running()` goes in the service's lifespan."""

    paths = MCP_PATHS

    def __init__(self, schema: GraphQLSchema, *, max_body_bytes: int) -> None:
        self._schema = schema
        self._max_body_bytes = max_body_bytes
        # The API's GraphQL endpoint, which the tools call in process (set by create_app).
        self.graphql: Any = None
        self._endpoint: Any = None
        self._ready: asyncio.Event | None = None

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        self._ready = asyncio.Event()
        stop = asyncio.Event()
        task = asyncio.create_task(self._serve(self._ready, stop))
        try:
            yield
        finally:
            stop.set()
            with contextlib.suppress(Exception):
                await task

    async def _serve(self, ready: asyncio.Event, stop: asyncio.Event) -> None:
        try:
            module = await asyncio.to_thread(importlib.import_module, "travel.mcp.http")
            endpoint = module.McpEndpoint(
                self._schema, self.graphql, max_body_bytes=self._max_body_bytes
            )
            async with endpoint.running():
                self._endpoint = endpoint
                ready.set()
                await stop.wait()
        except Exception:
            log.exception("the MCP endpoint failed to start")
        finally:
            self._endpoint = None
            ready.set()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self._ready is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._ready.wait(), START_TIMEOUT_SECONDS)
        if self._endpoint is None:
            unavailable = JSONResponse(
                {"error": "SERVICE_UNAVAILABLE: the MCP endpoint is not running"},
                status_code=503,
                headers={"Retry-After": "5"},
            )
            await unavailable(scope, receive, send)
            return
        await self._endpoint(scope, receive, send)
