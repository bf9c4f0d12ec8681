"""Service settings, read once from the environment (`TRAVEL_*`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from travel.settings import variables as read
from travel.settings.variables import SettingsError, masked_url, parse_database_url

__all__ = [
    "DEFAULT_DATABASE_URL",
    "QueryLimits",
    "Settings",
    "SettingsError",
    "get_settings",
    "masked_url",
    "parse_database_url",
]

DEFAULT_DATABASE_URL = "sqlite:///./travel.db"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


@dataclass(frozen=True)
class QueryLimits:
    """Bounds on an incoming GraphQL document, checked before execution."""

    max_depth: int = 12
    max_aliases: int = 30
    max_tokens: int = 2000
    max_cost: int = 5000
    # One response name in one selection set, fragments included (validation compares each
    # two of them: quadratic). docs/decisions/0086-resource-bounds.md
    max_field_repeats: int = 10
    # Pairs of same-named fields validation would compare, the whole document together.
    max_field_pairs: int = 1000
    # Characters of a document, refused before it is read (comments and spaces included).
    max_document_chars: int = 65_536


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
    # The longest one fetch of the provider's key set may take (one fetch at a time is made).
    oidc_fetch_timeout_seconds: float = 5.0
    # The web app's OAuth client (authorization code + PKCE against oidc_issuer).
    oidc_client_id: str | None = None
    oidc_scope: str = "openid profile"
    max_body_bytes: int = 1_048_576
    document_cache_size: int = 1000
    # The documents' cache in estimated bytes, and the largest document it keeps (bigger ones
    # are prepared on each request). Refused documents: their errors only, a budget of their own.
    document_cache_bytes: int = 64 * 1024 * 1024
    document_cache_entry_bytes: int = 2 * 1024 * 1024
    refused_documents_cache_size: int = 1000
    refused_documents_cache_bytes: int = 4 * 1024 * 1024
    # Parsing and validating new documents (not cached), per workspace and process: CPU
    # milliseconds a second, and the burst a workspace may spend at once. Past it, its new
    # documents are refused (429) until the budget refills; cached ones are unaffected.
    validation_ms_per_second: float = 100.0
    validation_burst_ms: float = 250.0
    # Request body bytes per workspace and process: a second's worth, and the burst. Past it,
    # the workspace's requests are refused (429) before their body is read.
    body_bytes_per_second: int = 16 * 1024 * 1024
    body_burst_bytes: int = 32 * 1024 * 1024
    # PostgreSQL connections the service keeps open (SQLite: reader connections). None more are
    # opened for bursts (travel.db.engine: connecting is expensive); requests beyond them wait.
    db_pool_size: int = 20
    # The longest the service waits on PostgreSQL for one statement or a new connection; past
    # it the request is answered 503 (a database that stopped answering without closing its
    # connections). docs/decisions/0080-database-outages-answer-503.md
    db_timeout_seconds: float = 30.0
    # "transaction": the database URLs name a pooler in transaction mode (PgBouncer's
    # pool_mode=transaction), which may run each transaction on another server connection and
    # keeps no prepared statement; "none": PostgreSQL itself, or a pooler in session mode.
    # docs/scaling.md, docs/decisions/0093-pgbouncer-transaction-mode.md
    database_pooler: str = "none"
    # Streaming replicas of the shared database (the application role's URLs): reads that may
    # be a little stale go to one that has replayed the caller's own last write and lags at
    # most replica_max_lag_seconds; otherwise to the primary (docs/scaling.md, "Read replicas").
    replica_urls: tuple[str, ...] = ()
    replica_max_lag_seconds: float = 10.0
    # How often each process asks every replica how far it has replayed.
    replica_probe_seconds: float = 1.0
    auth_cache_seconds: float = 2.0
    # Credentials remembered, each for auth_cache_seconds (when full: expired ones first, then
    # the earliest stored).
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
    # Graceful shutdown (docs/deploy.md): after SIGTERM /readyz answers 503 and the process keeps
    # serving for `shutdown_drain_seconds` (a load balancer's time to notice), then closes its
    # listener and finishes what is in flight; it exits within `shutdown_timeout_seconds` of the
    # signal whatever is left.
    shutdown_drain_seconds: float = 5.0
    shutdown_timeout_seconds: float = 30.0
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
    # Listing photos (docs/decisions/0091-photos.md): a local directory, or an S3-compatible
    # bucket when one is named (credentials from boto3's usual sources).
    media_dir: str = "media"
    media_s3_bucket: str | None = None
    media_s3_endpoint_url: str | None = None
    # An uploaded photo's largest file and image (a 50-megapixel phone photo is taken), and how
    # many photos a process resizes at once (each takes a core for up to ~2 s).
    upload_max_bytes: int = 25 * 1024 * 1024
    upload_max_pixels: int = 64_000_000
    photo_workers: int = 1

    @classmethod
    def from_env(cls) -> Settings:
        """Build settings from `TRAVEL_*` environment variables."""
        return cls(
            media_dir=read.text("TRAVEL_MEDIA_DIR") or "media",
            media_s3_bucket=read.text("TRAVEL_MEDIA_S3_BUCKET"),
            media_s3_endpoint_url=read.http_url("TRAVEL_MEDIA_S3_ENDPOINT_URL"),
            upload_max_bytes=read.integer(
                "TRAVEL_UPLOAD_MAX_BYTES", 25 * 1024 * 1024, 1024, 1024 * 1024 * 1024
            ),
            upload_max_pixels=read.integer(
                "TRAVEL_UPLOAD_MAX_PIXELS", 64_000_000, 1_000_000, 500_000_000
            ),
            photo_workers=read.integer("TRAVEL_PHOTO_WORKERS", 1, 1, 64),
            database_url=read.database_url("TRAVEL_DATABASE_URL") or DEFAULT_DATABASE_URL,
            system_database_url=read.database_url("TRAVEL_SYSTEM_DATABASE_URL"),
            redis_url=read.redis_url("TRAVEL_REDIS_URL"),
            oidc_issuer=read.http_url("TRAVEL_OIDC_ISSUER"),
            oidc_audience=read.text("TRAVEL_OIDC_AUDIENCE"),
            oidc_jwks_url=read.http_url("TRAVEL_OIDC_JWKS_URL"),
            oidc_workspace_claim=read.text("TRAVEL_OIDC_WORKSPACE_CLAIM") or "travel_workspace",
            oidc_fetch_timeout_seconds=read.number(
                "TRAVEL_OIDC_FETCH_TIMEOUT_SECONDS", 5.0, 0.1, 120.0
            ),
            oidc_client_id=read.text("TRAVEL_OIDC_CLIENT_ID"),
            oidc_scope=read.text("TRAVEL_OIDC_SCOPE") or "openid profile",
            max_body_bytes=read.integer("TRAVEL_MAX_BODY_BYTES", 1_048_576, 1_024, 104_857_600),
            document_cache_size=read.integer("TRAVEL_DOCUMENT_CACHE_SIZE", 1000, 1, 1_000_000),
            document_cache_bytes=read.integer(
                "TRAVEL_DOCUMENT_CACHE_BYTES", 64 * 1024 * 1024, 65_536, 2**40
            ),
            document_cache_entry_bytes=read.integer(
                "TRAVEL_DOCUMENT_CACHE_ENTRY_BYTES", 2 * 1024 * 1024, 1024, 2**40
            ),
            refused_documents_cache_size=read.integer(
                "TRAVEL_REFUSED_DOCUMENTS_CACHE_SIZE", 1000, 1, 1_000_000
            ),
            refused_documents_cache_bytes=read.integer(
                "TRAVEL_REFUSED_DOCUMENTS_CACHE_BYTES", 4 * 1024 * 1024, 65_536, 2**40
            ),
            validation_ms_per_second=read.number(
                "TRAVEL_VALIDATION_MS_PER_SECOND", 100.0, 1.0, 1000.0
            ),
            validation_burst_ms=read.number("TRAVEL_VALIDATION_BURST_MS", 250.0, 1.0, 60_000.0),
            body_bytes_per_second=read.integer(
                "TRAVEL_BODY_BYTES_PER_SECOND", 16 * 1024 * 1024, 1024, 2**40
            ),
            body_burst_bytes=read.integer("TRAVEL_BODY_BURST_BYTES", 32 * 1024 * 1024, 1024, 2**40),
            db_pool_size=read.integer("TRAVEL_DB_POOL_SIZE", 20, 1, 1000),
            db_timeout_seconds=read.number("TRAVEL_DB_TIMEOUT_SECONDS", 30.0, 0.1, 3600.0),
            database_pooler=read.choice(
                "TRAVEL_DATABASE_POOLER", "none", ("NONE", "TRANSACTION")
            ).lower(),
            replica_urls=read.database_urls("TRAVEL_REPLICA_URLS"),
            replica_max_lag_seconds=read.number(
                "TRAVEL_REPLICA_MAX_LAG_SECONDS", 10.0, 0.0, 86_400.0
            ),
            replica_probe_seconds=read.number("TRAVEL_REPLICA_PROBE_SECONDS", 1.0, 0.05, 60.0),
            auth_cache_seconds=read.number("TRAVEL_AUTH_CACHE_SECONDS", 2.0, 0.0, 300.0),
            auth_cache_size=read.integer("TRAVEL_AUTH_CACHE_SIZE", 10_000, 1, 10_000_000),
            booked_listings_cache_size=read.integer(
                "TRAVEL_BOOKED_LISTINGS_CACHE_SIZE", 10_000, 1, 10_000_000
            ),
            auth_failures_per_minute=read.integer(
                "TRAVEL_AUTH_FAILURES_PER_MINUTE", 120, 1, 10_000_000
            ),
            rate_limit_window_seconds=read.integer(
                "TRAVEL_RATE_LIMIT_WINDOW_SECONDS", 60, 1, 86_400
            ),
            redis_timeout_seconds=read.number("TRAVEL_REDIS_TIMEOUT_SECONDS", 0.25, 0.001, 60.0),
            redis_retry_seconds=read.number("TRAVEL_REDIS_RETRY_SECONDS", 1.0, 0.0, 3600.0),
            dispatcher_interval_seconds=read.number(
                "TRAVEL_DISPATCHER_INTERVAL_SECONDS", 1.0, 0.0, 3600.0
            ),
            webhook_timeout_seconds=read.number("TRAVEL_WEBHOOK_TIMEOUT_SECONDS", 10.0, 0.1, 300.0),
            webhook_retry_base_seconds=read.number(
                "TRAVEL_WEBHOOK_RETRY_BASE_SECONDS", 30.0, 0.01, 86_400.0
            ),
            webhook_retry_window_seconds=read.number(
                "TRAVEL_WEBHOOK_RETRY_WINDOW_SECONDS", 3 * 24 * 3600.0, 1.0, 365 * 86_400.0
            ),
            dispatcher_batch_size=read.integer("TRAVEL_DISPATCHER_BATCH_SIZE", 50, 1, 10_000),
            shutdown_drain_seconds=read.number("TRAVEL_SHUTDOWN_DRAIN_SECONDS", 5.0, 0.0, 600.0),
            shutdown_timeout_seconds=read.number(
                "TRAVEL_SHUTDOWN_TIMEOUT_SECONDS", 30.0, 1.0, 3600.0
            ),
            webhook_allow_private=read.flag("TRAVEL_WEBHOOK_ALLOW_PRIVATE"),
            query_limits=QueryLimits(
                max_depth=read.integer("TRAVEL_MAX_QUERY_DEPTH", 12, 1, 100),
                max_aliases=read.integer("TRAVEL_MAX_QUERY_ALIASES", 30, 1, 10_000),
                max_tokens=read.integer("TRAVEL_MAX_QUERY_TOKENS", 2000, 10, 1_000_000),
                max_cost=read.integer("TRAVEL_MAX_QUERY_COST", 5000, 1, 100_000_000),
                max_field_repeats=read.integer("TRAVEL_MAX_FIELD_REPEATS", 10, 1, 10_000),
                max_field_pairs=read.integer("TRAVEL_MAX_FIELD_PAIRS", 1000, 1, 10_000_000),
                max_document_chars=read.integer(
                    "TRAVEL_MAX_DOCUMENT_CHARS", 65_536, 100, 104_857_600
                ),
            ),
            log_level=read.choice("TRAVEL_LOG_LEVEL", "INFO", LOG_LEVELS),
            cors_origins=read.origins("TRAVEL_CORS_ORIGINS"),
            metrics_host=read.host("TRAVEL_METRICS_HOST", "127.0.0.1"),
            metrics_port=read.integer("TRAVEL_METRICS_PORT", 9464, 0, 65_535),
            fast_path=read.flag("TRAVEL_FAST_PATH", True),
        )


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings (read from the environment once)."""
    return Settings.from_env()
