"""Sibling root fields of different domains share one request session safely."""

from __future__ import annotations

from tests.factories import create_tenant, tenant_listing
from tests.support.api import data
from tests.support.live import LiveServer

QUERY = """
{
  a: travelProviders { id }
  b: travelProviders(pagination: {skip: 0, take: 5}) { id name }
  c: travelProperties { id provider { id name } availability(from: "2030-01-01", to: "2030-01-03") { date available } }
  d: travelBookings { id target { id } timeline { to } }
  e: travelFavorites { id }
  f: travelOverviewStats { totalBookings }
  g: travelAnalytics { categoryMix { category count } }
}
"""


def test_all_domains_in_one_request(server: LiveServer) -> None:
    tenant = create_tenant(server)
    for _ in range(3):
        tenant_listing(server, tenant, units=2)
    for _ in range(10):  # repeat: interleavings differ from run to run
        result = data(server, tenant.keys["admin"], QUERY)
        assert len(result["a"]) == 3
        assert len(result["c"]) == 3
        assert all(len(p["availability"]) == 3 for p in result["c"])
        assert result["f"]["totalBookings"] == 0
