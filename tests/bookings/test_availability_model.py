"""Bookings against a model: random sequences of bookings and cancellations of one listing,
sent through the API, must be accepted or refused exactly as travel.catalog.availability's
arithmetic says.

On PostgreSQL the API decides inside the booking function (SQL, decision 0027) while the model
is the Python arithmetic SQLite books with: this is the test that the two agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import (
    CANCEL,
    Tenant,
    create_listing,
    create_tenant,
    future_date,
    request_booking,
)
from tests.support.api import error_codes
from tests.support.live import LiveServer
from travel.catalog import availability
from travel.catalog.availability import BookedSpan


@dataclass(frozen=True)
class Book:
    first: int  # days from today
    length: int  # nights (stays); ignored for the other kinds
    guests: int


@dataclass(frozen=True)
class Cancel:
    which: int  # index into the bookings made so far (modulo)


def _steps(max_guests: int) -> st.SearchStrategy[list[Book | Cancel]]:
    book = st.builds(
        Book,
        first=st.integers(1, 12),
        length=st.integers(1, 6),
        guests=st.integers(1, max_guests),
    )
    cancel = st.builds(Cancel, which=st.integers(0, 50))
    return st.lists(st.one_of(book, book, book, cancel), min_size=1, max_size=12)


_tenants: dict[int, Tenant] = {}


def _tenant(server: LiveServer) -> Tenant:
    """One enterprise tenant per server for every example (its quota is not the subject)."""
    if id(server) not in _tenants:
        _tenants[id(server)] = create_tenant(server, plan="enterprise")
    return _tenants[id(server)]


def _day(days: int) -> date:
    return date.fromisoformat(future_date(days))


def _run(server: LiveServer, kind: str, size: int, steps: list[Book | Cancel]) -> None:
    tenant = _tenant(server)
    fields = {"units": size} if kind == "PROPERTY" else {"capacity": size}
    listing = create_listing(server, tenant.workspace, tenant.members["host"], kind=kind, **fields)
    confirmed: dict[str, BookedSpan] = {}  # the model: booking id -> what it occupies
    made: list[str] = []
    for step in steps:
        if isinstance(step, Cancel):
            if made:
                booking_id = made[step.which % len(made)]
                cancelled = error_codes(_cancel(server, tenant, booking_id))
                assert cancelled == ([] if booking_id in confirmed else ["VALIDATION_ERROR"])
                confirmed.pop(booking_id, None)
            continue
        first = _day(step.first)
        last = first + timedelta(days=step.length) if kind == "PROPERTY" else first
        spans = list(confirmed.values())
        if kind == "PROPERTY":
            fits = availability.remaining_for_stay(size, spans, first, last) >= 1
        else:
            fits = availability.remaining_persons(size, spans, first, last) >= step.guests
        dates = {"checkIn": first.isoformat()}
        if kind == "PROPERTY":
            dates["checkOut"] = last.isoformat()
        response = request_booking(
            server,
            tenant.keys["traveler"],
            listing,
            target_type=kind,
            guests=step.guests,
            **dates,
        )
        assert error_codes(response) == ([] if fits else ["UNAVAILABLE"]), (step, spans)
        if fits:
            booking_id = response.json()["data"]["createTravelBooking"]["id"]
            confirmed[booking_id] = BookedSpan(first, last, step.guests)
            made.append(booking_id)


def _cancel(server: LiveServer, tenant: Tenant, booking_id: str) -> object:
    from tests.support.api import post

    return post(server, tenant.keys["traveler"], CANCEL, {"id": booking_id})


_SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@_SETTINGS
@given(units=st.integers(1, 3), steps=_steps(max_guests=2))
def test_stays_are_accepted_exactly_when_a_room_is_free_every_night(
    server: LiveServer, units: int, steps: list[Book | Cancel]
) -> None:
    _run(server, "PROPERTY", units, steps)


@_SETTINGS
@given(capacity=st.integers(1, 6), steps=_steps(max_guests=6))
def test_tours_are_accepted_exactly_when_the_places_are_free(
    server: LiveServer, capacity: int, steps: list[Book | Cancel]
) -> None:
    # guests above the capacity are a VALIDATION_ERROR (the listing's limit), not the subject
    within = [s for s in steps if not isinstance(s, Book) or s.guests <= capacity]
    _run(server, "TOUR", capacity, within)


def test_the_model_sees_a_full_tour_as_full(server: LiveServer) -> None:
    """The model itself can refuse (so the properties above are not vacuous)."""
    _run(server, "TOUR", 1, [Book(3, 1, 1), Book(3, 1, 1), Cancel(0), Book(3, 1, 1)])
