"""Which gateway a tool talks to: PLATFORM_ENV (prod | alpha | local), or TRAVEL_API_URL."""

from __future__ import annotations

import os
from collections.abc import Mapping
from enum import StrEnum

GATEWAY_PATH = "/workspaces/graphql"
# The hosted gateways' names are not in the spec. Until a release sets them here, prod and
# alpha point at the reserved `.example` domain, so a key can never be sent to a stranger's
# host; TRAVEL_PROD_BASE_URL / TRAVEL_ALPHA_BASE_URL set them (docs/decisions/0060).
DEFAULT_BASE_URLS = {
    "prod": "https://api.travel.example",
    "alpha": "https://api.alpha.travel.example",
    "local": "http://localhost:4003",
}


class Environment(StrEnum):
    """The environments of the spec (§1), `prod` being the default."""

    PROD = "prod"
    ALPHA = "alpha"
    LOCAL = "local"


class UnknownEnvironment(ValueError):
    """PLATFORM_ENV names no known environment."""


def environment(env: Mapping[str, str] | None = None) -> Environment:
    """The selected environment (`prod` when PLATFORM_ENV is unset or empty)."""
    source = os.environ if env is None else env
    raw = source.get("PLATFORM_ENV", "").strip() or "prod"
    try:
        return Environment(raw)
    except ValueError:
        raise UnknownEnvironment(
            f"PLATFORM_ENV={raw!r} is not an environment; use one of: prod, alpha, local"
        ) from None


def resolve_url(env: Mapping[str, str] | None = None) -> str:
    """The workspace gateway URL: TRAVEL_API_URL if set, else the environment's.

    The prod and alpha base URLs can be overridden with TRAVEL_PROD_BASE_URL and
    TRAVEL_ALPHA_BASE_URL; `local` is always http://localhost:4003/workspaces/graphql.
    """
    source = os.environ if env is None else env
    selected = environment(source)  # validated even when overridden: a typo is still a typo
    override = _override(source)
    if override:
        return override
    base = DEFAULT_BASE_URLS[selected.value]
    if selected is not Environment.LOCAL:
        base = source.get(f"TRAVEL_{selected.value.upper()}_BASE_URL", "").strip() or base
    return base.rstrip("/") + GATEWAY_PATH


def url_source(env: Mapping[str, str] | None = None) -> str:
    """The variable `resolve_url` took the URL from: TRAVEL_API_URL or PLATFORM_ENV."""
    return "TRAVEL_API_URL" if _override(os.environ if env is None else env) else "PLATFORM_ENV"


def _override(source: Mapping[str, str]) -> str:
    """TRAVEL_API_URL without surrounding white space (blank: no override)."""
    return source.get("TRAVEL_API_URL", "").strip()


def credential(env: Mapping[str, str] | None = None) -> str | None:
    """The bearer value: TRAVEL_API_KEY, else TRAVEL_TOKEN (an OIDC access token)."""
    source = os.environ if env is None else env
    for name in ("TRAVEL_API_KEY", "TRAVEL_TOKEN"):
        value = source.get(name, "").strip()
        if value:
            return value
    return None
