"""`/mcp` on the API port: streamable HTTP, stateless, JSON responses.

Each MCP request carries the caller's own bearer credential, which is sent on with every
GraphQL call the tools make, over a loopback HTTP call to this process's own
`/workspaces/graphql`: the same authentication, permissions, quotas and idempotency as any
partner's request (docs/decisions/0095-mcp-server.md). `/mcp/read-only`, or the header
`X-MCP-Read-Only: true`, lists and runs no tool that writes.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import httpx
from graphql import GraphQLSchema
from mcp.server.context import ServerRequestContext
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import Receive, Scope, Send
from travel_client.aio import AsyncTravelClient

from travel.mcp.api import Api
from travel.mcp.quotes import quote_secret
from travel.mcp.server import Session, build_server

READ_ONLY_PATH = "/mcp/read-only"
READ_ONLY_HEADER = "x-mcp-read-only"
GRAPHQL_PATH = "/workspaces/graphql"


def _bearer(request: Request) -> str | None:
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    return value.strip() or None if scheme.lower() == "bearer" else None


class McpEndpoint:
    """The ASGI endpoint of `/mcp` and `/mcp/read-only` (mounted by travel.mcp.mount);
    `running()` is its lifespan."""

    def __init__(self, schema: GraphQLSchema, *, timeout: float = 30.0) -> None:
        self._http: httpx.AsyncClient | None = None
        self._timeout = timeout
        server = build_server(schema, self._session, quote_secret())
        self._manager = StreamableHTTPSessionManager(
            app=server,
            stateless=True,
            json_response=True,
            # A bearer credential on every request, no cookies: nothing ambient for a page
            # rebinding a name to this host to borrow (the API itself is open to any origin).
            security_settings=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        )

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        async with httpx.AsyncClient(timeout=self._timeout) as http, self._manager.run():
            self._http = http
            try:
                yield
            finally:
                self._http = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if _bearer(Request(scope)) is None:
            refusal = JSONResponse(
                {"error": "UNAUTHENTICATED: send Authorization: Bearer <API key or token>"},
                status_code=401,
                headers={"WWW-Authenticate": "Bearer"},
            )
            await refusal(scope, receive, send)
            return
        await self._manager.handle_request(scope, receive, send)

    async def _session(self, ctx: ServerRequestContext[Any, Any]) -> Session:
        request = ctx.request
        assert isinstance(request, Request)
        assert self._http is not None
        host, port = request.scope["server"]
        client = AsyncTravelClient(
            f"http://{host}:{port}{GRAPHQL_PATH}",
            _bearer(request) or "",
            max_retries=0,
            http_client=self._http,
        )
        read_only = request.url.path == READ_ONLY_PATH or request.headers.get(
            READ_ONLY_HEADER, ""
        ).lower() in ("1", "true", "yes")
        return Session(Api(client), read_only)
