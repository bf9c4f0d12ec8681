"""Routes of the web app: `/assets/*`, the demo sign-in, and every other path → the app shell
(the client routes), with the runtime configuration inlined and a strict CSP."""

from __future__ import annotations

import logging
import mimetypes
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import orjson
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from travel.demo import signin
from travel.errors import TravelError
from travel.settings import Settings

log = logging.getLogger("travel.web")

DIST = Path(__file__).parent / "dist"
_CONFIG_SLOT = "<!--travel-config-->"
NOT_BUILT = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Travel marketplace</title></head><body><main><h1>The web app is not built</h1>
<p>Run <code>scripts/run</code>, or <code>npm --prefix web ci &amp;&amp;
npm --prefix web run build</code>, then reload.</p></main></body></html>"""


def client_config(settings: Settings, *, demo: bool) -> dict[str, Any]:
    """What the pages need to know at run time (never a secret)."""
    oidc = None
    if settings.oidc_issuer and settings.oidc_client_id:
        oidc = {
            "issuer": settings.oidc_issuer,
            "clientId": settings.oidc_client_id,
            "scope": settings.oidc_scope,
        }
    return {"apiUrl": "/workspaces/graphql", "demo": demo, "oidc": oidc}


def security_headers(settings: Settings, frame_ancestors: str = "'none'") -> dict[str, str]:
    """The pages' headers; only the workspace app's pages name who may frame them (their
    `frame_ancestors`, docs/embedding.md), every other page may be framed by nobody."""
    connect = ["'self'"]
    if settings.oidc_issuer and settings.oidc_client_id:
        issuer = urlsplit(settings.oidc_issuer)
        connect.append(f"{issuer.scheme}://{issuer.netloc}")
    policy = "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",  # the explorer's editor sets inline styles
            "img-src 'self' data:",
            "font-src 'self' data:",
            f"connect-src {' '.join(connect)}",
            "worker-src 'self' blob:",
            f"frame-ancestors {frame_ancestors}",
            "base-uri 'none'",
            "form-action 'self'",
        ]
    )
    headers = {
        "Content-Security-Policy": policy,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }
    if frame_ancestors == "'none'":
        headers["X-Frame-Options"] = "DENY"  # for browsers that predate frame-ancestors
    return headers


def with_config(html: str, config: dict[str, Any]) -> str:
    """A built page with its run-time configuration inlined where the build left the slot."""
    # `<` escaped: the JSON cannot close the script element it sits in.
    text = orjson.dumps(config).decode().replace("<", "\\u003c")
    slot = f'<script id="travel-config" type="application/json">{text}</script>'
    return html.replace(_CONFIG_SLOT, slot)


class _Shell:
    """The app shell: index.html with the configuration inlined, read once."""

    def __init__(self, settings: Settings, *, demo: bool) -> None:
        self.headers = {**security_headers(settings), "Cache-Control": "no-cache"}
        index = DIST / "index.html"
        if not index.is_file():
            log.warning("the web app is not built (%s is missing)", index)
            self.html = NOT_BUILT
            return
        self.html = with_config(
            index.read_text(encoding="utf-8"), client_config(settings, demo=demo)
        )

    async def respond(self, request: Request) -> Response:
        path = request.path_params.get("path", "")
        top = DIST / path
        # Top-level files of the build (favicon, robots.txt); anything else is a client route.
        # The pages themselves only with their headers and configuration (this shell, and the
        # workspace app's at /embed/<workspace>): never index.html or embed.html as files.
        if path and "/" not in path and not path.endswith(".html") and top.is_file():
            return FileResponse(top, headers={"Cache-Control": "public, max-age=3600"})
        return HTMLResponse(self.html, headers=self.headers)


def _demo_sign_in(demo: signin.DemoSignIns) -> Any:
    async def endpoint(request: Request) -> Response:
        try:
            body = orjson.loads(await request.body())
            role = body.get("role") if isinstance(body, dict) else None
            signed = await demo.sign_in(str(role))
        except orjson.JSONDecodeError:
            return JSONResponse({"error": 'Send {"role": "traveler"}'}, status_code=400)
        except TravelError as exc:
            status = 404 if exc.code == "NOT_FOUND" else 400
            return JSONResponse({"error": exc.message, "code": exc.code}, status_code=status)
        payload = {"role": signed.role, "key": signed.key, "workspace": signed.workspace_name}
        return JSONResponse(payload, headers={"Cache-Control": "no-store"})

    return endpoint


def web_routes(settings: Settings, demo: signin.DemoSignIns | None) -> list[BaseRoute]:
    """The web app's routes; the demo sign-in exists only in demo mode."""
    routes: list[BaseRoute] = []
    if demo is not None:
        routes.append(Route("/demo/sign-in", _demo_sign_in(demo), methods=["POST"]))
    assets = DIST / "assets"
    if assets.is_dir():
        routes.append(Mount("/assets", app=_ImmutableFiles(directory=assets)))
    shell = _Shell(settings, demo=demo is not None)
    routes.append(Route("/{path:path}", shell.respond, methods=["GET", "HEAD"]))
    return routes


class _ImmutableFiles(StaticFiles):
    """Built assets carry a content hash in their names: cached for a year, and sent as the
    gzip file the build wrote next to each one when the browser accepts it."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        accepts = b"gzip" in dict(scope.get("headers", ())).get(b"accept-encoding", b"")
        packed = DIST / "assets" / f"{path}.gz"
        if accepts and "/" not in path and packed.is_file():
            kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
            headers = {
                "Cache-Control": "public, max-age=31536000, immutable",
                "Content-Encoding": "gzip",
                "Vary": "Accept-Encoding",
            }
            return FileResponse(packed, media_type=kind, headers=headers)
        response = await super().get_response(path, scope)
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        response.headers["Vary"] = "Accept-Encoding"
        return response
