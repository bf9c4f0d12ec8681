"""`/mcp` on the API port: streamable HTTP, stateless, JSON responses.

Each MCP request carries the caller's own bearer credential, which is sent on with every
GraphQL call the tools make to this process's own `/workspaces/graphql` endpoint, in process
(httpx's ASGI transport, as from the caller's own address): the same authentication,
permissions, quotas, failure limits per address and idempotency as any partner's request,
with no second trip through the network or the listener (docs/decisions/0095-mcp-server.md).
An MCP request's body is bounded by TRAVEL_MAX_BODY_BYTES like the API's. `/mcp/read-only`,
or the header `X-MCP-Read-Only: true`, lists and runs no tool that writes.
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
from starlette.types import ASGIApp, Message, Receive, Scope, Send
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

    def __init__(
        self,
        schema: GraphQLSchema,
        graphql: ASGIApp,
        *,
        max_body_bytes: int,
        timeout: float = 30.0,
    ) -> None:
        self._graphql = graphql
        self._max_body_bytes = max_body_bytes
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
        async with self._manager.run():
            yield

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if _bearer(Request(scope)) is None:
            refusal = JSONResponse(
                {"error": "UNAUTHENTICATED: send Authorization: Bearer <API key or token>"},
                status_code=401,
                headers={"WWW-Authenticate": "Bearer"},
            )
            await refusal(scope, receive, send)
            return
        body = await _bounded_body(receive, self._max_body_bytes)
        if body is None:
            too_large = JSONResponse(
                {"error": f"VALIDATION_ERROR: the body exceeds {self._max_body_bytes} bytes"},
                status_code=413,
            )
            await too_large(scope, receive, send)
            return
        await self._manager.handle_request(scope, _replay(body, receive), send)

    async def _session(self, ctx: ServerRequestContext[Any, Any]) -> Session:
        request = ctx.request
        assert isinstance(request, Request)
        caller = request.scope.get("client") or ("127.0.0.1", 0)
        http = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=self._graphql, client=(caller[0], caller[1])),
            timeout=self._timeout,
        )
        client = AsyncTravelClient(
            f"http://travel.internal{GRAPHQL_PATH}",
            _bearer(request) or "",
            max_retries=0,
            http_client=http,
        )
        read_only = request.url.path == READ_ONLY_PATH or request.headers.get(
            READ_ONLY_HEADER, ""
        ).lower() in ("1", "true", "yes")
        return Session(Api(client), read_only)


async def _bounded_body(receive: Receive, limit: int) -> bytes | None:
    """The request's body, or None once it grows past `limit` (no more of it is read)."""
    chunks, size, more = [], 0, True
    while more:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        more = message.get("more_body", False)
    return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """`receive` for a body already read: the body once, then whatever comes (a disconnect)."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed
