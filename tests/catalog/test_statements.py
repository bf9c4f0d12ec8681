"""No N+1: a page of listings with their providers and calendars costs a fixed number of SQL
statements, however long the page; counted on the server's own engines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from tests.factories import Tenant, api_provider, create_tenant, tenant_booking, tenant_listing
from tests.support.api import data
from tests.support.live import LiveServer
from tests.support.statements import statements

PAGE = """query ($take: Int!) {
  travelProperties(pagination: {take: $take}) {
    id name provider { id name type rating }
    availability(from: "2030-05-01", to: "2030-05-07") { date available }
  }
}"""
# Authentication has its own cached lookups (and transactions): what is counted is the
# statements that read the catalog's tables.
CATALOG_TABLES = ("listings", "providers", "bookings")


def catalog_statements(server: LiveServer, run: Callable[[], Any]) -> list[str]:
    with statements(server) as seen:
        run()
    return [s for s in seen if any(f"FROM {table}" in s for table in CATALOG_TABLES)]


@pytest.fixture(scope="module")
def big_catalog(server: LiveServer) -> Tenant:
    """100 stays spread over 10 providers, some of them booked."""
    tenant = create_tenant(server)
    providers = [api_provider(server, tenant.keys["host"], f"Host {n}") for n in range(10)]
    for n in range(100):
        listing = tenant_listing(server, tenant, provider=providers[n % 10], units=2)
        if n % 7 == 0:
            tenant_booking(server, tenant, listing, "2030-05-02", "2030-05-04")
    return tenant


def test_a_page_of_100_costs_what_a_page_of_5_costs(
    server: LiveServer, big_catalog: Tenant
) -> None:
    key = big_catalog.keys["traveler"]

    def page(take: int) -> Callable[[], Any]:
        return lambda: data(server, key, PAGE, {"take": take})

    small = catalog_statements(server, page(5))
    large = catalog_statements(server, page(100))
    assert len(data(server, key, PAGE, {"take": 100})["travelProperties"]) == 100
    assert len(small) == len(large), (small, large)
    # Two reads: the page with its providers (joined, one statement), then its bookings.
    assert len(large) == 2, large
    assert sum("FROM listings" in s and "JOIN providers" in s for s in large) == 1, large
    assert sum("FROM bookings" in s for s in large) == 1, large


def test_sibling_fields_share_the_request_safely(server: LiveServer, big_catalog: Tenant) -> None:
    """graphql-core resolves sibling fields concurrently; they share one database session."""
    query = """{
      a: travelProperties(pagination: {take: 50}) { id provider { name } }
      b: travelProperties(pagination: {skip: 50, take: 50}) { id provider { name } }
      c: travelProviders { id }
      d: travelTours { id }
    }"""
    result = data(server, big_catalog.keys["traveler"], query)
    assert len(result["a"]) + len(result["b"]) == 100
    assert len(result["c"]) == 10


# The providers are joined only when a document may ask for them (travel.catalog.schema.
# resolvers._asks_provider): through a fragment or an inline fragment, or under @skip/@include
# (whatever the variable says), they are read; `{ id name }` reads the listings alone.
ASKS_PROVIDER = {
    "field": "{ %s { id provider { name } } }",
    "fragment": "{ %s { id ...Who } } fragment Who on TravelListing { provider { name } }",
    "inline fragment": "{ %s { id ... on TravelProperty { provider { name } } } }",
    "nested fragments": (
        "{ %s { ...A } } fragment A on TravelProperty { id ...B } "
        "fragment B on TravelListing { provider { name } }"
    ),
    "skipped": "{ %s { id provider @skip(if: true) { name } } }",
}
ROOTS = {"page": "travelProperties(pagination: {take: 3})", "one": 'travelProperty(id: "%s")'}


@dataclass(frozen=True)
class Catalog:
    tenant: Tenant
    listing: str

    def root(self, name: str) -> str:
        return ROOTS[name] % self.listing if name == "one" else ROOTS[name]

    def first(self, result: dict[str, Any]) -> dict[str, Any]:
        answer = next(iter(result.values()))
        return answer if isinstance(answer, dict) else answer[0]


@pytest.fixture(scope="module")
def one_listing(server: LiveServer) -> Catalog:
    tenant = create_tenant(server)
    provider = api_provider(server, tenant.keys["host"], "Casa Azul")
    return Catalog(tenant, str(tenant_listing(server, tenant, provider=provider)))


def _read(server: LiveServer, catalog: Catalog, query: str) -> tuple[list[str], dict[str, Any]]:
    key = catalog.tenant.keys["traveler"]
    result: dict[str, Any] = {}
    seen = catalog_statements(server, lambda: result.update(data(server, key, query)))
    return seen, catalog.first(result)


@pytest.mark.parametrize("root", list(ROOTS))
@pytest.mark.parametrize("shape", list(ASKS_PROVIDER))
def test_listings_are_read_with_their_providers_when_asked(
    server: LiveServer, one_listing: Catalog, root: str, shape: str
) -> None:
    seen, listing = _read(server, one_listing, ASKS_PROVIDER[shape] % one_listing.root(root))
    assert len(seen) == 1, seen
    assert "JOIN providers" in seen[0], seen
    assert listing["id"] == one_listing.listing
    if shape == "skipped":
        assert "provider" not in listing
    else:
        assert listing["provider"] == {"name": "Casa Azul"}


@pytest.mark.parametrize("root", list(ROOTS))
def test_listings_alone_when_no_provider_is_asked(
    server: LiveServer, one_listing: Catalog, root: str
) -> None:
    query = "{ %s { __typename id name ... on TravelListing { location } } }"
    seen, listing = _read(server, one_listing, query % one_listing.root(root))
    assert len(seen) == 1, seen
    assert "providers" not in seen[0], seen
    assert listing["id"] == one_listing.listing
    assert listing["__typename"] == "TravelProperty"
    assert listing["location"]
