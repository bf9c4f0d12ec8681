"""`python -m bench.instructions [--db postgres|sqlite] [--scenario N] [--src DIR ...]`: how many
machine instructions the service's process executes per request, counted by valgrind.

CPU time on this 2-core machine moves by ±5 % between runs, which hides the few microseconds a
step of the request path saves. An instruction count does not move: valgrind's callgrind counts
every user-space instruction of the process. The request is sent to the app in process (no
sockets, no uvicorn — what the count measures is the project's code and the libraries it calls),
from 8 concurrent tasks on uvloop, as `travel serve` runs it, with everything on (authentication,
quotas, query limits, the JSON request line to /dev/null, metrics). The process runs twice, with
`--few` and `--many` requests; the difference divided by the extra requests is the count per
request, free of start-up. Kernel time (the system calls) is not counted.

`--src` compares builds: each directory is put first on the import path (a `git worktree` of
another commit's `src`), all on the same seeded database. Needs Debian's `valgrind`.
Credentials are remembered for the whole run (`TRAVEL_AUTH_CACHE_SECONDS=300`): under
valgrind two seconds are a few hundred requests, and a fresh lookup every two seconds would
count as part of each request.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bench.seed import BenchWorkspace

WARM = 200  # requests per task before counting (plans compiled, caches filled)
TASKS = 8
BOOKINGS = 997  # distinct booking bodies, cycled (a prime: tasks do not repeat in step)


def _outer(args: argparse.Namespace) -> None:
    from bench.profile import _bodies
    from bench.run import baseline_config, bench_databases, fresh_database
    from bench.scenarios import read_scenarios
    from bench.seed import seed_workspace
    from travel.db import migrate

    url = (
        f"sqlite:///{Path(tempfile.mkdtemp()) / 'instructions.db'}"
        if args.db == "sqlite"
        else fresh_database("postgres", "instructions")
    )

    async def seed() -> tuple[BenchWorkspace, str, list[bytes]]:
        databases = bench_databases(url)
        await migrate.upgrade(databases.main)
        ws = await seed_workspace(databases, listings=1000, bookings=5000)
        await databases.dispose()
        # A booking is a different tour-date each time (the six contention tours, ten dates,
        # 1,000 places each: never full in a run); a read repeats one body.
        role, bodies = _bodies(ws, args.scenario, BOOKINGS if args.scenario == "booking" else 1)
        return ws, ws.keys[role], bodies

    ws, key, bodies = asyncio.run(seed())
    job: dict[str, Any] = {"url": url, "key": key, "bodies": [b.decode() for b in bodies]}
    runs: list[tuple[str, dict[str, Any], str | None]] = [
        (src or "this build", job, src) for src in args.src or [None]
    ]
    if args.floor:  # the same answer from bench.floor's app, the same way
        path = (
            "/book"
            if args.scenario == "booking"
            else read_scenarios(str(ws.listing_ids["PROPERTY"][0]))[
                int(args.scenario)
            ].baseline_path
        )
        floor = {**job, "floor": json.loads(baseline_config(url, ws).read_text()), "path": path}
        runs.append(("floor (bench.floor)", floor, None))
    extra = TASKS * (args.many - args.few)
    for label, given, src in runs:
        with tempfile.TemporaryDirectory() as kept:
            outs = [Path(kept) / f"{n}.out" for n in (args.few, args.many)]
            counts = [
                _count({**given, "url": _copy(url)}, src, n, out if args.by_object else None)
                for n, out in zip((args.few, args.many), outs, strict=True)
            ]
            per_request = (counts[1] - counts[0]) / extra
            print(f"{label}: {per_request:,.0f} instructions a request", flush=True)
            if args.by_object:
                _print_split(outs[0], outs[1], extra)


def _print_split(few: Path, many: Path, extra: int) -> None:
    """Per request: the instructions in each shared object (own instructions of its functions)
    and the functions with the most, the difference of the two runs' profiles."""
    runs = [_functions(out) for out in (few, many)]
    per = {key: (runs[1].get(key, 0) - runs[0].get(key, 0)) / extra for key in runs[1]}
    objects: dict[str, float] = {}
    for (_, obj), count in per.items():
        objects[obj] = objects.get(obj, 0) + count
    for obj, count in sorted(objects.items(), key=lambda item: -item[1])[:12]:
        print(f"  {count:>12,.0f}  {obj}")
    print("  functions:")
    for (function, obj), count in sorted(per.items(), key=lambda item: -item[1])[:30]:
        print(f"  {count:>12,.0f}  {function}  [{Path(obj).name}]")


