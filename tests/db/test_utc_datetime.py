"""On SQLite a timestamp column (travel.db.base.UtcDateTime) is written and read by one-step
conversions of its own instead of SQLAlchemy's chain of two. They must be indistinguishable
from it: the same text stored (text comparisons order timestamps in SQL), the same aware UTC
datetime read back — for any instant SQLite can hold, in any zone, and for any text SQLAlchemy
would read."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import Column, DateTime, Integer, MetaData, Table, create_engine, insert, select
from sqlalchemy.dialects import sqlite

from travel.db.base import UtcDateTime

DIALECT = sqlite.dialect()
OURS = UtcDateTime()
STOCK = DateTime(timezone=True).dialect_impl(DIALECT)  # SQLAlchemy's own SQLite conversions

ZONES = st.builds(
    lambda minutes: timezone(timedelta(minutes=minutes)), st.integers(-23 * 60 - 59, 23 * 60 + 59)
)
INSTANTS = st.datetimes(
    min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30), timezones=st.just(UTC) | ZONES
)


def stock_text(value: datetime) -> Any:
    """What SQLAlchemy writes: the decorator's UTC conversion, then the dialect's format."""
    return STOCK.bind_processor(DIALECT)(OURS.process_bind_param(value, DIALECT))


def stock_value(text: str) -> Any:
    return OURS.process_result_value(STOCK.result_processor(DIALECT, None)(text), DIALECT)


@given(INSTANTS)
def test_written_as_sqlalchemy_writes_it_and_read_back_in_utc(value: datetime) -> None:
    write = OURS.bind_processor(DIALECT)
    read = OURS.result_processor(DIALECT, None)
    text = write(value)
    assert text == stock_text(value)
    back = read(text)
    assert back == value
    assert back.tzinfo is UTC
    assert back == stock_value(text)


@pytest.mark.parametrize(
    "text",
    [
        "2026-11-24 16:18:22",  # SQLite's CURRENT_TIMESTAMP
        "2026-11-24 16:18:22.5",
        "2026-11-24T16:18:22.123456",
        "2026-11-24",
        "2026-11-24 16:18:22+02:00",  # written with an offset by something else
        "2026-11-24 16:18:22.000001-05:30",
        "0001-01-01 00:00:00.000000",
        "9999-12-31 23:59:59.999999",
    ],
)
def test_any_text_sqlalchemy_reads_is_read_alike(text: str) -> None:
    read = OURS.result_processor(DIALECT, None)
    assert read(text) == stock_value(text)
    assert read(text).tzinfo is UTC


@pytest.mark.parametrize(
    "text",
    [
        "",
        "yesterday",
        "2026-13-01 00:00:00",
        "2026-11-24\x00",
        "2026-11-24 16:18:22 ",  # an offset appended would make these parse
        "202611220200",
        "2026W485-011",
        "2026-11-24 16:18:22.12345 ",
    ],
)
def test_a_text_sqlalchemy_refuses_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match=r"isoformat|month must be"):
        stock_value(text)
    with pytest.raises(ValueError, match=r"isoformat|month must be"):
        OURS.result_processor(DIALECT, None)(text)


@given(
    st.text(alphabet="0123456789-:. TWZ+", max_size=34)
    | INSTANTS.map(stock_text)
    | INSTANTS.map(lambda v: v.isoformat(" "))
)
def test_any_text_is_read_as_sqlalchemy_reads_it_or_refused_alike(text: str) -> None:
    read = OURS.result_processor(DIALECT, None)
    try:
        expected = stock_value(text)
    except (ValueError, OverflowError) as refused:
        with pytest.raises(type(refused)):
            read(text)
        return
    assert read(text) == expected
    assert read(text).tzinfo is UTC


def test_naive_and_null_values() -> None:
    write, read = OURS.bind_processor(DIALECT), OURS.result_processor(DIALECT, None)
    with pytest.raises(ValueError, match="naive"):
        write(datetime(2026, 11, 24))
    assert write(None) is None
    assert read(None) is None


def test_through_a_sqlite_database(tmp_path: Any) -> None:
    """Core's insert and select on a file: the stored text is SQLAlchemy's, ordering by the
    column orders by instant across zones, and the values come back aware, in UTC."""
    path = tmp_path / "t.db"
    table = Table("t", MetaData(), Column("id", Integer, primary_key=True), Column("at", OURS))
    engine = create_engine(f"sqlite:///{path}")
    table.metadata.create_all(engine)
    given_values = [
        datetime(2026, 11, 24, 12, tzinfo=timezone(timedelta(hours=5))),  # 07:00 UTC
        datetime(2026, 11, 24, 8, tzinfo=UTC),
        datetime(2026, 11, 24, 6, 30, tzinfo=timezone(timedelta(hours=-1))),  # 07:30 UTC
    ]
    with engine.begin() as conn:
        conn.execute(insert(table), [{"id": i, "at": v} for i, v in enumerate(given_values)])
        read = conn.execute(select(table.c.id, table.c.at).order_by(table.c.at)).all()
    engine.dispose()
    assert [row.id for row in read] == [0, 2, 1]
    assert [row.at for row in read] == sorted(given_values)
    assert all(row.at.tzinfo is UTC for row in read)
    with sqlite3.connect(path) as raw:
        stored = [text for (text,) in raw.execute("SELECT at FROM t ORDER BY id")]
    assert stored == [stock_text(v) for v in given_values]
    assert stored[0] == "2026-11-24 07:00:00.000000"
