"""Stateless processes, proven together (issue #30 item 1; docs/deploy.md#running-a-fleet): two
`travel serve` and two `travel worker` processes on one PostgreSQL through PgBouncer and one
Redis, driven from outside. Under concurrent bookings, cancellations, favorites and reads
through both servers nothing is oversold, lost or duplicated; every event reaches its own
workspace's receiver, once in effect (the receiver de-duplicates by event id); a quota is
counted once across both; a key revoked by another process is refused by both within
TRAVEL_AUTH_CACHE_SECONDS; a listing edited through one server is never booked stale through
the other. The load runs TRAVEL_FLEET_SECONDS (3; `make fleet`: 60)."""

from __future__ import annotations

import json
import random
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from decimal import Decimal

import httpx
import pytest

from tests.factories import (
    BOOK,
    CANCEL,
    Tenant,
    create_tenant,
    future_date,
    issue_key,
    tenant_listing,
)
from tests.fleet.conftest import AUTH_CACHE_SECONDS, worker_env
from tests.support.cli import travel_json
from tests.support.fleet import (
    LOAD_SECONDS,
    Node,
    code_of,
    gql,
    launch_serve,
    launch_worker,
    rows,
    stop_all,
    tour_booking,
    wait_started,
)
from tests.support.live import LiveServer
from tests.support.waiting import wait_until
from tests.support.webhooks import Receiver
from travel.auth import service as auth_service

pytestmark = [pytest.mark.fleet, pytest.mark.postgres_only]

CAPACITY = 2  # places on each of DAYS: bookings race for them
DAYS = (30, 31)
FAVORITE = "mutation ($id: ID!) { toggleTravelFavorite(targetType: TOUR, targetId: $id) }"
FAVORITES = "{ travelFavoritesCount }"
ANALYTICS = "{ travelOverviewStats { totalBookings } }"  # 30 a minute on the free plan
UPDATE_TOUR = (
    "mutation ($input: UpdateTravelTourInput!) { updateTravelTour(input: $input) { id price } }"
)
PAUSE = "mutation ($id: ID!) { pauseTravelListing(id: $id) { __typename } }"


@dataclass
class Fleet:
    servers: list[Node]
    workers: list[Node]


@pytest.fixture(scope="module")
def fleet(fleet_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fleet]:
    logs = tmp_path_factory.mktemp("fleet")
    nodes = Fleet([], [])
    try:
        for n in range(2):  # started side by side
            nodes.servers.append(launch_serve(fleet_env, logs / f"serve-{n}.log"))
            nodes.workers.append(launch_worker(worker_env(fleet_env), logs / f"worker-{n}.log"))
        for node in nodes.servers + nodes.workers:
            wait_started(node)
        yield nodes
    finally:
        stop_all(nodes.servers + nodes.workers)
    for node in nodes.servers + nodes.workers:
        assert "Traceback" not in node.output(), node.output()


@dataclass
class _Traffic:
    """What one workspace's clients were answered."""

    tenant: Tenant
    tour: uuid.UUID
    endpoint: str
    booked: dict[str, str] = field(default_factory=dict)  # booking id -> check-in date
    cancelled: set[str] = field(default_factory=set)
    unavailable: int = 0
    favorites: int = 0
    reads: int = 0
    bad: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _client(traffic: _Traffic, urls: list[str], deadline: float, seed: int) -> None:
    rng = random.Random(seed)
    key = traffic.tenant.keys["traveler"]
    mine: list[str] = []
    while time.monotonic() < deadline:
        first, other = rng.sample(urls, 2)
        days = rng.choice(DAYS)
        response = gql(first, key, BOOK, tour_booking(traffic.tour, days))
        code = code_of(response)
        with traffic.lock:
            if response.status_code == 200 and code is None:
                booking = response.json()["data"]["createTravelBooking"]["id"]
                traffic.booked[booking] = future_date(days)
                mine.append(booking)
            elif code == "UNAVAILABLE":
                traffic.unavailable += 1
            else:
                traffic.bad.append(f"book {response.status_code} {response.text[:300]}")
        if mine and rng.random() < 0.5:  # through the other server
            booking = mine.pop(rng.randrange(len(mine)))
            response = gql(other, key, CANCEL, {"id": booking})
            with traffic.lock:
                if response.status_code == 200 and code_of(response) is None:
                    traffic.cancelled.add(booking)
                else:
                    traffic.bad.append(f"cancel {response.status_code} {response.text[:300]}")
        response = gql(rng.choice(urls), key, FAVORITE, {"id": str(traffic.tour)})
        read = gql(rng.choice(urls), key, FAVORITES)
        with traffic.lock:
            traffic.favorites += 1
            traffic.reads += 1
            for answer in (response, read):
                if answer.status_code != 200 or code_of(answer) is not None:
                    traffic.bad.append(f"favorite {answer.status_code} {answer.text[:300]}")


