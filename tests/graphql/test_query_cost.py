"""The cost estimate bounds the response: every list counts its real size (pages by `take`,
calendars by their days), so a document within the limit cannot answer more than
UNIT_BYTES per unit of its estimate — checked here on generated documents against a workspace
filled with the largest values the API accepts."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import (
    Tenant,
    future_date,
    tenant_booking,
    tenant_listing,
)
from tests.support.api import error_codes, post
from tests.support.live import LiveServer
from travel.graphql.cost import UNIT_BYTES

# Values as large as the API lets anyone store: 4-byte characters (the most JSON bytes each).
WIDE = "\U0001d11e"
LISTINGS = 24


pytestmark = pytest.mark.plan("enterprise")


@pytest.fixture(scope="module")
def wide(server: LiveServer, module_tenant: Tenant) -> Tenant:
    """The module's workspace, filled with LISTINGS stays of the widest values, six booked."""
    provider = None
    for i in range(LISTINGS):
        listing = tenant_listing(
            server,
            module_tenant,
            provider=provider,
            name=WIDE * 200,
            location=WIDE * 200,
            description=WIDE * 5000,
            amenities=[f"{i}{WIDE * 99}"[:100] for i in range(50)],
            units=3,
        )
        if provider is None:
            provider = _provider_of(server, module_tenant, listing)
        if i < 6:
            tenant_booking(server, module_tenant, listing, future_date(3 + i), future_date(5 + i))
    return module_tenant


def _provider_of(server: LiveServer, tenant: Tenant, listing: uuid.UUID) -> uuid.UUID:
    query = "query ($id: ID!) { travelProperty(id: $id) { provider { id } } }"
    response = post(server, tenant.keys["traveler"], query, {"id": str(listing)})
    return uuid.UUID(response.json()["data"]["travelProperty"]["provider"]["id"])


def test_a_year_of_calendars_per_listing_is_refused(server: LiveServer, wide: Tenant) -> None:
    """The probe's document: 38 listings x 30 year-long calendars was estimated at 4,561 and
    answered 18.8 MB; each calendar now counts its 366 days."""
    calendars = " ".join(
        f'a{i}: availability(from: "2027-01-01", to: "2028-01-01") {{ date capacity available }}'
        for i in range(30)
    )
    document = "{ travelProperties(pagination: {take: 38}) { " + calendars + " } }"
    response = post(server, wide.keys["traveler"], document)
    assert response.status_code == 400
    assert error_codes(response) == ["VALIDATION_ERROR"]
    assert "cost estimate" in response.json()["errors"][0]["message"]
    # The same dates as variables count the same.
    with_variables = (
        "query ($f: Date!, $t: Date!) { travelProperties(pagination: {take: 38}) { "
        + calendars.replace('"2027-01-01"', "$f").replace('"2028-01-01"', "$t")
        + " } }"
    )
    refused = post(
        server, wide.keys["traveler"], with_variables, {"f": "2027-01-01", "t": "2028-01-01"}
    )
    assert refused.status_code == 400
    # One month-long calendar per listing fits, and answers in full.
    month = (
        "query ($f: Date!, $t: Date!) { travelProperties(pagination: {take: 38}) "
        "{ availability(from: $f, to: $t) { date capacity available } } }"
    )
    answer = post(server, wide.keys["traveler"], month, {"f": "2027-01-01", "t": "2027-01-31"})
    assert answer.status_code == 200, answer.text
    assert [len(p["availability"]) for p in answer.json()["data"]["travelProperties"]] == [
        31
    ] * LISTINGS


# Generated documents: random selections over the catalog, bookings and analytics.
LISTING_SCALARS = [
    "id",
    "name",
    "location",
    "description",
    "price",
    "currency",
    "rating",
    "amenities",
    "units",
]
_names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=12)
_long_alias = st.integers(min_value=1, max_value=3000).map(lambda n: "x" * n)


@st.composite
def _field(draw: Any, name: str, body: str = "") -> str:
    alias = draw(st.one_of(st.none(), _names, _long_alias))
    prefix = f"{alias}: " if alias else ""
    return f"{prefix}{name}{body}"


@st.composite
def _listing_selection(draw: Any) -> str:
    fields = draw(st.lists(st.sampled_from(LISTING_SCALARS), min_size=1, max_size=12))
    parts = [draw(_field(name)) for name in fields]
    if draw(st.booleans()):
        parts.append(draw(_field("provider", " { id name type rating }")))
    if draw(st.booleans()):
        first = draw(st.integers(min_value=0, max_value=400))
        days = draw(st.integers(min_value=1, max_value=366))
        body = f'(from: "{future_date(first)}", to: "{future_date(first + days - 1)}") {{ date capacity available }}'
        parts.append(draw(_field("availability", body)))
    return " ".join(parts)


@st.composite
def documents(draw: Any) -> str:
    roots = []
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        kind = draw(st.sampled_from(["properties", "bookings", "analytics", "viewer"]))
        take = draw(st.integers(min_value=0, max_value=100))
        if kind == "properties":
            roots.append(
                draw(
                    _field(
                        "travelProperties",
                        f"(pagination: {{take: {take}}}) {{ {draw(_listing_selection())} }}",
                    )
                )
            )
        elif kind == "bookings":
            target = f"target {{ ... on TravelProperty {{ {draw(_listing_selection())} }} }}"
            roots.append(
                draw(
                    _field(
                        "travelBookings",
                        f"(pagination: {{take: {take}}}) {{ id referenceCode {target} timeline {{ from to at actor }} }}",
                    )
                )
            )
        elif kind == "analytics":
            roots.append(
                draw(
                    _field(
                        "travelAnalytics",
                        " { categoryMix { category count } topProviders { id name revenue } }",
                    )
                )
            )
        else:
            roots.append(
                draw(
                    _field(
                        "travelViewer", " { memberId subject roles permissions workspace { name } }"
                    )
                )
            )
    return "{ " + " ".join(roots) + " }"


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(document=documents())
def test_an_accepted_document_answers_within_its_estimate(
    server: LiveServer, wide: Tenant, document: str
) -> None:
    response = post(server, wide.keys["admin"], document)
    if response.status_code == 400:
        assert "cost estimate" in response.text or "aliases" in response.text, response.text
        return
    assert response.status_code == 200, response.text
    prepared = server.services.documents.get(document)
    operation = prepared.operation(None)
    assert operation is not None
    estimate = server.services.cost.estimate(prepared, operation, {})
    assert len(response.content) <= UNIT_BYTES * estimate + 512, (estimate, len(response.content))