def _functions(out: Path) -> dict[tuple[str, str], int]:
    """Own instructions per (function, shared object) from callgrind_annotate."""
    text = subprocess.run(
        ["callgrind_annotate", "--inclusive=no", "--threshold=100", str(out)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found: dict[tuple[str, str], int] = {}
    for line in text.splitlines():
        match = re.match(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*?) \[(.*)\]$", line)
        if match:
            count, function, obj = match.groups()
            key = (function.split(":", 1)[-1], obj)
            found[key] = found.get(key, 0) + int(count.replace(",", ""))
    return found


def _copy(url: str) -> str:
    """A copy of the seeded database for one counted run: each starts from the same rows (a
    booking's availability check reads the bookings earlier runs made)."""
    from bench.run import recreate_database, system_url

    if url.startswith("sqlite"):
        path = Path(url.removeprefix("sqlite:///"))
        copy = path.with_name("counted.db")
        for suffix in ("", "-wal", "-shm"):
            Path(f"{copy}{suffix}").unlink(missing_ok=True)
            if Path(f"{path}{suffix}").exists():
                shutil.copyfile(f"{path}{suffix}", f"{copy}{suffix}")
        return f"sqlite:///{copy}"

    admin = system_url(url) or url
    asyncio.run(recreate_database(admin, "travel_counted", template="travel_instructions"))
    return url.rsplit("/", 1)[0] + "/travel_counted"


def _count(job: dict[str, Any], src: str | None, per_task: int, keep: Path | None = None) -> int:
    """The instructions of one run; with `keep`, callgrind's profile written there."""
    from bench.run import service_env

    # The service's environment in `bench.run`, credentials kept for the whole run.
    env = {**service_env(job["url"], True), "PYTHONHASHSEED": "0"}
    env["TRAVEL_AUTH_CACHE_SECONDS"] = "300"
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([src, env.get("PYTHONPATH", "")])
    with (
        tempfile.NamedTemporaryFile("r", suffix=".log") as log,
        tempfile.NamedTemporaryFile("w", suffix=".json") as given,
    ):
        json.dump({**job, "per_task": per_task}, given)  # too long for an argument
        given.flush()
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={keep or '/dev/null'}",
                f"--log-file={log.name}",
                sys.executable,
                "-m",
                "bench.instructions",
                "--inner",
                given.name,
            ],
            env=env,
            capture_output=True,
            text=True,
        )
        if run.returncode != 0:
            raise RuntimeError(f"the counted run failed: {run.stdout[-2000:]}")
        for line in log.read().splitlines():
            if "Collected :" in line:
                return int(line.split(":")[-1])
    raise RuntimeError("no count from valgrind")


async def _inner(job: dict[str, object]) -> None:
    from starlette.types import Message

    from travel import logs
    from travel.app import create_app
    from travel.settings import get_settings

    # The request lines (and anything else logged) to /dev/null, as `bench.run` sends them;
    # valgrind writes its count to its own file. A failure is printed on stdout.
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
    if "floor" in job:
        from bench.floor import Postgres, Sqlite, app_for

        config: dict[str, Any] = job["floor"]  # type: ignore[assignment]
        db = Postgres(config) if str(job["url"]).startswith("postgres") else Sqlite(config)
        app: Any = app_for(db)
    else:
        settings = get_settings()
        logs.configure(settings.log_level)
        app = create_app(settings)
    path = str(job.get("path", "/workspaces/graphql"))
    messages = [
        {"type": "http.request", "body": body.encode(), "more_body": False}
        for body in job["bodies"]  # type: ignore[attr-defined]
    ]
    headers = [
        (b"host", b"bench"),
        (b"authorization", f"Bearer {job['key']}".encode()),
        (b"content-type", b"application/json"),
    ]
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 80),
        "state": {},
    }
    statuses: list[int] = []
    turn = iter(range(1 << 62))

    async def send(event: Message) -> None:
        if event["type"] == "http.response.start":
            statuses.append(int(event["status"]))
        elif b'"errors"' in event.get("body", b""):
            statuses.append(-1)  # an answer with errors (a booking refused) counts as a failure

    lifespan: asyncio.Queue[dict[str, str]] = asyncio.Queue()

    async def nothing(_: Message) -> None:
        return None

    life = asyncio.ensure_future(app({"type": "lifespan", "state": {}}, lifespan.get, nothing))
    await lifespan.put({"type": "lifespan.startup"})
    await asyncio.sleep(0.5)
    gc.freeze()

    async def task(count: int) -> None:
        for _ in range(count):
            message = messages[next(turn) % len(messages)]
            length = (b"content-length", str(len(message["body"])).encode())

            async def receive(message: Message = message) -> Message:
                return message

            await app({**scope, "headers": [*headers, length]}, receive, send)

    await asyncio.gather(*(task(WARM) for _ in range(TASKS)))
    await asyncio.gather(*(task(int(job["per_task"])) for _ in range(TASKS)))  # type: ignore[call-overload]
    if set(statuses) != {200}:
        print(f"answers other than 200: {sorted(set(statuses))}", flush=True)
        raise SystemExit(1)
    await lifespan.put({"type": "lifespan.shutdown"})
    await life


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="postgres")
    parser.add_argument(
        "--scenario",
        default="6",
        help="an index in bench.scenarios.read_scenarios() (6: the single listing), or "
        "'booking' (createTravelBooking, a different tour-date each request)",
    )
    parser.add_argument("--src", action="append", help="a build's src directory (repeatable)")
    parser.add_argument(
        "--floor", action="store_true", help="also count bench.floor's app for the same answer"
    )
    parser.add_argument(
        "--by-object",
        action="store_true",
        help="also split each count by shared object and function (callgrind_annotate)",
    )
    parser.add_argument("--few", type=int, default=30, help="requests per task, first run")
    parser.add_argument("--many", type=int, default=150, help="requests per task, second run")
    parser.add_argument("--inner", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        import uvloop

        uvloop.install()
        asyncio.run(_inner(json.loads(Path(args.inner).read_text())))
    else:
        _outer(args)


if __name__ == "__main__":
    main()
