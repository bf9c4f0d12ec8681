"""The token budget: compact results, a size bound per result, and a cursor when cut.

Sizes are counted in tokens estimated as UTF-8 bytes / 3 (rounded up): JSON full of short
keys and numbers runs at about 3 to 4 bytes per token in current tokenizers, so dividing by
3 overstates, never understates (docs/mcp.md, "Budgets").
"""

from __future__ import annotations

import base64
import binascii
import math
import os
from collections.abc import Callable
from typing import Any

import orjson

BYTES_PER_TOKEN = 3
DEFAULT_RESULT_TOKENS = 4_000
RESULT_TOKENS_ENV = "TRAVEL_MCP_RESULT_TOKENS"
TOOL_LIST_TOKENS = 3_500
"""The stated budget of the whole tool list (names, descriptions, schemas, annotations)."""


def result_tokens() -> int:
    """The per-result budget: TRAVEL_MCP_RESULT_TOKENS, else 4,000 (at least 200)."""
    raw = os.environ.get(RESULT_TOKENS_ENV, "").strip()
    return max(200, int(raw)) if raw.isdigit() else DEFAULT_RESULT_TOKENS


def tokens(value: Any) -> int:
    """Estimated tokens of `value` as compact JSON."""
    return math.ceil(len(dump(value)) / BYTES_PER_TOKEN)


def dump(value: Any) -> bytes:
    return orjson.dumps(value)


def compact(value: Any) -> Any:
    """`value` without nulls, empty lists, empty objects or `__typename`."""
    if isinstance(value, dict):
        pairs = ((k, compact(v)) for k, v in value.items() if k != "__typename")
        return {k: v for k, v in pairs if v not in (None, [], {})}
    if isinstance(value, list):
        return [compact(v) for v in value]
    return value


def encode_cursor(skip: int) -> str:
    return base64.urlsafe_b64encode(f"skip:{skip}".encode()).decode().rstrip("=")


def decode_cursor(cursor: str | None) -> int:
    """The offset a cursor stands for; 0 without one. A malformed cursor raises ValueError."""
    if not cursor:
        return 0
    try:
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError):
        raise ValueError("cursor") from None
    label, _, number = text.partition(":")
    if label != "skip" or not number.isdigit():
        raise ValueError("cursor")
    return int(number)


def page(
    key: str,
    items: list[Any],
    *,
    skip: int,
    total: int | None,
    extra: dict[str, Any] | None = None,
    budget: int | None = None,
    shape: Callable[[Any], Any] = compact,
) -> dict[str, Any]:
    """A result listing `items` (found at offset `skip` of `total`) under `key`, cut to the
    budget: items are dropped from the end until it fits, and then `more` says how many are
    left and `cursor` continues right after the last one shown."""
    limit = budget if budget is not None else result_tokens()
    shown = [shape(item) for item in items]
    while True:
        result: dict[str, Any] = dict(extra or {})
        result[key] = shown
        after = skip + len(shown)
        left = (total - after) if total is not None else len(items) - len(shown)
        if left > 0:
            result["more"] = left
            result["cursor"] = encode_cursor(after)
        # At least one item, however large: a cursor must always move forward.
        if tokens(result) <= limit or len(shown) <= 1:
            return result
        shown = shown[: max(1, min(len(shown) - 1, len(shown) * limit // tokens(result)))]


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters with an ellipsis, for long descriptions."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
