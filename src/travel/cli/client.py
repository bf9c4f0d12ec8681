"""`travel ping` and `travel query`: a client of a running service (PLATFORM_ENV, TRAVEL_API_*)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click
import orjson

from travel.client import TravelClient
from travel.client.environments import UnknownEnvironment, environment
from travel.client.errors import TransportError, TravelAPIError


def _client() -> TravelClient:
    try:
        return TravelClient(max_retries=0)
    except UnknownEnvironment as exc:
        raise click.UsageError(str(exc)) from None


def _api_failure(exc: TravelAPIError | TransportError) -> click.ClickException:
    if isinstance(exc, TravelAPIError):
        return click.ClickException(f"{exc.code}: {exc.message}")
    return click.ClickException(str(exc))


@click.command()
def ping() -> None:
    """Run the spec's connectivity check and print environment, URL and latency."""
    client = _client()
    try:
        latency = client.ping()
    except (TravelAPIError, TransportError) as exc:
        raise _api_failure(exc) from None
    finally:
        client.close()
    click.echo(f"ok  env={environment().value}  url={client.url}  latency={latency:.1f} ms")


@click.command()
@click.argument("query_text", metavar="QUERY", required=False)
@click.option(
    "--file",
    "path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Read the document from a file.",
)
@click.option("--variables", help="Variables as a JSON object.")
def query(query_text: str | None, path: Path | None, variables: str | None) -> None:
    """Send a GraphQL document and print the response as JSON."""
    if (query_text is None) == (path is None):
        raise click.UsageError("give either QUERY or --file")
    document = query_text if query_text is not None else path.read_text()  # type: ignore[union-attr]
    parsed: dict[str, Any] | None = None
    if variables:
        try:
            parsed = orjson.loads(variables)
        except orjson.JSONDecodeError:
            raise click.UsageError("--variables must be a JSON object") from None
        if not isinstance(parsed, dict):
            raise click.UsageError("--variables must be a JSON object")
    client = _client()
    try:
        response = client.execute(document, parsed)
    except (TravelAPIError, TransportError) as exc:
        raise _api_failure(exc) from None
    finally:
        client.close()
    payload: dict[str, Any] = {"data": response.data}
    if response.errors:
        payload["errors"] = response.errors
    click.echo(orjson.dumps(payload, option=orjson.OPT_INDENT_2).decode())
    if response.errors:
        sys.exit(1)


COMMANDS = [ping, query]
