"""Input read strictly (issue: resource bounds, item 9): money in ASCII digits only — Python's
`Decimal` also reads Arabic-Indic digits and underscores — and text NFC-normalised, a name made
only of invisible format characters (Unicode category Cf) and white space being empty."""

from __future__ import annotations

import pytest

from tests.factories import (
    Tenant,
    api_provider,
    count_rows,
    create_listing_mutation,
    listing_input,
)
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer

PROVIDER = "mutation ($input: CreateTravelProviderInput!) { createTravelProvider(input: $input) { id name } }"


# Arabic-Indic digits, underscores, fullwidth digits, a digit of another script at the end.
PRICES = ["\u0661\u0662\u0663.\u0665", "1_000", "\uff11\uff12\uff13", "12.5\u0663", "1e1_0"]


@pytest.mark.parametrize("price", PRICES)
def test_money_in_other_digits_is_refused_and_nothing_is_written(
    server: LiveServer, module_tenant: Tenant, price: str
) -> None:
    host = module_tenant.keys["host"]
    provider = api_provider(server, host)
    before = count_rows(server, "listings", module_tenant.workspace)
    response = post(
        server,
        host,
        create_listing_mutation("PROPERTY"),
        {"input": listing_input("PROPERTY", provider, pricePerNight=price)},
    )
    assert response.status_code == 400, response.text
    assert error_codes(response) == ["VALIDATION_ERROR"]
    assert "pricePerNight" in response.text
    assert "is not a decimal number" in response.text
    assert count_rows(server, "listings", module_tenant.workspace) == before
    # As a literal, too.
    literal = (
        'mutation { createTravelProperty(input: {providerId: "' + provider + '", name: "Loft", '
        f'pricePerNight: "{price}", units: 1}}) {{ id }} }}'
    )
    refused = post(server, host, literal)
    assert set(error_codes(refused)) == {"VALIDATION_ERROR"}
    assert "is not a decimal number" in refused.text
    assert count_rows(server, "listings", module_tenant.workspace) == before


@pytest.mark.parametrize("name", ["\u200b", "\u200d\u200b", "\ufeff", " \u200b\t\ufeff "])
def test_a_name_of_invisible_characters_is_empty(
    server: LiveServer, module_tenant: Tenant, name: str
) -> None:
    host = module_tenant.keys["host"]
    before = count_rows(server, "providers", module_tenant.workspace)
    response = post(server, host, PROVIDER, {"input": {"name": name, "type": "HOST"}})
    assert error_codes(response) == ["VALIDATION_ERROR"]
    error = response.json()["errors"][0]
    assert error["extensions"]["field"] == "input.name"
    assert "must not be empty" in error["message"]
    assert count_rows(server, "providers", module_tenant.workspace) == before


def test_names_are_stored_in_normal_form_c(server: LiveServer, module_tenant: Tenant) -> None:
    """ "Bele\u0301m" (e + a combining accent) is stored as "Belém" (one character)."""
    host = module_tenant.keys["host"]
    created = data(server, host, PROVIDER, {"input": {"name": "Bele\u0301m", "type": "HOST"}})
    assert created["createTravelProvider"]["name"] == "Bel\u00e9m"


def test_a_search_in_another_normal_form_finds_the_name(
    server: LiveServer, module_tenant: Tenant
) -> None:
    """Typed with a combining accent, "Bele\u0301m" finds what was stored as "Belém"."""
    host = module_tenant.keys["host"]
    provider = api_provider(server, host)
    created = data(
        server,
        host,
        create_listing_mutation("TOUR"),
        {"input": listing_input("TOUR", provider, name="Torre de Bel\u00e9m at dawn")},
    )
    query = "query ($f: TravelListingFilterInput) { travelTours(filter: $f) { id } }"
    found = data(server, host, query, {"f": {"text": "bele\u0301m dawn"}})["travelTours"]
    assert {"id": created["createTravelTour"]["id"]} in found
