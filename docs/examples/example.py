"""An example request of the partner docs: who sends it, what, and what must come back.

Examples run against a live service (`generate.py` starts one) in the order of
`ex_all.EXAMPLES`; later ones use ids that earlier ones returned (`save`). An example is
rendered wherever a doc has the marker `<!-- example: NAME -->` (GraphQL and response) or
`<!-- example: NAME curl -->` (as a curl command).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Ids = dict[str, str]
Variables = dict[str, Any] | Callable[[Ids], dict[str, Any]] | None

# Far enough ahead to stay bookable for years; events and trips happen on these dates.
STAY = {"checkIn": "2030-07-01", "checkOut": "2030-07-04"}
EVENT_AT = ("2030-07-02T19:30:00Z", "2030-07-02T22:30:00Z")
TRIP_AT = ("2030-07-03T08:05:00Z", "2030-07-03T11:02:00Z")
WINDOW = {"from": "2030-07-01", "to": "2030-08-01"}
KEY = "b7c1d2e0-6a1f-4c55-9f7e-1d2c3b4a5f60"


@dataclass(frozen=True)
class Example:
    """One request: who sends it, what, and what must come back."""

    name: str
    role: str | None  # traveler | host | admin | limited (a free-plan admin) | None: no key
    document: str
    variables: Variables = None
    headers: dict[str, str] = field(default_factory=dict)
    expect: str | None = None  # the error code it must produce; None: no error at all
    status: int = 200
    save: Callable[[Ids, Any], None] | None = None
    show_headers: tuple[str, ...] = ()
    spend_first: int = 0  # send the document this many times before (to exhaust a quota)
    # Something done over HTTP after the example (e.g. PUT a photo to the upload it made), with
    # the client, the GraphQL URL and the ids saved so far.
    then: Callable[[Any, str, Ids], None] | None = None

    def variables_for(self, ids: Ids) -> dict[str, Any] | None:
        """The variables, with the ids earlier examples saved."""
        return self.variables(ids) if callable(self.variables) else self.variables


def keep(name: str, *path: str | int) -> Callable[[Ids, Any], None]:
    def save(ids: Ids, data: Any) -> None:
        for step in path:
            data = data[step]
        ids[name] = str(data)

    return save
