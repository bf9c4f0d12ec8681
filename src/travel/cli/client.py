"""`travel ping` and `travel query`: a client of a running service.

The gateway comes from PLATFORM_ENV (prod | alpha | local) or TRAVEL_API_URL, the credential
from TRAVEL_API_KEY or TRAVEL_TOKEN. Failures are one line each on stderr, never a traceback;
the commands do not retry (a person is waiting: they see RATE_LIMITED and its delay at once).
"""

from __future__ import annotations

import sys
from typing import IO, Any, NoReturn

import click
import orjson
from travel_client import TravelClient
from travel_client.core import Response
from travel_client.environments import UnknownEnvironment, environment, url_source
from travel_client.errors import TransportError, TravelAPIError

NO_CREDENTIAL_HINT = " (set TRAVEL_API_KEY or TRAVEL_TOKEN)"


def _client() -> TravelClient:
    try:
        return TravelClient(max_retries=0)
    except UnknownEnvironment as exc:
        raise click.UsageError(str(exc)) from None


def _describe(error: dict[str, Any]) -> str:
    """One line for one GraphQL error: code, message and where it happened."""
    extensions = error.get("extensions") or {}
    line = f"{extensions.get('code', 'INTERNAL_SERVER_ERROR')}: {error.get('message', '')}"
    path = error.get("path")
    if path:
        line += f" (at {'.'.join(str(p) for p in path)})"
    return line


def _fail(lines: list[str]) -> NoReturn:
    for line in lines:
        click.echo(f"error: {line}", err=True)
    sys.exit(1)


def _api_failure(client: TravelClient, exc: TravelAPIError | TransportError) -> list[str]:
    if isinstance(exc, TransportError):
        return [exc.message]
    lines = [_describe(e) for e in exc.errors] or [f"{exc.code}: {exc.message}"]
    if exc.code == "UNAUTHENTICATED" and not client.credential:
        lines[0] += NO_CREDENTIAL_HINT
    return lines


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def ping(as_json: bool) -> None:
    """Run the spec's connectivity check; print the environment, the URL actually used (and
    where it came from) and the latency."""
    client = _client()
    env = environment().value
    source = url_source()
    where = f"env={env}  url={client.url}  via={source}"
    report: dict[str, object] = {"env": env, "url": client.url, "via": source}
    try:
        latency = client.ping()
    except (TravelAPIError, TransportError) as exc:
        lines = _api_failure(client, exc)
        if as_json:
            click.echo(orjson.dumps({**report, "ok": False, "error": " ".join(lines)}).decode())
            sys.exit(1)
        # A transport error already names the URL.
        context = f"env={env}  via={source}" if isinstance(exc, TransportError) else where
        _fail([f"{line}  ({context})" for line in lines])
    finally:
        client.close()
    if as_json:
        click.echo(orjson.dumps({**report, "ok": True, "latencyMs": round(latency, 1)}).decode())
        return
    click.echo(f"ok  {where}  latency={latency:.1f} ms")


@click.command()
@click.argument("query_text", metavar="QUERY", required=False)
@click.option(
    "--file",
    "source",
    type=click.File("r"),
    help="Read the document from a file ('-' for standard input).",
)
@click.option("--variables", help="Variables as a JSON object.")
@click.option("--operation-name", help="The operation to run when the document has several.")
@click.option("--idempotency-key", help="Idempotency-Key header: a mutation runs at most once.")
def query(
    query_text: str | None,
    source: IO[str] | None,
    variables: str | None,
    operation_name: str | None,
    idempotency_key: str | None,
) -> None:
    """Send a GraphQL document (QUERY or --file) and print the response as JSON.

    Errors are also printed on stderr, one line each with their code; the exit status is
    then 1.
    """
    if (query_text is None) == (source is None):
        raise click.UsageError("give either QUERY or --file")
    document = query_text if query_text is not None else source.read()  # type: ignore[union-attr]
    parsed = _variables(variables)
    client = _client()
    try:
        response = client.execute(
            document, parsed, operation_name=operation_name, idempotency_key=idempotency_key
        )
    except TravelAPIError as exc:
        if exc.errors:
            _print({"errors": exc.errors})
        _fail(_api_failure(client, exc))
    except TransportError as exc:
        _fail(_api_failure(client, exc))
    finally:
        client.close()
    _print(_payload(response))
    if response.errors:
        _fail([_describe(e) for e in response.errors])


def _variables(raw: str | None) -> dict[str, Any] | None:
    if not raw:
        return None
    try:
        parsed = orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise click.UsageError("--variables must be a JSON object") from None
    if not isinstance(parsed, dict):
        raise click.UsageError("--variables must be a JSON object")
    return parsed


def _payload(response: Response) -> dict[str, Any]:
    payload: dict[str, Any] = {}
    if response.errors:
        payload["errors"] = response.errors
    payload["data"] = response.data
    return payload


def _print(payload: dict[str, Any]) -> None:
    click.echo(orjson.dumps(payload, option=orjson.OPT_INDENT_2).decode())


COMMANDS = [ping, query]
