"""Test set-up: a migrated real database (SQLite, or PostgreSQL via TRAVEL_TEST_DATABASE_URL),
one live HTTP server for the session, and a real JWKS endpoint for OIDC tokens.

Tests isolate themselves by creating their own workspaces: the service is multi-tenant, so a
fresh workspace is a fresh world.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from tests.factories import Tenant, create_tenant
from tests.support import pgbouncer
from tests.support.databases import engines_for, system_url_of
from tests.support.live import LiveServer
from tests.support.oidc import AUDIENCE, ISSUER, Issuer
from tests.support.redis_server import PrivateRedis
from travel.db.engine import async_url
from travel.settings import Settings


def _database_url(tmp: Path) -> str:
    return os.environ.get("TRAVEL_TEST_DATABASE_URL") or f"sqlite:///{tmp / 'travel-test.db'}"


async def _reset(url: str) -> None:
    """Start from an empty database (the migrations then run from nothing)."""
    system = system_url_of(url)
    if system is None:
        return
    engine = create_async_engine(async_url(system))
    async with engine.begin() as conn:
        # travel_private: the secret that signs workspace scopes (revision 0006)
        await conn.execute(text("DROP SCHEMA IF EXISTS travel_private CASCADE"))
        await conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        await conn.execute(text("CREATE SCHEMA public"))
    await engine.dispose()


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = _database_url(tmp_path_factory.mktemp("db"))
    asyncio.run(_reset(url))
    return url


@pytest.fixture(scope="session")
def system_database_url(database_url: str) -> str | None:
    return system_url_of(database_url)


@pytest.fixture(scope="session")
def issuer() -> Iterator[Issuer]:
    idp = Issuer()
    yield idp
    idp.stop()


@pytest.fixture(scope="session")
def service_database_urls(
    database_url: str, system_database_url: str | None
) -> Iterator[tuple[str, str | None, str]]:
    """The URLs the service under test uses and its TRAVEL_DATABASE_POOLER: the test database's
    own, or with TRAVEL_TEST_PGBOUNCER=1 (PostgreSQL) a PgBouncer's in transaction mode in front
    of it (tests/support/pgbouncer.py)."""
    if not (pgbouncer.ENABLED and system_database_url):
        yield database_url, system_database_url, "none"
        return
    bouncer = pgbouncer.PrivateBouncer(database_url, system_database_url).start()
    pgbouncer.RUNNING.append(bouncer)
    try:
        yield bouncer.url(database_url), bouncer.url(system_database_url), "transaction"
    finally:
        pgbouncer.RUNNING.clear()
        bouncer.stop()


@pytest.fixture(scope="session")
def settings(service_database_urls: tuple[str, str | None, str], issuer: Issuer) -> Settings:
    database_url, system_database_url, pooler = service_database_urls
    return Settings(
        database_url=database_url,
        system_database_url=system_database_url,
        database_pooler=pooler,
        oidc_issuer=ISSUER,
        oidc_audience=AUDIENCE,
        oidc_jwks_url=issuer.jwks_url,
        auth_cache_seconds=0.5,
        max_body_bytes=65_536,
        # Every test client is 127.0.0.1: the per-address limit of failed authentications has
        # its own server in tests/auth/test_concurrency.py.
        auth_failures_per_minute=1_000_000,
        # The tests' webhook receivers listen on 127.0.0.1 (tests/events/test_targets.py
        # checks the refusal with this off).
        webhook_allow_private=True,
        # No background dispatcher in the test servers: the webhook tests run their own
        # dispatchers and count every attempt (tests/support/webhooks.py `dispatch`), which one
        # polling inside the server every second could race for. The dispatcher inside `travel
        # serve` and `travel worker` is tested on their own processes (tests/events).
        dispatcher_interval_seconds=0,
        cors_origins=("https://partner.example",),
        # The fuzzing suites send thousands of distinct documents from one workspace: the
        # budgets of validation CPU and body bytes are tested on servers of their own
        # (tests/hardening).
        validation_ms_per_second=1000.0,
        validation_burst_ms=60_000.0,
        body_bytes_per_second=1 << 40,
        body_burst_bytes=1 << 40,
        media_dir=tempfile.mkdtemp(prefix="travel-media-"),
    )


@pytest.fixture(scope="session")
def server(settings: Settings, database_url: str) -> Iterator[LiveServer]:
    from travel.db import migrate

    async def migrate_once() -> None:
        engines = engines_for(database_url)  # straight to PostgreSQL, never through PgBouncer
        try:
            await migrate.upgrade(engines)
        finally:
            await engines.dispose()

    asyncio.run(migrate_once())
    live = LiveServer(settings).start()
    yield live
    live.stop()


def _plan(request: pytest.FixtureRequest) -> str:
    """The plan of the closest `plan` marker (the test's, else its module's), free without one."""
    marker = request.node.get_closest_marker("plan")
    return str(marker.args[0]) if marker else "free"


@pytest.fixture(scope="module")
def short_server(settings: Settings, server: LiveServer) -> Iterator[LiveServer]:
    """The service with an 8-second quota window, so that a window's end (a 429's Retry-After)
    can be waited for; `short_server.services.settings.rate_limit_window_seconds` says how long.
    Stopped after its module: its webhook dispatcher must not outlive it (tests/events)."""
    live = LiveServer(replace(settings, rate_limit_window_seconds=8)).start()
    yield live
    live.stop()


@pytest.fixture
def tenant(server: LiveServer, request: pytest.FixtureRequest) -> Tenant:
    """A fresh workspace with a traveler, a host and an admin (tests.factories.create_tenant),
    on the plan of the module's or test's `plan` marker (free without one)."""
    return create_tenant(server, plan=_plan(request))


@pytest.fixture(scope="module")
def module_tenant(server: LiveServer, request: pytest.FixtureRequest) -> Tenant:
    """One such workspace for every test of a module (tests that read what it has, or add only
    what they look at themselves), on the plan of the module's `plan` marker."""
    return create_tenant(server, plan=_plan(request))


