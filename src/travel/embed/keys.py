"""A platform's signing keys as a workspace registers them: a PEM public key or a JWKS
document, kept as a JWKS document of public keys only (RSA of 2048 bits or more, EC P-256:
what RS256 and ES256 sign with, as for OIDC tokens — auth/oidc.py)."""

from __future__ import annotations

import json
from typing import Any

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from jwt.algorithms import ECAlgorithm, RSAAlgorithm

from travel.errors import ValidationError

MIN_RSA_BITS = 2048
MAX_KEYS = 10
# The private members of RSA and EC JWKs (RFC 7518 §6): a document holding one is refused,
# the platform's private key must never be handed to us.
_PRIVATE = frozenset({"d", "p", "q", "dp", "dq", "qi", "oth"})


def from_pem(text: str, key_id: str | None = None) -> dict[str, Any]:
    """A JWKS document holding the PEM public key `text` (with `kid` when given)."""
    try:
        key = serialization.load_pem_public_key(text.encode())
    except (ValueError, TypeError):
        raise ValidationError(
            "not a PEM public key (-----BEGIN PUBLIC KEY-----); give the public half only"
        ) from None
    if isinstance(key, rsa.RSAPublicKey):
        jwk = json.loads(RSAAlgorithm.to_jwk(key))
        jwk["alg"] = "RS256"
    elif isinstance(key, ec.EllipticCurvePublicKey):
        jwk = json.loads(ECAlgorithm.to_jwk(key))
        jwk["alg"] = "ES256"
    else:
        raise ValidationError("the key must be RSA or EC P-256")
    if key_id:
        jwk["kid"] = key_id
    return checked({"keys": [jwk]})


def from_jwks(text: str) -> dict[str, Any]:
    """A JWKS document, checked."""
    try:
        document = json.loads(text)
    except ValueError:
        raise ValidationError('not a JSON document (a JWKS: {"keys": [...]})') from None
    return checked(document)


def checked(document: Any) -> dict[str, Any]:
    """`document` if it is a JWKS of 1 to MAX_KEYS public RSA (2048+ bits) or P-256 keys,
    with distinct `kid`s when there are several; otherwise VALIDATION_ERROR saying why."""
    keys = document.get("keys") if isinstance(document, dict) else None
    if not isinstance(keys, list) or not 1 <= len(keys) <= MAX_KEYS:
        raise ValidationError(f'a JWKS needs "keys": a list of 1 to {MAX_KEYS} keys')
    kids = [k.get("kid") if isinstance(k, dict) else None for k in keys]
    if len(keys) > 1 and (None in kids or len(set(kids)) != len(kids)):
        raise ValidationError('several keys need distinct "kid"s (tokens name theirs)')
    for jwk in keys:
        if not isinstance(jwk, dict) or _PRIVATE & jwk.keys():
            raise ValidationError("a key holds private parts: register the public key only")
        try:
            key = jwt.PyJWK.from_dict(jwk).key
        except (jwt.PyJWTError, ValueError, TypeError, KeyError):
            raise ValidationError("a key of the set is not a valid JWK") from None
        if isinstance(key, rsa.RSAPublicKey) and key.key_size < MIN_RSA_BITS:
            raise ValidationError(f"RSA keys need at least {MIN_RSA_BITS} bits")
        if isinstance(key, ec.EllipticCurvePublicKey) and key.curve.name != "secp256r1":
            raise ValidationError("EC keys must be on P-256 (ES256)")
        if not isinstance(key, rsa.RSAPublicKey | ec.EllipticCurvePublicKey):
            raise ValidationError("keys must be RSA or EC P-256 public keys")
    return {"keys": keys}
