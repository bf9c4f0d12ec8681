"""`travel demo seed` as an operator runs it: a subprocess, then the printed keys over HTTP."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import httpx

from tests.support.api import data
from tests.support.cli import travel
from tests.support.live import LiveServer

LISTS = ("travelProperties", "travelTours", "travelActivities", "travelEvents", "travelTrips")
# Every listing of the demo (30 per kind): within the query cost limit, where each listing's
# amenities count as the 50 it may have.
BROWSE = (
    "{ travelProviders(pagination: {take: 100}) { id name type rating } "
    + " ".join(
        f"{field}(pagination: {{take: 30}}) {{ id name location rating amenities price currency }}"
        for field in LISTS
    )
    + " }"
)


def test_demo_seed_prints_keys_and_fills_a_varied_catalog(
    server: LiveServer, cli_env: dict[str, str]
) -> None:
    result = travel(cli_env, "demo", "seed", "--json", timeout=120)
    assert result.returncode == 0, result.stderr
    seeded = json.loads(result.stdout)
    assert set(seeded["keys"]) == {"traveler", "host", "admin"}

    catalog: dict[str, Any] = data(server, seeded["keys"]["traveler"], BROWSE)
    types = [p["type"] for p in catalog["travelProviders"]]
    assert types.count("HOST") >= 3
    assert types.count("OPERATOR") >= 3
    assert all(p["rating"] is not None for p in catalog["travelProviders"])
    for field in LISTS:
        items = catalog[field]
        assert len(items) >= 24, field
        assert len({item["location"].split(",")[0] for item in items}) >= 4, field
        assert any(item["rating"] is not None for item in items), field
        assert all(item["amenities"] for item in items), field
        assert len({item["price"] for item in items}) > 5, field


# The company a traveler expects behind each kind of listing (and each mode of transport).
OFFERED_BY = {
    "travelTours": "Tours",
    "travelActivities": "Experiences",
    "travelEvents": "Events",
    "FLIGHT": "Airways",
    "TRAIN": "Rail",
    "BUS": "Coaches",
    "CAR": "Transfers",
    "FERRY": "Ferries",
}
STAYS_AND_HOSTS = (
    "{ travelProperties(pagination: {take: 30}) { provider { name type } } "
    "travelProviders(filter: {type: HOST}) { name } }"
)


def test_demo_listings_are_under_providers_that_offer_them(
    server: LiveServer, cli_env: dict[str, str]
) -> None:
    seeded = json.loads(travel(cli_env, "demo", "seed", "--json", timeout=120).stdout)
    key = seeded["keys"]["traveler"]
    for field in ("travelTours", "travelActivities", "travelEvents"):
        listings = data(
            server, key, f"{{ {field}(pagination: {{take: 30}}) {{ provider {{ name }} }} }}"
        )
        assert {OFFERED_BY[field] in item["provider"]["name"] for item in listings[field]} == {True}
    trips = data(server, key, "{ travelTrips(pagination: {take: 30}) { mode provider { name } } }")
    for trip in trips["travelTrips"]:
        assert OFFERED_BY[trip["mode"]] in trip["provider"]["name"], trip
    # Stays are under hosts, and every host has some.
    stays = data(server, key, STAYS_AND_HOSTS)
    assert {stay["provider"]["type"] for stay in stays["travelProperties"]} == {"HOST"}
    hosting = {stay["provider"]["name"] for stay in stays["travelProperties"]}
    assert hosting == {host["name"] for host in stays["travelProviders"]}


def test_demo_events_and_trips_lie_ahead_and_have_room(
    server: LiveServer, cli_env: dict[str, str]
) -> None:
    seeded = json.loads(travel(cli_env, "demo", "seed", "--json", timeout=120).stdout)
    query = "{ travelEvents(pagination: {take: 100}) { startsAt capacity } }"
    events = data(server, seeded["keys"]["traveler"], query)["travelEvents"]
    now = datetime.now(UTC)
    assert all(datetime.fromisoformat(e["startsAt"]) > now for e in events)
    day = events[0]["startsAt"][:10]
    window = {"availableFrom": day, "availableTo": day}
    query = "query ($f: TravelListingFilterInput) { travelEvents(filter: $f) { startsAt } }"
    on_that_day = data(server, seeded["keys"]["traveler"], query, {"f": window})["travelEvents"]
    assert on_that_day
    assert all(e["startsAt"][:10] == day for e in on_that_day)


def test_demo_keys_act_with_their_roles(server: LiveServer, cli_env: dict[str, str]) -> None:
    result = travel(cli_env, "demo", "seed", timeout=120)
    assert result.returncode == 0, result.stderr
    keys = dict(line.split() for line in result.stdout.splitlines()[1:])
    assert set(keys) == {"traveler", "host", "admin"}
    hosts = data(server, keys["host"], "{ travelProviders(filter: {type: HOST}) { id } }")
    create = "mutation ($input: CreateTravelPropertyInput!) { createTravelProperty(input: $input) { id } }"
    stay = {
        "providerId": hosts["travelProviders"][0]["id"],
        "name": "Demo addition",
        "location": "Lisbon, Portugal",
        "pricePerNight": "99.00",
    }
    assert data(server, keys["host"], create, {"input": stay})["createTravelProperty"]["id"]


def test_every_demo_listing_has_a_cover_photo_of_its_own_making(
    server: LiveServer, cli_env: dict[str, str]
) -> None:
    """Illustrations drawn by the project (travel.demo.illustrations), one per kind and city,
    stored and served like a host's photos."""
    seeded = json.loads(travel(cli_env, "demo", "seed", "--json", timeout=120).stdout)
    query = """{ travelProperties(pagination: {take: 100}) { coverPhoto { alt url srcset } }
      travelTrips(pagination: {take: 100}) { mode coverPhoto { alt url } } }"""
    found = data(server, seeded["keys"]["traveler"], query)
    covers = [s["coverPhoto"] for s in found["travelProperties"]]
    assert all(cover is not None for cover in covers)
    assert all(cover["alt"].startswith("Illustration: a house") for cover in covers)
    planes = [t for t in found["travelTrips"] if t["mode"] == "FLIGHT"]
    assert planes
    assert all("a plane" in t["coverPhoto"]["alt"] for t in planes)
    served = httpx.get(server.url + covers[0]["url"])
    assert (served.status_code, served.headers["content-type"]) == (200, "image/webp")
