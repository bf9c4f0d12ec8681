"""API key format: `trv_<workspace id hex>_<secret>`; only the SHA-256 of the whole key is stored.

The workspace id in the key lets the service find the tenant (and a dedicated tenant's
database) before it looks the key up. The secret carries 256 bits, so a fast hash is the
right one (as GitHub and Stripe do): there is nothing to brute-force.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid

PREFIX = "trv_"


def generate(workspace_id: uuid.UUID) -> str:
    """A new bearer value for the workspace."""
    return f"{PREFIX}{workspace_id.hex}_{secrets.token_urlsafe(32)}"


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def hint(key: str) -> str:
    """What may be shown later to recognise a key: its last four characters."""
    return f"…{key[-4:]}"


def workspace_of(key: str) -> uuid.UUID | None:
    """The workspace id a well-formed key names, or None."""
    if not key.startswith(PREFIX):
        return None
    ws_hex, sep, secret = key[len(PREFIX) :].partition("_")
    if not sep or len(ws_hex) != 32 or len(secret) < 16:
        return None
    try:
        return uuid.UUID(hex=ws_hex)
    except ValueError:
        return None
