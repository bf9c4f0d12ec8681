"""Running the `travel` command as an operator does: a subprocess of the installed script."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

# The console script installed next to the interpreter running the tests (found without PATH).
TRAVEL = str(Path(sys.executable).with_name("travel"))


def travel(
    env: dict[str, str], *args: str, timeout: float = 60, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [TRAVEL, *args], env=env, input=stdin, capture_output=True, text=True, timeout=timeout
    )


def travel_json(env: dict[str, str], *args: str) -> Any:
    result = travel(env, *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)
