"""The committed `schema.graphql` is exactly what the service serves."""

from __future__ import annotations

from pathlib import Path

from graphql import build_schema, find_breaking_changes

from travel.graphql.schema import build_schema as served_schema
from travel.graphql.schema import schema_sdl

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "schema.graphql"


def test_committed_schema_matches_served_schema() -> None:
    assert SCHEMA_FILE.read_text() == schema_sdl(), (
        "schema.graphql differs from the served schema: run `python -m travel.graphql.export` "
        "and review the change (breaking changes need a deliberate decision)"
    )


def test_no_breaking_change_against_committed_file() -> None:
    committed = build_schema(SCHEMA_FILE.read_text())
    assert find_breaking_changes(committed, served_schema()) == []


def test_roadmap_types_are_not_exposed() -> None:
    sdl = schema_sdl()
    for name in ("TravelDestination", "TravelReview", "Itinerary", "Checkout", "Verification"):
        assert name not in sdl
