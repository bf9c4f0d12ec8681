"""Hostile documents are refused before anything runs: depth, aliases (through fragments too),
tokens and estimated cost, each a 400 VALIDATION_ERROR whose message names the limit."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from graphql import get_introspection_query

from tests.factories import count_rows, create_tenant
from tests.support.api import error_codes, post
from tests.support.live import LiveServer
from travel.settings import QueryLimits, Settings

PROVIDER = "id name type rating"


@pytest.fixture(scope="module")
def strict_server(settings: Settings, server: LiveServer) -> Iterator[LiveServer]:
    """The service allowing a depth of 3 (the schema's own types nest no deeper than 4) and
    documents of 100 tokens, so both limits can be met exactly (a field may repeat 100 times:
    the token test pads with `id`)."""
    limits = QueryLimits(max_depth=3, max_tokens=100, max_field_repeats=100, max_field_pairs=10_000)
    live = LiveServer(dataclasses.replace(settings, query_limits=limits)).start()
    yield live
    live.stop()


def refused(response: httpx.Response, *words: str) -> None:
    """A 400 VALIDATION_ERROR before execution, naming the limit."""
    assert response.status_code == 400, response.text
    body = response.json()
    assert "data" not in body
    assert set(error_codes(response)) == {"VALIDATION_ERROR"}
    message = " ".join(e["message"] for e in body["errors"])
    for word in words:
        assert word in message, message


def ok(response: httpx.Response) -> Any:
    assert response.status_code == 200, response.text
    assert "errors" not in response.json(), response.text
    return response.json()["data"]


def test_the_standard_introspection_query_is_allowed(server: LiveServer, module_tenant) -> None:  # type: ignore[no-untyped-def]
    query = get_introspection_query(descriptions=True)
    assert ok(post(server, module_tenant.keys["traveler"], query))["__schema"]["queryType"]


def test_depth_over_the_limit_is_refused(strict_server: LiveServer, module_tenant) -> None:  # type: ignore[no-untyped-def]
    key = module_tenant.keys["traveler"]
    ok(post(strict_server, key, "{ travelProperties { provider { id } } }"))
    refused(
        post(strict_server, key, "{ travelBookings { target { provider { id } } } }"),
        "maximum depth of 3",
    )


def test_depth_counts_through_fragments(strict_server: LiveServer, module_tenant) -> None:  # type: ignore[no-untyped-def]
    query = """
      { travelBookings { ...Booking } }
      fragment Booking on TravelBooking { target { ...Listing } }
      fragment Listing on TravelListing { ... on TravelProperty { provider { id } } }
    """
    refused(post(strict_server, module_tenant.keys["traveler"], query), "maximum depth of 3")


def test_introspection_nested_past_any_sane_depth_is_refused(
    server: LiveServer, module_tenant
) -> None:  # type: ignore[no-untyped-def]
    query = '{ __type(name: "TravelProvider") { ' + "ofType { " * 70 + "name" + " }" * 72
    refused(post(server, module_tenant.keys["traveler"], query), "maximum depth")


def test_too_many_aliases_are_refused(server: LiveServer, module_tenant) -> None:  # type: ignore[no-untyped-def]
    key = module_tenant.keys["traveler"]
    ok(
        post(
            server, key, "{ travelProviders { " + " ".join(f"a{i}: id" for i in range(30)) + " } }"
        )
    )
    refused(
        post(
            server, key, "{ travelProviders { " + " ".join(f"a{i}: id" for i in range(31)) + " } }"
        ),
        "31 aliases",
        "maximum of 30",
    )


def _fragment_trick(spreads: int) -> str:
    """No alias in the operation itself: 8 hide in a fragment, spread `spreads` times through
    a second fragment (each spread adds 1 alias of its own)."""
    roots = " ".join(f"p{i}: travelProviders {{ ...Hidden }}" for i in range(spreads))
    hidden = " ".join(f"h{i}: id" for i in range(8))
    return (
        "query Innocent { ...Roots } "
        f"fragment Roots on Query {{ {roots} }} "
        f"fragment Hidden on TravelProvider {{ {hidden} }}"
    )


def test_aliases_hidden_in_fragments_count_each_time_they_are_spread(
    server: LiveServer, module_tenant
) -> None:  # type: ignore[no-untyped-def]
    key = module_tenant.keys["traveler"]
    ok(post(server, key, _fragment_trick(3)))  # 3 + 3 x 8 = 27
    refused(post(server, key, _fragment_trick(4)), "36 aliases", "maximum of 30")  # 4 + 32


def test_a_refused_mutation_runs_nothing(server: LiveServer) -> None:
    tenant = create_tenant(server)
    creates = " ".join(
        f'c{i}: createTravelProvider(input: {{name: "P{i}", type: HOST}}) {{ ...P }}'
        for i in range(10)
    )
    query = f"mutation {{ {creates} }} fragment P on TravelProvider {{ a: id b: name c: type }}"
    refused(post(server, tenant.keys["host"], query), "40 aliases")
    assert count_rows(server, "providers", tenant.workspace) == 0


def test_too_many_tokens_are_refused(
    strict_server: LiveServer, server: LiveServer, module_tenant
) -> None:  # type: ignore[no-untyped-def]
    key = module_tenant.keys["traveler"]
    ok(post(strict_server, key, "{ travelProviders { " + "id " * 95 + "} }"))  # 100 tokens
    refused(post(strict_server, key, "{ travelProviders { " + "id " * 96 + "} }"), "100 tokens")
    refused(post(server, key, "{ travelProviders { " + "id " * 2000 + "} }"), "2000 tokens")


def _pages(count: int, pagination: str) -> str:
    return " ".join(
        f"p{i}: travelProviders(pagination: {pagination}) {{ {PROVIDER} }}" for i in range(count)
    )


def test_cost_multiplies_by_take(server: LiveServer, module_tenant) -> None:  # type: ignore[no-untyped-def]
    key = module_tenant.keys["traveler"]
    ok(post(server, key, "{ " + _pages(12, "{take: 10}") + " }"))  # 12 x (1 + 10 x 4)
    refused(
        post(server, key, "{ " + _pages(13, "{take: 100}") + " }"),  # 13 x (1 + 100 x 4)
        "cost estimate 5213",
        "maximum cost of 5000",
    )
    # Without `take` the default page size (20) counts.
    ok(post(server, key, "{ " + _pages(12, "{skip: 0}") + " }"))


def test_a_take_given_as_a_variable_counts_as_its_value(server: LiveServer, module_tenant) -> None:  # type: ignore[no-untyped-def]
    key = module_tenant.keys["traveler"]
    whole = "query ($p: TravelPaginationInput) { " + _pages(13, "$p") + " }"
    refused(
        post(server, key, whole, {"p": {"take": 100}}), "cost estimate 5213", "maximum cost of 5000"
    )
    assert len(ok(post(server, key, whole, {"p": {"take": 1}}))) == 13
    inner = "query ($t: Int) { " + _pages(13, "{take: $t}") + " }"
    refused(post(server, key, inner, {"t": 100}), "cost estimate 5213")
    assert len(ok(post(server, key, inner, {"t": 10}))) == 13
    # Left out, or null: the default page size (20); a declared default counts as given.
    assert len(ok(post(server, key, inner, {}))) == 13
    assert len(ok(post(server, key, inner, {"t": None}))) == 13
    defaulted = "query ($t: Int = 100) { " + _pages(13, "{take: $t}") + " }"
    refused(post(server, key, defaulted, {}), "cost estimate 5213")


def test_skipped_fields_cost_nothing(server: LiveServer, module_tenant) -> None:  # type: ignore[no-untyped-def]
    key = module_tenant.keys["traveler"]
    pages = " ".join(
        f"p{i}: travelProviders(pagination: {{take: 100}}) @include(if: $on{i}) {{ {PROVIDER} }}"
        for i in range(13)
    )
    document = "query (" + " ".join(f"$on{i}: Boolean!" for i in range(13)) + ") { " + pages + " }"
    one_on = {f"on{i}": i == 0 for i in range(13)}
    assert list(ok(post(server, key, document, one_on))) == ["p0"]
    refused(post(server, key, document, dict.fromkeys(one_on, True)), "cost estimate 5213")
    skip = document.replace("@include(if:", "@skip(if:")
    refused(post(server, key, skip, dict.fromkeys(one_on, False)), "cost estimate 5213")
