"""`travel embed`: what a workspace allows of the workspace app (docs/embedding.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from travel.auth.permissions import ALL_ROLES
from travel.cli.common import emit, json_option, run_with_databases
from travel.db.registry import Databases
from travel.embed import keys
from travel.embed import service as embed_service
from travel.embed.models import EmbedSettings
from travel.errors import ValidationError

_WORKSPACE = click.option("--workspace", "workspace_id", required=True, help="Workspace id.")


@click.group()
def embed() -> None:
    """The workspace app: origins that may embed a workspace, the platform's signing key, and
    who may join on first sign-in."""


def _described(settings: EmbedSettings | None) -> dict[str, Any]:
    if settings is None:
        return {"origins": [], "key": None, "issuer": None, "joinRoles": None}
    key: dict[str, Any] | None = None
    if settings.jwks_url:
        key = {"jwksUrl": settings.jwks_url}
    elif settings.jwks:
        kids = [k.get("kid") for k in settings.jwks["keys"]]
        key = {"keys": len(kids), "kids": [k for k in kids if k]}
    return {
        "origins": settings.origins,
        "key": key,
        "issuer": settings.issuer,
        "joinRoles": settings.join_roles,
    }


def _text(described: dict[str, Any]) -> str:
    key = described["key"]
    if key is None:
        key_text = "none: host tokens are refused"
    elif "jwksUrl" in key:
        key_text = f"the key set at {key['jwksUrl']}"
    else:
        key_text = f"{key['keys']} registered key(s)" + (
            f" ({', '.join(key['kids'])})" if key["kids"] else ""
        )
    join = described["joinRoles"]
    return "\n".join(
        [
            "origins:  " + (", ".join(described["origins"]) or "none: nobody may embed it"),
            f"key:      {key_text}",
            f"issuer:   {described['issuer'] or 'any'}",
            "join:     " + (f"as {', '.join(join)}" if join else "off: only members sign in"),
        ]
    )


def _change(workspace_id: str, as_json: bool, **changes: Any) -> None:
    async def action(databases: Databases) -> dict[str, Any]:
        workspace = await embed_service.workspace_of(databases, workspace_id)
        return _described(await embed_service.change(databases, workspace, **changes))

    described = run_with_databases(action)
    emit(described, as_json, _text(described))


@embed.command("show")
@_WORKSPACE
@json_option
def embed_show(workspace_id: str, as_json: bool) -> None:
    """The workspace's settings for the workspace app."""

    async def action(databases: Databases) -> dict[str, Any]:
        workspace = await embed_service.workspace_of(databases, workspace_id)
        return _described(await embed_service.show(databases, workspace))

    described = run_with_databases(action)
    emit(described, as_json, _text(described))


@embed.command("allow-origin")
@_WORKSPACE
@click.argument("origins", nargs=-1, required=True)
@json_option
def embed_allow_origin(workspace_id: str, origins: tuple[str, ...], as_json: bool) -> None:
    """Let pages of ORIGINS (scheme://host[:port]) embed the workspace app."""
    _change(workspace_id, as_json, add_origins=origins)


@embed.command("remove-origin")
@_WORKSPACE
@click.argument("origins", nargs=-1, required=True)
@json_option
def embed_remove_origin(workspace_id: str, origins: tuple[str, ...], as_json: bool) -> None:
    """Stop pages of ORIGINS embedding the workspace app."""
    _change(workspace_id, as_json, remove_origins=origins)


@embed.command("set-key")
@_WORKSPACE
@click.option("--jwks-url", help="The platform's key set, fetched (and refetched for a new kid).")
@click.option(
    "--public-key",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A PEM public key file (RSA 2048+ or EC P-256).",
)
@click.option(
    "--jwks",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A JWKS document file of public keys.",
)
@click.option("--key-id", help="The kid of --public-key (tokens may name it).")
@click.option("--issuer", help="The iss the platform's tokens must carry (default: any).")
@json_option
def embed_set_key(
    workspace_id: str,
    jwks_url: str | None,
    public_key: Path | None,
    jwks: Path | None,
    key_id: str | None,
    issuer: str | None,
    as_json: bool,
) -> None:
    """Register the key host tokens are signed with (replacing any registered before)."""
    given = [g for g in (jwks_url, public_key, jwks) if g is not None]
    if len(given) != 1:
        raise click.UsageError("give one of --jwks-url, --public-key or --jwks")
    document = None
    try:
        if public_key is not None:
            document = keys.from_pem(public_key.read_text(), key_id)
        elif jwks is not None:
            document = keys.from_jwks(jwks.read_text())
    except ValidationError as error:
        raise click.ClickException(error.message) from None
    _change(workspace_id, as_json, jwks=document, jwks_url=jwks_url, issuer=issuer)


@embed.command("remove-key")
@_WORKSPACE
@json_option
def embed_remove_key(workspace_id: str, as_json: bool) -> None:
    """Forget the platform's key: host tokens are refused until one is set again."""
    _change(workspace_id, as_json, remove_key=True)


@embed.command("join")
@_WORKSPACE
@click.option(
    "--role",
    "roles",
    multiple=True,
    type=click.Choice(ALL_ROLES),
    help="A role the platform's users may join with (repeat for several).",
)
@click.option("--off", is_flag=True, help="Only existing members sign in.")
@json_option
def embed_join(workspace_id: str, roles: tuple[str, ...], off: bool, as_json: bool) -> None:
    """Let the platform's users who are not members yet join on first sign-in, with the roles
    their token asserts if all are among --role (or --off: refuse them)."""
    if bool(roles) == off:
        raise click.UsageError("give --role (one or more) or --off")
    _change(workspace_id, as_json, join_roles=list(roles) if roles else None, no_join=off)


COMMANDS = [embed]
