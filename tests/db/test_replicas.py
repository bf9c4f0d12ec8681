"""Read replicas with read-your-writes, on a real streaming replica (docs/scaling.md, "Read
replicas"; docs/decisions/0094-read-replicas.md).

A private primary (tests/support/pgserver.py) and a replica made from it by `pg_basebackup -R`,
`travel serve` with TRAVEL_REPLICA_URLS naming the replica, driven over HTTP. With the
replica's replay paused (`pg_wal_replay_pause()`) a change made on the primary is missing on the
replica: whoever still sees the old value was answered by the replica, whoever sees the new one
by the primary. The shared test database is never touched; the test runs in the PostgreSQL pass
only (once is enough: it brings its own servers).
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.factories import BOOK, create_listing_mutation, future_date, listing_input
from tests.support.cli import Serving, free_port
from tests.support.pgserver import PrivateServer, private_server
from tests.support.redis_server import PrivateRedis
from tests.support.waiting import wait_until
from travel.auth import service as auth_service
from travel.db import migrate
from travel.db.registry import Databases

pytestmark = [
    pytest.mark.postgres_only,
    pytest.mark.redis,
    # Once is enough, in the PostgreSQL pass: the test brings its own servers.
    pytest.mark.skipif(
        not os.environ.get("TRAVEL_TEST_DATABASE_URL", "").startswith("postgres"),
        reason="runs in the PostgreSQL pass (it brings its own servers)",
    ),
]

NAME = "query ($id: ID!) { travelProperty(id: $id) { name } }"
TRIPS = "{ travelBookings(pagination: {take: 10}) { id } }"
RENAME = (
    "mutation ($input: UpdateTravelPropertyInput!) { updateTravelProperty(input: $input) { name } }"
)


@pytest.fixture
def primary() -> Iterator[PrivateServer]:
    yield from private_server()


async def _prepare(server: PrivateServer) -> tuple[str, str, str]:
    """Migrated, with a workspace and three keys: a host, a traveler, and a reader who never
    writes anything."""
    databases = Databases(server.url, pool_size=1, system_url=server.system_url)
    try:
        await migrate.upgrade(databases.main)
        workspace = await auth_service.create_workspace(databases, "Replicated", "enterprise")
        keys = []
        for roles in (["host"], ["traveler"], ["traveler"]):
            issued = await auth_service.create_api_key(
                databases, workspace, roles=roles, subject=None, permissions=[]
            )
            keys.append(issued.secret)
        return keys[0], keys[1], keys[2]
    finally:
        await databases.dispose()


def _replayed(primary: PrivateServer, replica: PrivateServer) -> bool:
    head = primary.psql("SELECT pg_current_wal_lsn()").strip()
    caught_up = f"SELECT pg_last_wal_replay_lsn() >= '{head}'::pg_lsn"
    return replica.psql(caught_up).strip() == "t"


def _replica_reads(metrics_url: str) -> dict[str, float]:
    text = httpx.get(metrics_url, timeout=10).text
    found = re.findall(r'^travel_replica_reads_total\{target="(\w+)"\} ([0-9.e+]+)$', text, re.M)
    return {target: float(count) for target, count in found}


def test_catalog_reads_go_to_the_replica_and_a_callers_own_writes_are_read_back(
    primary: PrivateServer, private_redis: PrivateRedis, tmp_path: Path
) -> None:
    host, traveler, reader = asyncio.run(_prepare(primary))
    replica = primary.replica()
    metrics_port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_")}
    env.update(
        TRAVEL_DATABASE_URL=primary.url,
        TRAVEL_SYSTEM_DATABASE_URL=primary.system_url,
        TRAVEL_REPLICA_URLS=replica.url,
        TRAVEL_REPLICA_PROBE_SECONDS="0.1",
        TRAVEL_REPLICA_MAX_LAG_SECONDS="60",
        TRAVEL_METRICS_PORT=str(metrics_port),
        TRAVEL_REDIS_URL=private_redis.url,  # where every process finds a caller's last write
    )
    serving = Serving(env, tmp_path / "serve.log")
    other = strict = None
    try:
        provider = serving.data(
            host,
            "mutation ($input: CreateTravelProviderInput!) { createTravelProvider(input: $input) { id } }",
            {"input": {"name": "Casa Azul", "type": "HOST"}},
        )["createTravelProvider"]["id"]
        variables = {"input": listing_input("PROPERTY", provider, name="Old name", units=3)}
        listing = serving.data(host, create_listing_mutation("PROPERTY"), variables)
        listing_id = listing["createTravelProperty"]["id"]

        def name_seen(process: Serving, key: str) -> str:
            return str(process.data(key, NAME, {"id": listing_id})["travelProperty"]["name"])

        wait_until(lambda: _replayed(primary, replica), "the replica to replay the set-up")
        # A second process, started now that the replica is caught up, which probes only when
        # it starts (and then every 10 minutes): it goes on trusting the replica it found well,
        # so a read meeting the stopped replica below is its to retry on the primary.
        other_env = {**env, "TRAVEL_METRICS_PORT": "0", "TRAVEL_REPLICA_PROBE_SECONDS": "60"}
        other_env["TRAVEL_REPLICA_MAX_LAG_SECONDS"] = "600"
        other = Serving(other_env, tmp_path / "other.log")
        replica.psql("SELECT pg_wal_replay_pause()")

        # The host renames the stay while the replica replays nothing.
        renamed = serving.data(host, RENAME, {"input": {"id": listing_id, "name": "New name"}})
        assert renamed["updateTravelProperty"]["name"] == "New name"
        metrics_url = f"http://127.0.0.1:{metrics_port}/metrics"
        before = _replica_reads(metrics_url)

        # The host reads its own write back at once (the primary)...
        assert name_seen(serving, host) == "New name"
        # ...through the other process as well (it learns the write's position from Redis)...
        assert name_seen(other, host) == "New name"
        assert name_seen(other, reader) == "Old name"
        # ...while a caller who wrote nothing is answered by the replica: the old name.
        for _ in range(5):
            assert name_seen(serving, reader) == "Old name"
        after = _replica_reads(metrics_url)
        assert after.get("replica", 0) - before.get("replica", 0) >= 5
        assert after.get("primary", 0) - before.get("primary", 0) >= 1

        # A traveler books: the booking is in their trips at once, and their catalog reads now
        # go to the primary too (their write is past what the replica replayed).
        booking_input = {
            "targetType": "PROPERTY",
            "targetId": listing_id,
            "checkIn": future_date(30),
            "checkOut": future_date(32),
        }
        booked = serving.data(traveler, BOOK, {"input": booking_input})["createTravelBooking"]
        trips = serving.data(traveler, TRIPS)["travelBookings"]
        assert [trip["id"] for trip in trips] == [booked["id"]]
        assert name_seen(serving, traveler) == "New name"
        assert name_seen(serving, reader) == "Old name"

        # A process whose lag bound is 1 s skips the paused replica once it is further behind.
        strict_env = {**env, "TRAVEL_REPLICA_MAX_LAG_SECONDS": "1", "TRAVEL_METRICS_PORT": "0"}
        strict = Serving(strict_env, tmp_path / "strict.log")
        time.sleep(1.5)
        assert name_seen(strict, reader) == "New name"

        # Replay resumes: the reader sees the new name from the replica shortly.
        replica.psql("SELECT pg_wal_replay_resume()")
        wait_until(
            lambda: name_seen(serving, reader) == "New name",
            "the replica to catch up",
        )

        # The replica stops: reads go on, answered by the primary, without an error.
        replica.stop("immediate")
        for _ in range(20):
            assert name_seen(serving, reader) == "New name"
            assert name_seen(other, reader) == "New name"
        assert "failed a read" in other.output()  # it met the stopped replica, then the primary
        wait_until(
            lambda: 'travel_replica_usable{replica="0"} 0.0' in httpx.get(metrics_url).text,
            "the probe to skip the stopped replica",
        )
    finally:
        for process in (serving, other, strict):
            if process is not None:
                process.stop()
        replica.destroy()
    assert other is not None
    for output in (serving.output(), other.output()):
        assert "Traceback" not in output, output[-3000:]
        assert "INTERNAL_SERVER_ERROR" not in output
