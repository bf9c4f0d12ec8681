"""Request ids, one structured log line per request, and a last-resort 500."""

from __future__ import annotations

import logging
import re
import time
import uuid
from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("travel.request")
_SAFE_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")

INTERNAL_BODY = orjson.dumps(
    {
        "errors": [
            {"message": "Internal server error", "extensions": {"code": "INTERNAL_SERVER_ERROR"}}
        ]
    }
)


class RequestObservability:
    """Gives each request an id (`X-Request-Id`, echoed when the caller sent a sane one),
    logs one line when it ends, and turns an escaped exception into a generic 500."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        incoming = _header(scope, b"x-request-id")
        request_id = incoming if incoming and _SAFE_ID.match(incoming) else uuid.uuid4().hex
        state: dict[str, Any] = scope.setdefault("state", {})
        state["request_id"] = request_id
        started = time.perf_counter()
        status = 500
        response_started = False

        async def send_with_id(message: Message) -> None:
            nonlocal status, response_started
            if message["type"] == "http.response.start":
                response_started = True
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", request_id.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            log.exception("unhandled error", extra={"request_id": request_id})
            state["outcome"] = "INTERNAL_SERVER_ERROR"
            if not response_started:
                await send_with_id(
                    {
                        "type": "http.response.start",
                        "status": 500,
                        "headers": [(b"content-type", b"application/json")],
                    }
                )
                await send({"type": "http.response.body", "body": INTERNAL_BODY})
        finally:
            if scope["path"] not in ("/healthz", "/readyz", "/metrics"):
                log.info(
                    "request",
                    extra={
                        "request_id": request_id,
                        "method": scope["method"],
                        "path": scope["path"],
                        "status": status,
                        "workspace": state.get("workspace"),
                        "operation": state.get("operation"),
                        "outcome": state.get("outcome", "OK" if status < 400 else str(status)),
                        "duration_ms": round((time.perf_counter() - started) * 1000, 2),
                    },
                )


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None
