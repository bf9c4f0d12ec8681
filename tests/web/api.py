"""What the browser tests set up or check through the API, as a partner would (the demo
workspace's keys, against the `travel serve` the browser uses)."""

from __future__ import annotations

import uuid
from typing import Any

import httpx

from tests.factories import BOOK
from tests.web.conftest import WebApp


def api(web: WebApp, key: str, query: str, variables: dict[str, Any] | None = None) -> Any:
    """The `data` of a request that must succeed without errors."""
    answer = httpx.post(
        web.api_url,
        json={"query": query, "variables": variables or {}},
        headers={"Authorization": f"Bearer {key}"},
    )
    body = answer.json()
    assert "errors" not in body, body
    return body["data"]


def book(web: WebApp, key: str, **booking: Any) -> dict[str, Any]:
    """createTravelBooking (tests.factories.BOOK) of `booking` (targetType, targetId, checkIn,
    checkOut, guests): the booking made."""
    made: dict[str, Any] = api(web, key, BOOK, {"input": booking})["createTravelBooking"]
    return made


# A host's own corner of the shared demo workspace: a provider of its own per test, so pausing
# or archiving its listings never changes what other tests find.
NEW_PROVIDER = (
    "mutation ($i: CreateTravelProviderInput!) { createTravelProvider(input: $i) { id name } }"
)


def new_provider(web: WebApp, name: str) -> str:
    """A provider of the demo host's: its id."""
    created = api(web, web.keys["host"], NEW_PROVIDER, {"i": {"name": name, "type": "HOST"}})
    return str(created["createTravelProvider"]["id"])


def new_listing(web: WebApp, kind: str, **fields: Any) -> dict[str, Any]:
    """A listing of `kind` (PROPERTY, TOUR or EVENT) by the demo host: id, name, version, ..."""
    field, input_type = {
        "PROPERTY": ("createTravelProperty", "CreateTravelPropertyInput"),
        "TOUR": ("createTravelTour", "CreateTravelTourInput"),
        "EVENT": ("createTravelEvent", "CreateTravelEventInput"),
    }[kind]
    query = (
        f"mutation ($i: {input_type}!) {{ {field}(input: $i) "
        "{ id name version status timeZone price currency } }"
    )
    made: dict[str, Any] = api(web, web.keys["host"], query, {"i": fields})[field]
    MADE.append(str(made["id"]))
    return made


# Listings the tests made in the shared demo workspace, until `archive_made` retires them: a
# test that counts the demo catalog (150 listings) must not find another test's.
MADE: list[str] = []
ARCHIVE = "mutation ($id: ID!) { archiveTravelListing(id: $id) { id status } }"


def archive_made(web: WebApp) -> None:
    """Archive every listing `new_listing` made (hidden from discovery; bookings keep them)."""
    while MADE:
        api(web, web.keys["host"], ARCHIVE, {"id": MADE.pop()})


def set_display_name(web: WebApp, role: str, name: str | None) -> None:
    query = "mutation ($i: UpdateTravelProfileInput!) { updateTravelProfile(input: $i) { displayName } }"
    api(web, web.keys[role], query, {"i": {"displayName": name}})


def new_stays(web: WebApp, *names: str, **fields: Any) -> tuple[str, list[dict[str, Any]]]:
    """A provider of the host's own with a stay per name (2 rooms in Porto at 80.00 EUR unless
    `fields` say otherwise): the provider's name and the stays."""
    provider = f"Casa {uuid.uuid4().hex[:6]}"
    provider_id = new_provider(web, provider)
    stay = {"location": "Porto, Portugal", "pricePerNight": "80.00", "currency": "EUR", "units": 2}
    made = [
        new_listing(web, "PROPERTY", providerId=provider_id, name=name, **{**stay, **fields})
        for name in names
    ]
    return provider, made
