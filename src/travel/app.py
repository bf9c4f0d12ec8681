"""The ASGI application: services wired once, routes, lifespan."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass

import httpx
from graphql import GraphQLSchema
from sqlalchemy import text
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from travel import logs
from travel.auth.authenticate import Authenticator
from travel.auth.oidc import OidcVerifier
from travel.bookings.seen import SeenListings
from travel.db import migrate
from travel.db.outage import unreachable
from travel.db.registry import Databases
from travel.db.replicas import Replicas
from travel.demo.partner import Partner, PartnerDemo
from travel.demo.signin import DemoSignIns
from travel.embed.http import EmbedRoutes
from travel.embed.service import Embedding
from travel.events.dispatcher import BackgroundDispatcher
from travel.graphql.bounds import LIST_BOUNDS
from travel.graphql.cost import CostEstimator
from travel.graphql.documents import DocumentCache
from travel.graphql.execution import Executor
from travel.graphql.limits import query_limit_rules
from travel.graphql.schema import build_schema
from travel.graphql.text import NoControlCharacters
from travel.http.accept import accept_weights
from travel.http.graphql import GRAPHQL_PATH, GraphQLEndpoint
from travel.http.observe import Observer
from travel.limits.budgets import BodyBudget, ValidationBudget
from travel.limits.quotas import FailedAuthentications, Quotas, build_quotas
from travel.mcp.mount import McpMount
from travel.media.http import Photos, storage_for
from travel.metrics import metrics_endpoint
from travel.observability import RequestObservability
from travel.search.engine import refold_fts
from travel.settings import Settings, SettingsError, get_settings
from travel.shutdown import SHUTDOWN, drain_before_server_stops
from travel.web import web_routes

log = logging.getLogger("travel.app")


@dataclass
class Services:
    """Everything a request may need, made once per process."""

    settings: Settings
    databases: Databases
    authenticator: Authenticator
    schema: GraphQLSchema
    documents: DocumentCache
    limiter: Quotas
    validation_budget: ValidationBudget
    body_budget: BodyBudget
    cost: CostEstimator
    executor: Executor
    http: httpx.AsyncClient
    seen_listings: SeenListings
    embedding: Embedding
    # Read replicas of the shared database (TRAVEL_REPLICA_URLS); None without any.
    replicas: Replicas | None = None


def build_services(settings: Settings) -> Services:
    databases = Databases.from_settings(settings, pool_size=settings.db_pool_size, serving=True)
    http = httpx.AsyncClient(follow_redirects=False)
    oidc = None
    if settings.oidc_jwks_url or settings.oidc_issuer:
        oidc = OidcVerifier(
            issuer=settings.oidc_issuer,
            audience=settings.oidc_audience,
            jwks_url=settings.oidc_jwks_url,
            http=http,
            fetch_timeout=settings.oidc_fetch_timeout_seconds,
        )
    schema = build_schema()
    limiter = build_quotas(settings)
    failures = FailedAuthentications(limiter.counters, settings.auth_failures_per_minute)
    return Services(
        settings=settings,
        databases=databases,
        authenticator=Authenticator(
            databases,
            oidc,
            workspace_claim=settings.oidc_workspace_claim,
            cache_seconds=settings.auth_cache_seconds,
            cache_size=settings.auth_cache_size,
            failures=failures,
        ),
        schema=schema,
        documents=DocumentCache(
            schema,
            size=settings.document_cache_size,
            max_bytes=settings.document_cache_bytes,
            max_entry_bytes=settings.document_cache_entry_bytes,
            refused_size=settings.refused_documents_cache_size,
            refused_bytes=settings.refused_documents_cache_bytes,
            max_chars=settings.query_limits.max_document_chars,
            max_tokens=settings.query_limits.max_tokens,
            extra_rules=[*query_limit_rules(settings.query_limits), NoControlCharacters],
        ),
        limiter=limiter,
        validation_budget=ValidationBudget(
            settings.validation_ms_per_second, settings.validation_burst_ms
        ),
        body_budget=BodyBudget(settings.body_bytes_per_second, settings.body_burst_bytes),
        cost=CostEstimator(schema, LIST_BOUNDS, settings.query_limits.max_cost),
        executor=Executor(schema, fast=settings.fast_path),
        http=http,
        seen_listings=SeenListings(settings.booked_listings_cache_size),
        embedding=Embedding(databases, http, failures, cache_seconds=settings.auth_cache_seconds),
        replicas=Replicas.from_settings(settings, databases.main),
    )


async def prepare_database(databases: Databases) -> None:
    """Migrate the embedded SQLite default; insist that PostgreSQL was migrated, with a system
    role that bypasses row-level security; then read the secret that signs workspace scopes
    (docs/decisions/0072-database-roles.md)."""
    await databases.check_roles()
    if databases.main.dialect == "sqlite":
        await migrate.upgrade(databases.main)
        if await refold_fts(databases.main.writer):  # decision 0112
            log.warning("the search index was folded otherwise: rebuilt")
    elif not await migrate.is_current(databases.main):
        raise SettingsError("the database is not migrated: run `travel db upgrade` first")
    await databases.prepare_scope()


async def healthz(_: Request) -> Response:
    return JSONResponse({"status": "ok"})


async def readyz(request: Request) -> Response:
    if SHUTDOWN.draining:  # SIGTERM: a load balancer sends no more (docs/deploy.md)
        return JSONResponse({"status": "stopping"}, status_code=503)
    services: Services = request.app.state.services
    try:
        async with services.databases.main.reader.connect() as conn:
            await conn.execute(text("SELECT 1"))
    except Exception as exc:
        # An outage is one line per check; anything else keeps its traceback.
        log.warning("readiness check failed: %r", exc, exc_info=not unreachable(exc))
        return JSONResponse({"status": "unavailable", "database": "unreachable"}, status_code=503)
    return JSONResponse({"status": "ok", "database": "ok"})


DEMO_ENV = "TRAVEL_SERVE_DEMO"
"""Set by `travel serve --demo --workers N` for its worker processes (not a user setting)."""
PARTNER_ENV = "TRAVEL_SERVE_PARTNER"
"""The demo partner page's port, origins and service port, as JSON, likewise."""