def test_two_servers_and_two_workers_oversell_lose_duplicate_and_cross_nothing(
    server: LiveServer, fleet: Fleet, fleet_env: dict[str, str], webhook_receiver: Receiver
) -> None:
    traffics = []
    for _ in range(2):  # two workspaces, side by side
        tenant = create_tenant(server, plan="enterprise")
        tour = tenant_listing(server, tenant, kind="TOUR", capacity=CAPACITY)
        endpoint = webhook_receiver.endpoint()
        travel_json(fleet_env, "webhook", "add", "--workspace", tenant.id, "--url", endpoint)
        traffics.append(_Traffic(tenant, tour, endpoint))
    urls = [node.url for node in fleet.servers]
    started = time.monotonic()
    deadline = started + LOAD_SECONDS
    with ThreadPoolExecutor(6) as pool:
        for future in [pool.submit(_client, traffics[n % 2], urls, deadline, n) for n in range(6)]:
            future.result()
    elapsed = time.monotonic() - started

    def delivered() -> bool:
        return all(
            rows(
                server,
                "SELECT DISTINCT status FROM webhook_deliveries WHERE workspace_id = :ws",
                ws=t.tenant.workspace.id,
            )
            in ([("SUCCEEDED",)], [])
            for t in traffics
        )

    wait_until(delivered, "every delivery to succeed", seconds=60)
    settled = time.monotonic() - started

    summary = []
    for traffic in traffics:
        ws = traffic.tenant.workspace.id
        assert traffic.bad == []
        written = {
            str(i): (str(d), s)
            for i, d, s in rows(
                server, "SELECT id, check_in, status FROM bookings WHERE workspace_id = :ws", ws=ws
            )
        }
        # Nothing lost, nothing duplicated: what was written is what was answered.
        assert set(written) == set(traffic.booked)
        assert {i for i, (_, s) in written.items() if s == "CANCELLED"} == traffic.cancelled
        # Nothing oversold: at most CAPACITY confirmed on any date.
        confirmed = Counter(d for d, s in written.values() if s == "CONFIRMED")
        assert max(confirmed.values(), default=0) <= CAPACITY, confirmed
        # Every event delivered to its own workspace's endpoint, once in effect.
        events = {
            str(i): t
            for i, t in rows(
                server, "SELECT id, type FROM outbox_events WHERE workspace_id = :ws", ws=ws
            )
        }
        assert Counter(events.values()) == Counter(
            {"booking.created": len(written), "booking.cancelled": len(traffic.cancelled)}
        )
        received = webhook_receiver.at(traffic.endpoint)
        assert {r.headers["travel-event-id"] for r in received} == set(events)
        assert {json.loads(r.body)["workspaceId"] for r in received} == {traffic.tenant.id}
        # Both servers count the same wishlist.
        key = traffic.tenant.keys["traveler"]
        counts = {gql(url, key, FAVORITES).json()["data"]["travelFavoritesCount"] for url in urls}
        assert len(counts) == 1
        summary.append(
            {
                "bookings": len(written),
                "cancelled": len(traffic.cancelled),
                "refused_full": traffic.unavailable,
                "favorite_toggles": traffic.favorites,
                "events": len(events),
                "received": len(received),
            }
        )
    print(
        "fleet:",
        {
            "load_seconds": round(elapsed, 1),
            "all_delivered_after": round(settled, 1),
            "workspaces": summary,
        },
    )


def test_a_quota_is_counted_once_across_both_servers(server: LiveServer, fleet: Fleet) -> None:
    key = create_tenant(server).keys["traveler"]  # free: 30 analytics requests a minute
    urls = [node.url for node in fleet.servers]
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda n: gql(urls[n % 2], key, ANALYTICS).status_code, range(40)))
    assert Counter(status == 429 for status in answers) == {False: 30, True: 10}
    for url in urls:  # the next one is refused whichever process answers
        response = gql(url, key, ANALYTICS)
        assert response.status_code == 429
        assert code_of(response) == "RATE_LIMITED"


def test_a_key_revoked_by_another_process_is_refused_by_both_servers_in_time(
    server: LiveServer, fleet: Fleet
) -> None:
    tenant = create_tenant(server)
    issued = issue_key(server, tenant.workspace, roles=["traveler"])
    urls = [node.url for node in fleet.servers]
    for url in urls:  # each process has the key in its cache
        assert gql(url, issued.secret, FAVORITES).status_code == 200
    # Revoked by another process (this one: `travel apikey revoke` does the same call).
    server.run(auth_service.revoke_api_key(server.services.databases, str(issued.key.id)))
    revoked = time.monotonic()
    refused_after = {}
    for url in urls:
        wait_until(
            lambda url=url: gql(url, issued.secret, FAVORITES).status_code == 401,
            "the revocation",
            seconds=5,
        )
        refused_after[url] = time.monotonic() - revoked
    assert max(refused_after.values()) <= AUTH_CACHE_SECONDS + 0.5, refused_after
    print("revocation:", {u: round(t, 3) for u, t in refused_after.items()})


def test_a_listing_edited_through_one_server_is_never_booked_stale_through_the_other(
    server: LiveServer, fleet: Fleet
) -> None:
    tenant = create_tenant(server, plan="enterprise")
    tour = tenant_listing(server, tenant, kind="TOUR", capacity=100)
    one, other = (node.url for node in fleet.servers)
    traveler, host = tenant.keys["traveler"], tenant.keys["host"]

    def book(days: int) -> httpx.Response:
        return gql(other, traveler, BOOK, tour_booking(tour, days))

    first = book(40).json()["data"]["createTravelBooking"]  # `other` has seen the listing
    assert Decimal(first["totalPrice"]) == Decimal("100.00")
    for n, price in enumerate(("77.00", "81.50", "64.25")):
        response = gql(one, host, UPDATE_TOUR, {"input": {"id": str(tour), "price": price}})
        assert code_of(response) is None, response.text
        again = book(41 + n).json()["data"]["createTravelBooking"]
        assert Decimal(again["totalPrice"]) == Decimal(price)  # never the price it had seen
    assert code_of(gql(one, host, PAUSE, {"id": str(tour)})) is None
    refused = book(50)
    assert code_of(refused) is not None, refused.text
    assert rows(
        server, "SELECT count(*) FROM bookings WHERE workspace_id = :ws", ws=tenant.workspace.id
    ) == [(4,)]
