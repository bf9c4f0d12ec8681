"""The fleet's shared pieces: a PgBouncer in transaction mode in front of the test database and
a Redis, both the tests' own (tests/support/pgbouncer.py, tests/support/redis_server.py), and
the environment every `travel` process of a fleet test starts with."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.live import LiveServer
from tests.support.pgbouncer import BINARY, PrivateBouncer
from tests.support.redis_server import PrivateRedis
from tests.support.webhooks import Receiver
from travel.settings import Settings

AUTH_CACHE_SECONDS = 1.0
DRAIN_SECONDS = 2.0
TIMEOUT_SECONDS = 8.0


@pytest.fixture(scope="module")
def bouncer(database_url: str, system_database_url: str | None) -> Iterator[PrivateBouncer]:
    if not database_url.startswith("postgres") or system_database_url is None:
        pytest.skip("a fleet shares one PostgreSQL (TRAVEL_TEST_DATABASE_URL)")
    missing = [
        p for p in (str(BINARY), shutil.which("redis-server")) if not p or not Path(p).exists()
    ]
    if missing:
        reason = "a fleet needs pgbouncer and redis-server (scripts/pgbouncer.sh, scripts/redis.sh)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    # Four processes' pools share these server connections, as behind a production PgBouncer.
    running = PrivateBouncer(database_url, system_database_url, pool_size=16).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def redis_server() -> Iterator[PrivateRedis]:
    instance = PrivateRedis()
    instance.start()
    yield instance
    instance.kill()


@pytest.fixture(scope="module")
def webhook_receiver() -> Iterator[Receiver]:
    receiver = Receiver()
    yield receiver
    receiver.stop()


@pytest.fixture(scope="module")
def fleet_env(
    server: LiveServer,  # the database migrated
    settings: Settings,
    database_url: str,
    system_database_url: str,
    bouncer: PrivateBouncer,
    redis_server: PrivateRedis,
) -> dict[str, str]:
    """What every process of the fleet is started with: the deployment guide's settings
    (docs/deploy.md), with short drain, bound and credential cache to keep the tests short."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_")}
    env.update(
        TRAVEL_DATABASE_URL=bouncer.url(database_url),
        TRAVEL_SYSTEM_DATABASE_URL=bouncer.url(system_database_url),
        TRAVEL_DATABASE_POOLER="transaction",
        TRAVEL_REDIS_URL=redis_server.url,
        TRAVEL_AUTH_CACHE_SECONDS=str(AUTH_CACHE_SECONDS),
        TRAVEL_SHUTDOWN_DRAIN_SECONDS=str(DRAIN_SECONDS),
        TRAVEL_SHUTDOWN_TIMEOUT_SECONDS=str(TIMEOUT_SECONDS),
        TRAVEL_DISPATCHER_INTERVAL_SECONDS="0",  # `serve` sends none: the workers do
        TRAVEL_WEBHOOK_ALLOW_PRIVATE="1",  # the receiver listens on 127.0.0.1
        TRAVEL_METRICS_PORT="0",
        TRAVEL_MEDIA_DIR=settings.media_dir,
        TRAVEL_LOG_LEVEL="INFO",
        TRAVEL_AUTH_FAILURES_PER_MINUTE="1000000",
    )
    return env


def worker_env(env: dict[str, str], **settings: str) -> dict[str, str]:
    """`env` for a `travel worker` polling every 0.1 s (TRAVEL_* `settings` without the prefix)."""
    return {
        **env,
        "TRAVEL_DISPATCHER_INTERVAL_SECONDS": "0.1",
        **{f"TRAVEL_{name}": value for name, value in settings.items()},
    }
