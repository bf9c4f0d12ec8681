"""Clients that flood a server from processes of their own (so that their work does not share an
interpreter lock with the client being measured): `Flood` starts them and collects what each
request was answered and how long it took."""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import httpx

Documents = Callable[[int], str]  # the n-th document a flooder sends


def respaced(n: int) -> str:
    """Documents the cache has never seen: 490 repeated fields (refused by the overlap check),
    and small valid ones with a new comment each."""
    if n % 2:
        fields = (" " * (1 + n % 7)).join(["workspace { id }"] * 490)
        return "{ travelViewer { " + fields + f" }} }} # {n}"
    return f"{{ travelViewer {{ workspace {{ id name }} }} }} # {n}"


def _flood(
    url: str, key: str, documents: Documents, seconds: float, first: int, out: Connection
) -> None:
    # The attackers stand for other machines: on a 2-core test machine their own CPU must not
    # delay the client being measured, so they run at the lowest priority.
    os.nice(19)
    answers: list[tuple[int, float]] = []
    deadline = time.monotonic() + seconds
    with httpx.Client(timeout=30) as client:
        n = first
        while time.monotonic() < deadline:
            started = time.perf_counter()
            response = client.post(
                url, json={"query": documents(n)}, headers={"Authorization": f"Bearer {key}"}
            )
            answers.append((response.status_code, time.perf_counter() - started))
            n += 2  # the other flooder sends the odd or even ones
    out.send(answers)
    out.close()


@dataclass
class Flood:
    url: str
    key: str
    seconds: float
    documents: Documents = respaced
    connections: int = 2
    answers: list[tuple[int, float]] = field(default_factory=list)
    _running: list[tuple[Any, Connection]] = field(default_factory=list)

    def __enter__(self) -> Flood:
        context = multiprocessing.get_context("spawn")
        for index in range(self.connections):
            receive, send = context.Pipe(duplex=False)
            process = context.Process(
                target=_flood,
                args=(self.url, self.key, self.documents, self.seconds, index, send),
            )
            process.start()
            self._running.append((process, receive))
        return self

    def __exit__(self, *_: object) -> None:
        for process, receive in self._running:
            self.answers.extend(receive.recv())
            process.join(timeout=30)

    def statuses(self) -> Iterator[int]:
        return (status for status, _ in self.answers)
