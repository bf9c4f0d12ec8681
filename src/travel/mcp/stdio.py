"""`travel mcp`: the MCP server on standard input and output, for a local agent.

The gateway and the credential are the SDK's (PLATFORM_ENV or TRAVEL_API_URL; TRAVEL_API_KEY
or TRAVEL_TOKEN), as for `travel query` (docs/decisions/0060-sdk-gateway-resolution.md).
"""

from __future__ import annotations

import os
from typing import Any

import anyio
from graphql import GraphQLSchema
from mcp.server.context import ServerRequestContext
from mcp.server.stdio import stdio_server
from travel_client.aio import AsyncTravelClient

from travel.mcp.api import Api
from travel.mcp.quotes import quote_secret
from travel.mcp.server import Session, build_server

READ_ONLY_ENV = "TRAVEL_MCP_READ_ONLY"


def read_only_from_env() -> bool:
    return os.environ.get(READ_ONLY_ENV, "").strip().lower() in ("1", "true", "yes")


def serve_stdio(schema: GraphQLSchema, client: AsyncTravelClient, *, read_only: bool) -> None:
    """Serve one agent until its standard input closes."""
    session = Session(Api(client), read_only)

    async def caller(_: ServerRequestContext[Any, Any]) -> Session:
        return session

    server = build_server(schema, caller, quote_secret())

    async def main() -> None:
        try:
            async with stdio_server() as (read, write):
                await server.run(read, write, server.create_initialization_options())
        finally:
            await client.aclose()

    anyio.run(main)