@pytest.fixture
def cli_env(settings: Settings) -> dict[str, str]:
    """Environment for `travel` subprocesses against the test database as the test server
    reaches it (through PgBouncer with TRAVEL_TEST_PGBOUNCER=1), and its photo directory."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_")}
    env["TRAVEL_DATABASE_URL"] = settings.database_url
    env["TRAVEL_DATABASE_POOLER"] = settings.database_pooler
    env["TRAVEL_MEDIA_DIR"] = settings.media_dir
    if settings.system_database_url:
        env["TRAVEL_SYSTEM_DATABASE_URL"] = settings.system_database_url
    env["TRAVEL_WEBHOOK_ALLOW_PRIVATE"] = "1"  # the tests' receivers listen on 127.0.0.1
    env["TRAVEL_METRICS_PORT"] = "0"  # `travel serve` processes of tests run side by side
    # Stopped by the tests that start them, with no load balancer to drain for (tests/fleet
    # measures the drain).
    env["TRAVEL_SHUTDOWN_DRAIN_SECONDS"] = "0"
    return env


@pytest.fixture
def private_redis() -> Iterator[PrivateRedis]:
    """A redis-server of the test's own, running (for `redis` tests that stop it)."""
    instance = PrivateRedis()
    instance.start()
    try:
        yield instance
    finally:
        instance.kill()


def is_postgres(url: str) -> bool:
    return url.startswith("postgres")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """`@pytest.mark.redis` tests need a real Redis: skip them when none is configured."""
    if os.environ.get("TRAVEL_TEST_REDIS_URL"):
        return
    skip = pytest.mark.skip(reason="TRAVEL_TEST_REDIS_URL is not set (scripts/redis.sh starts one)")
    for item in items:
        if "redis" in item.keywords:
            item.add_marker(skip)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """How many cases the hardening suites ran (docs/reliability.md quotes these lines)."""
    from tests.support.schema import CASES

    for suite, count in sorted(CASES.items()):
        terminalreporter.write_line(f"{suite}: {count} cases")
