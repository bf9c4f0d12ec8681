"""Quote ids: stateless, signed tokens carrying what was quoted (docs/decisions/0095-mcp-server.md).

A quote id is `q1.<payload>.<mac>`: the payload (base64url JSON: listing kind and id, dates,
guests, total, currency, expiry) and an HMAC-SHA256 of it under the MCP server's secret. `book`
trusts nothing else: a changed byte fails the MAC, a late one the expiry, and the price is
checked again against the API before the booking is sent.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import secrets
import time
from dataclasses import asdict, dataclass
from typing import Any

import orjson

QUOTE_TTL_SECONDS = 900
"""How long a quote may be booked: 15 minutes."""
SECRET_ENV = "TRAVEL_MCP_QUOTE_SECRET"
_PREFIX = "q1"


class QuoteRefused(Exception):
    """The quote id is malformed, forged or expired; the message says which."""


@dataclass(frozen=True)
class Quote:
    kind: str
    listing_id: str
    check_in: str
    check_out: str | None
    guests: int
    total: str
    currency: str
    expires_at: int


def quote_secret() -> bytes:
    """TRAVEL_MCP_QUOTE_SECRET, else a random secret of this process (quotes then last until
    it exits; several processes behind one address need the setting)."""
    configured = os.environ.get(SECRET_ENV, "").strip()
    return configured.encode() if configured else _PROCESS_SECRET


_PROCESS_SECRET = secrets.token_bytes(32)


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _mac(secret: bytes, payload: str) -> str:
    return _b64(hmac.new(secret, payload.encode(), hashlib.sha256).digest()[:16])


def sign(quote: Quote, secret: bytes) -> str:
    payload = _b64(orjson.dumps(asdict(quote)))
    return f"{_PREFIX}.{payload}.{_mac(secret, payload)}"


def verify(token: str, secret: bytes, now: float | None = None) -> Quote:
    """The quote a token carries, if it is ours, intact and not expired."""
    prefix, _, rest = token.partition(".")
    payload, _, mac = rest.partition(".")
    if prefix != _PREFIX or not payload or not mac:
        raise QuoteRefused("quote_id is not a quote id: call quote_booking and pass its quoteId")
    if not hmac.compare_digest(mac.encode(), _mac(secret, payload).encode()):
        raise QuoteRefused("quote_id is not valid here (altered, or from another server)")
    try:
        fields: dict[str, Any] = orjson.loads(_unb64(payload))
        quote = Quote(**fields)
    except (binascii.Error, orjson.JSONDecodeError, TypeError):
        raise QuoteRefused("quote_id is not valid here") from None
    if quote.expires_at < (time.time() if now is None else now):
        raise QuoteRefused("quote_id has expired: call quote_booking again")
    return quote
