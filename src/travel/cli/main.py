"""The `travel` command: run the service and administer workspaces, members, keys, webhooks."""

from __future__ import annotations

import sys
from typing import NoReturn

import click
from sqlalchemy.exc import SQLAlchemyError

from travel.cli import admin, client, config, demo, embed, mcp, server, worker
from travel.db.outage import moving
from travel.errors import TravelError
from travel.settings import SettingsError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="travel-marketplace", prog_name="travel")
def cli() -> None:
    """Travel marketplace service and operator tools.

    Settings come from the environment (TRAVEL_DATABASE_URL, default sqlite:///./travel.db,
    and the others of README.md; `travel config` prints them, validated).
    The client commands (ping, query) use PLATFORM_ENV (prod, alpha, local) or TRAVEL_API_URL,
    and TRAVEL_API_KEY or TRAVEL_TOKEN.
    """


for command in (
    *server.COMMANDS,
    *admin.COMMANDS,
    *embed.COMMANDS,
    *demo.COMMANDS,
    *worker.COMMANDS,
    *client.COMMANDS,
    *mcp.COMMANDS,
    *config.COMMANDS,
):
    cli.add_command(command)


def fail(message: str, code: int) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(code)


def main() -> None:
    """Entry point: every failure is one line on stderr and a non-zero exit, never a traceback."""
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Abort:
        fail("aborted", 130)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.UsageError as exc:
        # One line still, with Click's usage hint: which command's --help to read.
        hint = f" Try '{exc.ctx.command_path} --help' for help." if exc.ctx else ""
        fail(exc.format_message().replace("\n", " ") + hint, exc.exit_code)
    except click.ClickException as exc:
        fail(exc.format_message().replace("\n", " "), exc.exit_code)
    except SettingsError as exc:
        fail(str(exc), 2)
    except TravelError as exc:
        fail(exc.message, 1)
    except SQLAlchemyError as exc:
        if moving(exc):  # the workspace's write gate (travel.db.moves)
            fail("the workspace is moving to another database: retry in a few seconds", 1)
        fail(f"database error ({type(exc).__name__}); is TRAVEL_DATABASE_URL right?", 1)
    except OSError as exc:
        fail(exc.strerror or str(exc), 1)
    except KeyboardInterrupt:
        fail("interrupted", 130)
