"""Run the docs' examples against a live service and write what came back into the docs.

Two kinds of regions in docs/*.md are generated:
  <!-- example: NAME [curl] --> … <!-- /example -->   one request of ex_all.EXAMPLES
  <!-- run: python|console --> … <!-- /run -->        a code block, run; its output follows
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path
from typing import Any

import httpx
from ex_all import BY_NAME, EXAMPLES
from example import Example, Ids

DOCS = Path(__file__).resolve().parents[1]
SHOWN_URL = "http://localhost:4003"  # what readers run (PLATFORM_ENV=local)
ROLES = {
    "traveler": "a **traveler**'s key",
    "host": "a **host**'s key",
    "admin": "an **admin**'s key",
    "limited": "an **admin**'s key of a workspace on the **free** plan",
}
KEY_VARIABLES = {"traveler": "TRAVEL_API_KEY", "host": "HOST_KEY", "admin": "ADMIN_KEY"}
EXAMPLE = re.compile(
    r"(<!-- example: (?P<name>[\w-]+)(?P<curl> curl)? -->\n).*?(<!-- /example -->)", re.S
)
RUN = re.compile(r"(<!-- run: (?P<kind>python|console) -->\n)(?P<body>.*?)(<!-- /run -->)", re.S)
FENCE = re.compile(r"```(?P<lang>\w+)\n(?P<code>.*?)```\n", re.S)


class ExampleFailed(AssertionError):
    """An example did not come back as the docs say it does."""


@dataclass(frozen=True)
class Outcome:
    """What one example sent and got."""

    example: Example
    variables: dict[str, Any] | None
    status: int
    headers: dict[str, str]
    body: Any


def run_examples(url: str, keys: Mapping[str, str]) -> dict[str, Outcome]:
    """Run every example in order; raise ExampleFailed at the first surprise."""
    ids: Ids = {}
    with httpx.Client(timeout=30) as http:
        return {example.name: _run(http, url, keys, example, ids) for example in EXAMPLES}


def _run(
    http: httpx.Client, url: str, keys: Mapping[str, str], example: Example, ids: Ids
) -> Outcome:
    variables = example.variables_for(ids)
    headers = {"Content-Type": "application/json", **example.headers}
    if example.role is not None:
        headers["Authorization"] = f"Bearer {keys[example.role]}"
    body: dict[str, Any] = {"query": example.document}
    if variables:
        body["variables"] = variables
    for _ in range(example.spend_first):
        http.post(url, json=body, headers=headers)
    reply = http.post(url, json=body, headers=headers)
    payload = reply.json()
    codes = [error["extensions"]["code"] for error in payload.get("errors", [])]
    if reply.status_code != example.status or codes != ([example.expect] if example.expect else []):
        raise ExampleFailed(f"{example.name}: HTTP {reply.status_code}, {payload}")
    if example.save is not None:
        example.save(ids, payload["data"])
    if example.then is not None:
        example.then(http, url, ids)
    shown = {name: reply.headers[name] for name in example.show_headers}
    return Outcome(example, variables, reply.status_code, shown, payload)


def _json(value: Any, level: int = 0) -> str:
    """Indented JSON, with small containers (e.g. `"path": ["travelTour"]`) on one line."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or (_depth(value) <= 2 and len(flat) + 2 * level <= 72):
        return flat
    pad, inner = "  " * level, "  " * (level + 1)
    if isinstance(value, list):
        items = [f"{inner}{_json(v, level + 1)}" for v in value]
        return "[\n" + ",\n".join(items) + f"\n{pad}]"
    pairs = [f"{inner}{json.dumps(k)}: {_json(v, level + 1)}" for k, v in value.items()]
    return "{\n" + ",\n".join(pairs) + f"\n{pad}}}"


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def render(outcome: Outcome, curl: bool) -> str:
    """Markdown for one example: the request (GraphQL or curl), then the response."""
    example = outcome.example
    if curl:
        request = _curl(outcome)
    else:
        who = f"With {ROLES[example.role]}" if example.role else "Without a credential"
        extra = "".join(f", header `{k}: {v}`" for k, v in example.headers.items())
        request = f"{who}{extra}:\n\n```graphql\n{example.document}\n```\n"
        if outcome.variables:
            request += f"\nVariables:\n\n```json\n{_json(outcome.variables)}\n```\n"
    status = f"HTTP {outcome.status} {HTTPStatus(outcome.status).phrase}"
    response = f"\nResponse ({status}):\n\n"
    if outcome.headers:
        lines = "".join(f"{k}: {v}\n" for k, v in outcome.headers.items())
        response = f"\nResponse:\n\n```http\n{status}\n{lines}```\n\n"
    return f"{request}{response}```json\n{_json(outcome.body)}\n```\n"


