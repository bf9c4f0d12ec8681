"""A small but real OpenID Provider on loopback for the browser tests of single sign-on.

It speaks the authorization-code flow with PKCE as an issuer would: discovery, an authorize
endpoint that signs in a chosen subject at once (no login form) and redirects back with a code,
a token endpoint that checks the code, the client, the redirect URI and the S256 verifier, and
answers an access token for the API (audience, workspace claim) and an ID token for the client.
Browsers call it from the web app's origin, so it answers CORS.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa

CLIENT_ID = "travel-web"
AUDIENCE = "travel-api"


@dataclass
class _Grant:
    client_id: str
    redirect_uri: str
    challenge: str
    nonce: str | None
    subject: str
    workspace: str


@dataclass
class OpenIdProvider:
    """Signs in `subject` of `workspace` for whoever asks (set both before the flow)."""

    subject: str = ""
    workspace: str = ""
    codes: dict[str, _Grant] = field(default_factory=dict)
    tokens_issued: int = 0

    def __post_init__(self) -> None:
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.kid = f"idp-{secrets.token_hex(4)}"
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def do_OPTIONS(self) -> None:
                self._send(204, b"", "text/plain")

            def do_GET(self) -> None:
                provider.handle_get(self)

            def do_POST(self) -> None:
                provider.handle_post(self)

            def _send(
                self, status: int, body: bytes, kind: str, extra: dict[str, str] | None = None
            ) -> None:
                self.send_response(status)
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Access-Control-Allow-Headers", "content-type, dpop")
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                for name, value in (extra or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.issuer = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()

    @property
    def jwks_url(self) -> str:
        return f"{self.issuer}/jwks"

    def stop(self) -> None:
        self._httpd.shutdown()

    # -- endpoints

    def handle_get(self, request: Any) -> None:
        url = urlsplit(request.path)
        if url.path == "/.well-known/openid-configuration":
            return _json(request, 200, self.discovery())
        if url.path == "/jwks":
            algo = jwt.get_algorithm_by_name("RS256")
            jwk = json.loads(algo.to_jwk(self.key.public_key()))
            jwk.update(kid=self.kid, alg="RS256", use="sig")
            return _json(request, 200, {"keys": [jwk]})
        if url.path == "/authorize":
            return self.authorize(request, {k: v[0] for k, v in parse_qs(url.query).items()})
        return _json(request, 404, {"error": "not_found"})

    def handle_post(self, request: Any) -> None:
        length = int(request.headers.get("Content-Length") or 0)
        form = {k: v[0] for k, v in parse_qs(request.rfile.read(length).decode()).items()}
        if urlsplit(request.path).path != "/token":
            return _json(request, 404, {"error": "not_found"})
        return self.token(request, form)

    def discovery(self) -> dict[str, Any]:
        return {
            "issuer": self.issuer,
            "authorization_endpoint": f"{self.issuer}/authorize",
            "token_endpoint": f"{self.issuer}/token",
            "jwks_uri": self.jwks_url,
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": ["none"],
        }

    def authorize(self, request: Any, query: dict[str, str]) -> None:
        if query.get("client_id") != CLIENT_ID or query.get("response_type") != "code":
            return _json(request, 400, {"error": "invalid_request"})
        if query.get("code_challenge_method") != "S256" or not query.get("code_challenge"):
            return _json(
                request,
                400,
                {"error": "invalid_request", "error_description": "PKCE S256 required"},
            )
        code = secrets.token_urlsafe(24)
        self.codes[code] = _Grant(
            CLIENT_ID,
            query["redirect_uri"],
            query["code_challenge"],
            query.get("nonce"),
            self.subject,
            self.workspace,
        )
        target = f"{query['redirect_uri']}?{urlencode({'code': code, 'state': query.get('state', ''), 'iss': self.issuer})}"
        request.send_response(302)
        request.send_header("Location", target)
        request.send_header("Content-Length", "0")
        request.end_headers()

    def token(self, request: Any, form: dict[str, str]) -> None:
        grant = self.codes.pop(form.get("code", ""), None)
        verifier = form.get("code_verifier", "")
        challenge = (
            base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest())
            .rstrip(b"=")
            .decode()
        )
        if (
            grant is None
            or form.get("grant_type") != "authorization_code"
            or form.get("client_id") != grant.client_id
            or form.get("redirect_uri") != grant.redirect_uri
            or challenge != grant.challenge
        ):
            return _json(request, 400, {"error": "invalid_grant"})
        now = int(time.time())
        common = {"iss": self.issuer, "sub": grant.subject, "iat": now, "exp": now + 600}
        access = {**common, "aud": AUDIENCE, "travel_workspace": grant.workspace}
        identity = {
            **common,
            "aud": grant.client_id,
            **({"nonce": grant.nonce} if grant.nonce else {}),
        }
        self.tokens_issued += 1
        sign = {"algorithm": "RS256", "headers": {"kid": self.kid}}
        return _json(
            request,
            200,
            {
                "access_token": jwt.encode(access, self.key, **sign),  # type: ignore[arg-type]
                "id_token": jwt.encode(identity, self.key, **sign),  # type: ignore[arg-type]
                "token_type": "Bearer",
                "expires_in": 600,
            },
        )


def _json(request: Any, status: int, body: dict[str, Any]) -> None:
    request._send(
        status, json.dumps(body).encode(), "application/json", {"Cache-Control": "no-store"}
    )
