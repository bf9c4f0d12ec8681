"""The demo partner platform of `travel serve --demo`: a "Northwind Workspace" page on its own
port (another origin) that embeds the workspace app, and the small backend a partner writes —
it signs its user's host tokens with the platform's key (docs/embedding.md).

At start it plays the operator too: the newest demo workspace gets the platform's public key,
the page's origins as those allowed to embed it, and joining as a traveler. The key is made
afresh by each `travel serve --demo` (given to `--workers`' processes in TRAVEL_DEMO_PARTNER_KEY)
and never written to disk: a demo platform's tokens are good only while its demo runs."""

from __future__ import annotations

import json
import logging
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from travel.db.registry import Databases
from travel.demo.signin import newest_demo_workspace
from travel.embed import service as embed_service

log = logging.getLogger("travel.demo.partner")

STATIC = Path(__file__).parent / "static"
KEY_ENV = "TRAVEL_DEMO_PARTNER_KEY"
KEY_ID = "northwind-demo"
# Who the demo platform signs in: one user of its own, a traveler.
USER = {"sub": "northwind-pat", "name": "Pat Northwind", "email": "pat@northwind.example"}
ROLES = ["traveler"]
TOKEN_SECONDS = 60
_FILES = {"partner.js": "text/javascript", "partner.css": "text/css"}
_NOT_FOUND = Response("Not Found", 404, media_type="text/plain")


def new_key() -> str:
    """A fresh P-256 private key, PEM (what TRAVEL_DEMO_PARTNER_KEY holds)."""
    key = ec.generate_private_key(ec.SECP256R1())
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


@dataclass(frozen=True, slots=True)
class Partner:
    """Where the demo platform's page is served from and which service it embeds."""

    port: int
    origins: tuple[str, ...]  # the page's origins (as a browser names them)
    service_port: int  # the web app's port: the page embeds the service from there


class PartnerDemo:
    """The demo platform's page and backend, an ASGI app of its own (`TravelApp` sends it the
    requests arriving on its port)."""

    def __init__(self, databases: Databases, partner: Partner) -> None:
        self.partner = partner
        self._databases = databases
        # `travel serve --workers N` made one for every worker; one process makes its own.
        pem = os.environ.get(KEY_ENV) or new_key()
        self._key = serialization.load_pem_private_key(pem.encode(), password=None)
        self._workspace: str | None = None
        self.app = Starlette(
            routes=[
                Route("/", self.page, methods=["GET", "HEAD"]),
                Route("/static/{name}", self.file, methods=["GET", "HEAD"]),
                Route("/api/config", self.config, methods=["GET"]),
                Route("/api/travel-token", self.token, methods=["POST"]),
            ]
        )

    def _jwks(self) -> dict[str, object]:
        public = self._key.public_key()
        jwk = json.loads(jwt.get_algorithm_by_name("ES256").to_jwk(public))
        jwk.update(kid=KEY_ID, alg="ES256", use="sig")
        return {"keys": [jwk]}

    async def start(self) -> None:
        """Register the platform with the newest demo workspace (as an operator would with
        `travel embed`): its key, this page's origins (instead of an earlier demo's), joining
        as a traveler."""
        workspace = await newest_demo_workspace(self._databases)
        if workspace is None:
            log.warning("no demo workspace: the partner page has nothing to embed")
            return
        await embed_service.change(
            self._databases,
            workspace,
            origins=self.partner.origins,
            jwks=self._jwks(),
            join_roles=ROLES,
        )
        self._workspace = str(workspace.id)

    def _headers(self, request: Request) -> dict[str, str]:
        service = self._service(request)
        policy = "; ".join(
            [
                "default-src 'self'",
                f"script-src 'self' {service}",
                "style-src 'self'",
                f"frame-src {service}",
                "connect-src 'self'",
                "img-src 'self' data:",
                "frame-ancestors 'none'",
                "base-uri 'none'",
            ]
        )
        return {
            "Content-Security-Policy": policy,
            "X-Content-Type-Options": "nosniff",
            "Cache-Control": "no-cache",
        }

    def _service(self, request: Request) -> str:
        """The service's origin as this page's visitor reaches it: the same host name (a page
        opened on localhost embeds localhost), the web app's port."""
        host = request.url.hostname or "127.0.0.1"
        if ":" in host:
            host = f"[{host}]"
        return f"{request.url.scheme}://{host}:{self.partner.service_port}"

    async def page(self, request: Request) -> Response:
        return self._file(request, "index.html", "text/html")

    async def file(self, request: Request) -> Response:
        name = request.path_params["name"]
        return self._file(request, name, _FILES[name]) if name in _FILES else _NOT_FOUND

    def _file(self, request: Request, name: str, kind: str) -> Response:
        path = STATIC / name
        if not path.is_file():
            return _NOT_FOUND
        return FileResponse(path, media_type=kind, headers=self._headers(request))

    async def config(self, request: Request) -> Response:
        if self._workspace is None:
            message = "No demo workspace: run `travel demo seed`, then restart the service"
            return JSONResponse({"error": message}, 503)
        payload = {"service": self._service(request), "workspace": self._workspace}
        return JSONResponse(payload, headers={"Cache-Control": "no-store"})

    async def token(self, request: Request) -> Response:
        """A host token for the demo platform's signed-in user: what a partner's backend mints
        for its own user (here there is one, always signed in)."""
        if self._workspace is None:
            return JSONResponse({"error": "No demo workspace"}, 503)
        now = int(time.time())
        claims = {
            "aud": embed_service.audience(uuid.UUID(self._workspace)),
            "roles": ROLES,
            "iat": now,
            "exp": now + TOKEN_SECONDS,
            "jti": uuid.uuid4().hex,
            **USER,
        }
        token = jwt.encode(claims, self._key, algorithm="ES256", headers={"kid": KEY_ID})  # type: ignore[arg-type]
        return JSONResponse({"token": token}, headers={"Cache-Control": "no-store"})
