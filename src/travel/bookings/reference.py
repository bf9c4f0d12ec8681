"""Reference codes: `TRV-{TYPE}-XXXXXXXX` in Crockford's base32 (no I, L, O, U)."""

from __future__ import annotations

import secrets

from travel.kernel.kinds import ListingKind

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 8  # 32**8 ≈ 1.1e12 codes per kind: collisions are rare, and still checked


def new_reference_code(kind: str) -> str:
    """A fresh random code for a booking of `kind` (uniqueness is checked by the caller)."""
    # 40 random bits are exactly eight base32 digits: one read of the system's randomness
    # (secrets.choice per character made eight).
    bits = int.from_bytes(secrets.token_bytes(LENGTH * 5 // 8))
    suffix = "".join(ALPHABET[(bits >> shift) & 31] for shift in range(35, -1, -5))
    return f"TRV-{ListingKind(kind).reference_word}-{suffix}"
