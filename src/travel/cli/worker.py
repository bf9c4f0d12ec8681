"""`travel worker`: the webhook dispatcher as its own process (alongside or instead of serve's)."""

from __future__ import annotations

import asyncio
import signal

import click

from travel import logs
from travel.app import prepare_database
from travel.db.registry import Databases
from travel.events.dispatcher import Dispatcher
from travel.events.sender import http_client
from travel.settings import Settings, get_settings


async def _work(settings: Settings, *, once: bool, interval: float) -> int:
    databases = Databases.from_settings(settings, pool_size=4, serving=True)
    try:
        await prepare_database(databases)
        async with http_client(settings.webhook_timeout_seconds) as http:
            dispatcher = Dispatcher.from_settings(databases, http, settings)
            if once:
                return await dispatcher.drain()
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, stop.set)
            await dispatcher.run_forever(stop, interval)
            return 0
    finally:
        await databases.dispose()


@click.command()
@click.option("--once", is_flag=True, help="Send what is due, then exit (e.g. from cron).")
@click.option(
    "--interval",
    type=click.FloatRange(min=0.01),
    help="Seconds between polls [default: TRAVEL_DISPATCHER_INTERVAL_SECONDS, else 1].",
)
def worker(once: bool, interval: float | None) -> None:
    """Deliver webhooks from the outbox until stopped (SIGINT/SIGTERM finish the current pass).

    Any number of workers may run against one database: a delivery is claimed by one at a time.
    """
    settings = get_settings()
    logs.configure(settings.log_level)
    every = interval or (settings.dispatcher_interval_seconds or 1.0)
    every = every if every > 0 else 1.0
    if not once:
        click.echo(f"travel: delivering webhooks, polling every {every:g} s", err=True)
    attempts = asyncio.run(_work(settings, once=once, interval=every))
    if once:
        click.echo(f"{attempts} webhook attempt(s)")


COMMANDS = [worker]
