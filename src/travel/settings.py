"""Service settings, read once from the environment (`TRAVEL_*`)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache

DEFAULT_DATABASE_URL = "sqlite:///./travel.db"


class SettingsError(ValueError):
    """A setting has a value the service cannot use."""


def _int(name: str, default: int, low: int = 0, high: int = 2**31 - 1) -> int:
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


def _float(name: str, default: float, low: float = 0.0, high: float = 1e9) -> float:
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


def _choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    raw = (os.environ.get(name) or default).strip().upper()
    if raw not in choices:
        raise SettingsError(f"{name} must be one of {', '.join(choices)}, got {raw!r}")
    return raw


def _flag(name: str, default: bool = False) -> bool:
    raw = (os.environ.get(name) or ("1" if default else "0")).strip().lower()
    if raw not in ("0", "1", "true", "false", "yes", "no", "on", "off"):
        raise SettingsError(f"{name} must be 1 or 0 (true/false, yes/no, on/off), got {raw!r}")
    return raw in ("1", "true", "yes", "on")


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def _origins(name: str) -> tuple[str, ...]:
    """Comma-separated origins (`scheme://host[:port]`, no path), or `*`."""
    origins = tuple(
        o.strip().rstrip("/") for o in (os.environ.get(name) or "").split(",") if o.strip()
    )
    for origin in origins:
        scheme, _, rest = origin.partition("://")
        if origin != "*" and (scheme not in ("http", "https") or not rest or "/" in rest):
            raise SettingsError(
                f"{name} must list origins such as https://app.example.com, got {origin!r}"
            )
    return origins


def _str(name: str) -> str | None:
    raw = os.environ.get(name)
    return raw if raw else None


@dataclass(frozen=True)
class QueryLimits:
    """Bounds on an incoming GraphQL document, checked before execution."""

    max_depth: int = 12
    max_aliases: int = 30
    max_tokens: int = 2000
    max_cost: int = 5000


@dataclass(frozen=True)
class Settings:
    database_url: str = DEFAULT_DATABASE_URL
    # PostgreSQL: the role of migrations, operator commands and the dispatcher, which bypasses
    # row-level security (docs/decisions/0072-database-roles.md). Unset: TRAVEL_DATABASE_URL's
    # role, which must then bypass it itself (SQLite has no roles).
    system_database_url: str | None = None
    redis_url: str | None = None
    oidc_issuer: str | None = None
    oidc_audience: str | None = None
    oidc_jwks_url: str | None = None
    oidc_workspace_claim: str = "travel_workspace"
    # The web app's OAuth client (authorization code + PKCE against oidc_issuer).
    oidc_client_id: str | None = None
    oidc_scope: str = "openid profile"
    max_body_bytes: int = 1_048_576
    document_cache_size: int = 1000
    # PostgreSQL connections the service keeps open (SQLite: reader connections). Up to half as
    # many again are opened for bursts, and closed after use (connecting is expensive).
    db_pool_size: int = 20
    # The longest the service waits on PostgreSQL for one statement or a new connection; past
    # it the request is answered 503 (a database that stopped answering without closing its
    # connections). docs/decisions/0080-database-outages-answer-503.md
    db_timeout_seconds: float = 30.0
    auth_cache_seconds: float = 2.0
    # Credentials remembered, each for auth_cache_seconds (when full, least recently used first).
    auth_cache_size: int = 10_000
    # Listings a booking read, remembered so that the next booking of one goes straight to its
    # write (travel.bookings.seen; least recently used evicted).
    booked_listings_cache_size: int = 10_000
    # Failed authentications one client address may cause per minute before the credentials
    # it sends are no longer looked up (429; credentials already cached still work).
    auth_failures_per_minute: int = 120
    rate_limit_window_seconds: int = 60
    # Rate-limit Redis: each call gives up after this long; after a failure Redis is skipped
    # (counting in memory) for `redis_retry_seconds` before it is tried again.
    redis_timeout_seconds: float = 0.25
    redis_retry_seconds: float = 1.0
    dispatcher_interval_seconds: float = 1.0
    webhook_timeout_seconds: float = 10.0
    webhook_retry_base_seconds: float = 30.0  # first retry; doubles per attempt (with jitter)
    webhook_retry_window_seconds: float = 3 * 24 * 3600.0  # then the delivery is DEAD
    dispatcher_batch_size: int = 50
    # Let webhooks reach loopback and private addresses (tests, local development): UNSAFE in
    # production, where it lets whoever adds an endpoint probe the internal network.
    webhook_allow_private: bool = False
    query_limits: QueryLimits = field(default_factory=QueryLimits)
    log_level: str = "INFO"
    # Origins whose browser pages may call the API (CORS): exact origins, or "*". Empty: only
    # the web app's own origin, which `travel serve` fills in (TRAVEL_CORS_ORIGINS).
    cors_origins: tuple[str, ...] = ()
    # Prometheus `/metrics` is served on its own address only (0: not at all).
    metrics_host: str = "127.0.0.1"
    metrics_port: int = 9464
    fast_path: bool = True  # compiled query execution (TRAVEL_FAST_PATH=0 forces graphql-core)

    @classmethod
    def from_env(cls) -> Settings:
        """Build settings from `TRAVEL_*` environment variables."""
        return cls(
            database_url=_str("TRAVEL_DATABASE_URL") or DEFAULT_DATABASE_URL,
            system_database_url=_str("TRAVEL_SYSTEM_DATABASE_URL"),
            redis_url=_str("TRAVEL_REDIS_URL"),
            oidc_issuer=_str("TRAVEL_OIDC_ISSUER"),
            oidc_audience=_str("TRAVEL_OIDC_AUDIENCE"),
            oidc_jwks_url=_str("TRAVEL_OIDC_JWKS_URL"),
            oidc_workspace_claim=_str("TRAVEL_OIDC_WORKSPACE_CLAIM") or "travel_workspace",
            oidc_client_id=_str("TRAVEL_OIDC_CLIENT_ID"),
            oidc_scope=_str("TRAVEL_OIDC_SCOPE") or "openid profile",
            max_body_bytes=_int("TRAVEL_MAX_BODY_BYTES", 1_048_576, 1_024, 104_857_600),
            document_cache_size=_int("TRAVEL_DOCUMENT_CACHE_SIZE", 1000, 1, 1_000_000),
            db_pool_size=_int("TRAVEL_DB_POOL_SIZE", 20, 1, 1000),
            db_timeout_seconds=_float("TRAVEL_DB_TIMEOUT_SECONDS", 30.0, 0.1, 3600.0),
            auth_cache_seconds=_float("TRAVEL_AUTH_CACHE_SECONDS", 2.0, 0.0, 300.0),
            auth_cache_size=_int("TRAVEL_AUTH_CACHE_SIZE", 10_000, 1, 10_000_000),
            booked_listings_cache_size=_int(
                "TRAVEL_BOOKED_LISTINGS_CACHE_SIZE", 10_000, 1, 10_000_000
            ),
            auth_failures_per_minute=_int("TRAVEL_AUTH_FAILURES_PER_MINUTE", 120, 1, 10_000_000),
            rate_limit_window_seconds=_int("TRAVEL_RATE_LIMIT_WINDOW_SECONDS", 60, 1, 86_400),
            redis_timeout_seconds=_float("TRAVEL_REDIS_TIMEOUT_SECONDS", 0.25, 0.001, 60.0),
            redis_retry_seconds=_float("TRAVEL_REDIS_RETRY_SECONDS", 1.0, 0.0, 3600.0),
            dispatcher_interval_seconds=_float(
                "TRAVEL_DISPATCHER_INTERVAL_SECONDS", 1.0, 0.0, 3600.0
            ),
            webhook_timeout_seconds=_float("TRAVEL_WEBHOOK_TIMEOUT_SECONDS", 10.0, 0.1, 300.0),
            webhook_retry_base_seconds=_float(
                "TRAVEL_WEBHOOK_RETRY_BASE_SECONDS", 30.0, 0.01, 86_400.0
            ),
            webhook_retry_window_seconds=_float(
                "TRAVEL_WEBHOOK_RETRY_WINDOW_SECONDS", 3 * 24 * 3600.0, 1.0, 365 * 86_400.0
            ),
            dispatcher_batch_size=_int("TRAVEL_DISPATCHER_BATCH_SIZE", 50, 1, 10_000),
            webhook_allow_private=_flag("TRAVEL_WEBHOOK_ALLOW_PRIVATE"),
            query_limits=QueryLimits(
                max_depth=_int("TRAVEL_MAX_QUERY_DEPTH", 12, 1, 100),
                max_aliases=_int("TRAVEL_MAX_QUERY_ALIASES", 30, 1, 10_000),
                max_tokens=_int("TRAVEL_MAX_QUERY_TOKENS", 2000, 10, 1_000_000),
                max_cost=_int("TRAVEL_MAX_QUERY_COST", 5000, 1, 100_000_000),
            ),
            log_level=_choice("TRAVEL_LOG_LEVEL", "INFO", LOG_LEVELS),
            cors_origins=_origins("TRAVEL_CORS_ORIGINS"),
            metrics_host=_str("TRAVEL_METRICS_HOST") or "127.0.0.1",
            metrics_port=_int("TRAVEL_METRICS_PORT", 9464, 0, 65_535),
            fast_path=_flag("TRAVEL_FAST_PATH", True),
        )


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings (read from the environment once)."""
    return Settings.from_env()
