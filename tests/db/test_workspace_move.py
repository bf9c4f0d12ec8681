"""Moving a workspace to another database while the service serves it (`travel workspace move`,
docs/decisions/0098-workspace-moves.md), end to end on two private clusters.

Cluster A (`wal_level=logical`) holds the shared database, which the `travel serve` processes
are configured with; cluster B is the target. Workspace `moving` lives in A's shared database,
`neighbor_a` beside it, `neighbor_b` in B as a dedicated tenant. While travelers book into
`moving` through two processes and its host keeps reading, the move copies its rows to B
(publication and subscription), freezes its writes for a moment (503 SERVICE_UNAVAILABLE with
Retry-After), checks the copy, points the directory at B, lets writes resume there once every
process's credential cache has expired (TRAVEL_AUTH_CACHE_SECONDS=1), and deletes the rows left
in A. Every acknowledged booking must be in B exactly once, nothing of `moving` left in A,
reads never fail and the neighbors never notice. A second test interrupts moves (SIGKILL):
one while copying, then aborted; one while frozen, then run again to completion; and one back
to the shared database just after its switch, run again to completion.

Runs in the PostgreSQL pass only (once is enough: it brings its own servers).
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from tests.factories import BOOK, create_listing_mutation, listing_input
from tests.support.api import answered
from tests.support.cli import TRAVEL
from tests.support.fleet import Node, gql, launch_serve, stop_all, tour_booking, wait_started
from tests.support.pgserver import PrivateServer, private_server
from travel.auth import service as auth_service
from travel.db import migrate
from travel.db.registry import Databases

pytestmark = [
    pytest.mark.postgres_only,
    # Once is enough, in the PostgreSQL pass: the test brings its own servers.
    pytest.mark.skipif(
        not os.environ.get("TRAVEL_TEST_DATABASE_URL", "").startswith("postgres"),
        reason="runs in the PostgreSQL pass (it brings its own servers)",
    ),
]

AUTH_CACHE_SECONDS = "1"
BOOKERS = 4  # threads booking into `moving`, each through both servers in turn
MOVE_TIMEOUT = 60.0
NO_REPLICATION: dict[str, list[str]] = {"publications": [], "slots": [], "subscriptions": []}
PROVIDER = (
    "mutation ($input: CreateTravelProviderInput!) { createTravelProvider(input: $input) { id } }"
)
COUNT = "{ travelBookingsCount }"
PAGE = "query ($skip: Int!) { travelBookings(pagination: {skip: $skip, take: 100}) { id } }"
TOUR = "query ($id: ID!) { travelTour(id: $id) { id name } }"


def _admin_url(server: PrivateServer) -> str:
    """The superuser's URL of the cluster's `travel` database (trust authentication)."""
    return f"postgresql://postgres@127.0.0.1:{server.port}/travel"


def _sql(server: PrivateServer, statement: str) -> list[list[str]]:
    """`statement`'s rows in the cluster's `travel` database, as the superuser sees them."""
    out = server.psql(statement, database="travel")
    return [line.split("|") for line in out.splitlines() if line]


def _tenant_tables(server: PrivateServer) -> list[str]:
    """Every table of the schema with a workspace_id column: where a workspace's rows live."""
    found = _sql(
        server,
        "SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' "
        "AND column_name = 'workspace_id' ORDER BY 1",
    )
    return [row[0] for row in found]


def _rows_of(server: PrivateServer, workspace: str) -> dict[str, int]:
    """How many rows of `workspace` each tenant table holds (tables without any left out)."""
    tables = _tenant_tables(server)
    union = " UNION ALL ".join(
        f"SELECT '{t}', count(*) FROM {t} WHERE workspace_id = '{workspace}'" for t in tables
    )
    return {t: int(n) for t, n in _sql(server, union) if int(n) > 0}


def _booking_ids(server: PrivateServer, workspace: str) -> Counter[str]:
    found = _sql(server, f"SELECT id FROM bookings WHERE workspace_id = '{workspace}'")
    return Counter(row[0] for row in found)


