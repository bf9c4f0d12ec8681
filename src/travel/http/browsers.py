"""What browser clients need from the GraphQL endpoint: CORS for the origins allowed by
TRAVEL_CORS_ORIGINS (the web app's own origin by default), answered preflights, and the
GraphQL-over-HTTP media type when asked for.

Credentials travel in the Authorization header only: no cookie is ever read, so responses never
say Access-Control-Allow-Credentials.
"""

from __future__ import annotations

from travel.http.exchange import JSON, Exchange, Reply

GRAPHQL_RESPONSE = b"application/graphql-response+json"
ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key, X-Request-Id"
EXPOSED_HEADERS = (
    "X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, "
    "Idempotent-Replayed"
)
PREFLIGHT_MAX_AGE = "600"


class Browsers:
    """CORS decisions for one set of allowed origins ("*" allows any)."""

    def __init__(self, origins: tuple[str, ...]) -> None:
        self.any = "*" in origins
        self.origins = frozenset(o.rstrip("/") for o in origins if o != "*")

    def allowed(self, exchange: Exchange) -> str | None:
        """The request's Origin when it may read the answer, else None."""
        origin = exchange.header(b"origin")
        if origin is None:
            return None
        return origin if self.any or origin in self.origins else None

    def decorate(self, exchange: Exchange, reply: Reply) -> Reply:
        """The reply with CORS headers for an allowed origin, and the GraphQL-over-HTTP media
        type when the client accepts it (application/json otherwise)."""
        origin = self.allowed(exchange)
        if origin is not None:
            reply.headers["Access-Control-Allow-Origin"] = origin
            reply.headers["Access-Control-Expose-Headers"] = EXPOSED_HEADERS
            reply.headers["Vary"] = "Origin"
        if reply.content_type == JSON and GRAPHQL_RESPONSE in exchange.headers.get(b"accept", b""):
            reply.content_type = GRAPHQL_RESPONSE
        return reply

    def preflight(self, exchange: Exchange) -> Reply:
        """The answer to `OPTIONS /workspaces/graphql`: 204, with the permissions only for an
        allowed origin (a browser then refuses the request of any other)."""
        headers = {"Allow": "POST, OPTIONS", "Vary": "Origin"}
        origin = self.allowed(exchange)
        if origin is not None:
            headers.update(
                {
                    "Access-Control-Allow-Origin": origin,
                    "Access-Control-Allow-Methods": "POST",
                    "Access-Control-Allow-Headers": ALLOWED_HEADERS,
                    "Access-Control-Max-Age": PREFLIGHT_MAX_AGE,
                }
            )
        return Reply(204, b"", headers)
