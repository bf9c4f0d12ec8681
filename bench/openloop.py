"""A constant-rate (open-loop) HTTP client: requests are sent on a fixed schedule, whatever the
answers' speed, and each latency is measured from when the request *should* have been sent —
so a slow answer shows as latency, not as fewer requests (no coordinated omission, unlike a
closed-loop client such as wrk).

    result = asyncio.run(run(url, bodies, headers, rate=500, duration=10, connections=32))
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any
from urllib.parse import urlsplit


@dataclass
class Result:
    rate: float  # asked for, per second
    completed: int
    errors: int  # non-2xx answers and broken connections
    p50_ms: float
    p99_ms: float
    max_ms: float

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _request(path: str, host: str, body: bytes, headers: dict[str, str]) -> bytes:
    lines = [f"POST {path} HTTP/1.1", f"Host: {host}", f"Content-Length: {len(body)}"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


async def _answer(reader: asyncio.StreamReader) -> int:
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    await reader.readexactly(length)
    return status


def _percentile(sorted_ms: list[float], p: float) -> float:
    if not sorted_ms:
        return 0.0
    return sorted_ms[min(len(sorted_ms) - 1, int(len(sorted_ms) * p))]


async def run(
    url: str,
    bodies: list[bytes],
    headers: dict[str, str],
    *,
    rate: float,
    duration: float,
    connections: int = 32,
    warmup: float = 1.0,
) -> Result:
    """Send `rate` requests per second for `warmup` + `duration` seconds (bodies taken in
    turn); what was sent in the first `warmup` seconds is not counted (the server settling
    into the rate after whatever ran before)."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    requests: Iterator[bytes] = itertools.cycle(
        [_request(parts.path, f"{host}:{port}", body, headers) for body in bodies]
    )
    due: asyncio.Queue[tuple[float, bytes] | None] = asyncio.Queue()
    latencies: list[float] = []
    errors = 0

    async def connection() -> None:
        nonlocal errors
        reader, writer = await asyncio.open_connection(host, port)
        try:
            while (item := await due.get()) is not None:
                scheduled, request = item
                try:
                    writer.write(request)
                    status = await _answer(reader)
                except (OSError, asyncio.IncompleteReadError):
                    errors += 1
                    reader, writer = await asyncio.open_connection(host, port)
                    continue
                if scheduled >= counted_from:
                    latencies.append((time.perf_counter() - scheduled) * 1000)
                    if status >= 300:
                        errors += 1
        finally:
            writer.close()

    workers = [asyncio.create_task(connection()) for _ in range(connections)]
    start = time.perf_counter() + 0.2
    counted_from = start + warmup
    total = int(rate * (warmup + duration))
    for i in range(total):
        scheduled = start + i / rate
        delay = scheduled - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        due.put_nowait((scheduled, next(requests)))
    for _ in workers:
        due.put_nowait(None)
    await asyncio.gather(*workers)
    ordered = sorted(latencies)
    return Result(
        rate=rate,
        completed=len(latencies),
        errors=errors,
        p50_ms=round(_percentile(ordered, 0.50), 2),
        p99_ms=round(_percentile(ordered, 0.99), 2),
        max_ms=round(ordered[-1], 2) if ordered else 0.0,
    )