def _directory_url(shared: PrivateServer, workspace: str) -> str | None:
    """The workspace's `database_url` in the shared database (None: the shared one)."""
    found = _sql(
        shared,
        f"SELECT 'url:' || coalesce(database_url, '') FROM workspaces WHERE id = '{workspace}'",
    )
    assert len(found) == 1, found
    return found[0][0].removeprefix("url:") or None


def _replication_leftovers(*servers: PrivateServer) -> dict[str, list[str]]:
    """Publications, slots and subscriptions on the clusters: a finished or aborted move leaves
    none (a forgotten slot keeps its source's WAL forever)."""
    found: dict[str, list[str]] = {"publications": [], "slots": [], "subscriptions": []}
    for server in servers:
        found["publications"] += [r[0] for r in _sql(server, "SELECT pubname FROM pg_publication")]
        found["slots"] += [r[0] for r in _sql(server, "SELECT slot_name FROM pg_replication_slots")]
        found["subscriptions"] += [
            r[0] for r in _sql(server, "SELECT subname FROM pg_subscription")
        ]
    return found


@dataclass
class Party:
    """A workspace with a host key (owning its one tour) and traveler keys."""

    id: str
    host: str
    travelers: list[str]
    tour: str = ""
    booked: set[str] = field(default_factory=set)  # acknowledged booking ids


async def _create_parties(
    shared: PrivateServer, target: PrivateServer, specs: list[tuple[str, bool, int]]
) -> list[Party]:
    """Workspaces (name, dedicated in `target`?, traveler keys) with their keys."""
    databases = Databases(shared.url, pool_size=1, system_url=shared.system_url)
    try:
        await migrate.upgrade(databases.main)
        parties = []
        for name, dedicated, travelers in specs:
            url = target.url if dedicated else None
            ws = await auth_service.create_workspace(
                databases, name, "enterprise", database_url=url
            )
            keys: list[str] = []
            for _ in range(travelers + 1):
                roles = ["host"] if not keys else ["traveler"]
                issued = await auth_service.create_api_key(
                    databases, ws, roles=roles, subject=None, permissions=[]
                )
                keys.append(issued.secret)
            parties.append(Party(str(ws.id), keys[0], keys[1:]))
        return parties
    finally:
        await databases.dispose()


def _open_tour(url: str, party: Party) -> None:
    """The party's host registers a provider and a tour with room for every booking."""
    provider = answered(
        gql(url, party.host, PROVIDER, {"input": {"name": "Casa", "type": "OPERATOR"}})
    )
    variables = {"input": listing_input("TOUR", provider["createTravelProvider"]["id"])}
    variables["input"]["capacity"] = 100_000
    created = answered(gql(url, party.host, create_listing_mutation("TOUR"), variables))
    party.tour = created["createTravelTour"]["id"]


def _book(url: str, party: Party, days: int = 30) -> str:
    """One booking by the party's first traveler, which must succeed: its id."""
    answer = gql(url, party.travelers[0], BOOK, tour_booking(party.tour, days))
    booking = str(answered(answer)["createTravelBooking"]["id"])
    party.booked.add(booking)
    return booking


def _listed(url: str, key: str) -> tuple[int, set[str]]:
    """travelBookingsCount and every id travelBookings lists, for `key`, through `url`."""
    count = int(answered(gql(url, key, COUNT))["travelBookingsCount"])
    ids: set[str] = set()
    while True:
        page = answered(gql(url, key, PAGE, {"skip": len(ids)}))["travelBookings"]
        ids |= {b["id"] for b in page}
        if len(page) < 100:
            return count, ids


@dataclass
class Move:
    """One run of `travel workspace move`: when it started and ended, what it printed when."""

    started: float
    ended: float = 0.0
    returncode: int | None = None
    lines: list[tuple[float, str]] = field(default_factory=list)

    @property
    def seconds(self) -> float:
        return self.ended - self.started

    def output(self) -> str:
        return "\n".join(f"{t - self.started:6.2f} s  {line}" for t, line in self.lines)


