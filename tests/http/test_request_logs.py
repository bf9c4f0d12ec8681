"""Logs that follow a request: every line logged while a request is served carries its id,
including lines from deep inside (here: OIDC's key fetch failing), not only the access line."""

from __future__ import annotations

import subprocess
import uuid

import httpx
import orjson

from tests.support.cli import TRAVEL, free_port, wait_until_serving
from tests.support.oidc import AUDIENCE, ISSUER, Issuer


def test_a_warning_inside_a_request_carries_the_request_id(
    cli_env: dict[str, str], issuer: Issuer
) -> None:
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
        assert answer.status_code == 401
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
