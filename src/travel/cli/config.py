"""`travel config`: the effective settings, as the service would run with them (secrets
masked). Every setting is validated on the way: a bad value is one line naming the variable."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import click

from travel.cli.common import emit, json_option
from travel.settings import QueryLimits, Settings, get_settings, masked_url

# The environment variable of each setting whose name is not TRAVEL_ + its upper-cased field.
_VARIABLES = {
    "max_depth": "TRAVEL_MAX_QUERY_DEPTH",
    "max_aliases": "TRAVEL_MAX_QUERY_ALIASES",
    "max_tokens": "TRAVEL_MAX_QUERY_TOKENS",
    "max_cost": "TRAVEL_MAX_QUERY_COST",
}
_URLS = ("database_url", "system_database_url", "redis_url", "oidc_issuer", "oidc_jwks_url")


def effective(settings: Settings) -> dict[str, Any]:
    """TRAVEL_* variable → effective value, URLs' passwords masked."""
    out: dict[str, Any] = {}
    for field in fields(Settings):
        value = getattr(settings, field.name)
        if isinstance(value, QueryLimits):
            for limit in fields(QueryLimits):
                name = _VARIABLES.get(limit.name, f"TRAVEL_{limit.name.upper()}")
                out[name] = getattr(value, limit.name)
            continue
        if field.name in _URLS and value:
            value = masked_url(value)
        if field.name == "replica_urls":
            value = tuple(masked_url(url) for url in value)
        if isinstance(value, tuple):
            value = ",".join(value)
        out[f"TRAVEL_{field.name.upper()}"] = value
    return dict(sorted(out.items()))


@click.command("config")
@json_option
def config(as_json: bool) -> None:
    """Print the effective settings (validated; passwords masked)."""
    values = effective(get_settings())
    text = "\n".join(f"{name}={'' if value is None else value}" for name, value in values.items())
    emit(values, as_json, text)


COMMANDS = [config]
