"""The partner docs stay true: every example request runs against the live test server and
answers as documented, every operation has one, every snippet runs, every link resolves."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from graphql import FieldNode, OperationDefinitionNode, parse
from travel_client import AsyncTravelClient, TravelClient

from tests.factories import create_tenant
from tests.support.live import LiveServer
from travel.events.signing import signature_header
from travel.graphql.schema import build_schema

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "docs" / "examples"))

import doc_runner  # noqa: E402
from ex_all import BY_NAME, EXAMPLES  # noqa: E402

# Run only to set up later examples, not shown in a page.
SETUP_ONLY = {"create-operator"}
# Each operation of the schema → the SDK method that runs it.
SDK_METHODS = {
    "travelProviders": "providers",
    "travelProvider": "provider",
    "travelProperties": "properties",
    "travelProperty": "property",
    "travelTours": "tours",
    "travelTour": "tour",
    "travelActivities": "activities",
    "travelActivity": "activity",
    "travelEvents": "events",
    "travelEvent": "event",
    "travelTrips": "trips",
    "travelTrip": "trip",
    "travelBookings": "bookings",
    "travelBooking": "booking",
    "travelFavorites": "favorites",
    "travelViewer": "viewer",
    "travelProvidersCount": "providers_count",
    "travelPropertiesCount": "properties_count",
    "travelToursCount": "tours_count",
    "travelActivitiesCount": "activities_count",
    "travelEventsCount": "events_count",
    "travelTripsCount": "trips_count",
    "travelSearch": "search",
    "travelSuggest": "suggest",
    "travelBookingsCount": "bookings_count",
    "travelFavoritesCount": "favorites_count",
    "travelOverviewStats": "overview_stats",
    "travelAnalytics": "analytics",
    "createTravelProvider": "create_provider",
    "createTravelProperty": "create_property",
    "createTravelTour": "create_tour",
    "createTravelActivity": "create_activity",
    "createTravelEvent": "create_event",
    "createTravelTrip": "create_trip",
    "updateTravelProvider": "update_provider",
    "updateTravelProperty": "update_property",
    "updateTravelTour": "update_tour",
    "updateTravelActivity": "update_activity",
    "updateTravelEvent": "update_event",
    "updateTravelTrip": "update_trip",
    "pauseTravelListing": "pause_listing",
    "resumeTravelListing": "resume_listing",
    "archiveTravelListing": "archive_listing",
    "createTravelBooking": "create_booking",
    "cancelTravelBooking": "cancel_booking",
    "toggleTravelFavorite": "toggle_favorite",
    "updateTravelProfile": "update_profile",
    "blockTravelListingDates": "block_dates",
    "unblockTravelListingDates": "unblock_dates",
    "setTravelSeasonalPrice": "set_seasonal_price",
    "removeTravelSeasonalPrice": "remove_seasonal_price",
    "createTravelPhotoUpload": "create_photo_upload",
    "addTravelListingPhoto": "add_photo",
    "updateTravelListingPhoto": "update_photo",
    "removeTravelListingPhoto": "remove_photo",
}


@pytest.fixture(scope="module")
def documented(server: LiveServer) -> tuple[dict[str, Any], dict[str, str]]:
    """Every example, run in order against the test server: (outcomes, keys)."""
    tenant = create_tenant(server, plan="pro")
    free = create_tenant(server, plan="free")
    keys = {role: tenant.keys[role] for role in ("traveler", "host", "admin")}
    keys["limited"] = free.keys["admin"]
    return doc_runner.run_examples(server.graphql_url, keys), keys


def served_operations() -> set[str]:
    schema = build_schema()
    assert schema.query_type is not None
    assert schema.mutation_type is not None
    return {*schema.query_type.fields, *schema.mutation_type.fields}


def root_fields(document: str) -> set[str]:
    fields: set[str] = set()
    for definition in parse(document).definitions:
        if isinstance(definition, OperationDefinitionNode):
            selections = definition.selection_set.selections
            fields |= {s.name.value for s in selections if isinstance(s, FieldNode)}
    return fields


def doc_pages() -> list[Path]:
    return [REPO / "README.md", *doc_runner.doc_files()]


def test_every_example_answers_as_documented(documented: tuple[dict[str, Any], Any]) -> None:
    outcomes, _ = documented  # run_examples raises at the first surprise
    assert list(outcomes) == [example.name for example in EXAMPLES]
    replay, first = outcomes["replay-booking"], outcomes["create-booking"]
    assert replay.headers == {"Idempotent-Replayed": "true"}
    assert replay.body == first.body
    assert outcomes["toggle-favorite"].body == {"data": {"toggleTravelFavorite": True}}
    assert outcomes["cancel-booking"].body["data"]["cancelTravelBooking"]["status"] == "CANCELLED"


def test_every_operation_has_a_shown_example() -> None:
    shown = {
        m["name"] for page in doc_pages() for m in doc_runner.EXAMPLE.finditer(page.read_text())
    }
    assert shown <= set(BY_NAME)
    assert set(BY_NAME) - shown == SETUP_ONLY
    covered = set().union(*(root_fields(BY_NAME[name].document) for name in shown))
    assert served_operations() <= covered


def test_the_committed_examples_are_generated(documented: tuple[dict[str, Any], Any]) -> None:
    outcomes, _ = documented
    for page in doc_pages():
        text = page.read_text()
        for match in doc_runner.EXAMPLE.finditer(text):
            assert "```json" in match[0], f"{page.name}: {match['name']} was never generated"
        for match in doc_runner.RUN.finditer(text):
            assert match["body"].count("```") >= 2, page.name
        doc_runner.inject(text, outcomes)  # every marker renders


def test_every_snippet_runs(
    documented: tuple[dict[str, Any], dict[str, str]], server: LiveServer
) -> None:
    _, keys = documented
    env = doc_runner.snippet_env(server.graphql_url, keys["traveler"])
    ran = {}
    for page in doc_pages():
        text = page.read_text()
        if doc_runner.RUN.search(text):
            ran[page.name] = doc_runner.run_snippets(text, env, server.url)  # raises on failure
            assert "Traceback" not in ran[page.name]
    assert "CONFIRMED PAID" in ran["getting-started.md"]  # the SDK booked
    assert '"status": "CONFIRMED"' in ran["getting-started.md"]  # and so did the CLI


def test_the_sdk_has_a_method_for_every_operation() -> None:
    assert set(SDK_METHODS) == served_operations()
    for method in SDK_METHODS.values():
        assert callable(getattr(TravelClient, method)), method
        assert callable(getattr(AsyncTravelClient, method)), method
    sdk_page = (REPO / "docs" / "sdk.md").read_text()
    for operation, method in SDK_METHODS.items():
        assert f"`{operation}`" in sdk_page, operation
        assert f"{method}(" in sdk_page, method


def _slug(heading: str) -> str:
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_relative_links_resolve() -> None:
    for page in doc_pages():
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text()):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            assert linked.exists(), f"{page.name}: {target}"
            if anchor and linked.suffix == ".md":
                headings = re.findall(r"^#+ (.+)$", linked.read_text(), flags=re.M)
                assert anchor in {_slug(h) for h in headings}, f"{page.name}: {target}"


def test_the_webhook_signature_snippet_verifies_real_signatures() -> None:
    page = (REPO / "docs" / "webhooks.md").read_text()
    [code] = [
        c for c in re.findall(r"```python\n(.*?)```", page, re.S) if "def verify_signature" in c
    ]
    namespace: dict[str, Any] = {}
    exec(compile(code, "webhooks.md", "exec"), namespace)
    verify = namespace["verify_signature"]
    secret, body, now = "whsec_test", b'{"id":"e1","type":"booking.created"}', int(time.time())
    header = signature_header(secret, now, body)
    assert verify(secret, header, body)
    assert verify(secret, f"{header},v1=00ff", body)  # another (rotated) signature alongside
    assert not verify(secret, header, body + b" ")
    assert not verify("whsec_other", header, body)
    assert not verify(secret, signature_header(secret, now - 3600, body), body)
    assert not verify(secret, "garbage", body)
