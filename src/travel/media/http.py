"""The two HTTP routes of photos (docs/decisions/0091-photos.md):

- `PUT /workspaces/uploads/<workspace id>/<upload id>`: the photo's bytes, once, within the
  upload's hour. The upload id (128 random bits, made by `createTravelPhotoUpload` for a host
  who may change the listing) is the capability, as a signed S3 URL is: no credential is sent,
  so a browser can PUT straight from a file input (the web app does, on its own origin: the
  service serves it, so no CORS is involved). The bytes are checked and resized off the
  event loop, at most `photo_workers` at once per process.
- `GET /media/<key>`: a stored variant, `immutable` (its name changes with its content).
"""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from travel.auth import service as workspaces
from travel.db.base import utcnow
from travel.db.outage import unreachable
from travel.db.registry import Databases
from travel.db.session import tenant_transaction
from travel.errors import NotFound
from travel.graphql.errors import database_outage
from travel.kernel.ids import WorkspaceId, try_parse_id
from travel.logs import REQUEST_ID
from travel.media import repository
from travel.media.images import Processed, Refused, process
from travel.media.records import MEDIA_PATH, UPLOAD_PATH
from travel.media.storage import LocalStorage, S3Storage, Storage, valid_key
from travel.settings import Settings

IMMUTABLE = "public, max-age=31536000, immutable"


def storage_for(settings: Settings) -> Storage:
    """The bucket when one is named, else the local directory."""
    if settings.media_s3_bucket:
        return S3Storage(settings.media_s3_bucket, settings.media_s3_endpoint_url)
    return LocalStorage(Path(settings.media_dir))


class Photos:
    """The upload and media routes of one process."""

    def __init__(self, settings: Settings, databases: Databases, storage: Storage) -> None:
        self.settings = settings
        self.databases = databases
        self.storage = storage
        self._resizing = asyncio.Semaphore(settings.photo_workers)

    def routes(self) -> list[BaseRoute]:
        return [
            Route(UPLOAD_PATH + "{workspace}/{upload}", self.receive, methods=["PUT"]),
            Route(MEDIA_PATH + "{key:path}", self.serve, methods=["GET", "HEAD"]),
        ]

    async def receive(self, request: Request) -> Response:
        try:
            return await self._receive(request)
        except Exception as exc:
            if not unreachable(exc):
                raise
            # The database away, or the workspace moving (its write gate): retry shortly, as
            # the API answers (docs/errors.md, SERVICE_UNAVAILABLE).
            outage = database_outage(exc, REQUEST_ID.get() or "")
            response = _error(503, outage.code, outage.message)
            response.headers["Retry-After"] = str(outage.retry_after)
            return response

    async def _receive(self, request: Request) -> Response:
        workspace_id = try_parse_id(request.path_params["workspace"])
        upload_id = try_parse_id(request.path_params["upload"])
        if workspace_id is None or upload_id is None:
            return _error(404, "NOT_FOUND", "Upload not found")
        try:
            workspace = await workspaces.resolve_workspace(self.databases, str(workspace_id))
        except NotFound:
            return _error(404, "NOT_FOUND", "Upload not found")
        engines = self.databases.for_tenant(workspace.database_url)
        ws = WorkspaceId(workspace_id)
        async with tenant_transaction(engines, ws, write=False) as session:
            upload = await repository.upload(session, ws, upload_id)
        if upload is None or upload.expires_at < utcnow():
            return _error(404, "NOT_FOUND", "Upload not found (or past its hour)")
        if upload.key is not None:
            return _error(409, "VALIDATION_ERROR", "A photo was already sent to this upload")
        data = await self._body(request)
        if data is None:
            limit = self.settings.upload_max_bytes // (1024 * 1024)
            return _error(413, "VALIDATION_ERROR", f"The photo is over {limit} MB")
        try:
            processed = await self._process(data)
        except Refused as refused:
            return _error(400, "VALIDATION_ERROR", refused.message)
        key = f"{workspace_id}/{secrets.token_hex(16)}-{processed.digest[:16]}"
        for width, variant in processed.variants.items():
            await self.storage.put(f"{key}-{width}.webp", variant)
        values = {
            "key": key,
            "widths": sorted(processed.variants),
            "width": processed.width,
            "height": processed.height,
        }
        async with tenant_transaction(engines, ws, write=True) as session:
            filled = await repository.fill_upload(session, ws, upload_id, values)
        if not filled:  # another PUT of the same upload got there first
            return _error(409, "VALIDATION_ERROR", "A photo was already sent to this upload")
        return JSONResponse({"id": str(upload_id), **values}, status_code=201)

    async def serve(self, request: Request) -> Response:
        key = request.path_params["key"]
        data = await self.storage.get(key) if valid_key(key) else None
        if data is None:
            return Response("Not Found", status_code=404, media_type="text/plain")
        headers = {"Cache-Control": IMMUTABLE, "X-Content-Type-Options": "nosniff"}
        return Response(data, media_type="image/webp", headers=headers)

    async def _body(self, request: Request) -> bytes | None:
        """The request's bytes, or None past the limit (read no further than it)."""
        limit = self.settings.upload_max_bytes
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            return None
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                return None
            chunks.append(chunk)
        return b"".join(chunks)

    async def _process(self, data: bytes) -> Processed:
        async with self._resizing:
            return await asyncio.to_thread(
                process, data, max_pixels=self.settings.upload_max_pixels
            )


def _error(status: int, code: str, message: str) -> Response:
    return JSONResponse({"errors": [{"message": message, "extensions": {"code": code}}]}, status)
