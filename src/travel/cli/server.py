"""`travel serve`: the API and the web app in one process."""

from __future__ import annotations

import logging
import os
import secrets
import signal
import socket
import sys
from dataclasses import replace

import click
import uvicorn
from uvicorn.supervisors.multiprocess import Multiprocess

from travel import logs
from travel.settings import SettingsError, get_settings
from travel.shutdown import HARD_EXIT_STATUS, reserve


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Accepted connections inherit this: without it a response written as headers + body
    # waits ~40 ms for the client's delayed ACK (Nagle), on every request.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise click.ClickException(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    return sock


# Addresses a browser never writes: listening on them, the web app is opened on this machine as
# localhost or the loopback address of the same family.
_LOOPBACK_NAMES = {
    "0.0.0.0": ("localhost", "127.0.0.1"),
    "127.0.0.1": ("localhost", "127.0.0.1"),
    "localhost": ("localhost", "127.0.0.1"),  # bound as IPv4 (_listen)
    "::": ("localhost", "127.0.0.1", "[::1]"),  # IPv6 wildcard sockets take IPv4 too (Linux)
    "::1": ("localhost", "[::1]"),
}


def web_app_origins(host: str, web_port: int) -> tuple[str, ...]:
    """The origins a browser gives the web app's pages when the service listens on `host`
    (the default of TRAVEL_CORS_ORIGINS): any other host as itself, IPv6 in brackets."""
    names = _LOOPBACK_NAMES.get(host) or (f"[{host}]" if ":" in host else host,)
    return tuple(f"http://{name}:{web_port}" for name in names)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=4003, show_default=True, type=click.IntRange(0, 65535))
@click.option("--web-port", default=3000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--demo",
    is_flag=True,
    help="Let the web app sign in to the newest demo workspace in one click (local demos only).",
)
@click.option(
    "--partner-port",
    default=3001,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="With --demo: the demo partner page embedding the workspace app (0: none).",
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Worker processes sharing the listening sockets (one per core is the usual choice).",
)
def serve(host: str, port: int, web_port: int, demo: bool, partner_port: int, workers: int) -> None:
    """Run the service: GraphQL on --port (/workspaces/graphql), the web app on --web-port
    (and with --demo, a partner's page embedding the workspace app on --partner-port)."""
    from travel.app import (
        DEMO_ENV,
        PARTNER_ENV,
        create_app,
        partner_to_env,
        prepare_before_serving,
        settle_heap,
    )
    from travel.demo.partner import KEY_ENV, Partner, new_key
    from travel.mcp.quotes import SECRET_ENV as QUOTE_SECRET_ENV

    settings = get_settings()
    if workers > 1 and settings.replica_urls and not settings.redis_url:
        # Each worker would know only the writes it served: read-your-writes on replicas needs
        # them shared (docs/scaling.md, "Read replicas").
        raise SettingsError("TRAVEL_REPLICA_URLS with --workers above 1 needs TRAVEL_REDIS_URL")
    logs.configure(settings.log_level)
    if not settings.cors_origins:
        # The web app's own origin(s): its pages call the API port from there.
        origins = web_app_origins(host, web_port)
        settings = replace(settings, cors_origins=origins)
        os.environ["TRAVEL_CORS_ORIGINS"] = ",".join(origins)  # for --workers' processes
    # Before listening: a database that is not migrated, or a system role that cannot see every
    # workspace, is one line and an exit, not a traceback from inside the server. The embedded
    # database is migrated here once (with --workers, each worker would race to migrate it).
    prepare_before_serving(settings)
    sockets = [_listen(host, port)]
    if web_port != port:
        sockets.append(_listen(host, web_port))
    partner = None
    if demo and partner_port:
        sockets.append(_listen(host, partner_port))
        partner = Partner(partner_port, web_app_origins(host, partner_port), web_port)
    metrics = ""
    if settings.metrics_port:
        sockets.append(_listen(settings.metrics_host, settings.metrics_port))
        metrics = f", metrics on http://{settings.metrics_host}:{settings.metrics_port}/metrics"
    click.echo(
        f"travel: API on http://{host}:{port}/workspaces/graphql, "
        f"web app on http://{host}:{web_port}/{metrics}"
        + (f", {workers} workers" if workers > 1 else "")
        + (f"; a partner's page embedding it on http://{host}:{partner_port}/" if partner else ""),
        err=True,
    )
    # After SIGTERM and the drain, uvicorn closes the listener and gives the requests in flight
    # what is left of the bound but the reserve (travel.shutdown, docs/deploy.md).
    timeout = settings.shutdown_timeout_seconds
    in_flight = max(1, int(timeout - settings.shutdown_drain_seconds - reserve(timeout)))
    if workers == 1:
        app = create_app(settings, demo=demo, partner=partner, graceful=True)
        settle_heap()
        config = uvicorn.Config(
            app,
            log_config=None,
            access_log=False,
            lifespan="on",
            timeout_graceful_shutdown=in_flight,
        )
        uvicorn.Server(config).run(sockets=sockets)
        return
    # Several workers: every worker builds its own app from the same settings in a fresh
    # process (uvicorn spawns them) and shares the sockets.
    if demo:
        os.environ[DEMO_ENV] = "1"
    if partner is not None:
        os.environ[PARTNER_ENV] = partner_to_env(partner)
        os.environ.setdefault(KEY_ENV, new_key())  # one platform key for every worker
    # One MCP quote secret for every worker: a quote made by one is booked by another
    # (docs/mcp.md; several hosts must set TRAVEL_MCP_QUOTE_SECRET themselves).
    os.environ.setdefault(QUOTE_SECRET_ENV, secrets.token_urlsafe(32))
    config = uvicorn.Config(
        "travel.app:app_for_worker",
        factory=True,
        workers=workers,
        log_config=None,
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=in_flight,
        # A worker answers the supervisor's pings only once its interpreter is up: the 5 s
        # default killed workers still starting on a loaded two-core machine (tests/fleet).
        timeout_worker_healthcheck=30,
    )
    supervisor = _Supervisor(config, sockets=sockets)
    supervisor.run()
    # Every worker has exited and been joined: nothing is left to clean up. The interpreter's
    # own finalisation of this process's imports took 1-2 s on a loaded machine, outside the
    # shutdown's bound (docs/deploy.md), so the supervisor ends here, with the worst of its
    # workers' endings: a worker that hit the shutdown's bound (70) or failed is not hidden
    # from systemd or an orchestrator.
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(_workers_status(supervisor))


def _workers_status(supervisor: Multiprocess) -> int:
    """0 when every worker ended by the signal or cleanly; else 70 (the bound) or 1."""
    codes = {p.process.exitcode for p in supervisor.processes}
    if HARD_EXIT_STATUS in codes:
        return HARD_EXIT_STATUS
    stopped = {0, None, -signal.SIGTERM, -signal.SIGINT, 128 + signal.SIGTERM}
    return 0 if codes <= stopped else 1


class _Supervisor(Multiprocess):
    """uvicorn's supervisor of `--workers`, which also lets go of the listening sockets once it
    has passed SIGTERM on: each worker closes its own copy after its drain, and the listener is
    closed (new connections refused) when the last one has; the supervisor's copy would keep
    the kernel accepting connections nobody serves."""

    def terminate_all(self) -> None:
        super().terminate_all()
        for sock in self.sockets:
            sock.close()


COMMANDS = [serve]
