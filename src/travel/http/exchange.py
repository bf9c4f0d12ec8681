"""One HTTP request and its answer, as the pipeline sees them: typed, with no shared strings.

`Exchange` is what the steps of a request fill in (who asked, which operation, how it ended)
and what `travel.http.observe` reads once it is over to write the log line and the metrics.
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

import orjson
from starlette.types import Receive, Scope, Send

from travel.errors import ValidationError

JSON = b"application/json"
_SAFE_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")


@dataclass(slots=True)
class Reply:
    """An HTTP answer: status, body and the headers beyond content type and length."""

    status: int
    body: bytes
    headers: dict[str, str] = field(default_factory=dict)
    content_type: bytes = JSON


def json_reply(payload: Any, status: int, headers: dict[str, str] | None = None) -> Reply:
    return Reply(status, orjson.dumps(payload), headers or {})


@dataclass(slots=True)
class Exchange:
    """A request in flight: its id, what it turned out to be, and how it ended."""

    method: str
    path: str
    headers: dict[bytes, bytes]
    request_id: str
    started: float = field(default_factory=time.perf_counter)
    status: int = 500
    workspace: str | None = None
    operation: str | None = None
    root_fields: tuple[str, ...] = ()
    outcome: str | None = None  # an error code of the spec, or "OK"
    client: str | None = None  # the client's address (behind a trusted proxy: the forwarded one)

    @classmethod
    def begin(cls, scope: Scope) -> Exchange:
        """The exchange of an ASGI HTTP request; the caller's `X-Request-Id` is kept when sane."""
        headers = dict(scope["headers"])
        incoming = headers.get(b"x-request-id")
        request_id = None
        if incoming is not None:
            text = incoming.decode("latin-1")
            request_id = text if _SAFE_ID.match(text) else None
        client = scope.get("client")
        return cls(
            scope["method"],
            scope["path"],
            headers,
            # 128 random bits as 32 hex digits, as uuid4().hex gave, without its system call
            # for entropy: an id to follow a request by, not a secret.
            request_id or f"{random.getrandbits(128):032x}",
            client=client[0] if client else None,
        )

    def header(self, name: bytes) -> str | None:
        """A request header (lower-case name) as text, None when absent."""
        value = self.headers.get(name)
        return None if value is None else value.decode("latin-1")

    async def send(self, send: Send, reply: Reply) -> None:
        """Answer with `reply` (plus the request id)."""
        self.status = reply.status
        raw = [
            (b"content-type", reply.content_type),
            (b"content-length", str(len(reply.body)).encode()),
            (b"x-request-id", self.request_id.encode()),
        ]
        raw += [(_wire_name(k), v.encode("latin-1")) for k, v in reply.headers.items()]
        await send({"type": "http.response.start", "status": reply.status, "headers": raw})
        await send({"type": "http.response.body", "body": reply.body})


_WIRE_NAMES: dict[str, bytes] = {}


def _wire_name(name: str) -> bytes:
    """A header name as it is sent (lower case, bytes), made once per name: replies carry a
    few fixed names (rate limits, CORS, Retry-After) on every request."""
    wire = _WIRE_NAMES.get(name)
    if wire is None:
        wire = name.lower().encode("latin-1")
        if len(_WIRE_NAMES) < 256:
            _WIRE_NAMES[name] = wire
    return wire


class PayloadTooLarge(ValidationError):
    http_status = 413

    def __init__(self, limit: int) -> None:
        super().__init__(f"Request body larger than {limit} bytes")


async def read_body(exchange: Exchange, receive: Receive, limit: int) -> bytes:
    """The request body, refusing more than `limit` bytes without reading it all."""
    declared = exchange.headers.get(b"content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise PayloadTooLarge(limit)
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientGone()
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise PayloadTooLarge(limit)
        chunks.append(chunk)
        if not message.get("more_body", False):
            return chunks[0] if len(chunks) == 1 else b"".join(chunks)


class ClientGone(Exception):
    """The client disconnected before its request body arrived."""
