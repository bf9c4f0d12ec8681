"""`travel worker`: the webhook dispatcher as its own process (alongside or instead of serve's)."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys

import click

from travel import logs
from travel.app import prepare_database
from travel.db.registry import Databases
from travel.events.dispatcher import Dispatcher
from travel.events.sender import http_client
from travel.settings import Settings, get_settings
from travel.shutdown import SHUTDOWN, reserve

log = logging.getLogger("travel.worker")


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
            timeout = settings.shutdown_timeout_seconds
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, _stopping, stop, timeout)
            # The sends in flight get the bound but twice its reserve, leaving time to release
            # what is unsent and close the pools (travel.shutdown, docs/deploy.md).
            grace = timeout - 2 * reserve(timeout)
            await dispatcher.run_forever(stop, interval, grace=grace)
            return 0
    finally:
        await databases.dispose()


def _stopping(stop: asyncio.Event, timeout: float) -> None:
    if SHUTDOWN.begin(timeout):  # the watchdog: exit within the bound whatever is left
        log.warning("stopping: claiming no more webhook deliveries")
    stop.set()


@click.command()
@click.option("--once", is_flag=True, help="Send what is due, then exit (e.g. from cron).")
@click.option(
    "--interval",
    type=click.FloatRange(min=0.01),
    help="Seconds between polls [default: TRAVEL_DISPATCHER_INTERVAL_SECONDS, else 1].",
)
def worker(once: bool, interval: float | None) -> None:
    """Deliver webhooks from the outbox until stopped (SIGINT/SIGTERM: the sends in flight are
    finished, or released for another worker, within TRAVEL_SHUTDOWN_TIMEOUT_SECONDS).

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
        return
    # Stopped, its deliveries settled or released and its pools closed: nothing is left to
    # clean up, and the interpreter's finalisation (1-2 s on a loaded machine) would run past
    # TRAVEL_SHUTDOWN_TIMEOUT_SECONDS, where the watchdog cannot reach (docs/deploy.md).
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


COMMANDS = [worker]
