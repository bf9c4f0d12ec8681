"""Logs that follow a request: every line logged while a request is served carries its id,
including lines from deep inside (OIDC's key fetch failing, a tenant's database or the
rate-limit Redis out of reach), not only the access line."""

from __future__ import annotations

import io
import logging
import re
import subprocess
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
from sqlalchemy import insert

from tests.factories import create_tenant
from tests.support.cli import TRAVEL, Serving, free_port, wait_until_serving
from tests.support.dedicated import forget_workspaces_in
from tests.support.live import LiveServer
from tests.support.oidc import AUDIENCE, ISSUER, Issuer
from tests.support.redis_server import PrivateRedis
from travel import logs
from travel.auth import apikeys
from travel.auth.models import Workspace
from travel.db.session import system_transaction

VIEWER = {"query": "{ travelViewer { subject } }"}


def json_lines(output: str) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in output.splitlines() if line.startswith("{")]


def traced(url: str, key: str) -> tuple[str, httpx.Response]:
    """A request with an id of the caller's own, and its answer."""
    request_id = f"trace-{uuid.uuid4().hex[:12]}"
    answer = httpx.post(
        f"{url}/workspaces/graphql",
        json=VIEWER,
        headers={"Authorization": f"Bearer {key}", "X-Request-Id": request_id},
        timeout=30,
    )
    assert answer.headers["x-request-id"] == request_id
    return request_id, answer


