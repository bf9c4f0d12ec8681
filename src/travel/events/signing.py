"""Webhook signatures: `Travel-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.

The timestamp is signed with the body so a captured request cannot be replayed later
(receivers reject old timestamps); the scheme follows Stripe's, which partners already know.
"""

from __future__ import annotations

import hashlib
import hmac

SIGNATURE_HEADER = "Travel-Signature"


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """Hex HMAC-SHA256 of `<timestamp>.<body>`, keyed with the whole secret (`whsec_…`)."""
    message = str(timestamp).encode() + b"." + body
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def signature_header(secret: str, timestamp: int, body: bytes) -> str:
    """The `Travel-Signature` header value for one attempt."""
    return f"t={timestamp},v1={signature(secret, timestamp, body)}"
