"""Differential fuzzing of the compiled executor on the real schema (docs/reliability.md,
"Differential fuzzing").

Two live servers on the same database — the service as it runs (the compiled fast path,
src/travel/graphql/fastpath/) and the same service with `fast_path` off (graphql-core's
executor, what `TRAVEL_FAST_PATH=0` gives) — get the same generated requests over HTTP in a
seeded workspace, with the same credentials, and must give the same answer: HTTP status and
the whole JSON body (data, errors with their messages, paths, locations and extensions),
errors compared in any order (the order of a response's errors is not specified). The rows are
shared, so ids and timestamps are the same in both answers.

The documents (tests/support/documents.py) have several operations (the others must not be
evaluated), @skip/@include on `$flag: Boolean!` and `$s: Boolean = true` sent as true, false,
null or not at all, inline and named fragments on the `TravelListing` interface and its
types, arguments as literals or as variables sent, sent as null, left out or defaulted.
Mutations run are ones whose answer does not depend on what ran before (refused ones and
favorites toggled twice), so both servers see the same state.

Cases: 15 query documents and 5 mutation documents per TRAVEL_FUZZ_EXAMPLES (default 40,
as the schema fuzzing; `make fuzz`: 200).
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import graphql
import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import (
    CANCEL,
    CREATE_LISTING_MUTATIONS,
    Tenant,
    api_listing,
    api_provider,
    create_tenant,
    future_date,
    issue_key,
    request_booking,
)
from tests.support.api import data
from tests.support.documents import Request, World, requests
from tests.support.live import LiveServer
from tests.support.schema import CASES, introspect
from travel.settings import Settings

EXAMPLES = int(os.environ.get("TRAVEL_FUZZ_EXAMPLES", "40"))
DIFFERENTIAL = settings(
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)


@pytest.fixture(scope="module")
def reference(server: LiveServer, settings: Settings) -> Iterator[LiveServer]:
    """The same service on the same database, executing with graphql-core only."""
    live = LiveServer(replace(settings, fast_path=False)).start()
    assert live.services.executor.fast is None
    assert server.services.executor.fast is not None
    yield live
    live.stop()


class Seeded:
    """A workspace with a provider of each type, two listings of each kind, bookings
    (confirmed and cancelled), a favorite; the ids of another workspace's rows; the keys the
    requests are sent with (mostly the admin's, which may run everything)."""

    def __init__(self, tenant: Tenant, world: World, narrowed: str) -> None:
        self.tenant = tenant
        self.world = world
        keys = tenant.keys
        self.keys = [keys["admin"], keys["admin"], keys["traveler"], keys["host"], narrowed]


def _listings(server: LiveServer, tenant: Tenant) -> tuple[list[str], dict[str, str]]:
    host = tenant.keys["host"]
    providers = [
        api_provider(server, host, "Diff stays"),
        api_provider(server, host, "Diff", "OPERATOR"),
    ]
    listings = {}
    for kind in CREATE_LISTING_MUTATIONS:
        for n in range(2):
            provider = providers[0] if kind == "PROPERTY" else providers[1]
            name = f"Diff {kind.lower()} {n}"
            location = "Porto" if n else "Lisbon"
            listings[api_listing(server, host, kind, provider, name=name, location=location)] = kind
    return providers, listings


@pytest.fixture(scope="module")
def seeded(server: LiveServer) -> Seeded:
    tenant = create_tenant(server, plan="enterprise")
    providers, listings = _listings(server, tenant)
    by_kind = {kind: i for i, kind in reversed(list(listings.items()))}
    traveler = tenant.keys["traveler"]
    bookings = []
    for kind, days in (("PROPERTY", 3), ("TOUR", 4), ("TOUR", 5)):
        nights = {"checkOut": future_date(days + 2)} if kind == "PROPERTY" else {}
        booked = request_booking(
            server, traveler, by_kind[kind], target_type=kind, checkIn=future_date(days), **nights
        )
        bookings.append(booked.json()["data"]["createTravelBooking"]["id"])
    data(server, traveler, CANCEL, {"id": bookings[-1]})
    toggle = "mutation ($id: ID!) { toggleTravelFavorite(targetType: TOUR, targetId: $id) }"
    assert data(server, tenant.keys["admin"], toggle, {"id": by_kind["TOUR"]})[
        "toggleTravelFavorite"
    ]
    subject = data(server, traveler, "{ travelViewer { subject } }")["travelViewer"]["subject"]
    narrowed = issue_key(server, tenant.workspace, subject=subject, permissions=["travel:book"])

    other = create_tenant(server, plan="enterprise")
    other_providers, other_listings = _listings(server, other)
    other_tour = next(i for i, kind in other_listings.items() if kind == "TOUR")
    other_booking = request_booking(
        server, other.keys["traveler"], other_tour, target_type="TOUR", checkIn=future_date(6)
    ).json()["data"]["createTravelBooking"]["id"]
    world = World(
        listings=listings,
        providers=providers,
        bookings=bookings,
        foreign=[other_tour, other_providers[0], other_booking],
    )
    return Seeded(tenant, world, narrowed.secret)


@pytest.fixture(scope="module")
def schema(server: LiveServer, seeded: Seeded) -> graphql.GraphQLSchema:
    return introspect(server, seeded.tenant.keys["admin"])


@pytest.fixture(scope="module")
def clients() -> Iterator[tuple[httpx.Client, httpx.Client]]:
    """A keep-alive connection to each server."""
    with httpx.Client(timeout=60) as fast, httpx.Client(timeout=60) as core:
        yield fast, core


def _answer(response: httpx.Response) -> tuple[int, Any]:
    """Status and body, the body's errors put in a canonical order."""
    body = response.json()
    if isinstance(body, dict) and isinstance(body.get("errors"), list):
        body["errors"] = sorted(body["errors"], key=lambda e: json.dumps(e, sort_keys=True))
    return response.status_code, body


def compare(
    clients: tuple[httpx.Client, httpx.Client],
    server: LiveServer,
    reference: LiveServer,
    key: str,
    body: dict[str, Any],
    headers: dict[str, str] | None = None,
) -> tuple[int, Any]:
    """Send `body` to both servers; their answers must be the same. Returns it."""
    answers = []
    for client, live in zip(clients, (server, reference), strict=True):
        sent = {"Authorization": f"Bearer {key}", **(headers or {})}
        if "Idempotency-Key" in sent:  # shared rows: the same key would replay the first
            sent["Idempotency-Key"] += f"-{live.port}"
        answers.append(_answer(client.post(live.graphql_url, json=body, headers=sent)))
    fast, core = answers
    assert fast == core, (
        f"the compiled executor answered differently\nsent {json.dumps(body)}\n"
        f"compiled:    {fast}\ngraphql-core: {core}"
    )
    return fast


def _tally(suite: str, status: int, body: Any) -> None:
    CASES[f"differential: {suite}"] += 1
    if status != 200:
        outcome = "refused"
    elif body.get("errors"):
        outcome = "answered with errors"
    else:
        outcome = "answered without errors"
    CASES[f"differential: {suite}, {outcome}"] += 1


def _check_mutation_answer(request: Request, body: Any) -> None:
    """A created row would differ between the two servers: the generator must only make
    refused creations (a test of the generator itself)."""
    for name, value in ((body.get("data") or {}) if isinstance(body, dict) else {}).items():
        assert value is None or isinstance(value, bool | str), (name, value, request.body)


@settings(DIFFERENTIAL, max_examples=EXAMPLES * 15)
@given(case=st.data())
def test_generated_queries_answer_the_same_on_both_executors(
    clients: tuple[httpx.Client, httpx.Client],
    server: LiveServer,
    reference: LiveServer,
    seeded: Seeded,
    schema: graphql.GraphQLSchema,
    case: st.DataObject,
) -> None:
    request = case.draw(requests(schema, seeded.world, mutation=False), label="request")
    key = case.draw(st.sampled_from(seeded.keys), label="key")
    status, body = compare(clients, server, reference, key, request.body)
    _tally("queries", status, body)


@settings(DIFFERENTIAL, max_examples=EXAMPLES * 5)
@given(case=st.data())
def test_generated_mutations_answer_the_same_on_both_executors(
    clients: tuple[httpx.Client, httpx.Client],
    server: LiveServer,
    reference: LiveServer,
    seeded: Seeded,
    schema: graphql.GraphQLSchema,
    case: st.DataObject,
) -> None:
    """Refused mutations and favorites toggled twice (the same state for both servers), with
    an Idempotency-Key now and then (a new one for each server)."""
    request = case.draw(requests(schema, seeded.world, mutation=True), label="request")
    key = case.draw(st.sampled_from(seeded.keys), label="key")
    headers = {"Idempotency-Key": uuid.uuid4().hex} if case.draw(st.booleans()) else None
    status, body = compare(clients, server, reference, key, request.body, headers)
    _check_mutation_answer(request, body)
    _tally("mutations", status, body)


# The cases of the issue that started this suite, exactly as reported (docs/reliability.md).
OTHER_OPERATION = (
    "query A($x:Boolean!){ travelProperties @include(if:$x){id} } query B { travelTours{id} }"
)
NULL_CONDITION = (
    "query ($s: Boolean = true) { travelTours @skip(if: $s) { id } travelViewer { subject } }"
)


def test_the_conditions_of_another_operation_are_not_evaluated(
    clients: tuple[httpx.Client, httpx.Client],
    server: LiveServer,
    reference: LiveServer,
    seeded: Seeded,
) -> None:
    body = {"query": OTHER_OPERATION, "operationName": "B"}
    status, answer = compare(clients, server, reference, seeded.tenant.keys["admin"], body)
    tours = sorted(i for i, kind in seeded.world.listings.items() if kind == "TOUR")
    assert status == 200, answer
    assert "errors" not in answer, answer
    assert sorted(t["id"] for t in answer["data"]["travelTours"]) == tours


def test_a_condition_variable_sent_as_null_is_refused_as_graphql_core_refuses_it(
    clients: tuple[httpx.Client, httpx.Client],
    server: LiveServer,
    reference: LiveServer,
    seeded: Seeded,
) -> None:
    """`{"s": null}` for `$s: Boolean = true`: null is not its default, and `if` takes no null.
    Sent as true, false or not at all, it is decided as usual."""
    key = seeded.tenant.keys["admin"]
    status, answer = compare(
        clients, server, reference, key, {"query": NULL_CONDITION, "variables": {"s": None}}
    )
    assert status == 400, answer
    assert [e["extensions"]["code"] for e in answer["errors"]] == ["VALIDATION_ERROR"]
    assert "data" not in answer
    for variables, skipped in (({"s": True}, True), ({"s": False}, False), ({}, True)):
        body = {"query": NULL_CONDITION, "variables": variables}
        status, answer = compare(clients, server, reference, key, body)
        assert status == 200, answer
        assert ("travelTours" not in answer["data"]) is skipped, (variables, answer)