@dataclass
class World:
    """The two clusters, the servers on A and the neighbors, shared by the module's tests."""

    source: PrivateServer
    target: PrivateServer
    env: dict[str, str]
    servers: list[Node]
    neighbors: dict[str, Party]

    @property
    def urls(self) -> list[str]:
        return [node.url for node in self.servers]

    def party(self, name: str, travelers: int) -> Party:
        """A new workspace in A's shared database with an open tour."""
        spec = [(name, False, travelers)]
        (party,) = asyncio.run(_create_parties(self.source, self.target, spec))
        _open_tour(self.urls[0], party)
        return party

    def move_args(self, workspace: str, *extra: str, back: bool = False) -> list[str]:
        """`travel workspace move` from A to B (`back`: from B to A's shared database)."""
        frm, to = (self.target, self.source) if back else (self.source, self.target)
        return [
            *(TRAVEL, "workspace", "move", workspace, "--to", to.url),
            *("--from-admin", _admin_url(frm), "--to-admin", _admin_url(to)),
            *extra,
        ]

    def move(self, workspace: str, *extra: str, back: bool = False) -> Move:
        """Run `travel workspace move` to its end, each line it prints timed."""
        move = Move(time.monotonic())
        process = subprocess.Popen(
            self.move_args(workspace, *extra, back=back),
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        assert process.stdout is not None
        deadline = threading.Timer(MOVE_TIMEOUT, process.kill)
        deadline.start()
        try:
            for line in process.stdout:
                move.lines.append((time.monotonic(), line.rstrip("\n")))
            move.returncode = process.wait()
        finally:
            deadline.cancel()
            process.kill()
            process.wait()
        move.ended = time.monotonic()
        return move

    def logs(self) -> str:
        return "\n".join(f"--- {n.log.name}:\n{n.output()[-3000:]}" for n in self.servers)


@pytest.fixture(scope="module")
def source() -> Iterator[PrivateServer]:
    yield from private_server({"wal_level": "logical"})


@pytest.fixture(scope="module")
def target() -> Iterator[PrivateServer]:
    yield from private_server({"wal_level": "logical"})  # the source of the move back


@pytest.fixture(scope="module")
def world(
    source: PrivateServer, target: PrivateServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[World]:
    # Migrates A, and B through neighbor_b (a dedicated tenant's database is migrated when the
    # workspace is created).
    specs = [("neighbor_a", False, 1), ("neighbor_b", True, 1)]
    neighbor_a, neighbor_b = asyncio.run(_create_parties(source, target, specs))
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_")}
    env.update(
        TRAVEL_DATABASE_URL=source.url,
        TRAVEL_SYSTEM_DATABASE_URL=source.system_url,
        TRAVEL_AUTH_CACHE_SECONDS=AUTH_CACHE_SECONDS,
        TRAVEL_AUTH_FAILURES_PER_MINUTE="1000000",
        TRAVEL_METRICS_PORT="0",
        TRAVEL_SHUTDOWN_DRAIN_SECONDS="0",
        PYTHONUNBUFFERED="1",  # the mover's step lines as they are printed
    )
    logs = tmp_path_factory.mktemp("move")
    servers = [launch_serve(env, logs / f"serve-{n}.log") for n in range(2)]
    try:
        for node in servers:
            wait_started(node)
        world = World(source, target, env, servers, {"a": neighbor_a, "b": neighbor_b})
        for n, party in enumerate((neighbor_a, neighbor_b)):
            _open_tour(world.urls[n], party)
            _book(world.urls[n], party)
        yield world
    finally:
        stop_all(servers)
    for node in servers:
        assert "Traceback" not in node.output(), node.output()[-5000:]
        assert "INTERNAL_SERVER_ERROR" not in node.output(), node.output()[-5000:]


@dataclass
class Answer:
    """One booking attempt and what came back (`status` None: no answer at all)."""

    url: str
    key: str  # the traveler's API key
    idempotency_key: str
    variables: dict[str, Any]
    sent: float
    received: float = 0.0
    status: int | None = None
    code: str | None = None
    message: str = ""
    retry_after: str | None = None
    booking: str | None = None
    failure: str | None = None

    def refused(self) -> bool:
        """Refused as a workspace's writes are while it moves: 503 SERVICE_UNAVAILABLE with
        Retry-After (the message is checked apart)."""
        return (
            self.status == 503
            and self.code == "SERVICE_UNAVAILABLE"
            and self.retry_after is not None
            and self.retry_after.isdigit()
            and int(self.retry_after) >= 1
        )

    def describe(self, since: float = 0.0) -> str:
        return (
            f"{self.status} {self.code} retry-after={self.retry_after} {self.message[:200]!r}"
            f" {self.failure or ''} via {self.url} at {self.sent - since:.2f} s"
        )


@dataclass
class Read:
    url: str
    sent: float
    received: float
    count: int | None
    error: str | None


def _post(client: httpx.Client, answer: Answer) -> Answer:
    headers = {"Authorization": f"Bearer {answer.key}", "Idempotency-Key": answer.idempotency_key}
    body = {"query": BOOK, "variables": answer.variables}
    try:
        response = client.post(f"{answer.url}/workspaces/graphql", json=body, headers=headers)
    except httpx.HTTPError as exc:
        answer.received = time.monotonic()
        answer.failure = repr(exc)
        return answer
    answer.received = time.monotonic()
    answer.status = response.status_code
    answer.retry_after = response.headers.get("Retry-After")
    try:
        payload = response.json()
    except ValueError:
        answer.message = response.text[:300]
        return answer
    errors = payload.get("errors") or []
    if errors:
        answer.code = errors[0].get("extensions", {}).get("code")
        answer.message = str(errors[0].get("message", ""))
    elif response.status_code == 200:
        answer.booking = str(payload["data"]["createTravelBooking"]["id"])
    return answer


class Load:
    """Travelers booking into a party through every server in turn, a host reading its
    bookings' count, and the neighbors booking too; every answer recorded."""

    def __init__(self, world: World, party: Party, neighbors: list[Party]) -> None:
        self.world = world
        self.party = party
        self.neighbors = neighbors
        self.answers: list[Answer] = []
        self.neighbor_answers: list[tuple[Party, Answer]] = []
        self.reads: list[Read] = []
        self.lock = threading.Lock()
        self._stop = threading.Event()
        self._threads = [
            threading.Thread(target=self._booker, args=(n,), daemon=True) for n in range(BOOKERS)
        ]
        self._threads.append(threading.Thread(target=self._reader, daemon=True))
        if neighbors:
            self._threads.append(threading.Thread(target=self._neighbors, daemon=True))

    def start(self) -> Load:
        for thread in self._threads:
            thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=40)
            assert not thread.is_alive(), "a client of the load did not stop"

    def acknowledged(self) -> int:
        with self.lock:
            return sum(1 for a in self.answers if a.booking)

    def _attempt(self, client: httpx.Client, url: str, party: Party, key: str, days: int) -> Answer:
        answer = Answer(
            url, key, uuid.uuid4().hex, tour_booking(party.tour, days), time.monotonic()
        )
        return _post(client, answer)

    def _booker(self, n: int) -> None:
        rng = random.Random(n)
        urls = self.world.urls
        key = self.party.travelers[n % len(self.party.travelers)]
        with httpx.Client(timeout=30) as client:
            turn = n
            while not self._stop.is_set():
                turn += 1
                url = urls[turn % len(urls)]
                answer = self._attempt(client, url, self.party, key, rng.randrange(30, 120))
                with self.lock:
                    self.answers.append(answer)
                if answer.booking is None:
                    time.sleep(0.05)  # less than Retry-After: to meet the freeze more than once

    def _reader(self) -> None:
        """The host's count, through each server in turn, one read after the other (so each
        read must see at least every booking acknowledged before it was sent)."""
        urls = self.world.urls
        with httpx.Client(timeout=30) as client:
            turn = 0
            while not self._stop.is_set():
                turn += 1
                url = urls[turn % len(urls)]
                sent = time.monotonic()
                count, error = None, None
                try:
                    response = client.post(
                        f"{url}/workspaces/graphql",
                        json={"query": COUNT},
                        headers={"Authorization": f"Bearer {self.party.host}"},
                    )
                    body = response.json()
                    if response.status_code == 200 and "errors" not in body:
                        count = int(body["data"]["travelBookingsCount"])
                    else:
                        error = f"{response.status_code} {response.text[:300]}"
                    tour = client.post(
                        f"{url}/workspaces/graphql",
                        json={"query": TOUR, "variables": {"id": self.party.tour}},
                        headers={"Authorization": f"Bearer {self.party.travelers[0]}"},
                    )
                    if tour.status_code != 200 or "errors" in tour.json():
                        error = f"tour {tour.status_code} {tour.text[:300]}"
                except (httpx.HTTPError, ValueError) as exc:
                    error = repr(exc)
                with self.lock:
                    self.reads.append(Read(url, sent, time.monotonic(), count, error))
                time.sleep(0.02)

    def _neighbors(self) -> None:
        """The neighbors book too (slower): the move must not refuse them anything."""
        urls = self.world.urls
        with httpx.Client(timeout=30) as client:
            turn = 0
            while not self._stop.is_set():
                turn += 1
                party = self.neighbors[turn % len(self.neighbors)]
                url = urls[(turn // 2) % len(urls)]
                answer = self._attempt(client, url, party, party.travelers[0], 30 + turn % 60)
                with self.lock:
                    self.neighbor_answers.append((party, answer))
                    if answer.booking:
                        party.booked.add(answer.booking)
                time.sleep(0.1)


def _stale_reads(load: Load, since: float) -> list[str]:
    """Reads that missed a booking acknowledged before they were sent."""
    acknowledged = sorted(a.received for a in load.answers if a.booking)
    stale = []
    for read in load.reads:
        if read.count is None:
            continue
        before = sum(1 for t in acknowledged if t < read.sent)
        if read.count < before:
            stale.append(f"{read.url} at {read.sent - since:.2f} s: {read.count} < {before}")
    return stale


def test_a_workspace_moves_to_another_database_while_it_is_booked_and_read(
    world: World,
) -> None:
    source, target = world.source, world.target
    moving = world.party("moving", travelers=4)
    neighbors = list(world.neighbors.values())
    neighbor_ids = {p.id: set(p.booked) for p in neighbors}  # before the move
    load = Load(world, moving, neighbors).start()
    moved: Move | None = None
    try:
        started = time.monotonic()
        while load.acknowledged() < 20:  # the load flows: rows to copy and more coming
            assert time.monotonic() - started < 20, "no bookings acknowledged"
            time.sleep(0.05)
        moved = world.move(moving.id)
        time.sleep(3)  # bookings go on after the move
    finally:
        load.stop()
    assert moved is not None
    print(f"move: {moved.seconds:.1f} s, exit {moved.returncode}\n{moved.output()}")
    assert moved.returncode == 0, f"{moved.output()}\n{world.logs()}"

    # Every answer was a booking or a 503 SERVICE_UNAVAILABLE with Retry-After: no other
    # error, no hang, no 500.
    answers = load.answers
    refused = [a for a in answers if a.refused()]
    bad = [a.describe(moved.started) for a in answers if not a.booking and not a.refused()]
    assert bad == [], bad[:20]
    neighbor_bad = [a.describe(moved.started) for _, a in load.neighbor_answers if not a.booking]
    assert neighbor_bad == [], neighbor_bad[:20]
    # Reads never failed, and never missed a booking acknowledged before them.
    failed_reads = [
        f"{r.url} at {r.sent - moved.started:.2f}: {r.error}" for r in load.reads if r.error
    ]
    assert failed_reads == [], failed_reads[:20]
    stale = _stale_reads(load, moved.started)
    assert stale == [], stale[:20]
    # None was accepted during the freeze: from the mover's "writes frozen" (printed after the
    # freeze committed) to its "switched" (printed before the target takes writes), every
    # booking sent and answered in between was refused.
    frozen_at = next(t for t, line in moved.lines if line.startswith("writes frozen"))
    switched_at = next(t for t, line in moved.lines if line.startswith("switched"))
    accepted_frozen = [
        a.describe(moved.started)
        for a in answers
        if a.booking and a.sent > frozen_at and a.received < switched_at
    ]
    assert accepted_frozen == [], accepted_frozen[:20]
    if refused:  # the freeze was met (a load this dense normally meets it)
        first = min(a.sent for a in refused) - moved.started
        last = max(a.received for a in refused) - moved.started
        print(f"{len(refused)} bookings refused, from {first:.2f} s to {last:.2f} s")
    else:
        print("no booking met the freeze")

    # A refused booking retried with its Idempotency-Key (as a partner does after Retry-After)
    # is made now, in B.
    retried = []
    with httpx.Client(timeout=30) as client:
        for a in refused:
            again = Answer(a.url, a.key, a.idempotency_key, a.variables, time.monotonic())
            retried.append(_post(client, again))
    assert [a.describe(moved.started) for a in retried if not a.booking] == []
    # After the move, a booking through either server is made, in B.
    after = [_book(url, moving) for url in world.urls]

    acknowledged = Counter(a.booking for a in answers + retried if a.booking)
    assert max(acknowledged.values()) == 1  # each answer acknowledged a booking of its own
    expected = set(acknowledged) | set(after)
    in_target = _booking_ids(target, moving.id)
    assert {i: n for i, n in in_target.items() if n > 1} == {}, "bookings twice in B"
    assert expected - set(in_target) == set(), "acknowledged bookings missing in B"
    assert set(in_target) - expected == set(), "bookings in B nobody was told about"
    # Nothing of the workspace is left in A; the directory names B; no replication is left.
    assert _rows_of(source, moving.id) == {}
    assert _directory_url(source, moving.id) == target.url
    assert _replication_leftovers(source, target) == NO_REPLICATION

    # The host lists exactly the acknowledged bookings, through either server.
    for url in world.urls:
        assert _listed(url, moving.host) == (len(expected), expected)
    # The neighbors list only their own bookings, made before or during the move.
    for party in neighbors:
        assert neighbor_ids[party.id] <= party.booked
        for url in world.urls:
            assert _listed(url, party.host) == (len(party.booked), party.booked)
    neighbor_a, neighbor_b = world.neighbors["a"], world.neighbors["b"]
    assert set(_booking_ids(source, neighbor_a.id)) == neighbor_a.booked
    assert set(_booking_ids(target, neighbor_b.id)) == neighbor_b.booked
    assert _rows_of(target, neighbor_a.id) == {}  # the copy took only the moving workspace
    assert _rows_of(source, neighbor_b.id) == {}

    # Every refusal said why: the workspace is moving.
    unexplained = [a.describe(moved.started) for a in refused if "moving" not in a.message]
    assert unexplained == [], unexplained[:20]
    print(
        "summary:",
        {
            "move_seconds": round(moved.seconds, 1),
            "bookings": len(expected),
            "attempts": len(answers),
            "refused": len(refused),
            "reads": len(load.reads),
            "neighbor_bookings": len(load.neighbor_answers),
        },
    )


def _interrupted(world: World, workspace: str, step: str, *, back: bool = False) -> list[str]:
    """Start a move and SIGKILL it as soon as it has printed a line starting with `step`: the
    lines it printed."""
    process = subprocess.Popen(
        world.move_args(workspace, back=back),
        env=world.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    printed: list[str] = []
    try:
        assert process.stdout is not None
        while not (printed and printed[-1].startswith(step)):
            line = process.stdout.readline()
            assert line, f"the move ended before printing {step!r}: {printed}"
            printed.append(line.rstrip("\n"))
        assert process.poll() is None, f"the move ended before the kill: {printed}"
        process.send_signal(signal.SIGKILL)
    finally:
        process.kill()
        process.wait()
    return printed


def _lands(world: World, party: Party, *, where: PrivateServer, left: PrivateServer) -> None:
    """The party's workspace is served from `where` (bookings through either server land there,
    its host lists every acknowledged booking), and nothing of it is left in `left`."""
    for n, url in enumerate(world.urls):
        _book(url, party, days=60 + len(party.booked) + n)
    assert Counter(_booking_ids(where, party.id)) == Counter(party.booked)
    assert _rows_of(left, party.id) == {}
    assert _replication_leftovers(world.source, world.target) == NO_REPLICATION
    for url in world.urls:
        assert _listed(url, party.host) == (len(party.booked), party.booked)


def test_an_interrupted_move_is_aborted_or_resumed_and_the_workspace_moves_back(
    world: World,
) -> None:
    source, target = world.source, world.target
    party = world.party("moving_again", travelers=1)
    for n, url in enumerate(world.urls * 2):
        _book(url, party, days=30 + n)

    # Killed while copying, then aborted: the workspace stays in A, serving; B holds nothing.
    print("killed after:", _interrupted(world, party.id, "copying"))
    aborted = world.move(party.id, "--abort")
    print(f"abort: {aborted.seconds:.1f} s, exit {aborted.returncode}\n{aborted.output()}")
    assert aborted.returncode == 0, aborted.output()
    assert _directory_url(source, party.id) is None
    _lands(world, party, where=source, left=target)

    # Killed while frozen, then run again: it resumes and the workspace lands in B.
    print("killed after:", _interrupted(world, party.id, "writes frozen"))
    resumed = world.move(party.id)
    print(f"resumed: {resumed.seconds:.1f} s, exit {resumed.returncode}\n{resumed.output()}")
    assert resumed.returncode == 0, f"{resumed.output()}\n{world.logs()}"
    assert _directory_url(source, party.id) == target.url
    _lands(world, party, where=target, left=source)

    # Back to the shared database, killed just after the switch: reads go on (through either
    # server, once their credential caches have expired), a write is refused or made, never
    # failed; run again, the move finishes and the workspace is served from A again.
    print("killed after:", _interrupted(world, party.id, "switched", back=True))
    assert _directory_url(source, party.id) is None
    time.sleep(float(AUTH_CACHE_SECONDS) + 0.2)
    for n, url in enumerate(world.urls):
        assert _listed(url, party.host) == (len(party.booked), party.booked)
        answer = gql(url, party.travelers[0], BOOK, tour_booking(party.tour, 90 + n))
        print("a booking between the kill and the re-run:", answer.status_code, answer.text[:200])
        if answer.status_code == 200 and "errors" not in answer.json():
            party.booked.add(answer.json()["data"]["createTravelBooking"]["id"])
        else:
            assert answer.status_code == 503, answer.text
            assert answer.json()["errors"][0]["extensions"]["code"] == "SERVICE_UNAVAILABLE"
            assert "Retry-After" in answer.headers
    finished = world.move(party.id, back=True)
    print(f"finished: {finished.seconds:.1f} s, exit {finished.returncode}\n{finished.output()}")
    assert finished.returncode == 0, f"{finished.output()}\n{world.logs()}"
    assert _directory_url(source, party.id) is None
    _lands(world, party, where=source, left=target)
    # The dedicated database's copy of the directory entry went with the rest.
    assert _sql(target, f"SELECT count(*) FROM workspaces WHERE id = '{party.id}'") == [["0"]]


def test_a_move_or_abort_naming_the_wrong_databases_is_refused_and_changes_nothing(
    world: World,
) -> None:
    """A superuser URL that does not reach the database the service uses would publish another
    database's rows (a move) or delete the workspace's own (an abort): refused, one line."""
    source, target = world.source, world.target
    party = world.party("misnamed", travelers=1)
    _book(world.urls[0], party)
    swapped = [
        *(TRAVEL, "workspace", "move", party.id, "--to", target.url),
        *("--from-admin", _admin_url(target), "--to-admin", _admin_url(source)),
    ]
    refused = subprocess.run(swapped, env=world.env, capture_output=True, text=True, timeout=120)
    assert refused.returncode != 0
    assert "--from-admin does not name the workspace's database" in refused.stderr, refused.stderr
    assert "Traceback" not in refused.stderr
    assert _directory_url(source, party.id) is None
    assert _replication_leftovers(source, target) == NO_REPLICATION
    assert _sql(source, "SELECT count(*) FROM travel_private.workspace_moves") == [["0"]]
    _lands(world, party, where=source, left=target)
    # An abort with the databases swapped, of a move under way (killed while copying), deletes
    # nothing; the right one then undoes it.
    _interrupted(world, party.id, "copying")
    wrong = [*swapped[:4], "--abort", *swapped[6:]]
    refused = subprocess.run(wrong, env=world.env, capture_output=True, text=True, timeout=120)
    assert refused.returncode != 0
    assert "does not name" in refused.stderr, refused.stderr
    assert set(_booking_ids(source, party.id)) == party.booked
    aborted = world.move(party.id, "--abort")
    assert aborted.returncode == 0, aborted.output()
    _lands(world, party, where=source, left=target)
