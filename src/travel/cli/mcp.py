"""`travel mcp`: the MCP server on stdio for a local agent (docs/mcp.md)."""

from __future__ import annotations

import click
from travel_client.aio import AsyncTravelClient
from travel_client.environments import UnknownEnvironment

from travel.mcp.stdio import read_only_from_env, serve_stdio


@click.command("mcp")
@click.option(
    "--read-only",
    is_flag=True,
    help="List and run no tool that writes (also TRAVEL_MCP_READ_ONLY=1).",
)
def mcp_command(read_only: bool) -> None:
    """Serve the MCP tools on standard input/output, as a client of the API.

    The gateway comes from PLATFORM_ENV (prod, alpha, local) or TRAVEL_API_URL, the credential
    from TRAVEL_API_KEY or TRAVEL_TOKEN; nothing is printed on standard output but MCP.
    """
    from travel.graphql.schema import build_schema

    try:
        client = AsyncTravelClient(max_retries=2)
    except UnknownEnvironment as exc:
        raise click.UsageError(str(exc)) from None
    serve_stdio(build_schema(), client, read_only=read_only or read_only_from_env())


COMMANDS = [mcp_command]
