"""Hosts change what they list, through HTTP: partial updates of every kind and of providers,
the lost-update guard, pause/resume/archive and who sees what, bookings kept whole, and the
audit trail (docs/decisions/0089-host-tools.md)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.factories import (
    Tenant,
    api_listing,
    api_provider,
    book,
    booked,
    count_rows,
    create_tenant,
    future_date,
)
from tests.support.api import data, error_codes, post
from tests.support.live import LiveServer

pytestmark = pytest.mark.plan("enterprise")

KINDS = ("PROPERTY", "TOUR", "ACTIVITY", "EVENT", "TRIP")
NOUN = {"PROPERTY": "Property", "TOUR": "Tour", "ACTIVITY": "Activity", "EVENT": "Event"}
NOUN["TRIP"] = "Trip"
SHARED = "id kind name description location price currency amenities latitude longitude"
STATE = "status version updatedAt timeZone"
OWN = {
    "PROPERTY": "maxGuests units",
    "TOUR": "capacity durationMinutes",
    "ACTIVITY": "capacity durationMinutes",
    "EVENT": "capacity startsAt endsAt",
    "TRIP": "capacity origin destination departsAt arrivesAt mode",
}
# A change of every field a host can edit, per kind, and how it reads back.
EVERY_FIELD: dict[str, dict[str, Any]] = {
    "PROPERTY": {"pricePerNight": "95.50", "maxGuests": 4, "units": 3},
    "TOUR": {"price": "30.00", "capacity": 12, "durationMinutes": 150},
    "ACTIVITY": {"price": "12.00", "capacity": 6, "durationMinutes": 45},
    "EVENT": {
        "price": "80.00",
        "capacity": 300,
        "startsAt": "2031-03-02T20:00:00Z",
        "endsAt": "2031-03-02T23:30:00Z",
    },
    "TRIP": {
        "price": "39.90",
        "capacity": 50,
        "origin": "Porto",
        "destination": "Coimbra",
        "departsAt": "2031-03-02T07:15:00Z",
        "arrivesAt": "2031-03-02T08:20:00Z",
        "mode": "BUS",
    },
}
COMMON_CHANGE = {
    "name": "Renamed",
    "description": "Freshly painted.",
    "location": "Porto",
    "currency": "EUR",
    "amenities": ["wifi", "breakfast"],
    "latitude": 41.1496,
    "longitude": -8.611,
    "timeZone": "Europe/Lisbon",
}


def fields(kind: str) -> str:
    price = "pricePerNight" if kind == "PROPERTY" else ""
    return f"{SHARED} {STATE} {price} {OWN[kind]}"


def update(server: LiveServer, key: str, kind: str, changes: dict[str, Any]) -> Any:
    mutation = (
        f"mutation ($input: UpdateTravel{NOUN[kind]}Input!) "
        f"{{ updateTravel{NOUN[kind]}(input: $input) {{ {fields(kind)} }} }}"
    )
    return post(server, key, mutation, {"input": changes})


def read(server: LiveServer, key: str, kind: str, listing: str) -> Any:
    query = f"query ($id: ID!) {{ travel{NOUN[kind]}(id: $id) {{ {fields(kind)} }} }}"
    return post(server, key, query, {"id": listing})


def read_one(server: LiveServer, key: str, kind: str, listing: str) -> dict[str, Any]:
    body = read(server, key, kind, listing).json()
    assert "errors" not in body, body
    return body["data"][f"travel{NOUN[kind]}"]  # type: ignore[no-any-return]


def set_status(server: LiveServer, key: str, verb: str, listing: str, **extra: Any) -> Any:
    mutation = (
        f"mutation ($id: ID!, $v: Int) {{ {verb}TravelListing(id: $id, expectedVersion: $v) "
        "{ id status version } }"
    )
    return post(server, key, mutation, {"id": listing, "v": extra.get("version")})


@pytest.fixture
def provider(server: LiveServer, tenant: Tenant) -> str:
    return api_provider(server, tenant.keys["host"], "Casa Azul")


@pytest.mark.parametrize("kind", KINDS)
def test_a_host_edits_every_field_of_each_kind(
    server: LiveServer, tenant: Tenant, provider: str, kind: str
) -> None:
    listing = api_listing(server, tenant.keys["host"], kind, provider)
    before = read_one(server, tenant.keys["host"], kind, listing)
    assert (before["status"], before["version"]) == ("ACTIVE", 1)
    response = update(
        server, tenant.keys["host"], kind, {"id": listing, **COMMON_CHANGE, **EVERY_FIELD[kind]}
    )
    body = response.json()
    assert "errors" not in body, body
    changed = body["data"][f"updateTravel{NOUN[kind]}"]
    expected = {**COMMON_CHANGE, **EVERY_FIELD[kind], "version": 2, "status": "ACTIVE"}
    if kind == "PROPERTY":
        expected["price"] = expected.pop("pricePerNight")
    assert {name: changed[name] for name in expected} == expected
    assert changed["updatedAt"] > before["updatedAt"]
    assert read_one(server, tenant.keys["traveler"], kind, listing) == changed


def test_only_the_fields_given_change_and_null_clears_an_optional_one(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    key = tenant.keys["host"]
    listing = api_listing(
        server, key, "TOUR", provider, description="Old town", latitude=38.71, longitude=-9.13
    )
    before = read_one(server, key, "TOUR", listing)
    assert before["timeZone"] == "Europe/Lisbon"  # from the coordinates
    body = update(
        server, key, "TOUR", {"id": listing, "name": "Alfama at dusk", "description": None}
    ).json()
    after = body["data"]["updateTravelTour"]
    assert after["name"] == "Alfama at dusk"
    assert after["description"] is None
    untouched = {k: v for k, v in before.items() if k not in ("name", "description")}
    assert {k: after[k] for k in untouched} == {
        **untouched,
        "version": 2,
        "updatedAt": after["updatedAt"],
    }
    # Clearing the coordinates clears the zone they gave, unless one is set.
    cleared = update(server, key, "TOUR", {"id": listing, "latitude": None, "longitude": None})
    assert cleared.json()["data"]["updateTravelTour"]["timeZone"] is None


def test_nothing_to_change_writes_nothing(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    key = tenant.keys["host"]
    listing = api_listing(server, key, "PROPERTY", provider, name="Same")
    audit = count_rows(server, "audit_log", tenant.workspace)
    same = update(server, key, "PROPERTY", {"id": listing, "name": " Same "}).json()
    assert same["data"]["updateTravelProperty"]["version"] == 1
    assert count_rows(server, "audit_log", tenant.workspace) == audit


def test_a_stale_version_is_a_conflict_and_writes_nothing(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    key = tenant.keys["host"]
    listing = api_listing(server, key, "PROPERTY", provider)
    first = update(server, key, "PROPERTY", {"id": listing, "name": "A", "expectedVersion": 1})
    assert first.json()["data"]["updateTravelProperty"]["version"] == 2
    before = read_one(server, key, "PROPERTY", listing)
    audit = count_rows(server, "audit_log", tenant.workspace)
    stale = update(server, key, "PROPERTY", {"id": listing, "name": "B", "expectedVersion": 1})
    assert error_codes(stale) == ["CONFLICT"]
    error = stale.json()["errors"][0]
    assert error["extensions"]["currentVersion"] == 2
    assert stale.json()["data"] == {"updateTravelProperty": None}
    assert read_one(server, key, "PROPERTY", listing) == before
    assert count_rows(server, "audit_log", tenant.workspace) == audit
    paused = set_status(server, key, "pause", listing, version=1)
    assert error_codes(paused) == ["CONFLICT"]
    assert read_one(server, key, "PROPERTY", listing)["status"] == "ACTIVE"


def test_every_bad_field_is_reported_at_once_with_its_path(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    key = tenant.keys["host"]
    listing = api_listing(server, key, "EVENT", provider)
    before = read_one(server, key, "EVENT", listing)
    response = update(
        server,
        key,
        "EVENT",
        {
            "id": listing,
            "name": "   ",
            "price": "-1",
            "capacity": 0,
            "endsAt": "2030-06-01T18:00:00Z",  # before its start
            "latitude": 91,
            "longitude": 10,
            "timeZone": "Mars/Olympus",
            "location": None,  # required
            "currency": None,  # has a default: cannot be cleared
        },
    )
    error = response.json()["errors"][0]
    assert error["extensions"]["code"] == "VALIDATION_ERROR"
    paths = [problem["field"] for problem in error["extensions"]["fields"]]
    assert sorted(paths) == sorted(
        [
            "input.name",
            "input.price",
            "input.capacity",
            "input.endsAt",
            "input.latitude",
            "input.timeZone",
            "input.location",
            "input.currency",
        ]
    )
    assert error["extensions"]["field"] == paths[0]
    by_path = {p["field"]: p["message"] for p in error["extensions"]["fields"]}
    assert by_path["input.endsAt"] == "input.endsAt must be after input.startsAt"
    assert by_path["input.location"] == "input.location must not be empty"
    assert by_path["input.currency"].startswith("input.currency cannot be removed")
    assert read_one(server, key, "EVENT", listing) == before


def test_create_reports_every_bad_field_at_once(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    mutation = "mutation ($input: CreateTravelPropertyInput!) { createTravelProperty(input: $input) { id } }"
    bad = {
        "providerId": provider,
        "name": "",
        "location": "",
        "pricePerNight": "12.345",
        "currency": "EURO",
        "units": 0,
    }
    response = post(server, tenant.keys["host"], mutation, {"input": bad})
    error = response.json()["errors"][0]
    paths = {problem["field"] for problem in error["extensions"]["fields"]}
    assert paths == {"input.name", "input.location", "input.currency", "input.units"}
    assert error["message"].startswith("4 fields are invalid: ")
    assert count_rows(server, "listings", tenant.workspace) == 0


def test_capacity_cannot_drop_below_what_is_booked(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    key = tenant.keys["host"]
    listing = api_listing(server, key, "PROPERTY", provider, units=3)
    booked(book(server, tenant, listing, days=10, nights=3))
    booked(book(server, tenant, listing, days=11, nights=1, who="traveler2"))
    refused = update(server, key, "PROPERTY", {"id": listing, "units": 1})
    error = refused.json()["errors"][0]
    assert error["extensions"]["field"] == "input.units"
    assert future_date(11) in error["message"]
    assert future_date(10) not in error["message"]
    assert read_one(server, key, "PROPERTY", listing)["units"] == 3
    allowed = update(server, key, "PROPERTY", {"id": listing, "units": 2})
    assert allowed.json()["data"]["updateTravelProperty"]["units"] == 2


def test_per_person_capacity_counts_guests(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    key = tenant.keys["host"]
    listing = api_listing(server, key, "TOUR", provider, capacity=10)
    booked(book(server, tenant, listing, days=5, kind="TOUR", guests=4))
    booked(book(server, tenant, listing, days=5, kind="TOUR", guests=3, who="traveler2"))
    refused = update(server, key, "TOUR", {"id": listing, "capacity": 6})
    assert error_codes(refused) == ["VALIDATION_ERROR"]
    assert future_date(5) in refused.json()["errors"][0]["message"]
    assert update(server, key, "TOUR", {"id": listing, "capacity": 7}).json()["data"]


def test_an_event_with_bookings_keeps_its_date(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    key = tenant.keys["host"]
    start = f"{future_date(20)}T19:00:00Z"
    listing = api_listing(
        server, key, "EVENT", provider, startsAt=start, endsAt=f"{future_date(20)}T22:00:00Z"
    )
    booked(book(server, tenant, listing, days=20, kind="EVENT"))
    later_same_day = update(
        server, key, "EVENT", {"id": listing, "startsAt": f"{future_date(20)}T20:00:00Z"}
    )
    assert "errors" not in later_same_day.json(), later_same_day.json()
    moved = update(
        server,
        key,
        "EVENT",
        {
            "id": listing,
            "startsAt": f"{future_date(21)}T19:00:00Z",
            "endsAt": f"{future_date(21)}T22:00:00Z",
        },
    )
    error = moved.json()["errors"][0]
    assert error["extensions"]["field"] == "input.startsAt"
    assert "1 confirmed booking is for" in error["message"]


def test_a_new_price_never_changes_existing_bookings(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    key = tenant.keys["host"]
    listing = api_listing(server, key, "PROPERTY", provider, pricePerNight="100.00")
    before = booked(book(server, tenant, listing, days=3, nights=2))
    update(server, key, "PROPERTY", {"id": listing, "pricePerNight": "250.00"})
    query = "query ($id: ID!) { travelBooking(id: $id) { totalPrice } }"
    kept = data(server, tenant.keys["traveler"], query, {"id": before["id"]})["travelBooking"]
    assert kept["totalPrice"] == before["totalPrice"] == "200.00"
    after = booked(book(server, tenant, listing, days=30, nights=2))
    assert after["totalPrice"] == "500.00"


LIST = "query ($f: TravelListingFilterInput) { travelProperties(filter: $f) { id status } travelPropertiesCount(filter: $f) }"
SEARCH = 'query { travelSearch(text: "hideaway") { total listings { id } } }'
SUGGEST = 'query { travelSuggest(prefix: "hidea") { type listing { id } } }'


def test_a_paused_listing_is_hidden_from_travelers_and_kept_for_its_host(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    host, traveler = tenant.keys["host"], tenant.keys["traveler"]
    listing = api_listing(server, host, "PROPERTY", provider, name="Hideaway")
    existing = booked(book(server, tenant, listing, days=7, nights=1))
    paused = set_status(server, host, "pause", listing).json()["data"]["pauseTravelListing"]
    assert (paused["status"], paused["version"]) == ("PAUSED", 2)

    assert data(server, traveler, LIST)["travelProperties"] == []
    assert data(server, traveler, LIST)["travelPropertiesCount"] == 0
    assert data(server, traveler, SEARCH)["travelSearch"]["total"] == 0
    assert data(server, traveler, SUGGEST)["travelSuggest"] == []
    assert error_codes(read(server, traveler, "PROPERTY", listing)) == ["NOT_FOUND"]
    assert error_codes(book(server, tenant, listing, days=9, nights=1)) == ["NOT_FOUND"]
    # ... asking for paused ones shows a traveler and another host nothing, its host all.
    every = {"f": {"status": ["ACTIVE", "PAUSED", "ARCHIVED"]}}
    assert data(server, traveler, LIST, every)["travelProperties"] == []
    assert data(server, tenant.keys["host2"], LIST, every)["travelPropertiesCount"] == 0
    mine = data(server, host, LIST, every)["travelProperties"]
    assert mine == [{"id": listing, "status": "PAUSED"}]
    assert data(server, tenant.keys["admin"], LIST, every)["travelPropertiesCount"] == 1
    assert read_one(server, host, "PROPERTY", listing)["status"] == "PAUSED"
    # The booking made before still shows its listing.
    query = "query ($id: ID!) { travelBooking(id: $id) { status target { id name } } }"
    kept = data(server, traveler, query, {"id": existing["id"]})["travelBooking"]
    assert kept == {"status": "CONFIRMED", "target": {"id": listing, "name": "Hideaway"}}

    resumed = set_status(server, host, "resume", listing).json()["data"]["resumeTravelListing"]
    assert resumed["status"] == "ACTIVE"
    assert data(server, traveler, SEARCH)["travelSearch"]["total"] == 1
    booked(book(server, tenant, listing, days=9, nights=1))


def test_pausing_while_bookings_go_on_stops_them_at_once(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    """A booking goes straight to its write on the listing as last seen: the write compares
    the status too (PostgreSQL's function, SQLite's twin), so none lands after the pause."""
    host = tenant.keys["host"]
    listing = api_listing(server, host, "TOUR", provider, capacity=50)
    booked(book(server, tenant, listing, days=4, kind="TOUR"))  # the process has seen it
    set_status(server, host, "archive", listing)
    assert error_codes(book(server, tenant, listing, days=5, kind="TOUR")) == ["NOT_FOUND"]
    assert count_rows(server, "bookings", tenant.workspace) == 1


def test_an_archived_listing_is_never_deleted_and_can_come_back(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    host = tenant.keys["host"]
    listing = api_listing(server, host, "PROPERTY", provider, name="Hideaway")
    archived = set_status(server, host, "archive", listing).json()["data"]
    assert archived["archiveTravelListing"]["status"] == "ARCHIVED"
    again = set_status(server, host, "archive", listing).json()["data"]
    assert again["archiveTravelListing"]["version"] == 2  # already so: unchanged
    assert count_rows(server, "listings", tenant.workspace) == 1
    only_archived = {"f": {"status": ["ARCHIVED"]}}
    assert data(server, host, LIST, only_archived)["travelPropertiesCount"] == 1
    assert (
        set_status(server, host, "resume", listing).json()["data"]["resumeTravelListing"]["status"]
        == "ACTIVE"
    )


def test_owned_by_viewer_lists_a_hosts_own_listings_across_their_providers(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    host, other = tenant.keys["host"], tenant.keys["host2"]
    second = api_provider(server, host, "Casa Verde")
    first_listing = api_listing(server, host, "PROPERTY", provider, name="Azul 1")
    second_listing = api_listing(server, host, "PROPERTY", second, name="Verde 1")
    api_listing(server, other, "PROPERTY", api_provider(server, other, "Not hers"), name="No")
    set_status(server, host, "pause", second_listing)
    mine = {"f": {"ownedByViewer": True, "status": ["ACTIVE", "PAUSED"]}}
    listed = data(server, host, LIST, mine)
    assert sorted(p["id"] for p in listed["travelProperties"]) == sorted(
        [first_listing, second_listing]
    )
    assert listed["travelPropertiesCount"] == 2
    # Active only unless asked; false or omitted is every provider's.
    assert data(server, host, LIST, {"f": {"ownedByViewer": True}})["travelProperties"] == [
        {"id": first_listing, "status": "ACTIVE"}
    ]
    assert data(server, host, LIST, {"f": {"ownedByViewer": False}})["travelPropertiesCount"] == 2
    # Another host, a traveler and an admin own none of them.
    for who in ("host2", "traveler", "admin"):
        ids = {p["id"] for p in data(server, tenant.keys[who], LIST, mine)["travelProperties"]}
        assert not ids & {first_listing, second_listing}, who


@pytest.mark.parametrize("who", ["traveler", "host2"])
def test_only_the_owner_or_an_admin_changes_a_listing(
    server: LiveServer, tenant: Tenant, provider: str, who: str
) -> None:
    listing = api_listing(server, tenant.keys["host"], "PROPERTY", provider, name="Mine")
    before = read_one(server, tenant.keys["host"], "PROPERTY", listing)
    audit = count_rows(server, "audit_log", tenant.workspace)
    key = tenant.keys[who]
    assert error_codes(update(server, key, "PROPERTY", {"id": listing, "name": "X"})) == [
        "FORBIDDEN"
    ]
    for verb in ("pause", "archive"):
        assert error_codes(set_status(server, key, verb, listing)) == ["FORBIDDEN"]
    assert read_one(server, tenant.keys["host"], "PROPERTY", listing) == before
    assert count_rows(server, "audit_log", tenant.workspace) == audit
    by_admin = update(server, tenant.keys["admin"], "PROPERTY", {"id": listing, "name": "Ours"})
    assert by_admin.json()["data"]["updateTravelProperty"]["name"] == "Ours"


def test_another_workspace_cannot_touch_a_listing(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    listing = api_listing(server, tenant.keys["host"], "PROPERTY", provider, name="Mine")
    before = read_one(server, tenant.keys["host"], "PROPERTY", listing)
    other = create_tenant(server, plan="enterprise")
    for who in ("host", "admin"):
        key = other.keys[who]
        changed = update(server, key, "PROPERTY", {"id": listing, "name": "Theirs"})
        assert error_codes(changed) == ["NOT_FOUND"]
        assert error_codes(set_status(server, key, "pause", listing)) == ["NOT_FOUND"]
    assert read_one(server, tenant.keys["host"], "PROPERTY", listing) == before
    assert count_rows(server, "audit_log", other.workspace) == 0


def test_a_listing_of_another_kind_is_not_found(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    listing = api_listing(server, tenant.keys["host"], "TOUR", provider)
    response = update(server, tenant.keys["host"], "PROPERTY", {"id": listing, "name": "X"})
    assert error_codes(response) == ["NOT_FOUND"]


def test_every_change_is_in_the_audit_trail_with_its_actor(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    from sqlalchemy import select

    from travel.bookings.models import AuditEntry
    from travel.db.session import system_transaction

    key = tenant.keys["host"]
    listing = api_listing(server, key, "PROPERTY", provider, pricePerNight="100.00")
    update(server, key, "PROPERTY", {"id": listing, "pricePerNight": "120.00"})
    set_status(server, tenant.keys["admin"], "pause", listing)

    async def entries() -> list[tuple[Any, ...]]:
        stmt = (
            select(AuditEntry.action, AuditEntry.actor_member_id, AuditEntry.data)
            .where(AuditEntry.workspace_id == tenant.workspace.id)
            .order_by(AuditEntry.created_at)
        )
        async with system_transaction(server.services.databases.main) as session:
            return [tuple(row) for row in await session.execute(stmt)]

    trail = server.run(entries())
    assert [(action, actor) for action, actor, _ in trail] == [
        ("listing.updated", tenant.members["host"]),
        ("listing.paused", tenant.members["admin"]),
    ]
    assert trail[0][2]["changed"] == {"price_minor": 12000}
    assert trail[1][2]["changed"] == {"status": "PAUSED"}


PROVIDER_UPDATE = (
    "mutation ($input: UpdateTravelProviderInput!) "
    "{ updateTravelProvider(input: $input) { id name type version } }"
)


def test_a_host_renames_their_provider_and_nobody_else_can(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    host = tenant.keys["host"]
    renamed = data(server, host, PROVIDER_UPDATE, {"input": {"id": provider, "name": "Casa Verde"}})
    assert renamed["updateTravelProvider"] == {
        "id": provider,
        "name": "Casa Verde",
        "type": "HOST",
        "version": 2,
    }
    for key in (tenant.keys["host2"], tenant.keys["traveler"]):
        refused = post(server, key, PROVIDER_UPDATE, {"input": {"id": provider, "name": "X"}})
        assert error_codes(refused) == ["FORBIDDEN"]
    stale = post(
        server,
        host,
        PROVIDER_UPDATE,
        {"input": {"id": provider, "name": "Y", "expectedVersion": 1}},
    )
    assert error_codes(stale) == ["CONFLICT"]
    bad = post(server, host, PROVIDER_UPDATE, {"input": {"id": provider, "name": None}})
    assert bad.json()["errors"][0]["extensions"]["field"] == "input.name"
    query = "query ($id: ID!) { travelProvider(id: $id) { name version } }"
    assert data(server, host, query, {"id": provider})["travelProvider"] == {
        "name": "Casa Verde",
        "version": 2,
    }


def test_time_zones_are_checked_and_derived_from_the_place(
    server: LiveServer, tenant: Tenant, provider: str
) -> None:
    key = tenant.keys["host"]
    concert = api_listing(server, key, "EVENT", provider, latitude=40.7505, longitude=-73.9934)
    assert read_one(server, key, "EVENT", concert)["timeZone"] == "America/New_York"
    moved = update(server, key, "EVENT", {"id": concert, "latitude": 51.5, "longitude": -0.12})
    assert moved.json()["data"]["updateTravelEvent"]["timeZone"] == "Europe/London"
    explicit = update(server, key, "EVENT", {"id": concert, "timeZone": "Europe/Dublin"})
    assert explicit.json()["data"]["updateTravelEvent"]["timeZone"] == "Europe/Dublin"
    at_sea = api_listing(server, key, "TRIP", provider, latitude=0.0, longitude=-30.0)
    assert read_one(server, key, "TRIP", at_sea)["timeZone"] is None
    unknown = update(server, key, "EVENT", {"id": concert, "timeZone": "Europe/Atlantis"})
    assert unknown.json()["errors"][0]["extensions"]["field"] == "input.timeZone"
