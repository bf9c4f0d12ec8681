"""Custom scalars: money as a string `Decimal`, `Date` (YYYY-MM-DD) and `DateTime` (ISO 8601)."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from graphql import FloatValueNode, GraphQLError, IntValueNode, StringValueNode, ValueNode

from travel.graphql.binder import ScalarBinding

TYPE_DEFS = '''
"""
A decimal amount of money in major units of its currency, answered as a string with the
currency's decimal places (e.g. "120.00" USD, "15000" JPY); never a float. Send a string
(a number is read as its decimal text). Its magnitude must lie within 1e-30 to 1e30; each
field states its own range. A price may have at most its currency's decimal places (2 for
USD, 0 for JPY, 3 for KWD), otherwise VALIDATION_ERROR.
"""
scalar Decimal

"A calendar date, YYYY-MM-DD (no time, no zone; the service's days are UTC days)."
scalar Date

"""
An instant, ISO 8601 with a time zone (e.g. 2026-11-21T10:00:00Z or +02:00); answered in
UTC with a trailing Z. Years 0001 to 9999 once converted to UTC.
"""
scalar DateTime
'''


def _serialize_decimal(value: Any) -> str:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, int):
        return str(value)
    raise GraphQLError(f"Decimal cannot represent {type(value).__name__}")


_DECIMAL_DIGITS = 30
# ASCII digits only: Python's Decimal also reads Arabic-Indic and other Unicode digits, and "1_000".
_DECIMAL_TEXT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def _parse_decimal(value: Any) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise GraphQLError('Decimal must be a string such as "120.00"')
    text = str(value).strip()
    if _DECIMAL_TEXT.fullmatch(text) is None:
        raise GraphQLError(
            f"{value!r} is not a decimal number (digits 0-9, an optional sign and point)"
        )
    try:
        parsed = Decimal(text)
    except InvalidOperation:
        raise GraphQLError(f"{value!r} is not a decimal number") from None
    if not parsed.is_finite():
        raise GraphQLError(f"{value!r} is not a finite decimal number")
    if parsed and not -_DECIMAL_DIGITS <= parsed.adjusted() <= _DECIMAL_DIGITS:
        # 1e999999 is finite, but no amount or rating is that large or that small; arithmetic
        # on it would overflow (the domain's own ranges are checked later, with their field).
        raise GraphQLError(f"{value!r} is out of range for a decimal amount")
    return parsed


def _literal_decimal(node: ValueNode, _variables: Any = None) -> Decimal:
    if isinstance(node, StringValueNode | IntValueNode | FloatValueNode):
        return _parse_decimal(node.value)
    raise GraphQLError('Decimal must be a string such as "120.00"')


def _serialize_date(value: Any) -> str:
    if isinstance(value, date) and not isinstance(value, datetime):
        return value.isoformat()
    raise GraphQLError(f"Date cannot represent {type(value).__name__}")


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _parse_date(value: Any) -> date:
    # fromisoformat alone would also take ISO week dates such as 2026-W01-1.
    if not isinstance(value, str) or not _DATE.match(value):
        raise GraphQLError("Date must be a string in the form YYYY-MM-DD")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise GraphQLError(f"{value!r} is not a valid date (YYYY-MM-DD)") from None


def _literal_date(node: ValueNode, _variables: Any = None) -> date:
    if isinstance(node, StringValueNode):
        return _parse_date(node.value)
    raise GraphQLError("Date must be a string in the form YYYY-MM-DD")


def _serialize_datetime(value: Any) -> str:
    if isinstance(value, datetime):
        aware = value if value.tzinfo else value.replace(tzinfo=UTC)
        return aware.astimezone(UTC).isoformat().replace("+00:00", "Z")
    raise GraphQLError(f"DateTime cannot represent {type(value).__name__}")


def _parse_datetime(value: Any) -> datetime:
    if not isinstance(value, str):
        raise GraphQLError("DateTime must be an ISO 8601 string")
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise GraphQLError(f"{value!r} is not an ISO 8601 date-time") from None
    if parsed.tzinfo is None:
        raise GraphQLError("DateTime needs a time zone (e.g. a trailing Z)")
    try:
        return parsed.astimezone(UTC)
    except OverflowError:  # e.g. 0001-01-01T00:00:00+01:00 is in year 0 in UTC
        raise GraphQLError(f"{value!r} is outside years 0001 to 9999 in UTC") from None


def _literal_datetime(node: ValueNode, _variables: Any = None) -> datetime:
    if isinstance(node, StringValueNode):
        return _parse_datetime(node.value)
    raise GraphQLError("DateTime must be an ISO 8601 string")


SCALARS = [
    ScalarBinding("Decimal", _serialize_decimal, _parse_decimal, _literal_decimal),
    ScalarBinding("Date", _serialize_date, _parse_date, _literal_date),
    ScalarBinding("DateTime", _serialize_datetime, _parse_datetime, _literal_datetime),
]
