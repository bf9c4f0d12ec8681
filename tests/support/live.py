"""A real uvicorn server on a loopback port, in a thread, for tests that speak HTTP to it."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Coroutine
from dataclasses import replace
from typing import Any, TypeVar

import uvicorn

from travel.app import Services, create_app
from travel.settings import Settings

T = TypeVar("T")


class LiveServer:
    """The service on 127.0.0.1:<free port>. `run(coro)` executes on the server's own loop,
    so tests can use the server's database engines for set-up and assertions."""

    def __init__(self, settings: Settings, *, demo: bool = False) -> None:
        self._sock = _listening()
        self._metrics_sock = _listening()
        metrics_port = self._metrics_sock.getsockname()[1]
        self.app = create_app(replace(settings, metrics_port=metrics_port), demo=demo)
        self.services: Services = self.app.state.services
        self.port = self._sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.metrics_url = f"http://127.0.0.1:{metrics_port}/metrics"
        self.graphql_url = f"{self.url}/workspaces/graphql"
        config = uvicorn.Config(self.app, log_config=None, access_log=False, lifespan="on")
        self._server = uvicorn.Server(config)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=self._main, daemon=True)

    def _main(self) -> None:
        async def serve() -> None:
            self._loop = asyncio.get_running_loop()
            await self._server.serve(sockets=[self._sock, self._metrics_sock])

        asyncio.run(serve())

    def start(self) -> LiveServer:
        self._thread.start()
        for _ in range(300):
            if self._server.started:
                return self
            if not self._thread.is_alive():
                break
            threading.Event().wait(0.05)
        raise RuntimeError("test server did not start")

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 60) -> T:
        assert self._loop is not None
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=15)


def _listening() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind(("127.0.0.1", 0))
    return sock
