"""OIDC bearer tokens: RS256/ES256 JWTs checked against the issuer's JWKS (fetched, cached)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import httpx
import jwt

from travel.errors import Unauthenticated

log = logging.getLogger(__name__)

ALGORITHMS = ("RS256", "ES256")


class OidcVerifier:
    """Verifies signature, `iss`, `aud`, `exp` and `nbf`; an unknown `kid` causes one refetch."""

    def __init__(
        self,
        *,
        issuer: str | None,
        audience: str | None,
        jwks_url: str | None,
        http: httpx.AsyncClient,
        refetch_interval: float = 10.0,
        leeway: float = 30.0,
    ) -> None:
        self.issuer = issuer
        self.audience = audience
        self._jwks_url = jwks_url
        self._http = http
        self._keys: dict[str | None, jwt.PyJWK] = {}
        self._last_refetch = float("-inf")
        self._refetch_interval = refetch_interval
        self._leeway = leeway
        self._lock = asyncio.Lock()

    async def verify(self, token: str) -> dict[str, Any]:
        """The token's claims, or UNAUTHENTICATED."""
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError:
            raise Unauthenticated("Invalid token") from None
        algorithm = header.get("alg")
        if algorithm not in ALGORITHMS:
            raise Unauthenticated("Token algorithm not accepted")
        key = await self._key(header.get("kid"))
        options = {"require": ["exp", "iat", "sub"], "verify_aud": self.audience is not None}
        try:
            claims: dict[str, Any] = jwt.decode(
                token,
                key.key,
                algorithms=[algorithm],
                audience=self.audience,
                issuer=self.issuer,
                leeway=self._leeway,
                options=options,  # type: ignore[arg-type]
            )
        except jwt.ExpiredSignatureError:
            raise Unauthenticated("Token expired") from None
        except jwt.ImmatureSignatureError:
            raise Unauthenticated("Token not yet valid") from None
        except jwt.InvalidAudienceError:
            raise Unauthenticated("Token audience not accepted") from None
        except jwt.InvalidIssuerError:
            raise Unauthenticated("Token issuer not accepted") from None
        except jwt.PyJWTError:
            raise Unauthenticated("Invalid token") from None
        return claims

    async def _key(self, kid: str | None) -> jwt.PyJWK:
        if not self._keys:
            await self._refresh(force=True)
        key = self._lookup(kid)
        if key is None and await self._refresh(force=False):
            key = self._lookup(kid)
        if key is None:
            raise Unauthenticated("Token signed with an unknown key")
        return key

    def _lookup(self, kid: str | None) -> jwt.PyJWK | None:
        if kid is None and len(self._keys) == 1:
            return next(iter(self._keys.values()))
        return self._keys.get(kid)

    async def _refresh(self, *, force: bool) -> bool:
        async with self._lock:
            now = time.monotonic()
            if not force:
                # An unknown kid may mean the issuer rotated its keys: look again, but at most
                # once per interval, so tokens with made-up kids cannot hammer the issuer.
                if now - self._last_refetch < self._refetch_interval:
                    return False
                self._last_refetch = now
            try:
                url = self._jwks_url or await self._discover()
                response = await self._http.get(url, timeout=5.0)
                response.raise_for_status()
                jwks = jwt.PyJWKSet.from_dict(response.json())
            except (httpx.HTTPError, ValueError, jwt.PyJWTError) as exc:
                log.warning("oidc.jwks_fetch_failed", extra={"error": type(exc).__name__})
                raise Unauthenticated("Token keys unavailable") from None
            self._keys = {k.key_id: k for k in jwks.keys}
            return True

    async def _discover(self) -> str:
        if not self.issuer:
            raise Unauthenticated("OIDC is not configured")
        well_known = self.issuer.rstrip("/") + "/.well-known/openid-configuration"
        response = await self._http.get(well_known, timeout=5.0)
        response.raise_for_status()
        url = response.json().get("jwks_uri")
        if not isinstance(url, str):
            raise ValueError("discovery document has no jwks_uri")
        self._jwks_url = url
        return url
