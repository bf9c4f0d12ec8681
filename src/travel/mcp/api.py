"""The MCP server's only way to the data: the public GraphQL API, through the Python SDK."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from travel_client.aio import AsyncTravelClient
from travel_client.errors import TransportError, TravelAPIError

from travel.mcp.errors import from_api, from_graphql_error


@dataclass(frozen=True)
class Answer:
    data: dict[str, Any]
    replayed: bool = False
    """An Idempotency-Key replay: the API returned its first answer to that key."""


class Api:
    """One caller's view of the API: its gateway URL and credential (the caller's own)."""

    def __init__(self, client: AsyncTravelClient) -> None:
        self.client = client

    async def run(
        self,
        document: str,
        variables: Mapping[str, Any] | None = None,
        *,
        paths: Mapping[str, str] | None = None,
        idempotency_key: str | None = None,
    ) -> Answer:
        """`data` of the document, or the first error as a ToolError (fields renamed to the
        tool's parameters by `paths`)."""
        try:
            response = await self.client.execute(
                document, variables, idempotency_key=idempotency_key
            )
        except (TravelAPIError, TransportError) as exc:
            raise from_api(exc, paths) from None
        if response.errors:
            raise from_graphql_error(response.errors[0], paths or {})
        return Answer(dict(response.data or {}), response.replayed)

    async def permissions(self) -> frozenset[str]:
        """What the credential may do (travelViewer.permissions). A refusal (a credential that
        is not valid, a quota used up, an outage) is raised, not taken for "no tool": a client
        would keep an empty list."""
        answer = await self.run("query McpViewer { travelViewer { permissions } }")
        return frozenset(answer.data["travelViewer"]["permissions"])
