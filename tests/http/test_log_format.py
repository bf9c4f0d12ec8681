"""The JSON log line's timestamp, formatted once per second and completed per line, is what
`datetime.isoformat(timespec="milliseconds")` gives for the same instant."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from travel.logs import JsonFormatter

# From 1970 to 2100, with the fractions that carry into the next second.
INSTANTS = st.floats(min_value=0, max_value=4_102_444_800, allow_nan=False) | st.integers(
    min_value=0, max_value=4_102_444_800
).map(lambda s: s + 0.9999999)


@given(instants=st.lists(INSTANTS, min_size=1, max_size=20))
def test_timestamps_read_as_isoformat(instants: list[float]) -> None:
    formatter = JsonFormatter()  # one formatter, many lines: its per-second prefix is reused
    for instant in sorted(instants):
        expected = datetime.fromtimestamp(instant, UTC).isoformat(timespec="milliseconds")
        assert formatter.timestamp(instant) == expected
