"""Guests: a member's profile (set by the member, an operator or the identity provider), the
guest's name a host sees on bookings of their listings, and a cancellation's reason in the
timeline (docs/decisions/0089-host-tools.md)."""

from __future__ import annotations

import pytest

from tests.factories import (
    Tenant,
    api_listing,
    api_provider,
    book,
    booked,
    count_rows,
    create_tenant,
)
from tests.support.api import data, error_codes, post
from tests.support.cli import travel, travel_json
from tests.support.live import LiveServer
from tests.support.oidc import Issuer

pytestmark = pytest.mark.plan("enterprise")

PROFILE = (
    "mutation ($input: UpdateTravelProfileInput!) "
    "{ updateTravelProfile(input: $input) { displayName email } }"
)
VIEWER = "{ travelViewer { displayName email } }"
BOOKINGS = "{ travelBookings { id guest { displayName } } }"


def name(server: LiveServer, key: str, display_name: str | None, **more: str | None) -> None:
    data(server, key, PROFILE, {"input": {"displayName": display_name, **more}})


def test_a_member_edits_their_profile_and_bad_fields_come_back_together(
    server: LiveServer, tenant: Tenant
) -> None:
    key = tenant.keys["traveler"]
    assert data(server, key, VIEWER)["travelViewer"] == {"displayName": None, "email": None}
    name(server, key, "  Ana Silva ", email="ana@example.com")
    assert data(server, key, VIEWER)["travelViewer"] == {
        "displayName": "Ana Silva",
        "email": "ana@example.com",
    }
    bad = post(server, key, PROFILE, {"input": {"displayName": "x" * 101, "email": "ana@"}})
    error = bad.json()["errors"][0]
    assert [f["field"] for f in error["extensions"]["fields"]] == [
        "input.displayName",
        "input.email",
    ]
    cleared = data(server, key, PROFILE, {"input": {"email": None}})["updateTravelProfile"]
    assert cleared == {"displayName": "Ana Silva", "email": None}


def test_a_host_sees_the_guests_name_and_a_traveler_sees_no_one_else(
    server: LiveServer, tenant: Tenant
) -> None:
    host = tenant.keys["host"]
    name(server, tenant.keys["traveler"], "Ana Silva")
    name(server, tenant.keys["traveler2"], "Bo Chen")
    provider = api_provider(server, host)
    listing = api_listing(server, host, "PROPERTY", provider, units=2)
    ana = booked(book(server, tenant, listing, days=3, nights=2))
    bo = booked(book(server, tenant, listing, days=3, nights=2, who="traveler2"))
    seen_by_host = {b["id"]: b["guest"] for b in data(server, host, BOOKINGS)["travelBookings"]}
    assert seen_by_host == {
        ana["id"]: {"displayName": "Ana Silva"},
        bo["id"]: {"displayName": "Bo Chen"},
    }
    # Another host has no bookings on these listings; each traveler sees only themself.
    assert data(server, tenant.keys["host2"], BOOKINGS)["travelBookings"] == []
    mine = data(server, tenant.keys["traveler"], BOOKINGS)["travelBookings"]
    assert mine == [{"id": ana["id"], "guest": {"displayName": "Ana Silva"}}]
    everyone = data(server, tenant.keys["admin"], BOOKINGS)["travelBookings"]
    assert {b["guest"]["displayName"] for b in everyone} == {"Ana Silva", "Bo Chen"}
    # Another workspace sees neither the booking nor the name.
    other = create_tenant(server)
    query = "query ($id: ID!) { travelBooking(id: $id) { guest { displayName } } }"
    refused = post(server, other.keys["admin"], query, {"id": ana["id"]})
    assert error_codes(refused) == ["NOT_FOUND"]


def test_cancelling_with_a_reason_keeps_it_in_the_timeline(
    server: LiveServer, tenant: Tenant
) -> None:
    host = tenant.keys["host"]
    listing = api_listing(server, host, "PROPERTY", api_provider(server, host))
    booking = booked(book(server, tenant, listing, days=5, nights=1))
    cancel = (
        "mutation ($id: ID!, $r: String) { cancelTravelBooking(id: $id, reason: $r) "
        "{ status timeline { from to actor reason } } }"
    )
    too_long = post(server, host, cancel, {"id": booking["id"], "r": "x" * 501})
    assert too_long.json()["errors"][0]["extensions"]["field"] == "reason"
    transitions = count_rows(server, "booking_transitions", tenant.workspace)
    assert transitions == 1  # the refused cancellation wrote nothing
    done = data(server, host, cancel, {"id": booking["id"], "r": " Burst pipe in the flat "})
    timeline = done["cancelTravelBooking"]["timeline"]
    assert timeline[-1] == {
        "from": "CONFIRMED",
        "to": "CANCELLED",
        "actor": str(tenant.members["host"]),
        "reason": "Burst pipe in the flat",
    }
    assert timeline[0]["reason"] is None


def test_the_identity_provider_fills_an_empty_profile_never_over_the_members(
    server: LiveServer, tenant: Tenant, issuer: Issuer
) -> None:
    subject = data(server, tenant.keys["traveler"], "{ travelViewer { subject } }")["travelViewer"][
        "subject"
    ]
    claims = {"name": "Ana from the IdP", "email": "ana@idp.example"}
    token = issuer.token(subject, tenant.id, extra=claims)
    viewer = data(server, token, VIEWER)["travelViewer"]
    assert viewer == {"displayName": "Ana from the IdP", "email": "ana@idp.example"}
    name(server, tenant.keys["traveler"], "Ana")
    other_subject = data(server, tenant.keys["traveler2"], "{ travelViewer { subject } }")[
        "travelViewer"
    ]["subject"]
    name(server, tenant.keys["traveler2"], "Bo")
    later = issuer.token(other_subject, tenant.id, extra={"name": "Robert"})
    assert data(server, later, VIEWER)["travelViewer"]["displayName"] == "Bo"


def test_an_operator_names_a_member_when_adding_them(
    server: LiveServer, cli_env: dict[str, str]
) -> None:
    ws = travel_json(cli_env, "workspace", "create", "Named", "--plan", "pro")
    added = travel_json(
        cli_env,
        "member", "add", "--workspace", str(ws["id"]), "--subject", "ana",
        "--role", "traveler", "--name", "Ana Silva", "--email", "ana@example.com",
    )  # fmt: skip
    assert (added["displayName"], added["email"]) == ("Ana Silva", "ana@example.com")
    refused = travel(
        cli_env,
        "member", "add", "--workspace", str(ws["id"]), "--subject", "bo",
        "--role", "traveler", "--email", "not-an-email",
    )  # fmt: skip
    assert refused.returncode == 1
    assert "--email" in refused.stderr
