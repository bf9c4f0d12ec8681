"""A partner platform as the workspace app meets it (docs/embedding.md): its own signing key,
and host tokens minted for its users with whatever claims a test needs."""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


class Platform:
    def __init__(self, kid: str | None = None) -> None:
        self.kid = kid or f"platform-{uuid.uuid4().hex[:8]}"
        self.key = ec.generate_private_key(ec.SECP256R1())

    def public_pem(self) -> str:
        return (
            self.key.public_key()
            .public_bytes(
                serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
            )
            .decode()
        )

    def jwks(self) -> dict[str, Any]:
        jwk = json.loads(jwt.get_algorithm_by_name("ES256").to_jwk(self.key.public_key()))
        jwk.update(kid=self.kid, alg="ES256", use="sig")
        return {"keys": [jwk]}

    def token(
        self,
        workspace: str,
        subject: str = "alice",
        *,
        roles: list[str] | None = None,
        lifetime: int = 60,
        issued: int = 0,
        drop: tuple[str, ...] = (),
        **claims: Any,
    ) -> str:
        """A host token for `subject` of `workspace`, issued `issued` seconds from now (negative:
        in the past), living `lifetime` seconds; `claims` added or replaced, `drop` removed."""
        now = int(time.time()) + issued
        body: dict[str, Any] = {
            "aud": f"travel:{workspace}",
            "sub": subject,
            "roles": ["traveler"] if roles is None else roles,
            "iat": now,
            "exp": now + lifetime,
            "jti": uuid.uuid4().hex,
            **claims,
        }
        for name in drop:
            body.pop(name, None)
        return jwt.encode(body, self.key, algorithm="ES256", headers={"kid": self.kid})
