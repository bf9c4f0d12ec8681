"""The token budget: a result over it is cut with `more` and a cursor that continues it; the
whole tool list stays under its stated budget; tool schemas come from the GraphQL schema."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.factories import Tenant, tenant_listing
from tests.mcp.support import call, over_http
from tests.support.live import LiveServer
from travel.mcp.budget import RESULT_TOKENS_ENV, TOOL_LIST_TOKENS, tokens
from travel.mcp.schemas import SchemaDrift
from travel.mcp.server import described

pytestmark = pytest.mark.plan("enterprise")

SDL = Path(__file__).parents[2] / "schema.graphql"


def test_an_oversized_result_is_cut_with_a_cursor(
    server: LiveServer, tenant: Tenant, monkeypatch: pytest.MonkeyPatch
) -> None:
    place = f"Coimbra{tenant.id[:8]}"
    made = {
        str(
            tenant_listing(
                server, tenant, name=f"Quinta {n} " + "with a long name " * 6, location=place
            )
        )
        for n in range(8)
    }
    monkeypatch.setenv(RESULT_TOKENS_ENV, "400")

    async def run() -> set[str]:
        seen: list[str] = []
        async with over_http(server, tenant.keys["traveler"]) as client:
            result = await call(client, "search_listings", place=place, limit=50)
            assert result["total"] == 8
            assert 0 < len(result["listings"]) < 8
            assert result["more"] == 8 - len(result["listings"])
            while True:
                assert tokens(result) <= 400
                seen += [item["id"] for item in result["listings"]]
                if "cursor" not in result:
                    break
                result = await call(
                    client, "search_listings", place=place, limit=50, cursor=result["cursor"]
                )
        assert len(seen) == len(set(seen))
        return set(seen)

    assert asyncio.run(run()) == made


def test_the_tool_list_is_under_its_budget(server: LiveServer) -> None:
    tools = described(server.services.schema)
    listed = [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in tools.values()]
    size = tokens(listed)
    print(f"MCP tool list: {len(listed)} tools, {size} tokens (budget {TOOL_LIST_TOKENS})")
    assert size <= TOOL_LIST_TOKENS
    search = tools["search_listings"].input_schema["properties"]
    assert search["sort"]["enum"][0] == "RELEVANCE"
    assert search["check_in"] == {
        "type": "string",
        "format": "date",
        "description": "YYYY-MM-DD; with check_out: only listings free then.",
    }


@pytest.mark.parametrize(
    ("type_name", "field", "argument"),
    [
        ("TravelSearchFilterInput", "availableFrom", None),  # search's check_in
        ("CreateTravelBookingInput", "targetType", None),  # every listing tool's kind
        ("Query", "travelSearch", "sort"),  # search's sort
    ],
)
def test_a_schema_change_that_breaks_a_tool_fails(
    type_name: str, field: str, argument: str | None
) -> None:
    """The tools are generated from the schema: what they send cannot silently disappear."""
    from graphql import build_schema

    schema = build_schema(SDL.read_text())
    described(schema)  # the committed schema generates every tool
    fields = schema.type_map[type_name].fields  # type: ignore[union-attr]
    if argument is None:
        del fields[field]
    else:
        del fields[field].args[argument]
    with pytest.raises(SchemaDrift, match=field if argument is None else argument):
        described(schema)
