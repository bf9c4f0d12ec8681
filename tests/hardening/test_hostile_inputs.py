"""Odd input from a careless or hostile client: every answer is the spec's VALIDATION_ERROR (or
a plain answer), never INTERNAL_SERVER_ERROR, and a refused mutation writes nothing."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.factories import (
    Tenant,
    api_provider,
    count_rows,
    listing_input,
    tenant_listing,
)
from tests.support.api import error_codes, post
from tests.support.live import LiveServer

CREATE_PROVIDER = (
    "mutation ($input: CreateTravelProviderInput!) { createTravelProvider(input: $input) { id } }"
)
CREATE_EVENT = """mutation ($input: CreateTravelEventInput!) {
  createTravelEvent(input: $input) { id startsAt }
}"""


pytestmark = pytest.mark.plan("enterprise")


def _refused(response: object, *, field: str | None = None) -> None:
    assert response.status_code in (200, 400), response.text  # type: ignore[attr-defined]
    codes = error_codes(response)  # type: ignore[arg-type]
    assert codes, response.text  # type: ignore[attr-defined]
    assert set(codes) == {"VALIDATION_ERROR"}, response.text  # type: ignore[attr-defined]
    if field is not None:
        assert response.json()["errors"][0]["extensions"]["field"] == field  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "name",
    ["a\x00b", "\x00", "tab\x01", "bell\x07", "esc\x1b[31m", "vt\x0b"],
)
def test_control_characters_in_variables_are_refused_and_nothing_is_written(
    server: LiveServer, module_tenant: Tenant, name: str
) -> None:
    before = count_rows(server, "providers", module_tenant.workspace)
    answer = post(
        server,
        module_tenant.keys["host"],
        CREATE_PROVIDER,
        {"input": {"name": name, "type": "HOST"}},
    )
    _refused(answer, field="variables.input.name")
    assert answer.status_code == 400
    assert count_rows(server, "providers", module_tenant.workspace) == before


def test_control_characters_in_literals_and_filters_are_refused(
    server: LiveServer, module_tenant: Tenant
) -> None:
    before = count_rows(server, "providers", module_tenant.workspace)
    literal = 'mutation { createTravelProvider(input: {name: "a\\u0000b", type: HOST}) { id } }'
    _refused(post(server, module_tenant.keys["host"], literal), field="input.name")
    key_with_nul = {"input": {"name": "x", "type": "HOST", "n\x00": 1}}
    _refused(post(server, module_tenant.keys["host"], CREATE_PROVIDER, key_with_nul))
    assert count_rows(server, "providers", module_tenant.workspace) == before


@pytest.mark.parametrize("name", ["text", "location"])
def test_a_nul_in_a_filter_is_refused_naming_it(
    server: LiveServer, module_tenant: Tenant, name: str
) -> None:
    """As a literal, as a variable, and as a variable's default: refused before anything runs,
    with the place of the text in `extensions.field` (PostgreSQL cannot compare it at all)."""
    traveler = module_tenant.keys["traveler"]
    for kind in ("travelProperties", "travelTours", "travelProvidersCount"):
        if kind == "travelProvidersCount" and name == "location":
            continue  # providers are filtered by text, type and rating only
        selection = "" if kind.endswith("Count") else " { id }"
        literal = f'{{ {kind}(filter: {{{name}: "Lis\\u0000bon"}}){selection} }}'
        answer = post(server, traveler, literal)
        _refused(answer, field=f"filter.{name}")
        assert answer.status_code == 400
        assert "data" not in answer.json()
        assert answer.json()["errors"][0]["locations"], answer.text
    filter_type = "TravelListingFilterInput"
    variable = f"query ($f: {filter_type}) {{ travelTours(filter: $f) {{ id }} }}"
    answer = post(server, traveler, variable, {"f": {name: "\x00"}})
    _refused(answer, field=f"variables.f.{name}")
    defaulted = f'query ($v: String = "\\u0000") {{ travelTours(filter: {{{name}: $v}}) {{ id }} }}'
    _refused(post(server, traveler, defaulted), field="$v")


def test_a_control_character_in_a_list_literal_is_named_by_its_position(
    server: LiveServer, module_tenant: Tenant
) -> None:
    provider = api_provider(server, module_tenant.keys["host"], "Lists", type="OPERATOR")
    before = count_rows(server, "listings", module_tenant.workspace)
    tour = (
        "mutation { createTravelTour(input: {"
        f'providerId: "{provider}", name: "T", location: "Lisbon", price: "10.00", capacity: 2,'
        ' amenities: ["wifi", "a\\u0007b"]}) { id } }'
    )
    _refused(post(server, module_tenant.keys["host"], tour), field="input.amenities.1")
    assert count_rows(server, "listings", module_tenant.workspace) == before


def test_tabs_and_newlines_are_text(server: LiveServer, module_tenant: Tenant) -> None:
    answer = post(
        server,
        module_tenant.keys["host"],
        "mutation ($input: CreateTravelProviderInput!) { createTravelProvider(input: $input) { name } }",
        {"input": {"name": "Line one\nline\ttwo\r", "type": "HOST"}},
    )
    # Names are trimmed at both ends (the carriage return goes); inside, tab and newline stay.
    assert answer.json() == {"data": {"createTravelProvider": {"name": "Line one\nline\ttwo"}}}


@pytest.mark.parametrize("price", ["1e999999", "-1e999999", "1e-999999", "9" * 400])
def test_absurd_amounts_are_refused(server: LiveServer, module_tenant: Tenant, price: str) -> None:
    provider = api_provider(server, module_tenant.keys["host"], "Amounts", type="OPERATOR")
    before = count_rows(server, "listings", module_tenant.workspace)
    event = listing_input("EVENT", provider, price=price, currency="EUR")
    _refused(post(server, module_tenant.keys["host"], CREATE_EVENT, {"input": event}))
    literal = f'{{ travelProperties(filter: {{minPrice: "{price}"}}) {{ id }} }}'
    _refused(post(server, module_tenant.keys["traveler"], literal))
    assert count_rows(server, "listings", module_tenant.workspace) == before


@pytest.mark.parametrize(
    ("starts", "ends"),
    [
        ("0001-01-01T00:00:00+01:00", "0001-01-01T02:00:00+01:00"),  # year 0 in UTC
        ("9999-12-31T23:30:00-01:00", "9999-12-31T23:45:00-01:00"),  # year 10000 in UTC
    ],
)
def test_date_times_outside_the_calendar_are_refused(
    server: LiveServer, module_tenant: Tenant, starts: str, ends: str
) -> None:
    provider = api_provider(server, module_tenant.keys["host"], "Edges", type="OPERATOR")
    before = count_rows(server, "listings", module_tenant.workspace)
    event = listing_input("EVENT", provider, startsAt=starts, endsAt=ends)
    _refused(post(server, module_tenant.keys["host"], CREATE_EVENT, {"input": event}))
    assert count_rows(server, "listings", module_tenant.workspace) == before


# The issue's two literals: each overflows when converted to UTC (year 10000, year 0).
HOSTILE_INSTANTS = {
    "createTravelEvent": (
        "endsAt",
        "9999-12-31T23:59:59-14:00",
        'startsAt: "2030-06-01T19:00:00Z", endsAt: "{}"',
    ),
    "createTravelTrip": (
        "departsAt",
        "0001-01-01T00:00:00+14:00",
        'origin: "Lisbon", destination: "Porto", mode: TRAIN, departsAt: "{}"',
    ),
}


@pytest.mark.parametrize("mutation", list(HOSTILE_INSTANTS))
def test_date_time_literals_outside_the_calendar_in_utc_are_refused(
    server: LiveServer, module_tenant: Tenant, mutation: str
) -> None:
    """As literals in the document (not variables): the whole document is refused with
    VALIDATION_ERROR, nothing is written; the same document with an ordinary instant runs."""
    provider = api_provider(server, module_tenant.keys["host"], "Instants", type="OPERATOR")
    field, hostile, fields = HOSTILE_INSTANTS[mutation]
    document = (
        f'mutation {{ {mutation}(input: {{providerId: "{provider}", name: "Edge",'
        f' location: "Lisbon", price: "10.00", capacity: 2, {fields}}}) {{ id }} }}'
    )
    before = count_rows(server, "listings", module_tenant.workspace)
    answer = post(server, module_tenant.keys["host"], document.replace("{}", hostile))
    _refused(answer)
    assert answer.status_code == 400
    assert "data" not in answer.json()
    assert hostile in answer.json()["errors"][0]["message"]
    assert "outside years 0001 to 9999 in UTC" in answer.json()["errors"][0]["message"]
    assert count_rows(server, "listings", module_tenant.workspace) == before
    ordinary = post(
        server, module_tenant.keys["host"], document.replace("{}", "2030-06-01T23:00:00Z")
    )
    assert ordinary.status_code == 200, ordinary.text
    assert ordinary.json()["data"][mutation]["id"], ordinary.text
    # The same value as a variable: refused the same way, naming the field.
    variables = {"input": listing_input(mutation.removeprefix("createTravel").upper(), provider)}
    variables["input"][field] = hostile
    typed = f"mutation ($input: C{mutation[1:]}Input!) {{ {mutation}(input: $input) {{ id }} }}"
    by_variable = post(server, module_tenant.keys["host"], typed, variables)
    _refused(by_variable)
    assert f".{field}" in by_variable.json()["errors"][0]["message"]
    assert count_rows(server, "listings", module_tenant.workspace) == before + 1


def test_the_calendar_at_the_ends_of_time_answers(
    server: LiveServer, module_tenant: Tenant
) -> None:
    query = """{ travelProperties(pagination: {take: 1}) {
      id last: availability(from: "9999-12-30", to: "9999-12-31") { date }
      first: availability(from: "0001-01-01", to: "0001-01-02") { date } } }"""
    answer = post(server, module_tenant.keys["traveler"], query)
    assert answer.status_code == 200
    assert "errors" not in answer.json()


@settings(max_examples=60, deadline=None)
@given(text=st.text(min_size=0, max_size=40), price=st.text(min_size=1, max_size=12))
def test_no_text_makes_an_internal_error(
    server: LiveServer, module_tenant: Tenant, text: str, price: str
) -> None:
    """Any text in a search and any string as an amount: an answer or VALIDATION_ERROR."""
    query = "query ($f: TravelListingFilterInput) { travelTours(filter: $f) { id } }"
    for filter_ in ({"text": text}, {"location": text}, {"minPrice": price}):
        answer = post(server, module_tenant.keys["traveler"], query, {"f": filter_})
        assert answer.status_code in (200, 400), answer.text
        assert "INTERNAL_SERVER_ERROR" not in error_codes(answer), (filter_, answer.text)


def test_check_ins_beyond_five_years_and_windows_at_the_ends_of_time(
    server: LiveServer, module_tenant: Tenant
) -> None:
    listing = tenant_listing(server, module_tenant, kind="TOUR")
    before = count_rows(server, "bookings", module_tenant.workspace)
    book = (
        "mutation ($id: ID!, $day: Date!) { createTravelBooking(input: "
        "{targetType: TOUR, targetId: $id, checkIn: $day, guests: 1}) { id } }"
    )
    for day in ("9999-12-31", (date.today() + timedelta(days=5 * 365 + 2)).isoformat()):
        answer = post(
            server, module_tenant.keys["traveler"], book, {"id": str(listing), "day": day}
        )
        _refused(answer, field="input.checkIn")
    assert count_rows(server, "bookings", module_tenant.workspace) == before
    for window in ('from: "0001-01-01", to: "0001-01-02"', 'from: "9999-12-30", to: "9999-12-31"'):
        stats = f"{{ travelOverviewStats({window}) {{ totalBookings occupancyRate }} }}"
        answer = post(server, module_tenant.keys["admin"], stats)
        assert answer.status_code == 200, answer.text
        assert answer.json()["data"]["travelOverviewStats"]["totalBookings"] == 0
