"""The value of an update's field the caller left out, as opposed to an explicit null."""

from __future__ import annotations

from typing import Any


class _Unset:
    __slots__ = ()

    def __repr__(self) -> str:
        return "UNSET"


# graphql-core leaves a field that was not sent out of the coerced input, so an update input's
# dataclass defaults each field to this (docs/decisions/0089-host-tools.md).
UNSET: Any = _Unset()