def partner_to_env(partner: Partner) -> str:
    return json.dumps([partner.port, list(partner.origins), partner.service_port])


def _partner_from_env() -> Partner | None:
    raw = os.environ.get(PARTNER_ENV)
    if not raw:
        return None
    port, origins, service_port = json.loads(raw)
    return Partner(port=port, origins=tuple(origins), service_port=service_port)


def prepare_before_serving(settings: Settings) -> None:
    """`prepare_database` before the server starts: migrates the embedded SQLite database
    (PostgreSQL is migrated by `travel db upgrade`, never on start) and checks the roles."""
    databases = Databases.from_settings(settings, pool_size=1)

    async def run() -> None:
        try:
            await prepare_database(databases)
        finally:
            await databases.dispose()

    asyncio.run(run())


def settle_heap() -> None:
    """Once the service is built: collect, leave everything start-up made out of later
    collections (`gc.freeze`), and collect the youngest objects after 10,000 allocations
    instead of 700. Under 32 concurrent 50-listing pages the defaults ran 370 young, 34 middle
    and 3 full collections per 1,000 requests, a full one walking every object of the
    process: 700 µs of CPU a request against 474 (docs/performance.md)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


def app_for_worker() -> TravelApp:
    """The app of one `travel serve --workers N` worker process (uvicorn's factory)."""
    settings = get_settings()
    logs.configure(settings.log_level)
    demo = os.environ.get(DEMO_ENV) == "1"
    partner = _partner_from_env() if demo else None
    app = create_app(settings, demo=demo, partner=partner, graceful=True)
    settle_heap()
    return app


def create_app(
    settings: Settings | None = None,
    *,
    migrate_on_start: bool = True,
    demo: bool = False,
    partner: Partner | None = None,
    graceful: bool = False,
) -> TravelApp:
    """The service as an ASGI app (API, health, web app). `demo` (`travel serve --demo` only)
    lets the web app sign in to the demo workspace in one click; `partner` serves the demo
    partner platform's page on its own port, embedding the workspace app. `graceful` (`travel
    serve`): SIGTERM drains first (travel.shutdown)."""
    settings = settings or get_settings()
    services = build_services(settings)
    demo_sign_ins = DemoSignIns(services.databases) if demo else None
    partner_demo = None if partner is None else PartnerDemo(services.databases, partner)
    # MCP over HTTP: a client of /workspaces/graphql (docs/decisions/0095-mcp-server.md).
    mcp = McpMount(services.schema, max_body_bytes=settings.max_body_bytes)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if graceful:
            drain_before_server_stops(
                settings.shutdown_drain_seconds, settings.shutdown_timeout_seconds
            )
        if migrate_on_start:
            await prepare_database(services.databases)
        if demo_sign_ins is not None:
            await demo_sign_ins.start()
        if partner_demo is not None:
            await partner_demo.start()
        if services.replicas is not None:
            await services.replicas.start()
        dispatcher = BackgroundDispatcher(services.databases, services.settings)
        app.state.dispatcher = dispatcher
        dispatcher.start()
        try:
            async with mcp.running():
                yield
        finally:
            await dispatcher.stop()
            if services.replicas is not None:
                await services.replicas.close()
            await services.http.aclose()
            await services.limiter.close()
            await services.databases.dispose()

    app = Starlette(
        routes=[
            Route("/healthz", healthz, methods=["GET"]),
            Route("/readyz", readyz, methods=["GET"]),
            # Reached on the metrics port only (TravelApp), never on the API's or the web app's.
            Route("/metrics", metrics_endpoint, methods=["GET"]),
            *Photos(settings, services.databases, storage_for(settings)).routes(),
            *EmbedRoutes(settings, services.embedding).routes(),
            *web_routes(settings, demo_sign_ins),
        ],
        lifespan=lifespan,
    )
    app.state.services = services
    roots = (services.schema.query_type, services.schema.mutation_type)
    observer = Observer(name for root in roots if root is not None for name in root.fields)
    app.add_middleware(RequestObservability, observer=observer)
    metrics_ports = frozenset({settings.metrics_port} if settings.metrics_port else ())
    partner_app = None if partner_demo is None else (partner_demo.partner.port, partner_demo.app)
    graphql = GraphQLEndpoint(services, observer)
    mcp.graphql = graphql
    return TravelApp(graphql, app, metrics_ports, partner_app, mcp)


NOT_FOUND = PlainTextResponse("Not Found", status_code=404)


_JSON_TYPES = ("application/json", "application/graphql-response+json")


def _wants_html(scope: Scope) -> bool:
    """A browser opening the endpoint's address: it names text/html in Accept with a weight
    above 0 and not below a JSON type's (GraphQL-over-HTTP clients never ask for HTML). It gets
    the explorer."""
    accept = b",".join(value for name, value in scope["headers"] if name == b"accept")
    weights = accept_weights(accept.decode("latin-1"))
    html = weights.get("text/html", 0.0)
    return html > 0 and all(html >= weights.get(kind, 0.0) for kind in _JSON_TYPES)


class TravelApp:
    """The ASGI entry: `/workspaces/graphql` straight to the GraphQL endpoint's steps (no
    framework layers on the hot path, decision 0071), everything else (health, the web app, the
    lifespan) to the Starlette app. A request arriving on a metrics port (TRAVEL_METRICS_PORT,
    bound to TRAVEL_METRICS_HOST, loopback by default) may only read `/metrics` and the health
    checks; `/metrics` is not found on any other port (docs/design.md §7: not public)."""

    def __init__(
        self,
        graphql: GraphQLEndpoint,
        rest: Starlette,
        metrics_ports: frozenset[int],
        partner: tuple[int, ASGIApp] | None = None,
        mcp: McpMount | None = None,
    ) -> None:
        self.graphql = graphql
        self.rest = rest
        self.state = rest.state
        self.router = rest.router
        self.metrics_ports = metrics_ports
        # The demo partner page's port and app (`travel serve --demo`): its port is its own.
        self.partner = partner
        self.mcp = mcp

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            server = scope.get("server")
            if self.partner is not None and server is not None and server[1] == self.partner[0]:
                await self.partner[1](scope, receive, send)
                return
            on_metrics_port = server is not None and server[1] in self.metrics_ports
            if on_metrics_port != (scope["path"] == "/metrics") and scope["path"] not in (
                "/healthz",
                "/readyz",
            ):
                await NOT_FOUND(scope, receive, send)
                return
        if scope["type"] == "http" and scope["path"] == GRAPHQL_PATH:
            method = scope["method"]
            if method == "POST":
                await self.graphql(scope, receive, send)
            elif method == "OPTIONS":
                await self.graphql.preflight(scope, send)
            elif method in ("GET", "HEAD") and _wants_html(scope):
                await self.rest(scope, receive, send)  # the explorer (GraphiQL) of the web app
            else:
                await self.graphql.not_allowed(scope, send)
            return
        if self.mcp is not None and scope["type"] == "http" and scope["path"] in self.mcp.paths:
            await self.mcp(scope, receive, send)
            return
        await self.rest(scope, receive, send)
