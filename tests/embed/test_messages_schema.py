"""The workspace app's published message schemas (docs/embedding/messages.schema.json) are
valid JSON schemas, accept the messages docs/embedding.md shows and refuse malformed ones."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "docs" / "embedding" / "messages.schema.json").read_text()
)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
ID = "6f1c2a0e-3b7d-4c1e-9f5a-2d8e7b6c4a10"


def message(type_: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"protocol": "travel-workspace-app", "version": 1, "type": type_, "data": data}


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


BOOKING = {
    "bookingId": ID,
    "referenceCode": "TRV-PROPERTY-7KQ2M9XD",
    "listing": {"id": ID, "kind": "PROPERTY", "name": "Casa Azul"},
    "checkIn": "2027-03-01",
    "checkOut": "2027-03-04",
    "guests": 2,
}


@pytest.mark.parametrize(
    "good",
    [
        message("ready", {"view": "discover", "path": "/"}),
        message("token.request", {"reason": "expiring"}),
        message("token", {"token": "eyJ..."}),
        message("resize", {"height": 812.5}),
        message("navigate", {"view": "listing", "kind": "EVENT", "id": ID}),
        message("navigate", {"view": "trips", "path": "/trips"}),
        message("booking.created", BOOKING),
        message("booking.cancelled", BOOKING),
        message("theme", {"accent": "#0b6e4f", "scheme": "dark"}),
        message("error", {"code": "UNAUTHENTICATED", "message": "Your session ended."}),
    ],
)
def test_the_documented_messages_are_valid(good: dict[str, Any]) -> None:
    VALIDATOR.validate(good)


@pytest.mark.parametrize(
    "bad",
    [
        message("resize", {"height": -1}),
        message("resize", {}),
        message("navigate", {"view": "admin"}),
        message("navigate", {"view": "listing"}),  # a listing to open needs its kind and id
        message("navigate", {"view": "checkout"}),  # reached from a listing, with its dates
        message("booking.created", {**BOOKING, "referenceCode": "nope"}),
        message("theme", {"scheme": "sepia"}),
        message("unknown", {}),
        {**message("ready", {"view": "discover", "path": "/"}), "version": 2},
        {**message("ready", {"view": "discover", "path": "/"}), "protocol": "other"},
        message("token", {"token": ""}),
    ],
)
def test_malformed_messages_are_invalid(bad: dict[str, Any]) -> None:
    assert not VALIDATOR.is_valid(bad)
