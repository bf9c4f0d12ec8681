"""The MCP server (official `mcp` SDK, low-level API): tools listed per caller, called
through the caller's own credential; the transports are in stdio.py and http.py."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import jsonschema
import mcp_types as types
from graphql import GraphQLSchema
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError

from travel.mcp.api import Api
from travel.mcp.budget import dump
from travel.mcp.errors import ToolError
from travel.mcp.schemas import input_schema
from travel.mcp.tools import BY_NAME, TOOLS, Call, Tool

log = logging.getLogger("travel.mcp")

INSTRUCTIONS = (
    "Travel marketplace: search_listings, then get_listing or check_availability, then "
    "quote_booking and book (with the quoteId and a fresh idempotency_key). Errors start with "
    "the API's code (UNAVAILABLE, NOT_FOUND, FORBIDDEN, VALIDATION_ERROR, ...)."
)


@dataclass(frozen=True)
class Session:
    """Who calls, for one MCP request: their API access, and whether writes are off."""

    api: Api
    read_only: bool


Caller = Callable[[ServerRequestContext[Any, Any]], Awaitable[Session]]


def described(schema: GraphQLSchema) -> dict[str, types.Tool]:
    """Every tool as MCP lists it, its input schema generated from the GraphQL schema."""
    return {tool.name: _describe(tool, schema) for tool in TOOLS}


def _describe(tool: Tool, schema: GraphQLSchema) -> types.Tool:
    annotations = types.ToolAnnotations(
        title=tool.title,
        read_only_hint=not tool.write,
        destructive_hint=tool.destructive if tool.write else None,
        idempotent_hint=tool.idempotent if tool.write else None,
        open_world_hint=False,
    )
    return types.Tool(
        name=tool.name,
        description=tool.description,
        input_schema=input_schema(schema, tool.params),
        annotations=annotations,
    )


def visible(tool: Tool, permissions: frozenset[str], read_only: bool) -> bool:
    """Listed when the credential has every permission it needs, and it writes nothing in
    read-only mode."""
    return tool.needs <= permissions and not (read_only and tool.write)


def build_server(schema: GraphQLSchema, caller: Caller, secret: bytes) -> Server[Any]:
    tools = described(schema)

    async def list_tools(
        ctx: ServerRequestContext[Any, Any], _: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        session = await caller(ctx)
        try:
            permissions = await session.api.permissions()
        except ToolError as exc:  # as a JSON-RPC error the client sees: `CODE: sentence; step`
            raise MCPError(types.INVALID_REQUEST, exc.text()) from None
        shown = [tools[t.name] for t in TOOLS if visible(t, permissions, session.read_only)]
        return types.ListToolsResult(tools=shown)

    async def call_tool(
        ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        try:
            session = await caller(ctx)
            result = await _run(session, params.name, dict(params.arguments or {}), secret, tools)
        except ToolError as exc:
            return _text(exc.text(), error=True)
        except Exception:  # never a traceback to the model: the log has it
            log.exception("MCP tool %s failed", params.name)
            return _text("INTERNAL_SERVER_ERROR: the tool failed unexpectedly", error=True)
        return _text(dump(result).decode())

    return Server(
        "travel",
        version="1.0.0",
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


async def _run(
    session: Session,
    name: str,
    arguments: dict[str, Any],
    secret: bytes,
    tools: dict[str, types.Tool],
) -> dict[str, Any]:
    tool = BY_NAME.get(name)
    if tool is None:
        raise ToolError("NOT_FOUND", f"no tool named {name!r}")
    if session.read_only and tool.write:
        raise ToolError("FORBIDDEN", f"read-only mode: {name} changes data and is switched off")
    _validate(arguments, tools[name].input_schema)
    return await tool.handler(Call(session.api, arguments, secret))


def _validate(arguments: dict[str, Any], schema: dict[str, Any]) -> None:
    """VALIDATION_ERROR naming the parameter, before anything is sent."""
    error = jsonschema.exceptions.best_match(
        jsonschema.Draft202012Validator(schema).iter_errors(arguments)
    )
    if error is None:
        return
    where = ".".join(str(p) for p in error.absolute_path) or "arguments"
    raise ToolError("VALIDATION_ERROR", f"{where}: {error.message}")


def _text(text: str, *, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=text)], is_error=error)
