"""The workspace app's routes: its pages (framed only by the origins the workspace allows), the
loader partners put in their pages, and the token exchange (docs/embedding.md)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

import orjson
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from travel.embed.service import Embedding
from travel.errors import TravelError, ValidationError
from travel.settings import Settings
from travel.web.routes import DIST, NOT_BUILT, security_headers, with_config

log = logging.getLogger("travel.embed")

PAGE = DIST / "embed.html"
LOADER = DIST / "embed-loader.js"
TOKEN_PATH = "/embed/token"
# A host token is a few hundred bytes; a body far above it is not one.
MAX_BODY_BYTES = 16_384


def _error(error: TravelError) -> Response:
    extensions = {"code": error.code, **error.extensions}
    status = error.http_status if error.http_status >= 400 else 400
    headers = {"Cache-Control": "no-store"}
    retry = error.extensions.get("retryAfter")
    if retry is not None:
        headers["Retry-After"] = str(retry)
    body = {"errors": [{"message": error.message, "extensions": extensions}]}
    return JSONResponse(body, status_code=status, headers=headers)


class EmbedRoutes:
    """`/embed/loader.js`, `POST /embed/token` and `/embed/<workspace id>/…`."""

    def __init__(self, settings: Settings, embedding: Embedding) -> None:
        self._settings = settings
        self._embedding = embedding
        self._page = PAGE.read_text(encoding="utf-8") if PAGE.is_file() else None
        if self._page is None:
            log.warning("the workspace app is not built (%s is missing)", PAGE)

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/embed/loader.js", self.loader, methods=["GET", "HEAD"]),
            Route(TOKEN_PATH, self.exchange, methods=["POST"]),
            Route("/embed/{workspace}", self.page, methods=["GET", "HEAD"]),
            Route("/embed/{workspace}/{path:path}", self.page, methods=["GET", "HEAD"]),
        ]

    async def loader(self, request: Request) -> Response:
        # Partners' pages load it as a module from their origin: CORS lets them. Not immutable
        # (its name carries no hash): browsers check again after five minutes.
        headers = {
            "Cache-Control": "public, max-age=300",
            "Access-Control-Allow-Origin": "*",
            "X-Content-Type-Options": "nosniff",
        }
        if not LOADER.is_file():
            text = "// the workspace app is not built"
            return Response(text, 404, media_type="text/javascript", headers=headers)
        return FileResponse(LOADER, media_type="text/javascript", headers=headers)

    async def page(self, request: Request) -> Response:
        raw = request.path_params["workspace"]
        origins = await self._embedding.origins(raw)
        ancestors = " ".join(origins) or "'none'"
        headers = {**security_headers(self._settings, ancestors), "Cache-Control": "no-store"}
        if self._page is None:  # as the web app's shell says it (web/routes.py)
            return HTMLResponse(NOT_BUILT, headers=headers)
        config = {
            "apiUrl": "/workspaces/graphql",
            "workspace": raw,
            "allowedOrigins": list(origins),
            "tokenUrl": TOKEN_PATH,
            "base": f"/embed/{raw}",
        }
        return HTMLResponse(with_config(self._page, config), headers=headers)

    async def exchange(self, request: Request) -> Response:
        try:
            workspace, token = await _body(request)
            client = request.client.host if request.client else None
            session = await self._embedding.exchange(workspace, token, client)
        except TravelError as error:
            return _error(error)
        payload: dict[str, Any] = {
            "accessToken": session.secret,
            "tokenType": "Bearer",
            "expiresIn": int((session.expires_at - datetime.now(UTC)).total_seconds()),
            "expiresAt": session.expires_at.isoformat().replace("+00:00", "Z"),
            "member": {"id": str(session.member_id), "roles": list(session.roles)},
            "permissions": list(session.permissions),
        }
        return JSONResponse(payload, headers={"Cache-Control": "no-store"})


async def _body(request: Request) -> tuple[str, str]:
    """The request's workspace and token, or VALIDATION_ERROR naming what is wrong."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
        raise ValidationError(f"The body must be at most {MAX_BODY_BYTES} bytes", field="body")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY_BYTES:
            raise ValidationError(f"The body must be at most {MAX_BODY_BYTES} bytes", field="body")
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise ValidationError('Send {"workspace": "<id>", "token": "<host token>"}') from None
    if not isinstance(body, dict):
        raise ValidationError('Send {"workspace": "<id>", "token": "<host token>"}')
    for field in ("workspace", "token"):
        value = body.get(field)
        if not isinstance(value, str) or not value:
            raise ValidationError(f"{field} must be a non-empty string", field=field)
    return body["workspace"], body["token"]
