"""Reading one `TRAVEL_*` variable: typed, within its range, or a `SettingsError` of one line
naming the variable (never echoing a password)."""

from __future__ import annotations

import ipaddress
import os
import re
from urllib.parse import SplitResult, urlsplit

from sqlalchemy.engine import URL, make_url


class SettingsError(ValueError):
    """A setting has a value the service cannot use."""


def integer(name: str, default: int, low: int = 0, high: int = 2**31 - 1) -> int:
    """An integer setting within [low, high]; the error names the variable and the range."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise SettingsError(f"{name} must be an integer, got {raw!r}") from None
    if not low <= value <= high:
        raise SettingsError(f"{name} must be between {low} and {high}, got {value}")
    return value


def number(name: str, default: float, low: float = 0.0, high: float = 1e9) -> float:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a number, got {raw!r}") from None
    if not low <= value <= high:  # also refuses nan and inf
        raise SettingsError(f"{name} must be between {low:g} and {high:g}, got {raw}")
    return value


def choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    raw = (os.environ.get(name) or default).strip().upper()
    if raw not in choices:
        raise SettingsError(f"{name} must be one of {', '.join(choices)}, got {raw!r}")
    return raw


def flag(name: str, default: bool = False) -> bool:
    raw = (os.environ.get(name) or ("1" if default else "0")).strip().lower()
    if raw not in ("0", "1", "true", "false", "yes", "no", "on", "off"):
        raise SettingsError(f"{name} must be 1 or 0 (true/false, yes/no, on/off), got {raw!r}")
    return raw in ("1", "true", "yes", "on")


def text(name: str) -> str | None:
    raw = os.environ.get(name)
    return raw if raw else None


def masked_url(url: str) -> str:
    """`url` with the password of its user part (`scheme://user:password@…`) shown as ***
    (in doubt, more is hidden: a password may hold a `/`)."""
    scheme, separator, rest = url.partition("://")
    userinfo, at, location = rest.rpartition("@")
    if not separator or not at or rest.startswith("/"):  # no user part (sqlite:///path@x)
        return url
    user, colon, _ = userinfo.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}@{location}"


def _split(url: str, schemes: tuple[str, ...]) -> SplitResult | None:
    """The parts of `url` when it has one of `schemes`, no white space and a valid port."""
    if not url.isprintable() or any(c.isspace() for c in url):
        return None
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 (raises ValueError for a port that is not one)
    except ValueError:
        return None
    return parts if parts.scheme in schemes else None


def http_url(name: str) -> str | None:
    """An http(s) URL with a host (the OIDC issuer and its key set), or unset."""
    raw = text(name)
    if raw is not None:
        parts = _split(raw, ("http", "https"))
        if parts is None or not parts.hostname:
            raise SettingsError(
                f"{name} must be an http(s) URL with a host, such as "
                f"https://id.example.com/realms/travel, got {masked_url(raw)!r}"
            )
    return raw


_REDIS_DB = re.compile(r"/?(\d+)?")


def redis_url(name: str) -> str | None:
    """redis://host[:port][/db], rediss://… (TLS) or unix:///path/to/socket, or unset; checked
    as redis-py will read it (its options in the query string too)."""
    raw = text(name)
    if raw is None:
        return None
    parts = _split(raw, ("redis", "rediss", "unix"))
    if parts is None:
        valid = False
    elif parts.scheme == "unix":
        valid = bool(parts.path)  # the socket's path
    else:
        valid = bool(parts.hostname) and _REDIS_DB.fullmatch(parts.path) is not None
    if valid:
        from redis.connection import parse_url  # only when Redis is configured

        try:
            parse_url(raw)  # type: ignore[no-untyped-call]
        except ValueError:
            valid = False
    if not valid:
        raise SettingsError(
            f"{name} must be a redis://, rediss:// or unix:// URL, such as "
            f"redis://localhost:6379/0, got {masked_url(raw)!r}"
        )
    return raw


def parse_database_url(url: str, setting: str) -> URL:
    """A `sqlite:///…` or `postgresql://…` URL (driver names allowed), parsed; `setting` names
    where it came from in the error."""
    try:
        parsed = make_url(url)
    except Exception:
        raise SettingsError(
            f"{setting} is not a valid database URL, such as "
            f"postgresql://user:password@host/db, got {masked_url(url)!r}"
        ) from None
    if parsed.port is not None and not 0 < parsed.port < 65_536:
        raise SettingsError(f"{setting} has no valid port, got {parsed.port}")
    backend = parsed.get_backend_name()
    if backend not in ("sqlite", "postgresql", "postgres"):
        raise SettingsError(
            f"{setting} must start with sqlite:/// or postgresql:// (got a {backend!r} URL)"
        )
    return parsed


def database_url(name: str) -> str | None:
    raw = text(name)
    if raw is not None:
        parse_database_url(raw, name)
    return raw


def database_urls(name: str) -> tuple[str, ...]:
    """Comma-separated PostgreSQL URLs (read replicas), each checked as `database_url` does."""
    listed = tuple(u.strip() for u in (os.environ.get(name) or "").split(",") if u.strip())
    for url in listed:
        if parse_database_url(url, name).get_backend_name() == "sqlite":
            raise SettingsError(f"{name} lists PostgreSQL URLs only, got a SQLite one")
    return listed


def origins(name: str) -> tuple[str, ...]:
    """Comma-separated origins (`scheme://host[:port]`, no path), or `*`."""
    listed = tuple(
        o.strip().rstrip("/") for o in (os.environ.get(name) or "").split(",") if o.strip()
    )
    for origin in listed:
        if origin == "*":
            continue
        parts = _split(origin, ("http", "https"))
        if (
            parts is None
            or not parts.hostname
            or "@" in parts.netloc
            or origin != f"{parts.scheme}://{parts.netloc}"
        ):
            raise SettingsError(
                f"{name} must list origins such as https://app.example.com, got {origin!r}"
            )
    return listed


_HOST_NAME = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.?", re.I)


def host(name: str, default: str) -> str:
    """A host name or an IP address to listen on."""
    raw = (text(name) or default).strip()
    try:
        ipaddress.ip_address(raw)
    except ValueError:
        if _HOST_NAME.fullmatch(raw) is None:
            raise SettingsError(
                f"{name} must be a host name or an IP address, such as 127.0.0.1, got {raw!r}"
            ) from None
    return raw
