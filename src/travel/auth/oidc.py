"""OIDC bearer tokens: RS256/ES256 JWTs checked against the issuer's JWKS (fetched, cached)."""

from __future__ import annotations

import asyncio
import logging
import math
import time
from typing import Any

import httpx
import jwt

from travel.errors import ServiceUnavailable, TravelError, Unauthenticated

log = logging.getLogger(__name__)

ALGORITHMS = ("RS256", "ES256")
# The key type (and curve) each accepted algorithm needs: a token naming ES256 with an RSA key's
# kid is refused here, not handed to the signature check (PyJWT raised TypeError: a 500).
KEY_TYPES = {"RS256": ("RSA", None), "ES256": ("EC", "P-256")}
# How long a failed key fetch keeps the provider marked unavailable: doubling from the first to
# the last, reset by a fetch that succeeds.
FIRST_BACKOFF_SECONDS = 1.0
MAX_BACKOFF_SECONDS = 60.0
FETCH_TIMEOUT_SECONDS = 5.0


class ProviderUnavailable(ServiceUnavailable):
    """The identity provider's keys cannot be fetched: 503 with Retry-After, not a bad credential
    (docs/decisions/0086-resource-bounds.md)."""

    def __init__(self, retry_after: float) -> None:
        TravelError.__init__(
            self,
            "The identity provider's token keys are unavailable; retry shortly (API keys keep "
            "working)",
            retryAfter=max(1, math.ceil(retry_after)),
        )