def test_a_warning_inside_a_request_carries_the_request_id(
    server: LiveServer, cli_env: dict[str, str], issuer: Issuer
) -> None:
    del server  # depended on: it migrates the test database (PostgreSQL is not migrated on start)
    port = free_port()
    env = {
        **cli_env,
        "TRAVEL_OIDC_ISSUER": ISSUER,
        "TRAVEL_OIDC_AUDIENCE": AUDIENCE,
        # Nothing listens there: fetching the token keys fails and is logged as a warning.
        "TRAVEL_OIDC_JWKS_URL": f"http://127.0.0.1:{free_port()}/jwks",
        "TRAVEL_DISPATCHER_INTERVAL_SECONDS": "0",
    }
    process = subprocess.Popen(
        [TRAVEL, "serve", "--port", str(port), "--web-port", str(port)],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_serving(url, process)
        request_id = f"trace-{uuid.uuid4().hex[:12]}"
        token = issuer.token("someone", str(uuid.uuid4()))
        answer = httpx.post(
            f"{url}/workspaces/graphql",
            json={"query": "{ travelViewer { subject } }"},
            headers={"Authorization": f"Bearer {token}", "X-Request-Id": request_id},
        )
        assert answer.status_code == 503  # the provider is out, not the token
        assert answer.headers["x-request-id"] == request_id
    finally:
        process.terminate()
        _, stderr = process.communicate(timeout=20)
    lines = [orjson.loads(line) for line in stderr.splitlines() if line.startswith("{")]
    fetch = [line for line in lines if line.get("msg") == "oidc.jwks_fetch_failed"]
    assert fetch, stderr
    assert all(line.get("request_id") == request_id for line in fetch), fetch
    served = [line for line in lines if line.get("msg") == "request"]
    assert [line["request_id"] for line in served] == [request_id]
    # Lines logged outside any request (start-up, shutdown) carry none.
    assert not any("request_id" in line for line in lines if "uvicorn" in line.get("logger", ""))


def test_a_tenant_database_out_of_reach_is_logged_with_the_request_id(
    server: LiveServer, cli_env: dict[str, str], tmp_path: Path
) -> None:
    """A dedicated tenant whose PostgreSQL server is down (nothing listens at its address): the
    request is answered 503, and the database's warning line names the request."""
    gone = f"postgresql://travel:travel@127.0.0.1:{free_port()}/travel_tenant"
    workspace = uuid.uuid4()

    async def register() -> None:
        async with system_transaction(server.services.databases.main) as session:
            await session.execute(
                insert(Workspace).values(
                    id=workspace, name="Offline", plan="pro", database_url=gone, demo=False
                )
            )

    server.run(register())
    serving = Serving({**cli_env, "TRAVEL_DISPATCHER_INTERVAL_SECONDS": "0"}, tmp_path / "log")
    try:
        request_id, answer = traced(serving.url, apikeys.generate(workspace))
        assert answer.status_code == 503, answer.text
        assert answer.json()["errors"][0]["extensions"]["code"] == "SERVICE_UNAVAILABLE"
    finally:
        serving.stop()
        forget_workspaces_in(server, gone)
    lines = json_lines(serving.output())
    outage = [line for line in lines if line["msg"].startswith("database unavailable")]
    assert outage, serving.output()
    assert all(line.get("request_id") == request_id for line in outage), outage
    assert [line["request_id"] for line in lines if line["msg"] == "request"] == [request_id]
    assert "travel:travel@" not in serving.output()  # no password in the logs


@pytest.mark.redis
def test_a_redis_outage_met_by_a_request_is_logged_with_its_id(
    server: LiveServer,
    cli_env: dict[str, str],
    private_redis: PrivateRedis,
    tmp_path: Path,
) -> None:
    """The rate-limit Redis stops between two requests: the second is still served (counted in
    memory), and the error line saying Redis is out of reach carries that request's id."""
    key = create_tenant(server).keys["traveler"]
    env = {
        **cli_env,
        "TRAVEL_REDIS_URL": private_redis.url,
        "TRAVEL_DISPATCHER_INTERVAL_SECONDS": "0",
    }
    serving = Serving(env, tmp_path / "log")
    try:
        before, counted = traced(serving.url, key)
        assert counted.status_code == 200
        private_redis.stop()
        request_id, answer = traced(serving.url, key)
        assert answer.status_code == 200, answer.text
    finally:
        serving.stop()
    lines = json_lines(serving.output())
    outage = [line for line in lines if line["msg"].startswith("rate-limit Redis unreachable")]
    assert outage, serving.output()
    assert all(line.get("request_id") == request_id for line in outage), outage
    assert all(line.get("request_id") != before for line in lines if line["level"] != "INFO")


@dataclass(frozen=True)
class LoneLogger:
    """A logger whose only handler is a `JsonLines` on a string, installed as `configure`
    installs its own (so `info_line` may write to it directly)."""

    stream: Any  # a StringIO, unless the test gave another stream
    handler: logs.JsonLines
    logger: logging.Logger


def lone_logger(monkeypatch: pytest.MonkeyPatch, stream: io.TextIOBase | None = None) -> LoneLogger:
    """Made in the test's body: a logger made in a fixture was found carrying pytest's
    capture handlers by the time the test ran. On a string unless `stream` is given."""
    stream = io.StringIO() if stream is None else stream
    handler = logs.JsonLines(stream)
    logger = logging.getLogger(f"travel.test.{uuid.uuid4().hex}")
    logger.handlers[:] = [handler]
    logger.propagate = False
    logger.setLevel(logging.INFO)
    monkeypatch.setattr(logs, "_installed", handler)
    return LoneLogger(stream, handler, logger)


def _two_ways(lone: LoneLogger, fields: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The request line as `travel.logs.info_line` writes it without a LogRecord, and as the
    logging machinery writes the same record through the same handler."""
    logger, stream = lone.logger, lone.stream

    def no_record(*_: Any, **__: Any) -> logging.LogRecord:
        raise AssertionError("the direct line made a LogRecord")

    logger.makeRecord = no_record  # type: ignore[method-assign]
    logs.info_line(logger, "request", dict(fields))
    del logger.makeRecord
    direct = stream.getvalue()
    assert direct.endswith("\n")
    assert direct.count("\n") == 1
    stream.truncate(0)
    stream.seek(0)
    logger.info("request", extra=dict(fields))
    return orjson.loads(direct), orjson.loads(stream.getvalue())


@pytest.mark.parametrize("inside_a_request", [False, True])
def test_the_request_line_written_directly_is_the_logged_one(
    monkeypatch: pytest.MonkeyPatch, inside_a_request: bool
) -> None:
    lone = lone_logger(monkeypatch)
    fields = {
        "request_id": "req-1",
        "method": "POST",
        "path": "/workspaces/graphql",
        "status": 200,
        "workspace": str(uuid.uuid4()),
        "operation": None,
        "outcome": "OK",
        "duration_ms": 1.25,
    }
    if inside_a_request:  # the id comes from the context, as for lines logged deep inside
        del fields["request_id"]
    token = logs.REQUEST_ID.set("req-ctx")
    try:
        direct, through_logging = _two_ways(lone, fields)
    finally:
        logs.REQUEST_ID.reset(token)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", direct.pop("ts"))
    through_logging.pop("ts")
    assert list(direct) == list(through_logging)
    assert direct == through_logging
    assert direct["request_id"] == ("req-ctx" if inside_a_request else "req-1")


def test_a_closed_log_stream_does_not_fail_the_request_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The stream refusing the direct line (closed, a broken pipe) hands the record to
    `logging`, which reports the failure as for any other line and raises nothing."""
    lone = lone_logger(monkeypatch)
    reported: list[logging.LogRecord] = []
    monkeypatch.setattr(lone.handler, "handleError", reported.append)
    lone.stream.close()
    logs.info_line(lone.logger, "request", {"status": 200})
    assert [record.getMessage() for record in reported] == ["request"]


def test_other_handlers_still_get_the_request_record(
    server: LiveServer, caplog: pytest.LogCaptureFixture
) -> None:
    """With another handler on the way (pytest's capture here), the line goes through the
    logging machinery, so that handler gets it."""
    tenant = create_tenant(server)

    def request_lines() -> list[logging.LogRecord]:
        return [r for r in caplog.records if r.name == "travel.request" and r.msg == "request"]

    with caplog.at_level(logging.INFO, logger="travel.request"):
        request_id, answer = traced(server.url, tenant.keys["traveler"])
        # The line is logged when the answer has been sent: wait for it.
        for _ in range(100):
            if request_lines():
                break
            time.sleep(0.05)
    assert answer.status_code == 200
    lines = request_lines()
    assert [getattr(r, "request_id", None) for r in lines] == [request_id]
    assert getattr(lines[0], "status", None) == 200


def test_on_a_byte_stream_the_direct_lines_keep_their_place_among_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the log stream has a byte buffer under it (stderr), the direct line is written to
    the buffer: in order with the lines `logging` writes through the text layer, each whole,
    and the same line `logging` would have written."""
    raw = io.BytesIO()
    logger = lone_logger(monkeypatch, io.TextIOWrapper(raw, encoding="utf-8")).logger
    fields = {"request_id": "req-é", "status": 200, "outcome": "OK"}
    logs.info_line(logger, "request", dict(fields))
    logger.warning("between", extra={"n": 1})
    logs.info_line(logger, "request", dict(fields, status=404))
    logger.info("request", extra=dict(fields))
    lines = [orjson.loads(line) for line in raw.getvalue().decode().splitlines()]
    assert [(line["msg"], line.get("status")) for line in lines] == [
        ("request", 200),
        ("between", None),
        ("request", 404),
        ("request", 200),
    ]
    for line in lines:
        line.pop("ts")
    assert lines[0] == lines[3]
