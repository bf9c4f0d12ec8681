"""The SDK is its own distribution (clients/python): it needs httpx and pydantic only, imports
nothing of the server, and its two clients offer the same methods (the blocking one is
generated from the asyncio one). An answer its generated models cannot read is a clear error."""

from __future__ import annotations

import importlib.metadata
import inspect
import subprocess
import sys

import pytest
from travel_client import (
    AsyncTravelClient,
    Response,
    TravelAPIError,
    TravelClient,
    UnexpectedResultError,
)
from travel_client._base import result
from travel_client._operations import catalog

SERVER_ONLY = ("travel", "graphql", "orjson", "starlette", "sqlalchemy")


def test_the_distribution_needs_httpx_and_pydantic_only() -> None:
    requires = importlib.metadata.requires("travel-marketplace-client") or []
    runtime = [r for r in requires if "extra ==" not in r]
    assert runtime == ["httpx==0.28.1", "pydantic==2.14.3"]
    assert importlib.metadata.version("travel-marketplace-client") == "0.2.0"


def test_importing_the_sdk_loads_nothing_of_the_server() -> None:
    # All of these are installed here (the server needs them): the SDK must still not use them.
    code = (
        "import sys, travel_client, travel_client.models\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & set(sys.argv[1:])))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *SERVER_ONLY], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


def test_the_two_clients_offer_the_same_methods() -> None:
    def public(cls: type) -> dict[str, list[str]]:
        return {
            name: list(inspect.signature(member).parameters)
            for name, member in inspect.getmembers(cls, inspect.isfunction)
            if not name.startswith("_")
        }

    blocking, asyncio_ = public(TravelClient), public(AsyncTravelClient)
    assert blocking.pop("close") == asyncio_.pop("aclose")
    assert blocking == asyncio_
    iterators = {name for name in blocking if name.startswith("iter_")}
    assert iterators == {
        "iter_providers", "iter_properties", "iter_tours", "iter_activities", "iter_events",
        "iter_trips", "iter_bookings", "iter_favorites",
    }  # fmt: skip
    for name, parameters in blocking.items():
        if name in {
            "properties",
            "tours",
            "activities",
            "events",
            "trips",
            "providers",
            "bookings",
        }:
            assert f"iter_{name}" in iterators
            assert parameters[-3:] == ["skip", "take", "filter"]


def test_an_answer_the_models_do_not_know_is_a_clear_error() -> None:
    # A provider type the API could add after this SDK was generated (a dangerous change,
    # docs/versioning.md): the typed method says so, names the field, and points to query().
    answer = {"travelProvider": {"id": "p1", "name": "Casa", "type": "AGENCY", "rating": None}}
    with pytest.raises(UnexpectedResultError) as unknown:
        result(catalog.provider("p1"), Response(status=200, data=answer))
    assert unknown.value.field == "travelProvider"
    assert unknown.value.data == answer
    assert "(travelProvider.type: Input should be 'HOST' or 'OPERATOR')" in str(unknown.value)
    assert "read it with query()" in str(unknown.value)
    with pytest.raises(UnexpectedResultError, match="travelProvider: null without an error"):
        result(catalog.provider("p1"), Response(status=200, data={"travelProvider": None}))
    error = {
        "message": "Not found",
        "path": ["travelProvider"],
        "extensions": {"code": "NOT_FOUND"},
    }
    with pytest.raises(TravelAPIError) as missing:  # an error on the field wins over its null
        result(catalog.provider("p1"), Response(200, {"travelProvider": None}, [error]))
    assert missing.value.code == "NOT_FOUND"