def _curl(outcome: Outcome) -> str:
    example = outcome.example
    # One line: GraphQL does not care about layout, and a shell command reads better so.
    body: dict[str, Any] = {"query": " ".join(example.document.split())}
    if outcome.variables:
        body["variables"] = outcome.variables
    data = _json(body).replace("'", "'\\''")
    lines = [f"curl -s {SHOWN_URL}/workspaces/graphql", "-H 'Content-Type: application/json'"]
    if example.role is not None:
        lines.append(f'-H "Authorization: Bearer ${KEY_VARIABLES[example.role]}"')
    lines += [f"-H '{k}: {v}'" for k, v in example.headers.items()]
    lines.append(f"-d '{data}'")
    return "```sh\n" + " \\\n  ".join(lines) + "\n```\n"


def inject(text: str, outcomes: Mapping[str, Outcome]) -> str:
    """`text` with every example region rewritten from `outcomes`."""

    def replace(match: re.Match[str]) -> str:
        name = match["name"]
        if name not in BY_NAME:
            raise ExampleFailed(f"the docs name an unknown example {name!r}")
        return match[1] + render(outcomes[name], bool(match["curl"])) + match[4]

    return EXAMPLE.sub(replace, text)


def _as_shown(output: str, real_url: str) -> str:
    """Output as a reader gets it with PLATFORM_ENV=local: the snippets reach the live service
    through TRAVEL_API_URL (snippet_env), which the reader does not set."""
    output = output.replace(real_url, SHOWN_URL)
    return output.replace("via=TRAVEL_API_URL", "via=PLATFORM_ENV").replace(
        '"via": "TRAVEL_API_URL"', '"via": "PLATFORM_ENV"'
    )


def run_snippets(text: str, env: Mapping[str, str], real_url: str) -> str:
    """`text` with every run region's output regenerated by running its code."""

    def replace(match: re.Match[str]) -> str:
        fence = FENCE.search(match["body"])
        if fence is None:
            raise ExampleFailed("a run region needs a fenced code block")
        code = fence["code"]
        if match["kind"] == "python":
            output = _as_shown(_python(code, env), real_url)
            block = f"{fence[0]}\nOutput:\n\n```text\n{output}```\n"
        else:
            block = "```console\n" + _as_shown(_console(code, env), real_url) + "```\n"
        return match[1] + match["body"][: fence.start()] + block + match[4]

    return RUN.sub(replace, text)


def _python(code: str, env: Mapping[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], env=dict(env), capture_output=True, text=True, timeout=120
    )
    if done.returncode != 0:
        raise ExampleFailed(f"python snippet failed:\n{code}\n{done.stderr}")
    return done.stdout


def _console(code: str, env: Mapping[str, str]) -> str:
    """Run each `$ command` line in one shell (skipping `export`s: `env` has the settings);
    the block again, each command followed by its output. Every command must succeed (show
    an expected failure with `; echo "exit status $?"`)."""
    commands = [line[2:] for line in code.splitlines() if line.startswith("$ ")]
    script = "".join(
        f"echo '@@@ {i}'\n"
        + ("" if c.startswith("export ") else f"{c} 2>&1 || echo '@@@ FAILED'\n")
        for i, c in enumerate(commands)
    )
    done = subprocess.run(
        ["bash", "-c", script], env=dict(env), capture_output=True, text=True, timeout=120
    )
    outputs = re.split(r"^@@@ \d+\n", done.stdout, flags=re.M)[1:]
    if "@@@ FAILED" in done.stdout or len(outputs) != len(commands):
        raise ExampleFailed(f"console snippet failed:\n{code}\n{done.stdout}{done.stderr}")
    return "".join(f"$ {c}\n{out}" for c, out in zip(commands, outputs, strict=True))


def snippet_env(url: str, key: str) -> dict[str, str]:
    """The environment snippets run in: the reader's settings, pointed at `url`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_")}
    env.update(PLATFORM_ENV="local", TRAVEL_API_URL=url, TRAVEL_API_KEY=key)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def doc_files() -> list[Path]:
    """The partner docs (decisions excluded)."""
    return sorted(DOCS.glob("*.md"))
