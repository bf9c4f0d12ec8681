"""A real JWKS endpoint on loopback and a token issuer signing with its keys."""

from __future__ import annotations

import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import jwt
from cryptography.hazmat.primitives.asymmetric import ec, rsa

ISSUER = "https://id.example.test/"
AUDIENCE = "travel-api"


class Issuer:
    """Holds signing keys, publishes their public halves at `jwks_url`, and mints tokens."""

    def __init__(self) -> None:
        self.keys: dict[str, tuple[str, Any]] = {}
        self.published: set[str] = set()
        self.fetches = 0
        # While set, the key set's address accepts and never answers (a hanging provider).
        self.hanging = threading.Event()
        # While set, the key set's address answers these bytes instead of its keys.
        self.answer: bytes | None = None
        self.add_key("RS256")
        self.add_key("ES256")
        issuer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                issuer.fetches += 1
                if issuer.hanging.is_set():
                    time.sleep(3600)  # a daemon thread: gone with the test process
                    return
                body = issuer.answer or json.dumps(issuer.jwks()).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.jwks_url = f"http://127.0.0.1:{self._httpd.server_address[1]}/jwks.json"
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()

    def add_key(self, algorithm: str, *, publish: bool = True) -> str:
        kid = f"{algorithm.lower()}-{uuid.uuid4().hex[:8]}"
        if algorithm == "RS256":
            key: Any = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        else:
            key = ec.generate_private_key(ec.SECP256R1())
        self.keys[kid] = (algorithm, key)
        if publish:
            self.published.add(kid)
        return kid

    def jwks(self) -> dict[str, Any]:
        out = []
        for kid in sorted(self.published):
            algorithm, key = self.keys[kid]
            algo = jwt.get_algorithm_by_name(algorithm)
            jwk = json.loads(algo.to_jwk(key.public_key()))
            jwk.update(kid=kid, alg=algorithm, use="sig")
            out.append(jwk)
        return {"keys": out}

    def token(
        self,
        subject: str,
        workspace: str | None,
        *,
        kid: str | None = None,
        algorithm: str = "RS256",
        issuer: str = ISSUER,
        audience: str = AUDIENCE,
        expires_in: int = 300,
        not_before: int | None = None,
        key: Any = None,
        extra: dict[str, Any] | None = None,
    ) -> str:
        if kid is None:
            kid = next(k for k, (alg, _) in self.keys.items() if alg == algorithm)
        alg, signing_key = self.keys[kid]
        now = int(time.time())
        claims: dict[str, Any] = {
            "sub": subject,
            "iss": issuer,
            "aud": audience,
            "iat": now,
            "exp": now + expires_in,
        }
        if not_before is not None:
            claims["nbf"] = now + not_before
        if workspace is not None:
            claims["travel_workspace"] = workspace
        claims.update(extra or {})
        return jwt.encode(claims, key or signing_key, algorithm=alg, headers={"kid": kid})

    def stop(self) -> None:
        self._httpd.shutdown()
