"""Driving the MCP server with the official MCP client (the `mcp` package), as an agent does:
over HTTP (`/mcp` on the live server) and over stdio (`travel mcp` as a subprocess)."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx2
import orjson
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult

from tests.support.live import LiveServer
from travel.mcp.budget import tokens

TRAVEL = str(Path(sys.executable).with_name("travel"))


@contextlib.asynccontextmanager
async def over_http(
    server: LiveServer,
    key: str,
    *,
    path: str = "/mcp",
    headers: dict[str, str] | None = None,
    mode: str = "legacy",
) -> AsyncIterator[Client]:
    """A client of the live server's `/mcp`, initialised with the handshake (`initialize`),
    or with `mode="auto"` as the client chooses (the newer per-request protocol)."""
    auth = {"Authorization": f"Bearer {key}", **(headers or {})}
    async with httpx2.AsyncClient(headers=auth, timeout=30) as http:
        transport = streamable_http_client(f"{server.url}{path}", http_client=http)
        async with Client(transport, mode=mode, cache=None) as client:
            yield client


@contextlib.asynccontextmanager
async def over_stdio(
    server: LiveServer, key: str, *args: str, env: dict[str, str] | None = None
) -> AsyncIterator[Client]:
    """`travel mcp` as a subprocess speaking to the live server's GraphQL endpoint."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_")}
    environment.update(TRAVEL_API_URL=server.graphql_url, TRAVEL_API_KEY=key, **(env or {}))
    params = StdioServerParameters(command=TRAVEL, args=["mcp", *args], env=environment)
    async with Client(params, mode="legacy", cache=None) as client:
        yield client


async def names(client: Client) -> list[str]:
    return [tool.name for tool in (await client.list_tools()).tools]


async def call(client: Client, tool: str, **arguments: Any) -> Any:
    """A tool's result as JSON; it must have succeeded and stayed under the 4,000-token budget."""
    result = await client.call_tool(tool, arguments)
    text = _text(result)
    assert not result.is_error, text
    value = orjson.loads(text)
    size = tokens(value)
    print(f"MCP result size: {tool} {size} tokens ({len(text.encode())} bytes)")  # pytest -s
    assert size <= 4_000
    return value


async def fails(client: Client, tool: str, **arguments: Any) -> str:
    """The text of a tool error (which must be one, never a traceback)."""
    result = await client.call_tool(tool, arguments)
    text = _text(result)
    assert result.is_error, text
    assert "Traceback" not in text
    assert "SELECT" not in text
    return text


def _text(result: CallToolResult) -> str:
    (block,) = result.content
    assert block.type == "text"
    return block.text