class OidcVerifier:
    """Verifies signature, `iss`, `aud`, `exp` and `nbf`; an unknown `kid` causes one refetch.

    The key set is fetched by one task at a time, which every request needing it waits for
    (single flight); the last good keys are kept when a refresh fails, and after a failure the
    provider is not asked again before a backoff has passed — meanwhile tokens whose keys are
    not known are answered 503 SERVICE_UNAVAILABLE with Retry-After."""

    def __init__(
        self,
        *,
        issuer: str | None,
        audience: str | None,
        jwks_url: str | None,
        http: httpx.AsyncClient,
        refetch_interval: float = 10.0,
        leeway: float = 30.0,
        fetch_timeout: float = FETCH_TIMEOUT_SECONDS,
        keys: jwt.PyJWKSet | None = None,
        required: tuple[str, ...] = ("exp", "iat", "sub"),
    ) -> None:
        self.issuer = issuer
        self.audience = audience
        self._jwks_url = jwks_url
        self._http = http
        self._keys: dict[str | None, jwt.PyJWK] = {}
        self._fetched = False
        self._last_refetch = float("-inf")
        self._refetch_interval = refetch_interval
        self._leeway = leeway
        self._fetch_timeout = fetch_timeout
        self._fetch: asyncio.Task[None] | None = None
        self._backoff = 0.0
        self._unavailable_until = float("-inf")
        self._required = list(required)
        # A key set given once (a workspace app platform's registered keys): never fetched.
        self._fixed = keys is not None
        if keys is not None:
            self._keys = {k.key_id: k for k in keys.keys}
            self._fetched = True

    async def verify(self, token: str) -> dict[str, Any]:
        """The token's claims; UNAUTHENTICATED for any token that is not good, whatever its
        shape; SERVICE_UNAVAILABLE when the provider's keys cannot be had."""
        try:
            header = jwt.get_unverified_header(token)
        except (jwt.PyJWTError, ValueError, TypeError):
            raise Unauthenticated("Invalid token") from None
        algorithm = header.get("alg")
        if algorithm not in ALGORITHMS:
            raise Unauthenticated("Token algorithm not accepted")
        if "crit" in header:
            # RFC 7515 §4.1.11: extensions we do not understand must be refused; we know none.
            raise Unauthenticated("Token header has critical extensions, none of them supported")
        kid = header.get("kid")
        if kid is not None and not isinstance(kid, str):
            raise Unauthenticated("Invalid token")
        key = await self._key(kid)
        if not _fits(key, algorithm):
            raise Unauthenticated("Token algorithm does not match its key")
        options = {"require": self._required, "verify_aud": self.audience is not None}
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
        except (jwt.PyJWTError, ValueError, TypeError, OverflowError):
            # Anything a crafted token makes the library raise is a bad token, never a 500.
            raise Unauthenticated("Invalid token") from None
        if not isinstance(claims.get("sub"), str) or not claims["sub"]:
            raise Unauthenticated("Token subject must be a non-empty string")
        return claims

    async def _key(self, kid: str | None) -> jwt.PyJWK:
        if not self._fetched:
            await self._refresh()
        key = self._lookup(kid)
        if key is None and self._fixed:
            raise Unauthenticated("Token signed with an unknown key")
        if key is None:
            now = time.monotonic()
            # An unknown kid may mean the issuer rotated its keys: look again, but at most once
            # per interval, so tokens with made-up kids cannot hammer the issuer.
            if now - self._last_refetch >= self._refetch_interval:
                self._last_refetch = now
                await self._refresh()
                key = self._lookup(kid)
        if key is None:
            left = self._unavailable_until - time.monotonic()
            if left > 0:
                # The provider is out: the key may be a rotated one we cannot fetch. Not the
                # token's fault, and not counted as a failed authentication.
                raise ProviderUnavailable(left)
            raise Unauthenticated("Token signed with an unknown key")
        return key

    def _lookup(self, kid: str | None) -> jwt.PyJWK | None:
        if kid is None and len(self._keys) == 1:
            return next(iter(self._keys.values()))
        return self._keys.get(kid)

    async def _refresh(self) -> None:
        """Fetch the key set, sharing the fetch in flight; ProviderUnavailable when it fails and
        no keys were ever had (a failed refresh keeps the last good keys)."""
        now = time.monotonic()
        if now < self._unavailable_until:
            if not self._fetched:
                raise ProviderUnavailable(self._unavailable_until - now)
            return  # backing off: the keys we have are all there is for now
        if self._fetch is None:
            # A task of its own: a request that goes away does not cancel it for the others.
            self._fetch = asyncio.get_running_loop().create_task(self._fetch_keys())
        fetch = self._fetch
        await asyncio.shield(fetch)
        if not self._fetched:
            raise ProviderUnavailable(max(self._unavailable_until - time.monotonic(), 1.0))

    async def _fetch_keys(self) -> None:
        try:
            # The whole fetch (discovery too) within the timeout: httpx's applies to each
            # connect and read, and a provider sending a byte now and then never trips it.
            async with asyncio.timeout(self._fetch_timeout):
                url = self._jwks_url or await self._discover()
                response = await self._http.get(url, timeout=self._fetch_timeout)
                response.raise_for_status()
                jwks = jwt.PyJWKSet.from_dict(_object(response.json()))
        except (
            httpx.HTTPError,
            ValueError,
            TypeError,
            KeyError,
            AttributeError,
            TimeoutError,
            jwt.PyJWTError,
        ) as exc:
            self._backoff = min(max(self._backoff * 2, FIRST_BACKOFF_SECONDS), MAX_BACKOFF_SECONDS)
            self._unavailable_until = time.monotonic() + self._backoff
            log.warning(
                "oidc.jwks_fetch_failed",
                extra={"error": type(exc).__name__, "retry_in_seconds": self._backoff},
            )
        else:
            self._keys = {k.key_id: k for k in jwks.keys}
            self._fetched = True
            self._backoff = 0.0
            self._unavailable_until = float("-inf")
        finally:
            self._fetch = None

    async def _discover(self) -> str:
        if not self.issuer:
            raise ValueError("OIDC is not configured: no issuer and no key set URL")
        well_known = self.issuer.rstrip("/") + "/.well-known/openid-configuration"
        response = await self._http.get(well_known, timeout=self._fetch_timeout)
        response.raise_for_status()
        url = _object(response.json()).get("jwks_uri")
        if not isinstance(url, str):
            raise ValueError("discovery document has no jwks_uri")
        self._jwks_url = url
        return url


def _object(value: Any) -> dict[str, Any]:
    """A JSON document that must be an object (a key set, a discovery document)."""
    if not isinstance(value, dict):
        raise ValueError("not a JSON object")
    return value


def _fits(key: jwt.PyJWK, algorithm: str) -> bool:
    """Whether `key` is of the type (and curve) `algorithm` signs with."""
    key_type, curve = KEY_TYPES[algorithm]
    if key.key_type != key_type:
        return False
    if curve is None:
        return True
    public = getattr(key.key, "curve", None)
    return public is not None and public.name == _CURVES[curve]


_CURVES = {"P-256": "secp256r1"}
