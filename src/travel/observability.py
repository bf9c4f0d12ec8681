"""Request ids, one structured log line per request, and a last-resort 500 — for every route
but the GraphQL endpoint, which does the same in its own steps (travel.http.graphql)."""

from __future__ import annotations

import logging

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from travel.http.exchange import Exchange
from travel.http.graphql import INTERNAL_REPLY
from travel.http.observe import Observer
from travel.logs import REQUEST_ID

log = logging.getLogger("travel.request")


class RequestObservability:
    """Gives each request an id (`X-Request-Id`, echoed when the caller sent a sane one),
    logs one line when it ends, and turns an escaped exception into a generic 500."""

    def __init__(self, app: ASGIApp, observer: Observer) -> None:
        self.app = app
        self.observer = observer

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        exchange = Exchange.begin(scope)
        REQUEST_ID.set(exchange.request_id)
        request_id = exchange.request_id.encode()
        response_started = False

        async def send_with_id(message: Message) -> None:
            nonlocal response_started
            if message["type"] == "http.response.start":
                response_started = True
                exchange.status = message["status"]
                message["headers"] = [*message.get("headers", ()), (b"x-request-id", request_id)]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            log.exception("unhandled error", extra={"request_id": exchange.request_id})
            exchange.outcome = "INTERNAL_SERVER_ERROR"
            if not response_started:
                await exchange.send(send, INTERNAL_REPLY)
        finally:
            self.observer.finished(exchange, graphql=False)
