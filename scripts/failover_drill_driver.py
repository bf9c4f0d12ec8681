"""The traffic and the audit of scripts/failover-drill.sh (docs/deploy.md, "High availability").

`drive`: create a provider and a one-room property, then book it night after night (one
booking per date, each with its own Idempotency-Key, retried with the same key until accepted)
for DRILL_SECONDS, logging every attempt to DRILL_LOG.
`report STORED`: from the log, the kill time (DRILL_KILLED) and the bookings the database
holds afterwards (STORED: `reference_code listing_id/check_in` lines), print the seconds
bookings were refused and the audit (lost, duplicated, oversold).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
import time
import uuid

import httpx

HORIZON_DAYS = 1800  # bookings may start up to 1,826 days ahead; then a new listing
MAX_ATTEMPTS = 1200  # two minutes of refusals: the drill has failed
BOOK = """mutation($input: CreateTravelBookingInput!) {
  createTravelBooking(input: $input) { referenceCode checkIn }
}"""


def call(client: httpx.Client, query: str, variables: dict[str, object], key: str = "") -> dict:
    headers = {"Idempotency-Key": key} if key else {}
    response = client.post(
        os.environ["DRILL_URL"], json={"query": query, "variables": variables}, headers=headers
    )
    body = response.json()
    if response.status_code != 200 or body.get("errors"):
        code = (body.get("errors") or [{}])[0].get("extensions", {}).get("code")
        raise RuntimeError(f"HTTP {response.status_code} {code}")
    return body["data"]


def listing(client: httpx.Client) -> str:
    provider = call(
        client,
        'mutation { createTravelProvider(input: {name: "Drill", type: HOST}) { id } }',
        {},
    )["createTravelProvider"]["id"]
    create = """mutation($p: ID!) { createTravelProperty(input: {providerId: $p, name: "Room",
      location: "Drill", pricePerNight: "10.00", units: 1}) { id } }"""
    return str(call(client, create, {"p": provider})["createTravelProperty"]["id"])


def drive() -> None:
    headers = {"Authorization": f"Bearer {os.environ['DRILL_KEY']}"}
    deadline = time.time() + float(os.environ["DRILL_SECONDS"])
    with (
        httpx.Client(headers=headers, timeout=10) as client,
        open(os.environ["DRILL_LOG"], "w") as log,
    ):
        target = listing(client)
        night = dt.date.today() + dt.timedelta(days=1)
        while time.time() < deadline:
            if night > dt.date.today() + dt.timedelta(days=HORIZON_DAYS):
                target, night = listing(client), dt.date.today() + dt.timedelta(days=1)
            key = str(uuid.uuid4())
            variables = {
                "input": {
                    "targetType": "PROPERTY",
                    "targetId": target,
                    "checkIn": night.isoformat(),
                    "checkOut": (night + dt.timedelta(days=1)).isoformat(),
                }
            }
            for _ in range(MAX_ATTEMPTS):  # the same booking, the same key, until accepted
                started = time.time()
                try:
                    booked = call(client, BOOK, variables, key)["createTravelBooking"]
                    outcome, reference = "ok", booked["referenceCode"]
                except (httpx.HTTPError, RuntimeError, ValueError) as exc:
                    outcome, reference = f"refused: {exc}", None
                night_of = f"{target}/{night.isoformat()}"
                entry = {"at": started, "done": time.time(), "night": night_of}
                log.write(json.dumps({**entry, "outcome": outcome, "ref": reference}) + "\n")
                log.flush()
                if reference is not None:
                    break
                time.sleep(0.1)
            else:
                raise SystemExit(f"a booking was refused {MAX_ATTEMPTS} times: {outcome}")
            night += dt.timedelta(days=1)


def report(stored_path: str) -> int:
    with open(os.environ["DRILL_LOG"]) as log:
        attempts = [json.loads(line) for line in log]
    with open(os.environ["DRILL_KILLED"]) as killed_at:
        killed = float(killed_at.read())
    refused = [a for a in attempts if a["outcome"] != "ok"]
    accepted = {a["ref"]: a["night"] for a in attempts if a["outcome"] == "ok"}
    stored: dict[str, list[str]] = {}
    with open(stored_path) as rows:
        lines = rows.read().split("\n")
    for line in lines:
        if line.strip():
            reference, night = line.split()  # night: listing/date
            stored.setdefault(night, []).append(reference)
    refs = {ref for refs in stored.values() for ref in refs}
    print(f"bookings accepted: {len(accepted)}, attempts refused: {len(refused)}")
    if refused:
        first = min(a["at"] for a in refused)
        back = min(
            (a["done"] for a in attempts if a["outcome"] == "ok" and a["at"] > first), default=None
        )
        if back is None:
            print("writes never came back before the drill ended")
            return 1
        print(
            f"writes refused for {back - first:.1f} s "
            f"(first refused attempt {first - killed:+.1f} s after the kill, "
            f"first accepted again {back - killed:+.1f} s after it)"
        )
        print("refusals:", ", ".join(sorted({a["outcome"] for a in refused})))
    else:
        print("no booking was refused")
    lost = sorted(set(accepted) - refs)
    oversold = {night: refs for night, refs in stored.items() if len(refs) > 1}
    unacknowledged = sorted(refs - set(accepted))
    print(
        f"audit: {len(lost)} accepted booking(s) missing, {len(oversold)} night(s) booked "
        f"more than once, {len(unacknowledged)} stored booking(s) never acknowledged"
    )
    return 1 if lost or oversold or unacknowledged else 0


if __name__ == "__main__":
    if sys.argv[1] == "drive":
        drive()
    else:
        sys.exit(report(sys.argv[2]))
