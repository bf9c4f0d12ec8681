"""Drive an endpoint with wrk (Debian's package) and parse what it prints."""

from __future__ import annotations

import re
import subprocess
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

LUA_FIXED = """
wrk.method = "POST"
wrk.body = {body}
wrk.headers["Content-Type"] = "application/json"
{auth}
"""

LUA_BOOKING = """
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
{auth}
local targets = {{{targets}}}
local dates = {{{dates}}}
request = function()
  local body = string.format({template}, targets[math.random(#targets)], dates[math.random(#dates)])
  return wrk.format(nil, nil, nil, body)
end
"""


@dataclass
class Result:
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    requests: int
    errors: int  # socket errors + non-2xx responses

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _lua_string(text: str) -> str:
    return "[==[" + text + "]==]"


def _auth(key: str | None) -> str:
    return f'wrk.headers["Authorization"] = "Bearer {key}"' if key else ""


def fixed_script(body: str, key: str | None) -> str:
    return LUA_FIXED.format(body=_lua_string(body), auth=_auth(key))


def booking_script(template: str, key: str | None, targets: list[str], dates: list[str]) -> str:
    return LUA_BOOKING.format(
        auth=_auth(key),
        targets=", ".join(f'"{t}"' for t in targets),
        dates=", ".join(f'"{d}"' for d in dates),
        template=_lua_string(template),
    )


def _ms(value: str, unit: str) -> float:
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def parse(output: str) -> Result:
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))  # type: ignore[union-attr]
    total = int(re.search(r"(\d+) requests in", output).group(1))  # type: ignore[union-attr]
    latencies = dict(re.findall(r"\s(50|99)%\s+([\d.]+(?:us|ms|s|m))", output))

    def pct(p: str) -> float:
        m = re.match(r"([\d.]+)(us|ms|s|m)", latencies.get(p, "0ms"))
        return _ms(m.group(1), m.group(2)) if m else 0.0

    errors = 0
    for pattern in (r"Non-2xx or 3xx responses: (\d+)",):
        found = re.search(pattern, output)
        errors += int(found.group(1)) if found else 0
    socket = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output
    )
    if socket:
        errors += sum(int(g) for g in socket.groups())
    return Result(rps, pct("50"), pct("99"), total, errors)


def run(url: str, script: str, *, connections: int, duration: int, threads: int = 1) -> Result:
    """Run wrk against `url` with the Lua `script`."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
        handle.write(script)
        path = handle.name
    try:
        completed = subprocess.run(
            [
                "wrk",
                f"-t{threads}",
                f"-c{connections}",
                f"-d{duration}s",
                "--latency",
                "-s",
                path,
                url,
            ],
            capture_output=True,
            text=True,
            timeout=duration + 60,
            check=True,
        )
    finally:
        Path(path).unlink(missing_ok=True)
    return parse(completed.stdout)
